// What an operation asks its target node to do. It travels in the `submit` frame, is accepted
// into the node's bounded queue like any other operation, and ends with one WorkResult.

import type { AppPayload, ErrorKind, ObjectKind, Rid } from '../../src/driver/types.ts';
import type { RelocationRecord } from './relocation-record.ts';

export type Work =
  | { type: 'app'; payload: AppPayload }
  | { type: 'create'; objectId: string; kind: ObjectKind; input: unknown }
  | { type: 'message'; objectId: string; payload: AppPayload; generation?: number; instanceIntent: boolean }
  | { type: 'activate'; objectId: string; payload: AppPayload; factoryInput: unknown }
  | { type: 'close'; objectId: string; generation: number }
  | { type: 'join'; objectId: string; generation: number; member: Rid }
  | { type: 'relocate'; objectId: string; target: Rid; generation?: number }
  | { type: 'relocation-prepare'; relocation: RelocationRecord; kind: ObjectKind }
  | { type: 'relocation-relay'; relocationId: string; objectId: string; letter: Letter }
  | { type: 'relocation-cutover'; relocationId: string }
  | { type: 'relocation-cancel'; relocationId: string }
  /** Where an object lives now, sent by a relocation target to every node (Session owners). */
  | { type: 'location-update'; objectId: string; generation: number; owner: Rid }
  /**
   * A client's message relayed by its Session owner through a binding: delivered only to the
   * incarnation the binding belongs to (`generation`), unlike a regular Actor message (V09).
   * `client` and `session` name where it came from (for logs; the reply goes back on the route).
   */
  | { type: 'session-relay'; objectId: string; generation: number; payload: AppPayload; client: string; session: string }
  /** Mutant only (direct-relays-via-peer): node direct relayed through a peer, to be forwarded to `to`. */
  | { type: 'relay'; to: Rid; work: Work }
  /** Mutant only (session-reply-follows-client, across processes): a frame for a Session held there. */
  | { type: 'session-frame'; session: string; frame: Record<string, unknown> & { t: string } };

export type WorkResult = { ok: true; value: unknown } | { ok: false; errorKind: ErrorKind };

export const ok = (value: unknown): WorkResult => ({ ok: true, value });
export const fail = (errorKind: ErrorKind): WorkResult => ({ ok: false, errorKind });

/** What a target answered for an operation it accepted. */
export type Answer = { ok: true; value: unknown } | { ok: false; errorKind: ErrorKind };
/** An accepted operation's end as the caller sees it: an answer, or the connection lost first. */
export type Completion = Answer | { lost: true };

/** One message for an object's mailbox (objects/mailbox.ts), as Message Follow relays it too. */
export interface Letter {
  opId: string;
  payload: unknown;
}
