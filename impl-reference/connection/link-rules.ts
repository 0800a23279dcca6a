// A peer link's rules (spec 3.2, 4, 10; R-CONN-1..3, V03, V05, R-GEN-4, R-STO-2): where and how it
// connects, what it takes as proof of the peer, what a lost connection ends, and when silence makes
// the peer not-ready. PeerLink asks them by name where each applies; REFERENCE_LINK is the
// Framework's behaviour, and a kit mutant of a link is another implementation of one of them
// (LINK_MUTANTS in impl-reference/mutants/connection.ts). The node hands them to its links with its
// mesh rules (connection/mesh-rules.ts).

import type { NotReadyReason, Rid } from '../../src/driver/types.ts';
import type { Frame } from '../transport/types.ts';
import type { Work } from '../kernel/work.ts';

/** A peer link, as its rules may act on it. */
export interface LinkActions {
  /** Close the current connection and end the operations written to it. */
  endConnection(): void;
  /** Connect now, even while ready. */
  dial(): Promise<void>;
  whenReady(): Promise<void>;
  submit(opId: string, work: Work, failAfterWrite: boolean, deadlineAt?: number): unknown;
}

/** What a new connection's ID is made from. */
export interface NewConnection {
  node: Rid;
  peer: Rid;
  /** The ID of the link's last connection, if it had one. */
  previous?: string;
  /** Connections this link has dialled in this process, this one included. */
  dials: number;
  /** A new ID, never used before by anyone. */
  fresh(): string;
}

export interface LinkRules {
  /** R-STO-2: while the Store cannot be read, the last list's connection intents stay: a link (re)connects. */
  dialsInGrace(): boolean;
  /** R-CONN-3: a reconnect goes to the current descriptor's address. */
  dialAddress(current: string, first: string | undefined): string;
  /** V05: every connection, a reconnect too, has a connection ID of its own, across restarts too. */
  connectionId(c: NewConnection): string;
  /** V05: a connection proves the peer through the service handshake; a reconnect too. */
  handshakes(verifiedBefore: boolean): boolean;
  /** R-CONN-3: the welcome must prove the peer this link is for, whatever RID it claims. */
  provenRid(peer: Rid, claimed: unknown): Rid;
  /** V05: a welcome that does not prove the peer is refused, on a reconnect as on the first connection. */
  acceptsUnproven(reconnecting: boolean): boolean;
  /** R-GEN-4: the ErrorKind of a failed result comes back as the target gave it. */
  errorKindOf(result: Frame): unknown;
  /** R-CONN-1: a connection that closes (orderly or with an error) makes the peer not-ready at once. */
  noticesClose(): boolean;
  /** V05: a lost connection's ready state goes with it. True when the rule has dealt with the loss itself. */
  lostWithoutNotReady(link: LinkActions, reason: NotReadyReason): boolean;
  /** V05: nothing of a lost connection carries over: its operations end with it. */
  keepsOperationsOfLostConnection(): boolean;
  /** V03: an operation written, acceptance unknown, when its connection was lost: it is never written again. */
  unknownWhenLost(link: LinkActions, sent: { opId: string; work: Work; deadlineAt?: number }): void;
  /** R-CONN-2, R-STO-2: a peer silent up to the liveness deadline is not-ready, while the Store cannot be read too. */
  judgesSilence(storeFresh: boolean): boolean;
}

export const REFERENCE_LINK: LinkRules = {
  dialsInGrace: () => true,
  dialAddress: (current) => current,
  connectionId: (c) => c.fresh(),
  handshakes: () => true,
  provenRid: (peer) => peer,
  acceptsUnproven: () => false,
  errorKindOf: (result) => result.errorKind,
  noticesClose: () => true,
  lostWithoutNotReady: () => false,
  keepsOperationsOfLostConnection: () => false,
  unknownWhenLost: () => {},
  judgesSilence: () => true,
};
