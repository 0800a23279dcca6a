// The Driver's Session surface (spec section 6): a client outside the Framework that connects to
// a Session owner node over a real STREAM connection, authenticates, binds ActorRefs and relays
// messages through them. Operations are submitted like any other (driver.submit) and end with an
// Outcome; `session(client)` shows the client's connections, each with what the client saw on it
// and the binding state read from the Session owner's side.
//
// A client (named by the scenario, e.g. "c1") may hold several connections: every session-connect
// opens a new one and makes it the client's current connection; earlier ones stay as they are
// until they are disconnected or dropped. Operations go out on the current connection unless they
// name another (`connection`, 1-based in the order they were opened).

import type { AppPayload, Rid } from './basics.ts';

export type SessionOperationSpec =
  /** The client opens a STREAM connection to `node`: a new Session, not yet authenticated. Reply: `{sessionId, node}`. */
  | { kind: 'session-connect'; client: string; node: Rid; deadlineMs?: number }
  /** The client proves it holds the client credential of the node's mesh (or, with `wrongCredential`, a credential that is not it). */
  | { kind: 'session-authenticate'; client: string; wrongCredential?: boolean; connection?: number; deadlineMs?: number }
  /** Bind the Actor `objectId`. Reply: the binding `{token, objectId, generation, route}`. */
  | { kind: 'session-bind'; client: string; objectId: string; connection?: number; deadlineMs?: number }
  /**
   * Relay a message to the Actor through the binding `bindingToken`. The relay runs as an operation
   * with the same ID as this one (so the journal's handler runs carry it); its Outcome's attempts
   * are the Session owner's attempts towards the binding's route.
   */
  | { kind: 'session-relay'; client: string; bindingToken: string; payload: AppPayload; connection?: number; deadlineMs?: number }
  | { kind: 'session-unbind'; client: string; bindingToken: string; connection?: number; deadlineMs?: number }
  /** The client closes the connection. Ends with a reply once its end is closed. */
  | { kind: 'session-disconnect'; client: string; connection?: number; deadlineMs?: number };

export const SESSION_OPERATION_KINDS = [
  'session-connect',
  'session-authenticate',
  'session-bind',
  'session-relay',
  'session-unbind',
  'session-disconnect',
] as const;

export function isSessionOperation(op: { kind: string }): op is SessionOperationSpec {
  return (SESSION_OPERATION_KINDS as readonly string[]).includes(op.kind);
}

export type BindingState = 'bound' | 'ended' | 'unbound';

export interface BindingEvent {
  event: 'bound' | 'location-update' | 'ended' | 'unbound';
  /** The route after the event. */
  route: Rid;
  generation: number;
  at: number;
}

/** A binding as the Session owner holds it. */
export interface BindingView {
  token: string;
  objectId: string;
  /** The ObjectGeneration the binding belongs to. */
  generation: number;
  /** The node relays through this binding go to. */
  route: Rid;
  /** The ActorRef location snapshot the Session owner keeps for the binding. */
  location: { owner: Rid; generation: number };
  state: BindingState;
  history: BindingEvent[];
}

/** What the Session owner process holds for one Session. */
export interface OwnerSessionView {
  sessionId: string;
  node: Rid;
  /** The client name the client gave when it connected. */
  client?: string;
  /** `ended` once its connection closed or the owner ended it. */
  state: 'open' | 'ended';
  authenticated: boolean;
  bindings: BindingView[];
}

/** A binding the client was given (a bind reply). */
export interface ClientBinding {
  token: string;
  objectId: string;
  generation: number;
  route: Rid;
}

/** A frame the Session owner pushed without being asked. */
export interface PushedFrame {
  t: string;
  token?: string;
  objectId?: string;
  generation?: number;
  route?: Rid;
  /** The request ID a reply answers. */
  id?: string;
}

export interface ClientConnectionView {
  /** 1-based, in the order the client opened its connections; the last one is the current one. */
  connection: number;
  node: Rid;
  /** The client's end of the STREAM connection is open. */
  open: boolean;
  /** Who ended it: the client itself, or the other side (the Session owner closed it, or its process died). */
  closedBy?: 'client' | 'owner';
  /** The Session ID the Session owner gave this connection. */
  sessionId?: string;
  /** The bindings the client was given on this connection, in order. */
  bindings: ClientBinding[];
  /** Location updates and binding ends pushed on this connection for bindings made on it. */
  updates: PushedFrame[];
  /** Frames that belong to nothing sent or bound on this connection (a reply to a request never made here, an update of another connection's binding). */
  foreign: PushedFrame[];
  /** The Session as its owner holds it now; absent when no running process holds it. */
  atOwner?: OwnerSessionView;
  /** Every running node holding an open Session with this connection's Session ID. */
  heldBy: Rid[];
}

export interface SessionView {
  client: string;
  connections: ClientConnectionView[];
}
