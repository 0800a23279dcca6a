// Mutants of the calling side: select-one over a channel and node direct (spec 2, 3.1). Each is
// another implementation of one of the calling side's rules (channel/rules.ts), given to the Caller
// in place of the reference's: CALLING_MUTANTS below. The helpers above it act the longer bugs out.

import type { ErrorKind, Rid } from '../../src/driver/types.ts';
import { REFERENCE_CALLING, type CallingRules, type CallingSide } from '../channel/rules.ts';
import type { RelayRules } from '../node/dispatch.ts';
import type { Operation } from '../kernel/operation.ts';
import { fail, type Work, type WorkResult } from '../kernel/work.ts';
import type { MutantName } from './index.ts';
import { rerunOnce } from './rerun.ts';

/** How the Caller sends one operation to one target (E is its SendEnd). */
interface Sends<E extends { kind: string }> {
  send(op: Operation, target: Rid, work: Work): Promise<E>;
  finishFrom(op: Operation, end: E, refused?: ErrorKind): void;
  reachable(target: Rid): boolean;
}

/** The node's peer links, as node direct mutants see them. */
interface Peers {
  link(peer: Rid): { whenReady(): Promise<void> } | undefined;
  otherLinks(): Array<{ peer: Rid; ready: boolean }>;
}

/**
 * rerun-accepted-on-timeout: an operation that was accepted and reached its deadline gets a new
 * deadline so select-one can choose again (R-GEN-2 ends it with the timeout). Once per operation;
 * true when the Caller is to select again.
 */
export function rerunAcceptedOnTimeout(op: Operation, deadlineMs: number): boolean {
  if (!rerunOnce(op)) return false;
  op.deadlineAt = op.clock.now() + deadlineMs;
  return true;
}

/**
 * direct-not-ready-waits: node direct to a node that is not ready waits for the connection, within
 * the deadline, instead of ending Unavailable (R-CH-2). True when the send is to go ahead; false
 * when the operation ended meanwhile (a timeout, or cancelled).
 */
export async function waitUntilReady(node: Peers, op: Operation, to: Rid): Promise<boolean> {
  const link = node.link(to);
  if (!link) return true;
  const waited = await op.race(link.whenReady());
  if (waited.kind === 'deadline') op.finish('timeout');
  return waited.kind === 'value';
}

/**
 * direct-reroutes: node direct to a node that is not ready, or that refuses for capacity, is
 * delivered to another ready node of the mesh (V02 keeps the RID the caller named).
 */
export async function directReroutes<E extends { kind: string }>(caller: Sends<E>, node: Peers, op: Operation, to: Rid, work: Work): Promise<void> {
  const otherReadyPeer = () => node.otherLinks().find((l) => l.peer !== to && l.ready)?.peer;
  const target = caller.reachable(to) ? to : (otherReadyPeer() ?? to);
  const end = await caller.send(op, target, work);
  const other = otherReadyPeer();
  if (end.kind === 'refused' && other) return caller.finishFrom(op, await caller.send(op, other, work));
  caller.finishFrom(op, end);
}

/**
 * busy-server-retried: while the server refuses for capacity, wait a backoff and send to it again,
 * instead of passing over to another eligible server (V01). The operation's deadline ends it: the
 * send after the deadline ends 'deadline', as any send does.
 */
export async function sendUntilAccepted<E extends { kind: string }>(caller: Sends<E>, op: Operation, target: Rid, work: Work, backoffMs: number): Promise<E> {
  for (;;) {
    const end = await caller.send(op, target, work);
    if (end.kind !== 'refused') return end;
    await op.race(op.clock.sleep(backoffMs));
  }
}

/**
 * reply-timeout-moves-on: a per-server reply timeout. The server gets half the time the operation
 * has left; when that passes without a reply (accepted or not), 'moved-on' tells select-one to
 * choose the next server, within the operation's own deadline.
 */
export async function sendWithReplyTimeout<E extends { kind: string }>(caller: Sends<E>, op: Operation, target: Rid, work: Work): Promise<E | 'moved-on'> {
  const deadlineAt = op.deadlineAt;
  op.deadlineAt = op.clock.now() + Math.max(1, Math.floor((deadlineAt - op.clock.now()) / 2));
  let end: E;
  try {
    end = await caller.send(op, target, work);
  } finally {
    op.deadlineAt = deadlineAt;
  }
  return end.kind === 'deadline' && op.clock.now() < deadlineAt ? 'moved-on' : end;
}

/**
 * direct-relays-via-peer: node direct to a node that is not ready is written to another ready peer
 * as a relay, which forwards it to the named node if its own connection there is ready (R-CH-2:
 * it ends Unavailable, and no other node is attempted). The relaying half is relayOnward.
 */
export async function relayViaPeer<E extends { kind: string }>(caller: Sends<E>, node: Peers, op: Operation, to: Rid, work: Work): Promise<void> {
  const relay = node.otherLinks().find((l) => l.peer !== to && l.ready)?.peer;
  caller.finishFrom(op, await caller.send(op, relay ?? to, relay ? { type: 'relay', to, work } : work));
}

/** The relaying node's half of direct-relays-via-peer: forward, or answer Unavailable. */
export async function relayOnward(
  node: { link(peer: Rid): { ready: boolean } | undefined; sendWork(target: Rid, work: Work, deadlineMs: number): Promise<WorkResult | undefined>; timings: { defaultDeadlineMs: number } },
  relayed: Extract<Work, { type: 'relay' }>,
): Promise<WorkResult> {
  if (!node.link(relayed.to)?.ready) return fail('Unavailable');
  return (await node.sendWork(relayed.to, relayed.work, node.timings.defaultDeadlineMs)) ?? fail('Unavailable');
}

