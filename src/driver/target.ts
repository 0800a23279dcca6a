// What the user asked to test (an implementation and a backend), and the plug-in point that turns
// it into a Driver. The kit below the CLI knows only this seam: each adapter (adapters/) exports one
// record saying what it is, what it needs and how it opens, and the CLI layer registers them all
// (src/cli/adapters.ts). So nothing in src/ below the CLI imports an adapter or the reference, and a
// new way to reach a runtime is one record, not an edit of every command.
// Bad names are a usage error with a one-line reason, raised before any scenario runs.

import type { Driver } from './types.ts';

export class UsageError extends Error {}

/** A range of delays, in ms (the simulated network's and Store's). */
export type Latency = { min: number; max: number }; // a type, not an interface: a Target is plain JSON

export const TIMINGS_NAMES = ['embedded', 'process'] as const;
export type TimingsName = (typeof TIMINGS_NAMES)[number];

/** How the kit freezes a Redis it started: the process, or the container. */
export type RedisPause = { pid: number } | { container: string };

/** A server the kit starts for a run before the adapter opens (src/servers/backend.ts). */
export type ServerKind = 'redis' | 'nats';

export interface Target {
  /** "reference", "mutant:<name>", "do-nothing:<name>", "exec:<command>" or "node:<command>". */
  impl: string;
  backend: string;
  /** The Redis server of this run (backends redis and process); the runner starts it. */
  redisUrl?: string;
  /**
   * Backend process: how to freeze that Redis from outside, for the Store down for every node. Given
   * only where nothing else uses the Redis meanwhile (the nemesis); without it every node's relay
   * to Redis is cut instead.
   */
  redisPause?: RedisPause;
  /** The NATS cluster of this run, one client URL per server (backend process). */
  natsUrls?: string[];
  /** exec: implementations: the deadline of every call over the wire, in ms (--call-timeout). */
  callTimeoutMs?: number;
  /** Backend sim: the seed of the simulated world (default 1). */
  seed?: number;
  /** Backend sim: the network's and the Store's latency ranges, in ms (default: the world's). */
  latency?: { network: Latency; store: Latency };
  /**
   * Backend sim: the nodes' timings, named by the backend whose own they are (default: embedded's);
   * the adapter holds the values, so that a campaign can draw them without knowing the runtime.
   */
  timings?: TimingsName;
}

/**
 * One way to reach a runtime. A `backend` adapter runs the kit's reference (`--impl reference` or
 * `mutant:<name>`) in some world (`--backend <name>`); an `impl` adapter is a runtime of its own,
 * named by a prefix (`--impl <name>:<rest>`), and brings its own world (`--backend` stays embedded).
 */
export interface Adapter {
  name: string;
  kind: 'backend' | 'impl';
  /** One line, for errors and help. */
  what: string;
  /** An impl adapter: what follows its prefix, for errors and help (e.g. "command"). */
  argument?: string;
  /** The servers the kit starts before the run and stops after. */
  servers: readonly ServerKind[];
  /** Throws a UsageError naming what is wrong with the target for this adapter. */
  check(target: Target): void;
  /** Work done once per run, in the process that starts the workers, before they start. */
  prepare?(target: Target): Promise<void>;
  open(target: Target): Driver | Promise<Driver>;
}

let registered: { adapters: readonly Adapter[]; module: string } | undefined;

/**
 * The registry of this process. `module` is the file that registered them: a process that starts
 * workers (Cucumber's, the campaign's) has each worker import it first, so they open the same way.
 */
export function useAdapters(adapters: readonly Adapter[], module: string): void {
  registered = { adapters, module };
}

function registry(): NonNullable<typeof registered> {
  if (!registered) throw new Error('no adapters are registered in this process: import src/cli/adapters.ts first (the CLI and cucumber.mjs do)');
  return registered;
}

/** The module that registered the adapters, for workers to import (absent: none registered yet). */
export function adaptersModule(): string | undefined {
  return registered?.module;
}

export function backendNames(): string[] {
  return registry().adapters.filter((a) => a.kind === 'backend').map((a) => a.name);
}

/** The adapter the target names; a UsageError with the known names when none does. */
export function adapterFor(target: Target): Adapter {
  const { adapters } = registry();
  const colon = target.impl.indexOf(':');
  const prefix = colon > 0 ? target.impl.slice(0, colon) : undefined;
  const impl = adapters.find((a) => a.kind === 'impl' && a.name === prefix);
  if (impl) return impl;
  if (target.impl !== 'reference' && prefix !== 'mutant') {
    const known = ['reference', 'mutant:<name>', ...adapters.filter((a) => a.kind === 'impl').map((a) => `${a.name}:<${a.argument ?? '…'}>`)];
    throw new UsageError(`unknown implementation "${target.impl}" (known: ${known.join(', ')})`);
  }
  const backend = adapters.find((a) => a.kind === 'backend' && a.name === target.backend);
  if (!backend) throw new UsageError(`unknown backend "${target.backend}" (known: ${backendNames().join(', ')})`);
  return backend;
}

export function checkTarget(target: Target): void {
  adapterFor(target).check(target);
}

/** The servers a run of this target needs started first. */
export function serversFor(target: Target): readonly ServerKind[] {
  return adapterFor(target).servers;
}

export async function prepareTarget(target: Target): Promise<void> {
  await adapterFor(target).prepare?.(target);
}

export async function openDriver(target: Target): Promise<Driver> {
  const adapter = adapterFor(target);
  adapter.check(target);
  for (const s of adapter.servers) {
    if (s === 'redis' && !target.redisUrl) throw new UsageError(`backend ${target.backend} needs a Redis server, and none was started`);
    if (s === 'nats' && !target.natsUrls?.length) throw new UsageError(`backend ${target.backend} needs a NATS cluster, and none was started`);
  }
  return adapter.open(target);
}
