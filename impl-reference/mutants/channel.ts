// Mutants of the calling side: select-one over a channel and node direct (spec 2, 3.1; caller.ts).
// Each function acts out one bug; the Caller calls it from the decision point where the rule
// lives. What they use of the Caller and its node is declared here, structurally, so this layer
// imports nothing above it.

import type { Rid } from '../../src/driver/types.ts';
import type { Operation } from '../operation.ts';
import type { Work } from '../work.ts';
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
  op.deadlineAt = Date.now() + deadlineMs;
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
