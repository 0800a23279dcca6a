// The control interface of a node process: JSON lines on its stdin (requests) and stdout (replies
// and events), as Maelstrom's nodes speak. The harness is the only client. A request is
// {id, method, params}; its reply {id, result} or {id, error}; events carry no id.
// docs/node-process.md lists every method.

import type { ChannelConfig } from './config.ts';
import type { NodeOptions, NodeView, OperationSpec, Outcome, PeerView } from '../../src/driver/types.ts';
import type { OwnerSessionView } from '../../src/driver/sessions.ts';

export interface ControlMethods {
  /** Start an operation of the application on this node; its Outcome comes as an `outcome` event. */
  submit: { params: { opId: string; deadlineAt: number; spec: OperationSpec }; result: null };
  cancel: { params: { opId: string }; result: null };
  /** Connect to every peer of the descriptor list; replies when all are ready. */
  connectPeers: { params: Record<string, never>; result: null };
  /** Orderly shutdown: operations started here end with `shutdown`, connections close with a goodbye. */
  shutdown: { params: Record<string, never>; result: null };
  channel: { params: { channel: ChannelConfig }; result: null };
  configure: { params: NodeOptions; result: null };
  releaseGate: { params: { gate: string }; result: null };
  failpoint: { params: { name: string; peer?: string }; result: null };
  /** This node closes its end of the connection a peer opened to it. */
  closeConnection: { params: { peer: string; mode: 'orderly' | 'error' }; result: { closed: boolean } };
  move: { params: Record<string, never>; result: { address: string } };
  /** The node stops being itself at its address: every connection fails (an impostor takes over). */
  vanish: { params: Record<string, never>; result: null };
  /** Reset what a Store failpoint left (a node cut off from the Store by `store.reply-lost-then-cut-off`). */
  storeReach: { params: { reachable: boolean }; result: null };
  node: { params: Record<string, never>; result: NodeView };
  peer: { params: { peer: string }; result: PeerView };
  /** The Sessions with these IDs that this process holds, as it holds them (one call for a client's every connection). */
  sessionOwners: { params: { sessionIds: string[] }; result: OwnerSessionView[] };
  /** Which of these Session IDs this process holds open. */
  holdsSessions: { params: { sessionIds: string[] }; result: string[] };
  /**
   * For `npm run bench` only: node direct request/reply from this node's application to `to`,
   * `inFlight` at a time for `ms`, measured inside the node (no control round trip per request).
   */
  benchDirect: { params: { mesh: string; to: string; inFlight: number; ms: number }; result: { done: number; failed: number; ms: number } };
}

export type ControlMethod = keyof ControlMethods;

export type ControlEvent =
  /** The node listens and holds its lease: where it listens, for peers and for Session clients. */
  | { event: 'ready'; address: string; sessionPort: number; pid: number }
  | { event: 'outcome'; opId: string; outcome: Outcome }
  /** Something the node could not handle; the harness reports it with the scenario. */
  | { event: 'error'; message: string };

export const CONTROL_METHODS: ControlMethod[] = [
  'submit', 'cancel', 'connectPeers', 'shutdown', 'channel', 'configure', 'releaseGate', 'failpoint',
  'closeConnection', 'move', 'vanish', 'storeReach', 'node', 'peer', 'sessionOwners', 'holdsSessions', 'benchDirect',
];
