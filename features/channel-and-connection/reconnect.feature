Feature: Reconnect is a new connection to the same logical peer
  A reconnect finds the peer through the current configuration or discovery descriptor, redoes the
  service handshake and identity verification, and reuses nothing of the lost connection: not its
  connection ID, not its reply route, not its ready state. (Spec section 3.2.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  @V05 @reconnect @assumption:peer-history-events
  Scenario: After a transport error the peer is ready again only through a new, verified handshake
    When the connection from A to B fails with a transport error
    Then A's peer B is ready again on a new connection

  @V05 @R-GEN-3 @node-direct @reconnect @assumption:peer-history-events @assumption:errorkinds-the-chapter-does-not-name
  Scenario: An operation in flight on the lost connection gets no reply over the new one
    When A sends a node direct message to B that blocks on gate "g"
    And the handler has started on B and then the connection from A to B fails with a transport error
    Then A's peer B is ready again on a new connection
    When the gate "g" is released
    Then the request ends with failure Unavailable
    And the application on A received exactly one result for the request

  @V05 @reconnect @assumption:restart @assumption:peer-history-events
  Scenario: A node that restarted connects again with connection IDs never used before
    Given the connection IDs of A are noted
    When node A crashes
    And node A has restarted and its peers are ready
    Then no connection of A or to it reuses a connection ID noted before

  @V05 @reconnect @assumption:impostor @assumption:peer-history-events
  Scenario: A reconnect to something that cannot prove the mesh credential is refused
    When something without the mesh credential answers at B's address
    Then A's peer B was marked not-ready at once, because of "a transport error"
    And A refuses the handshake and its peer B stays not-ready

  @R-CONN-3 @reconnect @assumption:peer-history-events
  Scenario: A peer that moved is found at the address its descriptor gives now
    When node B moves to a new address
    Then A's peer B is ready again at the new address
    And C's peer B is ready again at the new address

  @R-CONN-3 @reconnect @assumption:impostor @assumption:peer-history-events
  Scenario: Another member of the mesh answering at the peer's address is not taken for the peer
    When another member of the mesh, proving to be C, answers at B's address
    Then A refuses the handshake and its peer B stays not-ready

  # A hung process still takes connections and reads nothing: a reconnect to it gets no answer to
  # its handshake. That silence is a half-open connection like any other (3.2: "switches a
  # non-responding half-open connection to not-ready within the liveness deadline"): it must not
  # hold the connection intent, or the peer is never found again once it restarts (found: a new, verified connection).
  @V05 @R-CONN-3 @reconnect @liveness @assumption:restart @assumption:peer-history-events
  Scenario: A handshake a hung peer never answers does not hold the reconnect: the restarted peer is found
    Given node B hangs and A's peer B has become not-ready
    And A's peer B stays not-ready for a liveness deadline
    And the connections of A are noted
    When node B crashes
    And node B restarts
    Then A's peer B is ready again on a new connection
