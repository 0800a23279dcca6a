// The Driver's Session surface (spec section 6): a client outside the Framework that connects to
// a Session owner node over a real STREAM connection, authenticates, binds ActorRefs and relays
// messages through them. Operations are submitted like any other (driver.submit) and end with an
// Outcome; `session(client)` reads the binding state on the Session owner's side.
// (Sketch: the sessions work may reshape these types.)

import type { AppPayload, Rid } from './types.ts';

export type SessionOperationSpec =
  /** The client opens a STREAM connection to `node` (a new Session). */
  | { kind: 'session-connect'; client: string; node: Rid; deadlineMs?: number }
  | { kind: 'session-authenticate'; client: string; deadlineMs?: number }
  /** Bind the Actor `objectId`; the reply carries the binding token. */
  | { kind: 'session-bind'; client: string; objectId: string; deadlineMs?: number }
  /** Relay a message to the Actor through a binding (the latest one, or the token given). */
  | { kind: 'session-relay'; client: string; payload: AppPayload; bindingToken?: string; deadlineMs?: number }
  | { kind: 'session-unbind'; client: string; bindingToken?: string; deadlineMs?: number }
  | { kind: 'session-disconnect'; client: string; deadlineMs?: number };

export interface BindingView {
  token: string;
  objectId: string;
  generation: number;
  /** The node the binding routes to (the ActorRef location snapshot). */
  route: Rid;
  state: 'bound' | 'ended';
}

export interface SessionView {
  client: string;
  /** The Session the client's current connection belongs to, if any. */
  sessionId?: string;
  node?: Rid;
  connected: boolean;
  authenticated: boolean;
  bindings: BindingView[];
}
