// Mutants of the calling side: select-one over a channel and node direct (spec 2, 3.1; channel/caller.ts).
// Each function acts out one bug; the Caller calls it from the decision point where the rule
// lives. What they use of the Caller and its node is declared here, structurally, so this layer
// imports nothing above it.

import type { Rid } from '../../src/driver/types.ts';
import type { Operation } from '../node/operation.ts';
import { fail, type Work, type WorkResult } from '../node/work.ts';
import { rerunOnce } from './rerun.ts';

/** How the Caller sends one operation to one target (E is its SendEnd). */
export interface Sends<E extends { kind: string }> {
  send(op: Operation, target: Rid, work: Work): Promise<E>;
  finishFrom(op: Operation, end: E): void;
  reachable(target: Rid): boolean;
}

/** The node's peer links, as node direct mutants see them. */
export interface Peers {
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
