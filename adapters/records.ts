// The adapters' records (src/driver/target.ts `Adapter`): what each way to reach a runtime is called,
// what it needs and how its target is checked, without its implementation. `open` and `prepare`
// load the implementation when a run first uses it, so a command that never opens a runtime
// (`--help`, `merge`, `verify`, a usage error) does not load the reference, Redis, NATS or the wire
// schema: each CLI start and each Cucumber worker pays only for the adapter it opens.

import { UsageError, type Adapter, type Target } from '../src/driver/target.ts';
import { mutantNamed } from '../impl-reference/mutants/index.ts';

/** exec: implementations: the deadline of every call over the wire, in ms (--call-timeout's default). */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

/** The kit's self-checks: runtimes that do nothing, each in its own way (adapters/do-nothing.ts). */
export const DO_NOTHING = ['refuse', 'reply', 'fabricate'] as const;
export type DoNothingName = (typeof DO_NOTHING)[number];

export function isDoNothing(name: string): name is DoNothingName {
  return (DO_NOTHING as readonly string[]).includes(name);
}

export function isReferenceMutant(name: string): boolean {
  return mutantNamed(name) !== undefined;
}

/** `--impl reference` or `mutant:<name>`, the implementations every backend adapter runs. */
export function checkReference(target: Target): void {
  if (target.impl === 'reference') return;
  const name = target.impl.slice('mutant:'.length);
  if (!isReferenceMutant(name)) throw new UsageError(`unknown mutant "${name}" (see: spotcheck mutants --list)`);
}

/** The mutant a target names, if any. */
export function mutantOf(target: Target): string | undefined {
  return target.impl.startsWith('mutant:') ? target.impl.slice('mutant:'.length) : undefined;
}

export const embeddedBackend: Adapter = {
  name: 'embedded',
  kind: 'backend',
  what: 'every node in this process, in-memory Location Store and transport',
  servers: [],
  check: checkReference,
  open: async (target) => (await import('./embedded.ts')).openEmbedded({ mutant: mutantOf(target) }),
};

export const redisBackend: Adapter = {
  name: 'redis',
  kind: 'backend',
  what: "every node in this process, on a real Redis Location Store of the run's own",
  servers: ['redis'],
  check: checkReference,
  open: async (target) => (await import('./embedded.ts')).openEmbedded({ mutant: mutantOf(target), redisUrl: target.redisUrl }),
};

export const processBackend: Adapter = {
  name: 'process',
  kind: 'backend',
  what: 'one OS process per node on a NATS cluster and Redis, faults from outside',
  servers: ['redis', 'nats'],
  check: checkReference,
  prepare: async () => (await import('./process.ts')).prepareProcess(),
  open: async (target) =>
    (await import('./process.ts')).openProcess({ mutant: mutantOf(target), redisUrl: target.redisUrl!, natsUrls: target.natsUrls!, redisPause: target.redisPause }),
};

export const simBackend: Adapter = {
  name: 'sim',
  kind: 'backend',
  what: 'the embedded nodes in a simulated world: virtual time, seeded',
  servers: [],
  check: checkReference,
  open: async (target) => (await import('./sim.ts')).openSimTarget(target),
};

export const nodeProgramAdapter: Adapter = {
  name: 'node',
  kind: 'impl',
  argument: 'command',
  what: 'a command that runs one node; the kit starts one process per node and does every fault from outside',
  servers: [],
  check(target) {
    if (target.impl.slice('node:'.length).trim() === '') throw new UsageError('--impl node: needs a command that runs one node, e.g. node:"python3 my-node.py"');
    if (target.backend !== 'embedded') throw new UsageError(`--backend ${target.backend} is the reference's; a node: program's nodes are processes the kit starts itself`);
  },
  open: async (target) => (await import('./node-program.ts')).openNodeProgram(target.impl.slice('node:'.length)),
};

export const execAdapter: Adapter = {
  name: 'exec',
  kind: 'impl',
  argument: 'command',
  what: 'a runtime serving the whole Driver contract as JSON-RPC over stdio, its faults acted out by itself',
  servers: [],
  check(target) {
    if (target.impl.slice('exec:'.length).trim() === '') throw new UsageError('--impl exec: needs a command, e.g. exec:"./my-runtime --spotcheck"');
    if (target.backend !== 'embedded') throw new UsageError(`--backend ${target.backend} is the reference's; an exec: implementation brings its own`);
  },
  open: async (target) => (await import('./jsonrpc.ts')).openWire(target.impl.slice('exec:'.length), { callTimeoutMs: target.callTimeoutMs }),
};

export const doNothingAdapter: Adapter = {
  name: 'do-nothing',
  kind: 'impl',
  argument: 'name',
  what: "the kit's self-checks: runtimes that do nothing, each in its own way",
  servers: [],
  check(target) {
    const name = target.impl.slice('do-nothing:'.length);
    if (!isDoNothing(name)) throw new UsageError(`unknown do-nothing implementation "${name}" (known: ${DO_NOTHING.join(', ')})`);
    if (target.backend !== 'embedded') throw new UsageError(`--backend ${target.backend}: do-nothing implementations run on embedded only`);
  },
  open: async (target) => (await import('./do-nothing.ts')).openDoNothing(target.impl.slice('do-nothing:'.length)),
};

/** Backends first, in the order --help names them; then the implementations with a prefix. */
export const ADAPTERS: readonly Adapter[] = [embeddedBackend, redisBackend, processBackend, simBackend, nodeProgramAdapter, execAdapter, doNothingAdapter];
