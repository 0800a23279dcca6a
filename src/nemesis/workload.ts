// The workload generator: from a seed, the campaign's client operations, in the order they are
// started and each with the worker (logical client) that runs it. It is a pure function of its
// options, so a seed names one workload (test/nemesis.test.ts holds it to that). What depends on
// the runtime's state (the generation a Close names) is read when the operation runs, not here.
//
// The topology is fixed and small, so that operations collide: one RouteMesh of four nodes, one
// RouteMesh channel served by all of them, and a pool of objects of every kind (Actors, User Spots,
// Instance Spots) that every worker creates, messages, relocates and closes.

import type { ObjectKind, Rid, Topology, ChannelSpec } from '../driver/types.ts';
import { Prng } from './prng.ts';

export const MESH = 'm1';
export const NODES: readonly Rid[] = ['A', 'B', 'C', 'D'];
export const CHANNEL = 'ch';

export interface PoolObject {
  id: string;
  kind: ObjectKind;
}

export const OBJECTS: readonly PoolObject[] = [
  { id: 'a0', kind: 'actor' },
  { id: 'a1', kind: 'actor' },
  { id: 'a2', kind: 'actor' },
  { id: 'u0', kind: 'user-spot' },
  { id: 'u1', kind: 'user-spot' },
  { id: 'i0', kind: 'instance-spot' },
  { id: 'i1', kind: 'instance-spot' },
  { id: 'i2', kind: 'instance-spot' },
];

export function topology(): Topology {
  return { meshes: [{ name: MESH, nodes: [...NODES] }] };
}

export function channel(kind: ChannelSpec['kind'] = 'routemesh'): ChannelSpec {
  return { name: CHANNEL, kind, servers: NODES.map((node) => ({ node, weight: 1 })) };
}

/** A RID no node of the run has: node direct to it ends NotFound (R-CH-2). */
export const UNKNOWN_RID = 'Z';

/**
 * Which handler of the test application a message runs: echo, fail (a HandlerError), or block: the
 * handler waits on a gate of its own that the worker releases `releaseMs` after the submit, which
 * may be after the operation's deadline (1,000 ms on the reference), so a late reply races the
 * timeout.
 */
export type App = 'echo' | 'fail' | { block: number };

export type OpPlan =
  | { f: 'channel-request'; from: Rid; app: App }
  | { f: 'node-direct'; from: Rid; to: Rid; app: App }
  | { f: 'create'; from: Rid; object: PoolObject; on: Rid; tickMs?: number }
  /** `staleGeneration`: the message names a generation that is not the object's (the one the kit reads, plus one): V07 says it runs all the same. */
  | { f: 'object-message'; from: Rid; object: PoolObject; app: App; instanceIntent?: boolean; activateOn?: Rid; tickMs?: number; staleGeneration?: boolean }
  /** `wrongGeneration`: the close names a generation the object never had (the one read, plus 1,000), which must be rejected (V08). */
  | { f: 'close'; from: Rid; object: PoolObject; wrongGeneration?: boolean }
  /** `generation`: the relocation names the generation read (`read`) or one the object never had (`wrong`, plus 1,000: rejected, V08). */
  | { f: 'relocate'; from: Rid; object: PoolObject; target: Rid; generation?: 'read' | 'wrong' }
  /**
   * The worker's Session client (`c<n>` of worker `w<n>`) relays a message to an Actor through a
   * Session on `node`: it connects (and authenticates) when its current connection is to another
   * node or closed, and binds the Actor when that Session holds no binding of it. With `stale` it
   * relays through the binding its previous Session had, if any (which must not work).
   */
  | { f: 'session-relay'; client: string; node: Rid; object: PoolObject; app: App; stale?: boolean; auth?: 'skip' | 'wrong' }
  /**
   * The kit changes one server of the channel: its weight (0 takes it out of select-one's
   * candidates) and its state (NotReady likewise). Each change sets both, so the history says
   * what the server is after it without reading back.
   */
  | { f: 'channel-set'; from: Rid; server: Rid; weight: number; state: 'Ready' | 'NotReady' }
  /** A User Spot membership change naming the generation read, or (`wrongGeneration`) one the object never had: rejected (V08). */
  | { f: 'join'; from: Rid; object: PoolObject; member: Rid; wrongGeneration?: boolean }
  /**
   * A message through a stale owner cache: sent `via` the source of the object's last relocation
   * the campaign saw commit (the previous owner), which follows it to the target while Message
   * Follow lasts and refuses it after (R-OBJ-3). With no relocation seen yet, via a node drawn here.
   */
  | { f: 'stale-message'; from: Rid; object: PoolObject; app: App; via: Rid };

export interface OpStep {
  /** 0-based position in the workload; also names the operation (`<worker>-<index>`) and its markers. */
  index: number;
  worker: string;
  plan: OpPlan;
}

