// Faults aimed at the windows where the protocols break, on the simulated backend. A random fault
// after a random operation lands in the stretch between two protocol steps only by luck (the
// basic V01 bug, a request run again elsewhere after acceptance, needs the server lost between its
// acceptance and its reply: 29 random faults in 2,000 operations missed it). An aimed fault is armed
// at its place in the schedule and waits for its window to open in the world (src/driver/world.ts:
// the simulated world tells every evidence line and Store change as it happens); the fault then
// takes effect before anything else happens in the world, from outside the nodes, through the
// Driver, like every other fault.
//
//   aim-accepted     a blocking handler of the workload started (accepted, its reply held by its
//                    gate): its node crashes, or the caller's connection to it fails
//   aim-relay-ready  a relocation's source recorded relay-ready accepted (the irreversible boundary,
//                    before the owner-change commit): the source or the target crashes, their
//                    connection fails, or the target loses the Store
//   aim-store-answer an object's authority change was carried out by the Store, its answer still on
//                    its way: the node that asked crashes (it never hears; the change stands)
//   aim-activation   an Instance Spot's factory started (cold activation under way): its node
//                    crashes, or loses the Store
//   aim-grace        a message of an object ran on its owner: the owner loses the Store (grace
//                    begins while it owns; its lease must run out, not on), and now and then a peer
//                    of it then falls silent (a hang), which the owner must still find not-ready:
//                    grace keeps descriptors, not silent peers (R-STO-2)

import type { Clock } from '../driver/clock.ts';
import type { AppPayload, Driver, Fault, Rid } from '../driver/types.ts';
import type { SimulatedWorld, WorldEvent } from '../driver/world.ts';
import type { Prng } from './prng.ts';

export const AIMED_KINDS = ['aim-accepted', 'aim-relay-ready', 'aim-store-answer', 'aim-activation', 'aim-grace'] as const;
export type AimedKind = (typeof AIMED_KINDS)[number];

export function isAimed(kind: string): kind is AimedKind {
  return (AIMED_KINDS as readonly string[]).includes(kind);
}

/** What the fault does once its window opens. `other` is the caller, or the relocation's other end. */
export type AimAction = 'crash' | 'crash-other' | 'cut' | 'store-down' | 'store-down-other' | 'store-down-hang-peer';

export const AIM_ACTIONS: Record<AimedKind, readonly AimAction[]> = {
  'aim-accepted': ['crash', 'cut'],
  'aim-relay-ready': ['crash', 'crash-other', 'cut', 'store-down-other'],
  'aim-store-answer': ['crash'],
  'aim-activation': ['crash', 'store-down'],
  'aim-grace': ['store-down', 'store-down-hang-peer'],
};

export function pickAction(kind: AimedKind, rng: Prng): AimAction {
  return rng.pick(AIM_ACTIONS[kind]);
}

/** A window as the world showed it opening: where it is, and what opened it (for the history). */
export interface Window {
  node: Rid;
  /** The object it concerns, if any. */
  objectId?: string;
  /** The marker of the workload message it concerns, if any. */
  marker?: string;
  what: string;
}

/** Instance Spots of the workload's pool, whose factory runs only in a cold activation. */
export type IsInstanceSpot = (objectId: string) => boolean;

function markOf(input: unknown): string | undefined {
  const mark = input && typeof input === 'object' ? (input as { mark?: unknown }).mark : undefined;
  return typeof mark === 'string' ? mark : undefined;
}

/** The object of a Location Store key (`obj/<id>`), or of a relocation record's (`rel/<id>/<relocation>`). */
function objectOfKey(key: string, prefix: 'obj/' | 'rel/'): string | undefined {
  if (!key.startsWith(prefix)) return undefined;
  const rest = key.slice(prefix.length);
  return decodeURIComponent(prefix === 'rel/' ? rest.split('/')[0] : rest);
}

/** Whether `e` opens a window of `kind`, and where. */
export function windowOf(kind: AimedKind, e: WorldEvent, isInstanceSpot: IsInstanceSpot): Window | undefined {
  switch (kind) {
    case 'aim-accepted': {
      if (e.kind !== 'journal' || e.entry.kind !== 'handler') return undefined;
      const input = e.entry.input as AppPayload;
      const marker = markOf(input);
      // The workload's own blocking messages: their reply waits for a gate the worker opens later.
      if (input?.app !== 'block' || !marker?.startsWith('m-')) return undefined;
      return { node: e.entry.node, marker, ...(e.entry.objectId ? { objectId: e.entry.objectId } : {}), what: `the blocking handler of ${marker} started on ${e.entry.node}` };
    }
    case 'aim-relay-ready': {
      // The source's second change of its relocation record: preparing (version 0 -> 1), then relay-ready accepted.
      if (e.kind !== 'store-call' || e.entry.op !== 'change' || e.entry.result !== 'applied' || e.entry.expectedVersion !== 1) return undefined;
      const objectId = objectOfKey(e.entry.key, 'rel/');
      return objectId === undefined ? undefined : { node: e.entry.node, objectId, what: `${e.entry.node} recorded relay-ready accepted for ${objectId}` };
    }
    case 'aim-store-answer': {
      if (e.kind !== 'store-applied') return undefined;
      const objectId = objectOfKey(e.key, 'obj/');
      return objectId === undefined ? undefined : { node: e.node, objectId, what: `the Store carried out ${e.node}'s change of ${objectId} (StoreVersion ${e.expectedVersion} -> ${e.expectedVersion + 1}); its answer is on its way` };
    }
    case 'aim-activation':
      if (e.kind !== 'journal' || e.entry.kind !== 'factory' || !isInstanceSpot(e.entry.objectId)) return undefined;
      return { node: e.entry.node, objectId: e.entry.objectId, what: `cold activation of ${e.entry.objectId} (generation ${e.entry.generation}) under way on ${e.entry.node}` };
    case 'aim-grace':
      if (e.kind !== 'journal' || e.entry.kind !== 'handler' || !e.entry.objectId) return undefined;
      return { node: e.entry.node, objectId: e.entry.objectId, what: `a message of ${e.entry.objectId} ran on its owner ${e.entry.node}` };
  }
}

