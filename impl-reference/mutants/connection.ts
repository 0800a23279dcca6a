// Mutants of a node's peer connections and its descriptor list (spec 3.2, 7; node/membership.ts,
// connection/serving-side.ts, node/heartbeat.ts, node/mesh-node.ts and peer-link.ts). Each function acts out one bug; the node or link calls it from the decision point
// where the rule lives. What they use of either is declared here, structurally, so this layer
// imports nothing above it.

import type { NotReadyReason, Rid } from '../../src/driver/types.ts';
import type { NodeDescriptor } from '../location/records.ts';
import type { MeshRules } from '../node/mesh-rules.ts';
import type { Work } from '../node/work.ts';
import type { MutantName } from './index.ts';
import { redeliverWhenOverdue } from './rerun.ts';

/** The node's connection intents: its peer links. */
export interface Links {
  otherLinks(): Array<{ peer: Rid; lose(reason: NotReadyReason): void }>;
  dropLink(peer: Rid): void;
}

/** recovery-reconnects-everything: drop every connection, so each is made again (R-STO-4 keeps them). */
export function dropEveryLink(node: Links): void {
  for (const link of node.otherLinks()) node.dropLink(link.peer);
}

/** peer-failure-spreads: one peer failing liveness resets every other peer connection too (V04). */
export function spreadPeerFailure(node: Links, failed: Rid): void {
  for (const link of node.otherLinks()) if (link.peer !== failed) link.lose('transport-error');
}

/**
 * grace-connects-new-target: a node that called in, outside the last fully-read list, is taken into
 * the list and connected to (R-STO-2 serves it, and connects to nothing new).
 */
export function connectCaller(node: { learn(d: NodeDescriptor): void; ensureLink(rid: Rid): void }, caller: NodeDescriptor): void {
  node.learn(caller);
  node.ensureLink(caller.rid);
}

/** A peer link, as the reconnect mutants see it. */
export interface Redial {
  /** Close the current connection and end the operations written to it. */
  endConnection(): void;
  /** Connect now, even while ready. */
  dial(): Promise<void>;
  whenReady(): Promise<void>;
  submit(opId: string, work: Work, failAfterWrite: boolean, deadlineAt?: number): unknown;
}

/**
 * transport-error-keeps-ready: the error is taken as a blip. The connection's operations end, but
 * the peer stays ready (no not-ready is recorded) while the link dials again at once (V05).
 */
export function redialStayingReady(link: Redial): void {
  link.endConnection();
  void link.dial();
}

/**
 * reconnect-replays-unacked-submits: a submit whose acceptance was unknown when the connection was
 * lost is written again, under the same operation ID, once the peer is ready on a new connection.
 * The operation itself has already ended (Unavailable); nobody waits for this copy's answer (V03).
 */
export function replayWhenReady(link: Redial, sent: { opId: string; work: Work; deadlineAt?: number }): void {
  void link.whenReady().then(() => link.submit(sent.opId, sent.work, false, sent.deadlineAt));
}

/** Each mutant of the node's mesh rules (node/mesh-rules.ts): the one it implements otherwise. */
export const MESH_MUTANTS = {
  // R-GEN-1: the queue appends the work before its capacity check, and keeps it when it refuses.
  'refused-work-kept-in-queue': { keepsRefusedWork: () => true },
  // R-GEN-4: accepted work still running at its deadline is taken as lost and run again.
  'overdue-work-redelivered': {
    workerStarted: (s) => {
      if (s.deadlineAt !== undefined) redeliverWhenOverdue(s.clock, s.work, s.deadlineAt, s.running, s.requeue);
    },
  },
  // R-CH-2: each read is merged into what the node knew: the connection goes, the RID stays known.
  'descriptor-list-keeps-left-nodes': { listAfterRead: (last, read) => new Map([...last, ...read]) },
  // R-STO-2: liveness checks pause while the Store cannot be read.
  'grace-pauses-liveness': { checksLivenessInGrace: () => false },
  // R-CONN-2: a silent connection is never dropped (the serving end; PeerLink asks the switch still).
  'no-liveness': { dropsSilentInbound: () => false },
  // V04: one peer's failure affects more than that peer.
  'peer-failure-marks-host-error': { peerFailed: (node) => node.setHostError() },
  'peer-failure-stops-queue': { peerFailed: (node) => node.stopQueue() },
  'peer-failure-spreads': { peerFailed: (node, peer) => spreadPeerFailure(node, peer) },
  // R-STO-4: after an outage, every connection is made again, or removed nodes are kept.
  'recovery-reconnects-everything': { storeBack: (node) => dropEveryLink(node) },
  'recovery-keeps-removed-links': { dropsRemoved: (afterOutage) => !afterOutage },
  // R-STO-2, R-STO-4: an unreadable Store empties the list, or stops its reading.
  'grace-forgets-descriptors': {
    storeUnreadable: (node) => {
      node.forgetList();
      dropEveryLink(node);
    },
  },
  'grace-stops-descriptor-refresh': { storeUnreadable: (node) => node.stopRefreshing() },
  // R-STO-2: a caller outside the last list is taken into it and connected to.
  'grace-connects-new-target': { unknownCallerVerified: (node, caller) => connectCaller(node, caller) },
  // V05: the reply goes on the caller's newest connection (PeerLink.lose has the switch's other half).
  'reconnect-reuses-reply-route': { replyRoute: (came, latest) => latest ?? came },
} satisfies { [M in MutantName]?: Partial<MeshRules> };