/**
 * unanswered-write-moves-on: select-one gives a server `ms` to accept a written operation; a write
 * left unanswered (a server that fell silent) is taken for a refusal, and select-one moves on
 * (V03: acceptance that cannot be confirmed is never a reason to write the operation elsewhere).
 */
export function acceptanceWithin<A extends string>(acceptance: Promise<A>, giveUp: Promise<unknown>): Promise<A | 'no'> {
  return Promise.race([acceptance, giveUp.then(() => 'no' as const)]);
}

const REF = REFERENCE_CALLING;

/** Each mutant of this area: the one rule of the calling side it implements otherwise. */
export const CALLING_MUTANTS = {
  // R-CH-1: servers that are never candidates are chosen; a candidate is passed over.
  'select-not-ready-server': { isCandidate: (kind, s, self) => REF.isCandidate(kind, { ...s, state: 'Ready' }, self) },
  'select-weight-zero': { isCandidate: (kind, s, self) => s.state === 'Ready' || REF.isCandidate(kind, s, self) },
  'clientserver-weight-zero-skipped': { isCandidate: (kind, s, self) => REF.isCandidate(kind, s, self) && s.weight > 0 },
  'select-skips-own-node': { isCandidate: (kind, s, self) => s.node !== self && REF.isCandidate(kind, s, self) },
  // R-GEN-1: select-one goes on choosing past the operation's deadline.
  'reselect-past-deadline': { deadlineBoundsSelection: () => false },
  // V01: the send to the server picked.
  'busy-server-retried': { sendTo: (side, op, target, work) => sendUntilAccepted(side, op, target, work, side.timings.reconnectBackoffMs) },
  'reply-timeout-moves-on': { sendTo: (side, op, target, work) => sendWithReplyTimeout(side, op, target, work) },
  // R-GEN-1, V01, V03, R-GEN-2: what may follow one send.
  'capacity-refusal-ends-busy': { mayChooseAgain: (side, op, end) => end.kind !== 'refused' && REF.mayChooseAgain(side, op, end) },
  'resubmit-on-unknown-acceptance': { mayChooseAgain: (side, op, end) => end.kind === 'unknown' || REF.mayChooseAgain(side, op, end) },
  'reselect-after-acceptance': { mayChooseAgain: (side, op, end) => end.kind === 'lost' || REF.mayChooseAgain(side, op, end) },
  'rerun-accepted-on-timeout': {
    mayChooseAgain: (side, op, end) => (end.kind === 'deadline' && end.late !== undefined && rerunAcceptedOnTimeout(op, side.timings.defaultDeadlineMs)) || REF.mayChooseAgain(side, op, end),
  },
  'reselect-ignores-eligibility': { reselectionPool: (_end, _pool, every, side) => every.filter((s) => side.reachable(s.node)) },
  // R-GEN-1: every candidate refused, and the request ends as a timeout though its deadline has not come.
  'reselection-gives-up-early': {
    everyCandidateRefused: async (_side, op) => {
      op.finish('timeout');
      return false;
    },
  },
  // R-CH-2: node direct to a RID not in the mesh.
  'direct-rid-of-any-mesh': { inMesh: (descriptorMesh) => descriptorMesh !== undefined },
  'direct-unknown-rid-unavailable': { notInMesh: () => 'Unavailable' },
  // V02, V04, R-CH-2: node direct to the named node only, at once.
  'direct-reroutes': { direct: (side, op, to, work) => directReroutes(side, side, op, to, work) },
  'direct-needs-every-peer-ready': {
    direct: (side, op, to, work) => (side.otherLinks().every((l) => l.ready) ? REF.direct(side, op, to, work) : Promise.resolve(op.finish('failure', { errorKind: 'Unavailable' }))),
  },
  'direct-not-ready-waits': {
    direct: async (side, op, to, work) => {
      if (!side.reachable(to) && !(await waitUntilReady(side, op, to))) return;
      return REF.direct(side, op, to, work);
    },
  },
  'direct-relays-via-peer': { direct: (side, op, to, work) => (side.reachable(to) ? REF.direct(side, op, to, work) : relayViaPeer(side, side, op, to, work)) },
  // V03: acceptance that cannot be confirmed.
  'unanswered-write-moves-on': { acceptance: (side, written) => acceptanceWithin(written.acceptance, side.clock.sleep(2 * side.timings.heartbeatIntervalMs)) },
  'lost-after-acceptance-as-not-ready': { acceptedThenLost: () => 'not-ready' },
  // R-GEN-4: a failure is returned as it is; the mutant starts the operation again, once.
  'auto-retry-failed': {
    conclude: async (side, op, target, work, end) => {
      if (end.kind === 'result' && !end.completion.ok && rerunOnce(op)) end = await side.send(op, target, work);
      side.finishFrom(op, end);
    },
  },
} satisfies { [M in MutantName]?: Partial<CallingRules> };

/** The relaying half of direct-relays-via-peer, on the node the relay was written to. */
export const RELAY_MUTANTS = {
  'direct-relays-via-peer': { relayed: (node, work) => relayOnward(node, work) },
} satisfies { [M in MutantName]?: Partial<RelayRules> };