export interface WorkloadOptions {
  seed: number;
  ops: number;
  workers: number;
  /** The share of each kind of operation (default MIX); swarm testing draws one per seed (swarm.ts). */
  mix?: Mix;
  /** Shares of messages that fail, and that block (default 0.1 and 0.15). */
  failShare?: number;
  blockShare?: number;
  /** The share of node direct messages sent to UNKNOWN_RID (default none). */
  unknownRidShare?: number;
}

export type Mix = Record<OpPlan['f'], number>;

export const MIX: Mix = {
  'channel-request': 20,
  'node-direct': 20,
  create: 8,
  'object-message': 42,
  close: 3,
  relocate: 7,
  'session-relay': 8,
  'channel-set': 4,
  join: 3,
  'stale-message': 6,
};

/** Shares of messages that run the failing handler (a HandlerError is a result like any other) and a blocking one. */
const FAIL_SHARE = 0.1;
const BLOCK_SHARE = 0.15;
/** Longer than the deadline of either timings (1,000 ms embedded, 2,000 ms process), so that some replies come after it. */
const MAX_BLOCK_MS = 3000;
const TICK_MS = 250;

export function workerName(i: number): string {
  return `w${i}`;
}

export function clientName(i: number): string {
  return `c${i}`;
}

export function planWorkload(options: WorkloadOptions): OpStep[] {
  const rng = new Prng(options.seed);
  // Draws added later come from a stream of their own, so that a seed's plan is otherwise as it was.
  const extra = new Prng((options.seed ^ 0x5bd1e995) >>> 0);
  const steps: OpStep[] = [];
  const failShare = options.failShare ?? FAIL_SHARE;
  const blockShare = options.blockShare ?? BLOCK_SHARE;
  const app = (): App => {
    const x = rng.next();
    return x < failShare ? 'fail' : x < failShare + blockShare ? { block: rng.int(0, MAX_BLOCK_MS) } : 'echo';
  };
  for (let index = 0; index < options.ops; index++) {
    const from = rng.pick(NODES); // the caller, or the Session owner a client connects to
    const f = rng.weighted(options.mix ?? MIX);
    let plan: OpPlan;
    switch (f) {
      case 'channel-request':
        plan = { f, from, app: app() };
        break;
      case 'node-direct':
        plan = { f, from, to: rng.pick(NODES.filter((n) => n !== from)), app: app() };
        if (options.unknownRidShare && extra.chance(options.unknownRidShare)) plan.to = UNKNOWN_RID;
        break;
      case 'create': {
        const object = rng.pick(OBJECTS.filter((o) => o.kind !== 'instance-spot'));
        plan = { f, from, object, on: rng.pick(NODES), ...(rng.chance(0.3) ? { tickMs: TICK_MS } : {}) };
        break;
      }
      case 'object-message': {
        const object = rng.pick(OBJECTS);
        // Instance intent goes mostly to Instance Spots; now and then to an Actor or User Spot, which it must not cold-activate (V12).
        const intent = object.kind === 'instance-spot' ? rng.chance(0.7) : rng.chance(0.1);
        plan = {
          f, from, object, app: app(),
          ...(intent ? { instanceIntent: true, activateOn: rng.pick(NODES), ...(rng.chance(0.3) ? { tickMs: TICK_MS } : {}) } : {}),
        };
        if (!intent && rng.chance(0.2)) plan.staleGeneration = true;
        break;
      }
      case 'close':
        plan = { f, from, object: rng.pick(OBJECTS), ...(rng.chance(0.3) ? { wrongGeneration: true } : {}) };
        break;
      case 'relocate':
        {
          const g = rng.next();
          plan = { f, from, object: rng.pick(OBJECTS), target: rng.pick(NODES), ...(g < 0.25 ? { generation: 'wrong' as const } : g < 0.5 ? { generation: 'read' as const } : {}) };
        }
        break;
      case 'session-relay':
        plan = {
          f, client: clientName(index % options.workers), node: from, object: rng.pick(OBJECTS.filter((o) => o.kind === 'actor')), app: app(),
          ...(rng.chance(0.15) ? { stale: true } : {}),
        };
        {
          // When it connects anew: now and then it does not authenticate, or with a wrong credential (R-SES-3).
          const a = rng.next();
          if (a < 0.12) plan.auth = 'skip';
          else if (a < 0.24) plan.auth = 'wrong';
        }
        break;
      case 'join':
        plan = { f, from, object: rng.pick(OBJECTS.filter((o) => o.kind === 'user-spot')), member: rng.pick(NODES), ...(rng.chance(0.4) ? { wrongGeneration: true } : {}) };
        break;
      case 'stale-message':
        plan = { f, from, object: rng.pick(OBJECTS.filter((o) => o.kind !== 'instance-spot')), app: app(), via: rng.pick(NODES) };
        break;
      case 'channel-set':
        plan = { f, from, server: rng.pick(NODES), weight: rng.pick([0, 1, 1, 2, 3]), state: rng.chance(0.75) ? 'Ready' : 'NotReady' };
        break;
    }
    steps.push({ index, worker: workerName(index % options.workers), plan });
  }
  return steps;
}
