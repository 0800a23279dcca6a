// The spec's clauses whose first check is a step of sessions.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const SESSIONS = 'relocation-and-sessions/sessions.feature';

// Scenario names used by several clauses.
const SES_RECREATED = 'After "a1" is closed and created again on <node>, the old binding stays ended';
const SES_LATE_RELAY = 'A late relay through the old binding is not applied to the new binding';
const SES_OWNER_DIES = 'The Session owner dies: a reconnect <where> is a new Session that authenticates and binds again';
const SES_RELOCATION = 'A planned relocation moves the binding; the Session keeps its connection and does not rebind';

// Spec words used by several clauses.
const W_SESSION_OWNER_DIES = "If the Session owner process terminates, the Framework doesn't transfer the physical connection, Session identity, and binding to a different process.";
const W_V15 = "After a Session owner process terminates, the Session and binding aren't restored on a different process.";
const W_LOCATION_UPDATE = "The target runtime sends the Session owner a location update message to change that Actor's binding route and current ActorRef location snapshot.";
const W_LATE = "A late-arriving relay/unbind/disconnect from a previous Session isn't applied to the new binding.";
const W_REAUTH = 'A client reconnect creates a new Session, and the application must authenticate and bind again in the new Session.';
const W_OLD_REPLY = "The previous connection's reply and binding update aren't applied to the new Session.";

