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

import Type from 'typebox';
import { AppPayload, Int, Ms, Obj, Rid, Str, doc, named } from './basics.ts';

const client = Str('The client, named by the scenario (e.g. "c1").');
const connection = Type.Optional(Int("Which of the client's connections (1-based, in the order opened); default the current (last) one."));
const deadlineMs = Type.Optional(Ms('The operation\'s deadline, counted from submit; default the implementation\'s defaultDeadlineMs.'));

export const SessionOperationSpec = named(
  'SessionOperationSpec',
  Type.Union(
    [
      Obj(
        { kind: Type.Literal('session-connect'), client, node: Rid, deadlineMs },
        { description: 'The client opens a STREAM connection to `node`: a new Session, not yet authenticated. Reply: `{sessionId, node}`.' },
      ),
      Obj(
        { kind: Type.Literal('session-authenticate'), client, wrongCredential: Type.Optional(Type.Boolean()), connection, deadlineMs },
        { description: "The client proves it holds the client credential of the node's mesh (or, with `wrongCredential`, a credential that is not it)." },
      ),
      Obj(
        { kind: Type.Literal('session-bind'), client, objectId: Str(), connection, deadlineMs },
        { description: 'Bind the Actor `objectId`. Reply: the binding `{token, objectId, generation, route}`.' },
      ),
      Obj(
        { kind: Type.Literal('session-relay'), client, bindingToken: Str(), payload: AppPayload, connection, deadlineMs },
        {
          description:
            "Relay a message to the Actor through the binding `bindingToken`. The relay runs as an operation with the same ID as this one (so the journal's " +
            "handler runs carry it); its Outcome's attempts are the Session owner's attempts towards the binding's route.",
        },
      ),
      Obj({ kind: Type.Literal('session-unbind'), client, bindingToken: Str(), connection, deadlineMs }, { description: 'End the binding `bindingToken`.' }),
      Obj(
        { kind: Type.Literal('session-send-line'), client, line: Str('One line of text, without its "\\n" (the client adds it).'), connection, deadlineMs },
        {
          description:
            'The client writes `line` on the connection as it is: input its own requests never carry (not JSON, not a request, a request missing a field), ' +
            'to see what the Session owner does with it. A line that is a JSON object with a string `id` ends with the answer carrying that `id`; any other ' +
            'line with the next answer that carries none. Reply: that answer frame, as it came (`{t, id?, errorKind?, ...}`); a failure Unavailable if the ' +
            'connection closed first. The answer is still held to the protocol: one that is not a frame of it is a protocol error (ClientConnectionView.protocolErrors).',
        },
      ),
      Obj(
        { kind: Type.Literal('session-disconnect'), client, connection, deadlineMs },
        { description: 'The client closes the connection. Ends with a reply once its end is closed.' },
      ),
    ],
    { description: "A client's Session operation (submitted like any other operation)." },
  ),
);
export type SessionOperationSpec = Type.Static<typeof SessionOperationSpec>;

export const BindingState = named('BindingState', Type.Enum(['bound', 'ended', 'unbound'], { description: 'The state of a binding.' }));
export type BindingState = Type.Static<typeof BindingState>;

export const BindingEvent = named(
  'BindingEvent',
  Obj(
    {
      event: Type.Enum(['bound', 'location-update', 'ended', 'unbound']),
      route: doc(Rid, 'The route after the event.'),
      generation: Int(),
      at: Ms(),
    },
    { description: "An event in a binding's history." },
  ),
);
export type BindingEvent = Type.Static<typeof BindingEvent>;

export const BindingView = named(
  'BindingView',
  Obj(
    {
      token: Str(),
      objectId: Str(),
      generation: Int('The ObjectGeneration the binding belongs to.'),
      route: doc(Rid, 'The node relays through this binding go to.'),
      location: Obj({ owner: Rid, generation: Int() }, { description: 'The ActorRef location snapshot the Session owner keeps for the binding.' }),
      state: BindingState,
      history: Type.Array(BindingEvent),
    },
    { description: 'A binding as the Session owner holds it.' },
  ),
);
export type BindingView = Type.Static<typeof BindingView>;

export const OwnerSessionView = named(
  'OwnerSessionView',
  Obj(
    {
      sessionId: Str(),
      node: Rid,
      client: Type.Optional(Str('The client name the client gave when it connected.')),
      state: Type.Enum(['open', 'ended'], { description: '`ended` once its connection closed or the owner ended it.' }),
      authenticated: Type.Boolean(),
      bindings: Type.Array(BindingView),
    },
    { description: 'What the Session owner process holds for one Session.' },
  ),
);
export type OwnerSessionView = Type.Static<typeof OwnerSessionView>;

export const ClientBinding = named(
  'ClientBinding',
  Obj({ token: Str(), objectId: Str(), generation: Int(), route: Rid }, { description: 'A binding the client was given (a bind reply).' }),
);
export type ClientBinding = Type.Static<typeof ClientBinding>;

export const PushedFrame = named(
  'PushedFrame',
  Obj(
    {
      t: Str(),
      token: Type.Optional(Str()),
      objectId: Type.Optional(Str()),
      generation: Type.Optional(Int()),
      route: Type.Optional(Rid),
      id: Type.Optional(Str('The request ID a reply answers.')),
    },
    { description: 'A frame the Session owner pushed without being asked.' },
  ),
);
export type PushedFrame = Type.Static<typeof PushedFrame>;

export const ClientConnectionView = named(
  'ClientConnectionView',
  Obj(
    {
      connection: Int('1-based, in the order the client opened its connections; the last one is the current one.'),
      node: Rid,
      open: Type.Boolean({ description: "The client's end of the STREAM connection is open." }),
      closedBy: Type.Optional(
        Type.Enum(['client', 'owner'], { description: 'Who ended it: the client itself, or the other side (the Session owner closed it, or its process died).' }),
      ),
      sessionId: Type.Optional(Str('The Session ID the Session owner gave this connection.')),
      bindings: Type.Array(ClientBinding, { description: 'The bindings the client was given on this connection, in order.' }),
      updates: Type.Array(PushedFrame, { description: 'Location updates and binding ends pushed on this connection for bindings made on it.' }),
      foreign: Type.Array(PushedFrame, {
        description:
          "Frames that belong to nothing sent or bound on this connection (a reply to a request never made here, an update of another connection's binding).",
      }),
      protocolErrors: Type.Array(Str(), {
        description:
          "Frames the Session owner sent on this connection that are not frames of the Session protocol (docs/assumptions.md), each with what is wrong with it: a line that is not a JSON object with a string `t`, an unknown `t`, a `fail` without a known errorKind, an answer or push missing a field the protocol gives it.",
      }),
      atOwner: Type.Optional(doc(OwnerSessionView, 'The Session as its owner holds it now; absent when no running process holds it.')),
      heldBy: Type.Array(Rid, { description: "Every running node holding an open Session with this connection's Session ID." }),
    },
    { description: 'One connection of a Session client: what the client saw on it, and the Session its owner holds.' },
  ),
);
export type ClientConnectionView = Type.Static<typeof ClientConnectionView>;

export const SessionView = named(
  'SessionView',
  Obj({ client: Str(), connections: Type.Array(ClientConnectionView) }, { description: "A Session client's connections (session())." }),
);
export type SessionView = Type.Static<typeof SessionView>;
