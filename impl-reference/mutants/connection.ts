// Mutants of a node's peer connections and its descriptor list (spec 3.2, 7): each is another
// implementation of one rule of connection/mesh-rules.ts (MESH_MUTANTS) or connection/link-rules.ts
// (LINK_MUTANTS), which the node and its links ask where the rule applies. The functions above
// the tables act the longer bugs out through what those rules hand them.

import type { Rid } from '../../src/driver/types.ts';
import type { NodeDescriptor } from '../location/records.ts';
import type { MeshLinks, MeshRules } from '../connection/mesh-rules.ts';
import type { LinkActions, LinkRules } from '../connection/link-rules.ts';
import type { Work } from '../kernel/work.ts';
import type { MutantName } from './index.ts';
import { redeliverWhenOverdue } from './rerun.ts';

/** recovery-reconnects-everything: drop every connection, so each is made again (R-STO-4 keeps them). */
export function dropEveryLink(node: MeshLinks): void {
  for (const link of node.otherLinks()) node.dropLink(link.peer);
}

/** peer-failure-spreads: one peer failing liveness resets every other peer connection too (V04). */
export function spreadPeerFailure(node: MeshLinks, failed: Rid): void {
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

/**
 * transport-error-keeps-ready: the error is taken as a blip. The connection's operations end, but
 * the peer stays ready (no not-ready is recorded) while the link dials again at once (V05).
 */
export function redialStayingReady(link: LinkActions): void {
  link.endConnection();
  void link.dial();
}

/**
 * reconnect-replays-unacked-submits: a submit whose acceptance was unknown when the connection was
 * lost is written again, under the same operation ID, once the peer is ready on a new connection.
 * The operation itself has already ended (Unavailable); nobody waits for this copy's answer (V03).
 */
export function replayWhenReady(link: LinkActions, sent: { opId: string; work: Work; deadlineAt?: number }): void {
  void link.whenReady().then(() => link.submit(sent.opId, sent.work, false, sent.deadlineAt));
}

/** Each mutant of the node's mesh rules (connection/mesh-rules.ts): the one it implements otherwise. */
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

/** Each mutant of a peer link's rules (connection/link-rules.ts): the one it implements otherwise. */
export const LINK_MUTANTS = {
  // R-STO-2: while the Store cannot be read, no connection is made at all, a reconnect neither.
  'grace-blocks-reconnect': { dialsInGrace: () => false },
  // R-CONN-3: a reconnect goes to the address the link first dialled.
  'reconnect-stale-address': { dialAddress: (current, first) => first ?? current },
  // V05: a reconnect keeps the connection's ID; or IDs count the link's dials, the same again after a restart.
  'reconnect-reuses-connection-id': { connectionId: (c) => c.previous ?? c.fresh() },
  'connection-ids-restart-with-process': { connectionId: (c) => `${c.node}-${c.peer}-${c.dials}` },
  // V05: a peer verified before is resumed without a handshake, or without its proof.
  'reconnect-resumes-without-handshake': { handshakes: (verifiedBefore) => !verifiedBefore },
  'reconnect-skips-verification': { acceptsUnproven: (reconnecting) => reconnecting },
  // R-CONN-3: the proof is checked for whatever RID the welcome claims, so any member passes for the peer.
  'welcome-proof-checked-for-claimed-rid': { provenRid: (peer, claimed) => (typeof claimed === 'string' ? claimed : peer) },
  // R-GEN-4: the ErrorKind is read from another field of the result.
  'result-frame-drops-error-kind': { errorKindOf: (result) => result.error },
  // R-CONN-1: a close waits for the liveness check.
  'close-waits-for-liveness': { noticesClose: () => false },
  // V05: on a transport error the peer stays ready while the link redials.
  'transport-error-keeps-ready': {
    lostWithoutNotReady: (link, reason) => {
      if (reason !== 'transport-error') return false;
      redialStayingReady(link);
      return true;
    },
  },
  // V05: the lost connection's operations wait for a reply on the next one (MESH_MUTANTS has its other half).
  'reconnect-reuses-reply-route': { keepsOperationsOfLostConnection: () => true },
  // V03: a submit of unknown acceptance is written again once the peer is ready.
  'reconnect-replays-unacked-submits': { unknownWhenLost: (link, sent) => replayWhenReady(link, sent) },
  // R-CONN-2: silence is never judged (MESH_MUTANTS has the serving end); R-STO-2: not while the Store cannot be read.
  'no-liveness': { judgesSilence: () => false },
  'grace-keeps-silent-peer-ready': { judgesSilence: (storeFresh) => storeFresh },
} satisfies { [M in MutantName]?: Partial<LinkRules> };
