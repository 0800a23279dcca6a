// Mutants of a node's peer connections and its descriptor list (spec 3.2, 7; node/membership.ts,
// connection/serving-side.ts, node/heartbeat.ts, node/mesh-node.ts and peer-link.ts). Each function acts out one bug; the node or link calls it from the decision point
// where the rule lives. What they use of either is declared here, structurally, so this layer
// imports nothing above it.

import type { NotReadyReason, Rid } from '../../src/driver/types.ts';
import type { NodeDescriptor } from '../location/records.ts';
import type { Work } from '../node/work.ts';

/** The node's connection intents: its peer links. */
export interface Links {
  otherLinks(): Array<{ peer: Rid; lose(reason: NotReadyReason): void }>;
  dropLink(peer: Rid): void;
}

/** recovery-reconnects-everything: drop every connection, so each is made again (R-STO-4 keeps them). */
export function dropEveryLink(node: Links): void {
  for (const link of node.otherLinks()) node.dropLink(link.peer);
}

/** grace-forgets-descriptors: an unreadable Store empties the last list and drops its connections (R-STO-2). */
export function forgetDescriptors(node: Links & { discovery: { forget(): void } }): void {
  node.discovery.forget();
  dropEveryLink(node);
}

/** peer-failure-spreads: one peer failing liveness resets every other peer connection too (V04). */
export function spreadPeerFailure(node: Links, failed: Rid): void {
  for (const link of node.otherLinks()) if (link.peer !== failed) link.lose('transport-error');
}

/**
 * grace-connects-new-target: a node that called in, outside the last fully-read list, is taken into
 * the list and connected to (R-STO-2 serves it, and connects to nothing new).
 */
export function connectCaller(node: { discovery: { learn(d: NodeDescriptor): void }; ensureLink(rid: Rid): void }, caller: NodeDescriptor): void {
  node.discovery.learn(caller);
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