/**
 * Operations whose window between acceptance and reply an aim-accepted fault waits for, by how long
 * it has waited: a channel request first (select-one's boundary, the one place a target may be chosen
 * again: V01's most basic bug is a choice made again after acceptance), then a node direct too (its
 * own boundary, no re-selection), then any blocking handler (an object's message).
 */
function preferredNow(waited: number): ReadonlySet<string> | undefined {
  if (waited < AIM_WAIT_MS / 2) return CHANNEL_FIRST;
  if (waited < (AIM_WAIT_MS * 3) / 4) return SELECTION_OPS;
  return undefined;
}
const CHANNEL_FIRST = new Set(['channel-request']);
const SELECTION_OPS = new Set(['channel-request', 'node-direct']);

/** How long an armed fault waits for its window (virtual time; the workload goes on meanwhile). */
export const AIM_WAIT_MS = 5000;

export interface AimContext {
  world: SimulatedWorld;
  clock: Clock;
  driver: Driver;
  isInstanceSpot: IsInstanceSpot;
  /** A workload message's operation, by its marker: what it is and the node it was sent from. */
  planOf(marker: string): { f: string; from: Rid } | undefined;
  /** Every node of the run, in order (a peer to hang is the first after the window's node). */
  nodes: readonly Rid[];
  /** The nemesis's own fault: recorded in the history; true when the Driver carried it out. */
  fault(f: Fault, f_: string, node?: Rid): Promise<boolean>;
}

/** What an aimed fault did that lasts until healed. */
export interface AimedEffect {
  window: Window;
  crashed?: Rid;
  storeDown?: Rid;
  /** A node hung while another had lost the Store: held long enough for its peers' liveness to judge it. */
  hung?: Rid;
}

/**
 * Wait for the window of `kind` to open, then act on it at once: nothing else happens in the world
 * between the event that opened it and the fault (the listener is called inside that event, and
 * everything up to the Driver's fault is promise continuations, which run before the next event).
 * Undefined when no window opened within AIM_WAIT_MS, or the fault could not be carried out.
 */
export async function fireAimed(kind: AimedKind, action: AimAction, ctx: AimContext): Promise<AimedEffect | undefined> {
  let stop = () => {};
  // Between acceptance and reply, the selection rules come first (preferredNow).
  const armedAt = ctx.clock.now();
  const opened = new Promise<Window>((resolve) => {
    stop = ctx.world.listen((e) => {
      const w = windowOf(kind, e, ctx.isInstanceSpot);
      if (!w) return;
      const preferred = kind === 'aim-accepted' ? preferredNow(ctx.clock.now() - armedAt) : undefined;
      if (preferred && !preferred.has(ctx.planOf(w.marker!)?.f ?? '')) return;
      stop();
      resolve(w);
    });
  });
  const window = await Promise.race([opened, ctx.clock.sleep(AIM_WAIT_MS).then(() => undefined)]);
  stop();
  if (!window) return undefined;
  // The relocation's other end, read from the Relocation Store (the kit's own read: no time passes).
  const other = kind === 'aim-relay-ready' && window.objectId !== undefined ? (await ctx.driver.relocation(window.objectId).catch(() => null))?.target : undefined;
  const caller = window.marker ? ctx.planOf(window.marker)?.from : undefined;
  switch (action) {
    case 'crash':
      return (await ctx.fault({ kind: 'crash', node: window.node }, 'crash', window.node)) ? { window, crashed: window.node } : undefined;
    case 'crash-other':
      if (!other) return undefined;
      return (await ctx.fault({ kind: 'crash', node: other }, 'crash', other)) ? { window, crashed: other } : undefined;
    case 'cut': {
      // The caller's connection to the node (for a relocation, the source's to the target) fails.
      const [from, to] = kind === 'aim-relay-ready' ? [window.node, other] : [caller, window.node];
      if (!from || !to || from === to) return (await ctx.fault({ kind: 'crash', node: window.node }, 'crash', window.node)) ? { window, crashed: window.node } : undefined;
      return (await ctx.fault({ kind: 'close-connection', node: from, peer: to, mode: 'error' }, 'close-connection', from)) ? { window } : undefined;
    }
    case 'store-down':
      return (await ctx.fault({ kind: 'store-down', node: window.node }, 'store-down', window.node)) ? { window, storeDown: window.node } : undefined;
    case 'store-down-hang-peer': {
      if (!(await ctx.fault({ kind: 'store-down', node: window.node }, 'store-down', window.node))) return undefined;
      const i = ctx.nodes.indexOf(window.node);
      const peer = caller && caller !== window.node ? caller : ctx.nodes[(i + 1) % ctx.nodes.length];
      if (peer === window.node || !(await ctx.fault({ kind: 'hang', node: peer }, 'hang', peer))) return { window, storeDown: window.node };
      return { window, storeDown: window.node, hung: peer };
    }
    case 'store-down-other':
      if (!other) return undefined;
      return (await ctx.fault({ kind: 'store-down', node: other }, 'store-down', other)) ? { window, storeDown: other } : undefined;
  }
}
