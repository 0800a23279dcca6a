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

// The types are defined once, as a schema (./schema/sessions.ts, with their descriptions), and
// derive from it; this module keeps the names every import uses, and the runtime helpers.

export type {
  BindingEvent,
  BindingState,
  BindingView,
  ClientBinding,
  ClientConnectionView,
  OwnerSessionView,
  PushedFrame,
  SessionOperationSpec,
  SessionView,
} from './schema/sessions.ts';
import type { SessionOperationSpec, SessionView } from './schema/sessions.ts';

export const SESSION_OPERATION_KINDS = [
  'session-connect',
  'session-authenticate',
  'session-bind',
  'session-relay',
  'session-unbind',
  'session-send-line',
  'session-disconnect',
] as const;

export function isSessionOperation(op: { kind: string }): op is SessionOperationSpec {
  return (SESSION_OPERATION_KINDS as readonly string[]).includes(op.kind);
}

/**
 * The frames a Session owner sent the client that are not frames of the Session protocol, one line
 * each (ClientConnectionView.protocolErrors): the kit reads nothing from them, and a runtime whose
 * Session owner sends them does not speak the protocol the kit's Session scenarios rest on.
 */
export function protocolErrorsOf(v: SessionView): string[] {
  return v.connections.flatMap((c) => (c.protocolErrors ?? []).map((e) => `on connection ${c.connection} (to ${c.node}): ${e}`));
}
