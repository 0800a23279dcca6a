// Resolves what the user asked to test (implementation and backend names) into a Driver.
// Bad names are a usage error with a one-line reason, raised before any scenario runs.

import type { Driver, EffectiveTimings } from './types.ts';
import { isReferenceMutant, openEmbedded } from '../../adapters/embedded.ts';
import { openWire } from '../../adapters/jsonrpc.ts';
import { openNodeProgram } from '../../adapters/node-program.ts';
import { DO_NOTHING, isDoNothing, openDoNothing } from '../../adapters/do-nothing.ts';
import { openProcess, prepareProcess } from '../../adapters/process.ts';
import { openSim } from '../../adapters/sim.ts';
import type { RedisPause } from '../servers/redis.ts';

/**
 * embedded: every node in this process, in-memory Store. redis: the same, on a real Redis Store.
 * process: one OS process per node on a NATS cluster and Redis, faults from outside. sim: the
 * embedded nodes in a simulated world (virtual time, a seeded order of everything; src/sim/).
 */
export const BACKENDS = ['embedded', 'redis', 'process', 'sim'] as const;

export class UsageError extends Error {}

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
  latency?: { network: { min: number; max: number }; store: { min: number; max: number } };
  /** Backend sim: the nodes' timings (default: the embedded backend's). */
  timings?: EffectiveTimings;
}

export function checkTarget(target: Target): void {
  if (target.impl.startsWith('exec:')) {
    if (target.impl.slice('exec:'.length).trim() === '') throw new UsageError('--impl exec: needs a command, e.g. exec:"./my-runtime --spotcheck"');
    if (target.backend !== 'embedded') throw new UsageError(`--backend ${target.backend} is the reference's; an exec: implementation brings its own`);
    return;
  }
  if (target.impl.startsWith('node:')) {
    if (target.impl.slice('node:'.length).trim() === '') throw new UsageError('--impl node: needs a command that runs one node, e.g. node:"python3 my-node.py"');
    if (target.backend !== 'embedded') throw new UsageError(`--backend ${target.backend} is the reference's; a node: program's nodes are processes the kit starts itself`);
    return;
  }
  if (!(BACKENDS as readonly string[]).includes(target.backend)) {
    throw new UsageError(`unknown backend "${target.backend}" (known: ${BACKENDS.join(', ')})`);
  }
  if (target.impl === 'reference') return;
  if (target.impl.startsWith('do-nothing:')) {
    const name = target.impl.slice('do-nothing:'.length);
    if (!isDoNothing(name)) throw new UsageError(`unknown do-nothing implementation "${name}" (known: ${DO_NOTHING.join(', ')})`);
    if (target.backend !== 'embedded') throw new UsageError(`--backend ${target.backend}: do-nothing implementations run on embedded only`);
    return;
  }
  if (target.impl.startsWith('mutant:')) {
    const name = target.impl.slice('mutant:'.length);
    if (isReferenceMutant(name)) return;
    throw new UsageError(`unknown mutant "${name}" (see: spotcheck mutants --list)`);
  }
  throw new UsageError(`unknown implementation "${target.impl}" (known: reference, mutant:<name>, do-nothing:<name>, exec:<command>, node:<command>)`);
}

/** Work a backend does once per run, in the process that starts the workers, before they start. */
export async function prepareTarget(target: Target): Promise<void> {
  if (target.backend === 'process' && !/^(exec|node|do-nothing):/.test(target.impl)) await prepareProcess();
}

export async function openDriver(target: Target): Promise<Driver> {
  checkTarget(target);
  if (target.impl.startsWith('exec:')) return openWire(target.impl.slice('exec:'.length), { callTimeoutMs: target.callTimeoutMs });
  if (target.impl.startsWith('node:')) return openNodeProgram(target.impl.slice('node:'.length));
  if (target.impl.startsWith('do-nothing:')) return openDoNothing(target.impl.slice('do-nothing:'.length));
  const mutant = target.impl.startsWith('mutant:') ? target.impl.slice('mutant:'.length) : undefined;
  if (target.backend === 'sim') return openSim({ mutant, seed: target.seed ?? 1, ...(target.latency ?? {}), ...(target.timings ? { timings: target.timings } : {}) });
  if (target.backend !== 'embedded' && !target.redisUrl) throw new UsageError(`backend ${target.backend} needs a Redis server, and none was started`);
  if (target.backend === 'process') {
    if (!target.natsUrls?.length) throw new UsageError('backend process needs a NATS cluster, and none was started');
    return openProcess({ mutant, redisUrl: target.redisUrl!, natsUrls: target.natsUrls, redisPause: target.redisPause });
  }
  return openEmbedded({ mutant, redisUrl: target.backend === 'redis' ? target.redisUrl : undefined });
}
