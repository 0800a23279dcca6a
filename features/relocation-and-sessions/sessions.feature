Feature: Sessions and bindings: a binding follows a relocation, never an incarnation or a process
  A client outside the Framework connects to a Session owner node over a STREAM connection,
  authenticates, and binds ActorRefs; what it relays through a binding goes to the binding's route.
  A planned relocation keeps the connection: the Session owner gets a location update, and the
  binding follows the Actor with no rebind. A binding belongs to one incarnation: once the Actor is
  removed and created again, the old binding stays ended, and nothing late from an earlier binding
  or Session is applied to the new one. When the Session owner process dies, nothing is restored on
  another process: a reconnect is a new Session that authenticates and binds again.
  (Spec sections 6 and 10.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And client "c1" has a Session on A with "a1" bound

  @R-SES-1 @objects @relocation @sessions
  Scenario: A planned relocation moves the binding; the Session keeps its connection and does not rebind
    When A relocates "a1" to C
    Then the relocation ends with a reply from B
    And the relocation of "a1" is at stage committed
    And the Session owner A moved client "c1"'s binding of "a1" to C, keeping its token and generation 1
    And client "c1" was told on its connection that "a1" is now on C
    And client "c1" kept its first connection to A and bound "a1" only once
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from C
    And the handler ran exactly once, on C

  @V02 @liveness @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A relay keeps its binding: when the bound owner is not ready, it goes nowhere else
    Given node B hangs and A's peer B has become not-ready
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with failure Unavailable
    And every attempt named B
    And the handler never ran for the request

  @V05 @reconnect @objects @sessions @assumption:errorkinds-the-chapter-does-not-name @assumption:peer-history-events
  Scenario: A relay in flight when the link to the bound owner breaks is not carried over to the new connection
    When client "c1" relays a message through its binding of "a1" that blocks on gate "g"
    And the handler has started on B and then the connection from A to B fails with a transport error
    Then A's peer B is ready again on a new connection
    When the gate "g" is released
    Then the request ends with failure Unavailable
    And the handler ran exactly once, on B
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from B

  @R-SES-1 @objects @relocation @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A location update for another generation is not applied to the binding
    Given "a1" was closed and created again on B
    When A relocates "a1" to C
    Then the relocation ends with a reply from B
    And the Session owner A still routes client "c1"'s binding of "a1" for generation 1 to B
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with failure BindingEnded
    And the handler never ran for the request

  Scenario Outline: After "a1" is closed and created again on <node>, the old binding stays ended
    Given "a1" was closed and created again on <node>
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with failure BindingEnded
    And the handler never ran for the request
    And the Session owner A holds client "c1"'s binding of "a1" for generation 1 as ended
    When A sends actor "a1" a message
    Then the request ends with a reply from <node>
    And the handler of the request ran for generation 2
    When client "c1" binds "a1" again
    Then client "c1" got a new binding of "a1" for generation 2, routed to <node>, with a new token
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from <node>
    And the handler of the request ran for generation 2

    @V09 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
    Examples:
      | node |
      | B    |
      | C    |

  @V09 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name @assumption:restart
  Scenario: After the owner died and the application created the Actor anew, the old binding stays ended
    When node B crashes
    And node B has restarted and its peers are ready
    And "a1" was closed and created again on C
    And client "c1" relays a message through its binding of "a1"
    Then the request ends with failure BindingEnded
    And the handler never ran for the request
    And the Session owner A holds client "c1"'s binding of "a1" for generation 1 as ended

  @R-SES-2 @V09 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A late relay through the old binding is not applied to the new binding
    Given "a1" was closed and created again on B
    And client "c1" has bound "a1" again
    When client "c1" relays a message through its old binding of "a1"
    Then the request ends with failure BindingEnded
    And the handler never ran for the request
    And the Session owner A holds client "c1"'s new binding of "a1" as bound, for generation 2

  @R-SES-2 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A late unbind with the old token leaves the new binding bound
    Given "a1" was closed and created again on B
    And client "c1" has bound "a1" again
    When client "c1" unbinds its old binding of "a1"
    Then the request ends with failure BindingEnded
    And the Session owner A holds client "c1"'s new binding of "a1" as bound, for generation 2
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from B
    And the handler of the request ran for generation 2

  @R-SES-2 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: An unbind with the previous Session's token is not applied to the new Session's binding
    Given client "c1" has another Session on A with "a1" bound
    When the first connection of client "c1" disconnects
    And client "c1" unbinds its first Session's binding of "a1" on its second connection
    Then the request ends with failure NotFound
    And the second Session of client "c1" stays open on A, with its binding of "a1" bound

  @R-SES-2 @objects @sessions
  Scenario: A late disconnect of the earlier Session's connection does not end the new Session
    Given client "c1" has another Session on A with "a1" bound
    When the first connection of client "c1" disconnects
    Then the Session owner A has ended the first Session of client "c1"
    And the second Session of client "c1" stays open on A, with its binding of "a1" bound
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from B
    And the handler ran exactly once, on B

  Scenario Outline: The Session owner dies: a reconnect <where> is a new Session that authenticates and binds again
    When node A crashes
    Then the first connection of client "c1" drops
    When <restart>
    And client "c1" connects to <node>
    Then client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding
    And no running node holds the first Session of client "c1"
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with failure Unauthenticated
    And the handler never ran for the request
    When client "c1" authenticates
    And client "c1" relays a message through its binding of "a1"
    Then the request ends with failure NotFound
    And the handler never ran for the request
    When client "c1" binds "a1" again
    Then client "c1" got a new binding of "a1" for generation 1, routed to B, with a new token
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from B

    @V15 @R-SES-3 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name @assumption:restart
    Examples:
      | where                       | restart                                       | node |
      | to another node             | nothing more happens                          | C    |
      | to the same node, restarted | node A has restarted and its peers are ready  | A    |

  @R-SES-3 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A reply meant for the dead Session owner's connection never reaches the new Session
    When client "c1" relays a message through its binding of "a1" that blocks on gate "g"
    And the handler has started on B
    And node A crashes
    Then the request ends with failure Unavailable
    When client "c1" connects to C and authenticates
    And the gate "g" is released
    Then client "c1" received nothing on its second connection that belongs to the first

  @R-SES-3 @objects @relocation @sessions
  Scenario: A binding update for the dead Session's binding never reaches the new Session
    When node A crashes
    And client "c1" connects to C and authenticates
    And B relocates "a1" to C
    Then the relocation ends with a reply from B
    And client "c1" received nothing on its second connection that belongs to the first

  @R-SES-3 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A client with a wrong credential is refused, and its connection closed
    When client "c2" connects to A
    And client "c2" authenticates with a wrong credential
    Then the request ends with failure Unauthenticated
    And the Session owner A refused the Session of client "c2" and closed its connection

  # The update names one Actor ("change that Actor's binding route", section 6): it moves the
  # bindings of the Actor that moved, and a binding of another Actor of the same generation, in the
  # same Session, stays where it is.
  @R-SES-1 @objects @relocation @sessions
  Scenario: A location update moves only the bindings of the Actor that moved
    Given actor "a2" is Ready on B
    And client "c1" has also bound "a2"
    When A relocates "a1" to C
    Then the relocation ends with a reply from B
    And the Session owner A moved client "c1"'s binding of "a1" to C, keeping its token and generation 1
    And the Session owner A still routes client "c1"'s binding of "a2" for generation 1 to B
    When client "c1" relays a message through its binding of "a2"
    Then the request ends with a reply from B
    And the handler ran exactly once, on B

  # An unbind ends its binding. What comes later through that token is a late relay of a previous
  # binding: it is not applied to the binding the client makes next, though that one names the
  # same incarnation, on the same route.
  @R-SES-2 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A relay through an unbound binding is not applied to the binding made after it
    When client "c1" unbinds its binding of "a1"
    Then the request ends with a reply
    When client "c1" binds "a1" again
    Then client "c1" got a new binding of "a1" for generation 1, routed to B, with a new token
    When client "c1" relays a message through its old binding of "a1"
    Then the request ends with failure BindingEnded
    And the handler never ran for the request
    And the Session owner A holds client "c1"'s new binding of "a1" as bound, for generation 1

  # A late or stray relay/unbind is not applied to a binding (section 6); nor is one that names no
  # binding at all. What the client sends that is not a request of the Session protocol (not JSON,
  # no "t" or "id", a relay without its token or payload, an unbind without its token) is refused
  # with the protocol's BadRequest, answered for its request ID where it has one, and changes
  # nothing: no binding moves, ends or is added, no handler runs, and the Session goes on.
  @R-SES-2 @objects @sessions
  Scenario: Lines that are not well-formed requests are refused and not applied to the binding
    When client "c1" sends these lines on its connection:
      | line                                                                     | answer     |
      | this is not JSON                                                         | BadRequest |
      | ["relay", "<token of a1>", <payload>]                                    | BadRequest |
      | null                                                                     | BadRequest |
      | {"t": "relay", "token": "<token of a1>", "payload": <payload>}           | BadRequest |
      | {"id": "r1", "token": "<token of a1>", "payload": <payload>}             | BadRequest |
      | {"t": 7, "id": "r2", "token": "<token of a1>", "payload": <payload>}     | BadRequest |
      | {"t": "relay", "id": "r3", "payload": <payload>}                         | BadRequest |
      | {"t": "relay", "id": "r4", "token": 7, "payload": <payload>}             | BadRequest |
      | {"t": "relay", "id": "r5", "token": "<token of a1>"}                     | BadRequest |
      | {"t": "relay", "id": "r6", "token": "<token of a1>", "payload": "x"}     | BadRequest |
      | {"t": "relay", "id": "r7", "token": "<token of a1>", "payload": {"value": 1}} | BadRequest |
      | {"t": "unbind", "id": "u1"}                                              | BadRequest |
      | {"t": "unbind", "id": "u2", "token": 7}                                  | BadRequest |
      | {"t": "unbind", "id": 5, "token": "<token of a1>"}                       | BadRequest |
      | {"t": "bind", "id": "b1"}                                                | BadRequest |
      | {"t": "bind", "id": "b2", "objectId": 7}                                 | BadRequest |
      | {"t": "hello", "id": "h1"}                                               | BadRequest |
      | {"t": "hello", "id": "h2", "client": ""}                                 | BadRequest |
      | {"t": "rebind", "id": "x1", "token": "<token of a1>"}                    | BadRequest |
    Then each line was answered as the table says, on its own connection
    And no handler ran for any of the lines
    And the Session owner A still holds client "c1"'s binding of "a1" as it bound it, routed to B
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from B
    And the handler ran exactly once, on B

  # "The application must authenticate and bind again in the new Session": until it authenticates,
  # the Session binds nothing, and relays and unbinds nothing, whatever token they name.
  @R-SES-3 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: Before a new Session authenticates, nothing is bound, relayed or unbound in it
    When client "c2" connects to A
    And client "c2" binds "a1"
    Then the request ends with failure Unauthenticated
    When client "c2" relays a message through client "c1"'s binding of "a1"
    Then the request ends with failure Unauthenticated
    And the handler never ran for the request
    When client "c2" unbinds client "c1"'s binding of "a1"
    Then the request ends with failure Unauthenticated
    And client "c2"'s Session on A is not authenticated and holds no binding
    And the Session owner A still holds client "c1"'s binding of "a1" as it bound it, routed to B

  # The Session authenticates with the credential, or not at all: a proof that is not the one the
  # credential gives for the nonce, whatever its form, is refused, and the connection closed.
  @R-SES-3 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario Outline: A proof that is <what> is refused, and the connection closed
    When client "c2" connects to A
    And client "c2" sends the line '<line>'
    Then the line was answered fail Unauthenticated
    And the Session owner A refused the Session of client "c2" and closed its connection

    Examples:
      | what                 | line                                      |
      | too short            | {"t": "auth", "id": "p1", "proof": "ab12"} |
      | not a string         | {"t": "auth", "id": "p2", "proof": 12}     |
      | missing              | {"t": "auth", "id": "p3"}                  |
      | of the right length in characters, not in bytes | {"t": "auth", "id": "p4", "proof": "éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"} |

  # "If an Actor is removed ... the previous binding stays terminated ... the application must bind
  # a new ActorRef": there is none to bind while the Actor is removed, and binding it makes none.
  @V09 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: Binding an Actor that was removed gives no binding
    When B closes "a1" naming generation 1
    Then the request ends with a reply
    When client "c1" binds "a1" again
    Then the request ends with failure NotFound
    And client "c1" holds no binding of "a1" but its first

  # "Session binding operations don't switch the specified logical identity to a different target"
  # (V02): a relay that reaches the deadline its request gives ends there, answered with a timeout,
  # having gone to the binding's route only.
  @V02 @objects @sessions @assumption:deadlines-count-from-submit
  Scenario: A relay that reaches its deadline ends with a timeout there, and goes nowhere else
    When client "c1" sends the line '{"t": "relay", "id": "t1", "token": "<token of a1>", "payload": <payload that blocks on gate "g">, "deadlineMs": 300}'
    Then the line was answered with a timeout at its deadline of 300 ms, every attempt naming B
    And the handler of the line ran exactly once, on B
    When the gate "g" is released

  # A relay request may leave its deadline out (the Session protocol's default applies); one that
  # gives none, or one that is not a positive number, is still relayed through the binding: to its
  # route, once.
  @V02 @objects @sessions
  Scenario Outline: A relay that gives <deadline> goes to the binding's route, once
    When client "c1" sends the line '{"t": "relay", "id": "d1", "token": "<token of a1>", "payload": <payload><field>}'
    Then the line was answered with its handler's reply, and the handler ran exactly once, on B

    Examples:
      | deadline                      | field                |
      | no deadline                   |                      |
      | a deadline of 0 ms            | , "deadlineMs": 0    |
      | a negative deadline           | , "deadlineMs": -5   |
      | a deadline that is not a number | , "deadlineMs": "5000" |

  # "If an Actor is removed, or a new incarnation of the same ActorId is created ..., the previous
  # binding stays terminated": binding another Actor's new incarnation ends no binding of this one.
  @V09 @objects @sessions
  Scenario: Binding another Actor's new incarnation leaves this Actor's binding bound
    Given actor "a2" is Ready on B
    And "a2" was closed and created again on B
    When client "c1" binds "a2"
    Then client "c1" got a new binding of "a2" for generation 2, routed to B, with a new token
    And the Session owner A still holds client "c1"'s binding of "a1" as it bound it, routed to B
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from B
    And the handler ran exactly once, on B

  # The location update changes "that Actor's binding route": a binding the client unbound is no
  # longer one, and the update does not move it.
  @R-SES-1 @objects @relocation @sessions
  Scenario: A location update does not move a binding the client unbound
    When client "c1" unbinds its binding of "a1"
    Then the request ends with a reply
    When A relocates "a1" to C
    Then the relocation ends with a reply from B
    And the Session owner A still routes client "c1"'s binding of "a1" for generation 1 to B

  # The previous binding is terminated when the Actor is removed or created again (section 6), not
  # when a message through it fails: after a relay whose handler failed, the binding still relays.
  @V09 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A relay whose handler fails leaves the binding bound
    When client "c1" relays a message through its binding of "a1" that fails
    Then the request ends with failure HandlerError
    And the Session owner A still holds client "c1"'s binding of "a1" as it bound it, routed to B
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with a reply from B

  # A Close removes the Actor: the binding's incarnation is gone although no new one was made, and
  # the node the binding routes to hosts nothing of it any more.
  @V09 @objects @sessions @assumption:errorkinds-the-chapter-does-not-name
  Scenario: After "a1" is closed, a relay through its binding ends BindingEnded and runs nothing
    When A closes "a1" naming generation 1
    Then the request ends with a reply from B
    And the record of "a1" is Missing, generation 1
    When client "c1" relays a message through its binding of "a1"
    Then the request ends with failure BindingEnded
    And the handler never ran for the request
    And the Session owner A holds client "c1"'s binding of "a1" for generation 1 as ended
