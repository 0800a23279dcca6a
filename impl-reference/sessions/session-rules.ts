// The Session owner's rules (spec 6; R-SES-1..3, V02, V05, V09, V15): what a Session's life is bound
// to (its connection, its process), how a relocation's location update reaches the bindings, what
// authenticates a Session, what a token names, and where a relay goes. SessionHost and its
// ClientRequests ask them by name where each applies; REFERENCE_SESSIONS is the Framework's
// behaviour (a Session lives in its owner process only: nothing of it is restored, handed on or
// looked up elsewhere; a token names one binding of one Session; a relay goes to its binding's route
// once), and a kit mutant of this side is another implementation of one of them (SESSION_MUTANTS in
// impl-reference/mutants/sessions.ts).

import type { Clock } from '../../src/driver/clock.ts';
import type { Rid } from '../../src/driver/types.ts';
import type { SendEnd } from '../connection/node-context.ts';
import { OWN_PROCESS, type ListContext, type SessionList, type SessionOwner } from './session-list.ts';
import type { Operation } from '../kernel/operation.ts';
import type { Work, WorkResult } from '../kernel/work.ts';
import type { NodeStore } from '../store/node-store.ts';
import type { Binding, Session } from './session.ts';

export type LocationUpdate = { objectId: string; generation: number; owner: Rid };

export type SessionRelay = Extract<Work, { type: 'session-relay' }>;

/** What the rules may use of a Session owner process (a SessionHost). */
export interface SessionSide {
  /** This process, as the shared list sees it. */
  readonly owner: SessionOwner;
  /** The Sessions this process holds. */
  readonly sessions: Map<string, Session>;
  /** The list this process tells of its Sessions (the reference: none, OWN_PROCESS). */
  readonly shared: SessionList;
}

/** The node's peer links, as the rules may look at them (only mutants do). */
export interface RouteLinks {
  link(peer: Rid): { readonly history: ReadonlyArray<{ event: string; at: number }>; whenReady(): Promise<void> } | undefined;
}

/** What the rules may use of the side answering a client's requests (a ClientRequests' desk). */
export interface RequestSide {
  readonly node: RouteLinks & { readonly rid: Rid; readonly clock: Clock; readonly store: NodeStore };
  /** How this node sends operations through the mesh. */
  readonly caller: { send(op: Operation, target: Rid, work: Work): Promise<SendEnd> };
  /** The Sessions this process holds. */
  readonly sessions: Map<string, Session>;
  /** The list this process tells of its Sessions (the reference: none, OWN_PROCESS). */
  readonly shared: SessionList;
}

export interface SessionRules {
  /** Spec 6: a Session lives in its owner process only; the reference tells no list of its Sessions. */
  sessionList(node: ListContext): SessionList;
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
  /** V15.1-2, R-SES-3.1: hello on a new connection is a new Session: nothing of one whose owner died is restored in it. */
  sessionOfHello(side: RequestSide, session: Session, client: string): Promise<void>;
  /** R-SES-3.2: a Session authenticates with the mesh's client credential, or ends. */
  authenticates(proofVerified: boolean): boolean;
  /** R-SES-3.2: nothing is bound, relayed or unbound before the Session authenticated. */
  requiresAuthentication(): boolean;
  /** V09.2: a binding of a re-created Actor is a new binding, with a token of its own (`fresh`). */
  bindingToken(session: Session, objectId: string, fresh: string): string;
  /** R-SES-3.3: a token is known only to the Session that bound it: one it does not hold names nothing. */
  relayTokenNotHeld(side: RequestSide, session: Session, token: string): Promise<Binding | undefined>;
  /** R-SES-2.1: a token names one binding; a relay goes through that one, ended or not. */
  bindingOfRelay(session: Session, named: Binding): Binding;
  /** V09.3: a binding keeps the incarnation it was made for, whatever became of its route's process. */
  bindingBeforeRelay(side: RequestSide, b: Binding): Promise<void>;
  /**
   * V02.3, V05.5: a relay goes to its binding's route and nowhere else, once: its send's end is the
   * relay's, route not ready or connection lost alike.
   */
  relaySendEnded(side: RequestSide, op: Operation, route: Rid, work: Work, end: SendEnd): Promise<SendEnd>;
  /** R-SES-2.4: an unbind's token is looked up in the requesting Session only: one it does not hold names nothing. */
  unbindTokenNotHeld(side: RequestSide, token: string): Binding | undefined;
  /** R-SES-2.2: an unbind ends the binding its token names, never a newer one of the same Actor. */
  bindingOfUnbind(session: Session, named: Binding): Binding;
}

export const REFERENCE_SESSIONS: SessionRules = {
  sessionList: () => OWN_PROCESS,
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
  sessionOfHello: async () => {},
  authenticates: (proofVerified) => proofVerified,
  requiresAuthentication: () => true,
  bindingToken: (_session, _objectId, fresh) => fresh,
  relayTokenNotHeld: async () => undefined,
  bindingOfRelay: (_session, named) => named,
  bindingBeforeRelay: async () => {},
  relaySendEnded: async (_side, _op, _route, _work, end) => end,
  unbindTokenNotHeld: () => undefined,
  bindingOfUnbind: (_session, named) => named,
};
