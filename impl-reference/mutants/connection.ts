// Mutants of a node's peer connections and its descriptor list (spec 3.2, 7; mesh-node.ts). Each
// function acts out one bug; the node calls it from the decision point where the rule lives.
// What they use of the node is declared here, structurally, so this layer imports nothing above it.

import type { NotReadyReason, Rid } from '../../src/driver/types.ts';
import type { NodeDescriptor } from '../location/records.ts';

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
