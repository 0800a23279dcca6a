// The Session owner's rules (spec 6; R-SES-1..3, V15): what a Session's life is bound to (its
// connection, its process), and how a relocation's location update reaches the bindings. SessionHost
// asks them by name where each applies; REFERENCE_SESSIONS is the Framework's behaviour (a Session
// lives in its owner process only: nothing of it is restored, handed on or looked up elsewhere), and a
// kit mutant of this side is another implementation of one of them (SESSION_MUTANTS in
// impl-reference/mutants/sessions.ts).

import type { Rid } from '../../src/driver/types.ts';
import type { SessionOwner, SharedSessions } from '../mutants/shared-sessions.ts';
import type { Work, WorkResult } from '../node/work.ts';
import type { Binding, Session } from './session.ts';

export type LocationUpdate = { objectId: string; generation: number; owner: Rid };

export type SessionRelay = Extract<Work, { type: 'session-relay' }>;

/** What the rules may use of a Session owner process (a SessionHost). */
export interface SessionSide {
  /** This process, as the shared list sees it. */
  readonly owner: SessionOwner;
  /** The Sessions this process holds. */
  readonly sessions: Map<string, Session>;
  /** Only mutants read it: the reference keeps every Session in its own process. */
  readonly shared: SharedSessions;
}

export interface SessionRules {
  /** V15.4: a restarted process is a different process: it starts with no Session and restores none. */
  processStarted(side: SessionSide): Promise<void>;
  /**
   * V15.3: the physical connection, the Session and its bindings end with the process; no other
   * process takes the connection over. True when the rule handed `session` on.
   */
  connectionTakenOver(side: SessionSide, session: Session): boolean;
  /** R-SES-2.3: a late disconnect of an earlier connection ends its own Session only, never a newer one. */
  sessionOfClosedConnection(side: SessionSide, closed: Session): Session;
  /** R-SES-1.2: the Session owner gets a relocation's location update and applies it. */
  appliesLocationUpdate(): boolean;
  /** R-SES-3.5: binding updates of a Session whose owner died are not applied to the client's new Session. */
  updateOfLostSessions(side: SessionSide, u: LocationUpdate): void;
  /** R-SES-1.5: an update applies to the bindings of the generation it names only. */
  updateApplies(bindingGeneration: number, updateGeneration: number): boolean;
  /** R-SES-1.4: the binding follows the Actor with no rebind: it does not end. */
  bindingFollowsRelocation(): boolean;
  /** R-SES-1.3: the ActorRef location snapshot moves with the route. */
  snapshotAfterUpdate(before: Binding['location'], u: LocationUpdate): Binding['location'];
  /** R-SES-1.1: a planned relocation keeps the Session's connection: the client is told on it, and keeps it. */
  clientTold(session: Session): void;
  /** R-SES-3.4: a relay's reply goes back to the Session that asked, or nowhere: never to the client's new Session. */
  replyOfLostSession(side: SessionSide, relay: SessionRelay, opId: string, result: WorkResult): void;
}

export const REFERENCE_SESSIONS: SessionRules = {
  processStarted: async () => {},
  connectionTakenOver: () => false,
  sessionOfClosedConnection: (_side, closed) => closed,
  appliesLocationUpdate: () => true,
  updateOfLostSessions: () => {},
  updateApplies: (bindingGeneration, updateGeneration) => bindingGeneration === updateGeneration,
  bindingFollowsRelocation: () => true,
  snapshotAfterUpdate: (_before, u) => ({ owner: u.owner, generation: u.generation }),
  clientTold: () => {},
  replyOfLostSession: () => {},
};