export const clauses: Clause[] = [
  // V02: node direct, Actor/Spot direct and Session-bound operations keep the named RID, global object ID or binding; they never retarget
  {
    id: 'V02.3', lines: [140], words: "Node direct, Actor/Spot direct, and Session binding operations don't switch the specified logical identity to a different target.",
    says: 'a Session relay keeps its binding: when the bound target is unavailable the relay is not sent to another target',
    checks: on(SESSIONS, 'A relay keeps its binding: when the bound owner is not ready, it goes nowhere else', 'the request ends with failure Unavailable', 'every attempt named B', 'the handler never ran for the request'),
  },
  {
    id: 'V02.4', lines: [140], words: "Node direct, Actor/Spot direct, and Session binding operations don't switch the specified logical identity to a different target.",
    says: "a relay that reaches its deadline ends there with a timeout, having gone to the binding's route only, and run there once",
    checks: on(SESSIONS, 'A relay that reaches its deadline ends with a timeout there, and goes nowhere else', 'the line was answered with a timeout at its deadline of 300 ms, every attempt naming B', 'the handler of the line ran exactly once, on B'),
  },
  {
    id: 'V02.5', lines: [140], words: "Node direct, Actor/Spot direct, and Session binding operations don't switch the specified logical identity to a different target.",
    says: "a relay that gives no deadline, or one that is not a positive number, is still relayed to the binding's route, once, and answered with its handler's reply",
    checks: on(SESSIONS, "A relay that gives <deadline> goes to the binding's route, once", "the line was answered with its handler's reply, and the handler ran exactly once, on B"),
  },

  // V05: a reconnect repeats handshake and identity verification and reuses no old connection ID, reply route, Session binding or ready state
  {
    id: 'V05.5', lines: [51], words: "A previous connection ID, reply route, Session binding, and ready state aren't reused.",
    says: "a reconnect does not reuse the old connection's Session binding state",
    checks: on(SESSIONS, 'A relay in flight when the link to the bound owner breaks is not carried over to the new connection', 'the request ends with failure Unavailable', 'the handler ran exactly once, on B'),
  },

  // V09: once an Actor is removed and re-created under the same ActorId, the previous Session binding is never used again
  {
    id: 'V09.1', lines: [150], words: "After removing an Actor and re-creating it under the same ActorId, the previous Session binding isn't reused.",
    says: 'after close and re-create, a relay through the old binding ends BindingEnded, runs nowhere, and the Session owner holds that binding as ended',
    checks: [
      ...on(SESSIONS, SES_RECREATED, 'the request ends with failure BindingEnded', 'the handler never ran for the request', 'the Session owner A holds client "c1"\'s binding of "a1" for generation 1 as ended'),
      ...on(SESSIONS, SES_LATE_RELAY, 'the request ends with failure BindingEnded', 'the handler never ran for the request'),
    ],
  },
  {
    id: 'V09.2', lines: [111], words: 'A regular Actor direct message can be sent to the current ActorId, but since Session relay needs the current binding token, the application must bind a new ActorRef.',
    says: 'direct messages reach the new incarnation; a relay needs a new bind, which hands out a new token for the new generation and reaches it',
    checks: on(SESSIONS, SES_RECREATED, 'the request ends with a reply from <node>', 'the handler of the request ran for generation 2', 'client "c1" got a new binding of "a1" for generation 2, routed to <node>, with a new token'),
  },
  {
    id: 'V09.3', lines: [111], words: 'If an Actor is removed, or a new incarnation of the same ActorId is created after an owner failure, the previous binding stays terminated.',
    says: 'a new incarnation created after an owner failure (not only after a Close) also leaves the previous binding ended',
    checks: on(SESSIONS, 'After the owner died and the application created the Actor anew, the old binding stays ended', 'the request ends with failure BindingEnded', 'the handler never ran for the request', 'the Session owner A holds client "c1"\'s binding of "a1" for generation 1 as ended'),
  },
  {
    id: 'V09.4', lines: [111], words: 'If an Actor is removed, or a new incarnation of the same ActorId is created after an owner failure, the previous binding stays terminated.',
    says: 'while the Actor is removed there is no incarnation to bind: a bind of it is refused and the Session holds no binding of it but the terminated one',
    checks: on(SESSIONS, 'Binding an Actor that was removed gives no binding', 'the request ends with failure NotFound', 'client "c1" holds no binding of "a1" but its first'),
  },
  {
    id: 'V09.5', lines: [111], words: 'If an Actor is removed, or a new incarnation of the same ActorId is created after an owner failure, the previous binding stays terminated.',
    says: "a new incarnation of another ActorId terminates no binding of this one: binding it leaves this Actor's binding bound, as it was, and relaying",
    checks: on(SESSIONS, "Binding another Actor's new incarnation leaves this Actor's binding bound", 'client "c1" got a new binding of "a2" for generation 2, routed to B, with a new token', 'the Session owner A still holds client "c1"\'s binding of "a1" as it bound it, routed to B', 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
  },
  {
    id: 'V09.6', lines: [111], words: 'If an Actor is removed, or a new incarnation of the same ActorId is created after an owner failure, the previous binding stays terminated.',
    says: 'a binding is terminated by the removal or re-creation of its Actor, not by a relay whose handler failed: after it the binding is bound as it was and relays',
    checks: on(SESSIONS, 'A relay whose handler fails leaves the binding bound', 'the request ends with failure HandlerError', 'the Session owner A still holds client "c1"\'s binding of "a1" as it bound it, routed to B', 'the request ends with a reply from B'),
  },
  {
    id: 'V09.7', lines: [111], words: 'If an Actor is removed, or a new incarnation of the same ActorId is created after an owner failure, the previous binding stays terminated.',
    says: 'a removed Actor terminates its binding although no new incarnation was made: a relay through it to the node that hosted it ends BindingEnded, runs nothing, and the binding is held as ended',
    checks: on(SESSIONS, 'After "a1" is closed, a relay through its binding ends BindingEnded and runs nothing', 'the request ends with failure BindingEnded', 'the handler never ran for the request', 'the Session owner A holds client "c1"\'s binding of "a1" for generation 1 as ended'),
  },

  // V15: when the Session owner process dies, neither the Session nor its binding is restored on another process
  {
    id: 'V15.1', lines: [113], words: W_SESSION_OWNER_DIES,
    says: 'a client reconnecting after the Session owner died gets a new Session ID, unauthenticated; no running node holds the old Session',
    checks: on(SESSIONS, SES_OWNER_DIES, 'client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding', 'no running node holds the first Session of client "c1"', 'the request ends with failure Unauthenticated'),
  },
  {
    id: 'V15.2', lines: [159], words: W_V15,
    says: 'the old bindings are not restored: the new Session holds none and a relay with an old token is refused and runs nowhere',
    checks: on(SESSIONS, SES_OWNER_DIES, 'client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding', 'no running node holds the first Session of client "c1"', 'the request ends with failure NotFound', 'the handler never ran for the request'),
  },
  {
    id: 'V15.3', lines: [113], words: W_SESSION_OWNER_DIES,
    says: "the client's physical connection ends with the Session owner process; it is not handed to another process",
    checks: on(SESSIONS, SES_OWNER_DIES, 'the first connection of client "c1" drops'),
  },
  {
    id: 'V15.4', lines: [159], words: W_V15,
    says: 'a restarted Session owner on the same node is a different process: it restores neither the Session nor its binding',
    checks: on(SESSIONS, SES_OWNER_DIES, 'client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding', 'no running node holds the first Session of client "c1"'),
  },

  // R-SES-1: a planned relocation keeps the Session STREAM connection; the Session owner gets a location update and the binding follows without a rebind
  {
    id: 'R-SES-1.1', lines: [109], words: "If an Actor moves via a planned relocation, the Session's physical STREAM connection is kept.",
    says: "the client's STREAM connection and its Session stay open through the relocation",
    checks: on(SESSIONS, SES_RELOCATION, 'client "c1" kept its first connection to A and bound "a1" only once'),
  },
  {
    id: 'R-SES-1.2', lines: [109], words: W_LOCATION_UPDATE,
    says: "the Session owner moves the binding's route to the target on a location update, so a relay reaches the target",
    checks: on(SESSIONS, SES_RELOCATION, 'the Session owner A moved client "c1"\'s binding of "a1" to C, keeping its token and generation 1', 'the request ends with a reply from C', 'the handler ran exactly once, on C'),
  },
  {
    id: 'R-SES-1.3', lines: [109], words: W_LOCATION_UPDATE,
    says: 'the ActorRef location snapshot is updated to the target and the client is told',
    checks: on(SESSIONS, SES_RELOCATION, 'the Session owner A moved client "c1"\'s binding of "a1" to C, keeping its token and generation 1', 'client "c1" was told on its connection that "a1" is now on C'),
  },
  {
    id: 'R-SES-1.4', lines: [109], words: "the application doesn't rebind to learn about the relocation",
    says: 'the binding is not ended: the client binds once and keeps its token',
    checks: on(SESSIONS, SES_RELOCATION, 'client "c1" kept its first connection to A and bound "a1" only once', 'the Session owner A moved client "c1"\'s binding of "a1" to C, keeping its token and generation 1'),
  },
  {
    id: 'R-SES-1.5', lines: [109], words: 'This update only applies to a relocation where the same ObjectGeneration is kept',
    says: 'a location update for another generation is not applied to the binding',
    checks: on(SESSIONS, 'A location update for another generation is not applied to the binding', 'the Session owner A still routes client "c1"\'s binding of "a1" for generation 1 to B', 'the request ends with failure BindingEnded'),
  },
  {
    id: 'R-SES-1.6', lines: [109], words: W_LOCATION_UPDATE,
    says: "the update changes that Actor's binding route only: a binding of another Actor in the same Session, of the same generation, stays on its route and still reaches its owner",
    checks: on(SESSIONS, 'A location update moves only the bindings of the Actor that moved', 'the Session owner A still routes client "c1"\'s binding of "a2" for generation 1 to B', 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
  },
  {
    id: 'R-SES-1.7', lines: [109], words: W_LOCATION_UPDATE,
    says: "the update changes the route of that Actor's binding: one the client unbound is no binding any more, and the update leaves it where it was",
    checks: on(SESSIONS, 'A location update does not move a binding the client unbound', 'the Session owner A still routes client "c1"\'s binding of "a1" for generation 1 to B'),
  },

  // R-SES-2: a late relay, unbind or disconnect belonging to an earlier Session or binding is never applied to the new binding
  {
    id: 'R-SES-2.1', lines: [111], words: W_LATE,
    says: 'a late relay through the old binding ends BindingEnded, runs nowhere, and the new binding stays bound',
    checks: on(SESSIONS, SES_LATE_RELAY, 'the request ends with failure BindingEnded', 'the handler never ran for the request', 'the Session owner A holds client "c1"\'s new binding of "a1" as bound, for generation 2'),
  },
  {
    id: 'R-SES-2.2', lines: [111], words: W_LATE,
    says: 'a late unbind with the old token is refused and the new binding stays bound and usable',
    checks: on(SESSIONS, 'A late unbind with the old token leaves the new binding bound', 'the request ends with failure BindingEnded', 'the Session owner A holds client "c1"\'s new binding of "a1" as bound, for generation 2', 'the request ends with a reply from B', 'the handler of the request ran for generation 2'),
  },
  {
    id: 'R-SES-2.3', lines: [111], words: W_LATE,
    says: "the disconnect of an earlier Session's connection does not end the newer Session or its binding",
    checks: on(SESSIONS, "A late disconnect of the earlier Session's connection does not end the new Session", 'the second Session of client "c1" stays open on A, with its binding of "a1" bound', 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
  },
  {
    id: 'R-SES-2.4', lines: [111], words: W_LATE,
    says: 'a relay or unbind from a previous Session (not only an old binding of the same Session) is not applied to the new binding',
    checks: on(SESSIONS, "An unbind with the previous Session's token is not applied to the new Session's binding", 'the request ends with failure NotFound', 'the second Session of client "c1" stays open on A, with its binding of "a1" bound'),
  },
  {
    id: 'R-SES-2.5', lines: [111], words: W_LATE,
    says: 'a relay through a binding the client unbound is not applied to the binding it made next (same incarnation, same route): it is refused, runs nowhere, and the unbound binding is not revived',
    checks: on(SESSIONS, 'A relay through an unbound binding is not applied to the binding made after it', 'client "c1" got a new binding of "a1" for generation 1, routed to B, with a new token', 'the request ends with failure BindingEnded', 'the handler never ran for the request', 'the Session owner A holds client "c1"\'s new binding of "a1" as bound, for generation 1'),
  },

  {
    id: 'R-SES-2.6', lines: [111], words: W_LATE,
    says: 'a relay or unbind that names no binding (no token, no payload, not a request of the Session protocol at all) is refused and applied to no binding: no handler runs, the binding stays as it was bound, and the Session goes on',
    checks: on(
      SESSIONS,
      'Lines that are not well-formed requests are refused and not applied to the binding',
      'each line was answered as the table says, on its own connection',
      'no handler ran for any of the lines',
      'the Session owner A still holds client "c1"\'s binding of "a1" as it bound it, routed to B',
      'the request ends with a reply from B',
      'the handler ran exactly once, on B',
    ),
  },

  // R-SES-3: after the Session owner dies, a reconnecting client gets a new Session and must authenticate and bind again; old replies and binding updates are ignored
  {
    id: 'R-SES-3.1', lines: [113], words: 'A client reconnect creates a new Session',
    says: 'after the Session owner died, the reconnect is a new Session (new ID, no bindings); the old one is held nowhere',
    checks: on(SESSIONS, SES_OWNER_DIES, 'client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding', 'no running node holds the first Session of client "c1"'),
  },
  {
    id: 'R-SES-3.2', lines: [113], words: W_REAUTH,
    says: 'the new Session must authenticate: relays before it end Unauthenticated, and a wrong credential is refused',
    checks: [
      ...on(SESSIONS, SES_OWNER_DIES, 'the request ends with failure Unauthenticated', 'the handler never ran for the request'),
      ...on(SESSIONS, 'A client with a wrong credential is refused, and its connection closed', 'the request ends with failure Unauthenticated', 'the Session owner A refused the Session of client "c2" and closed its connection'),
    ],
  },
  {
    id: 'R-SES-3.3', lines: [113], words: W_REAUTH,
    says: 'the new Session must bind again: the old token is unknown, a new bind gives a new token that works',
    checks: on(SESSIONS, SES_OWNER_DIES, 'the request ends with failure NotFound', 'client "c1" got a new binding of "a1" for generation 1, routed to B, with a new token', 'the request ends with a reply from B'),
  },
  {
    id: 'R-SES-3.4', lines: [113], words: W_OLD_REPLY,
    says: "a reply meant for the dead owner's connection never reaches the new Session",
    checks: on(SESSIONS, "A reply meant for the dead Session owner's connection never reaches the new Session", 'the request ends with failure Unavailable', 'client "c1" received nothing on its second connection that belongs to the first'),
  },
  {
    id: 'R-SES-3.5', lines: [113], words: W_OLD_REPLY,
    says: 'a binding update of the previous connection is not applied to the new Session',
    checks: on(SESSIONS, "A binding update for the dead Session's binding never reaches the new Session", 'client "c1" received nothing on its second connection that belongs to the first'),
  },
  {
    id: 'R-SES-3.6', lines: [113], words: W_REAUTH,
    says: 'until the new Session authenticates it binds, relays and unbinds nothing, whatever token a request names: each is refused Unauthenticated, no handler runs, the Session holds no binding, and the other Session\'s binding is untouched',
    checks: on(
      SESSIONS,
      'Before a new Session authenticates, nothing is bound, relayed or unbound in it',
      'the request ends with failure Unauthenticated',
      'the handler never ran for the request',
      'client "c2"\'s Session on A is not authenticated and holds no binding',
      'the Session owner A still holds client "c1"\'s binding of "a1" as it bound it, routed to B',
    ),
  },
  {
    id: 'R-SES-3.7', lines: [113], words: W_REAUTH,
    says: 'a proof that is not the one the client credential gives, whatever its form (too short, not a string, missing), is refused and the connection closed',
    checks: on(SESSIONS, 'A proof that is <what> is refused, and the connection closed', 'the line was answered fail Unauthenticated', 'the Session owner A refused the Session of client "c2" and closed its connection'),
  },
];
