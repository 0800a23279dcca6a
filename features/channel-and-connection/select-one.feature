Feature: Channel select-one
  select-one picks one server of a Channel for an operation. Before any server has accepted the
  operation, a server that refuses it (its queue is full) may be passed over for another eligible
  one, within the operation's own deadline. Once a server has accepted it, the operation is never
  run on another server, whatever happens next. (Spec sections 2 and 3.1.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C
    And a RouteMesh channel "work" served by B (weight 10) and C (weight 1)

  @V01 @channels @node-direct @assumption:select-one-tries-the-heaviest-server-first @assumption:queue-capacity
  Scenario: A server whose queue is full is passed over before acceptance
    Given node B's queue is full
    When A sends a request on channel "work"
    Then the request ends with a reply from C
    And the attempts were
      | target | accepted |
      | B      | no       |
      | C      | yes      |
    And the handler ran exactly once, on C

  @V01 @V03 @R-GEN-2 @R-GEN-4 @channels @assumption:select-one-tries-the-heaviest-server-first @assumption:errorkinds-the-chapter-does-not-name
  Scenario: An accepted request is not run on another server when its connection is lost
    When A sends a request on channel "work" that blocks on gate "g"
    And the handler has started on B and then the connection from A to B fails with a transport error
    And the gate "g" is released
    Then the request ends with failure Unavailable
    And the attempts were
      | target | accepted |
      | B      | yes      |
    And the handler ran exactly once, on B
    And no handler ran for an operation the application did not start

  @V01 @R-GEN-2 @R-GEN-4 @channels @assumption:select-one-tries-the-heaviest-server-first @assumption:deadlines-count-from-submit
  Scenario: An accepted request that reaches its deadline is not run on another server
    When A sends a request on channel "work" that blocks on gate "g", with a deadline of 1000 ms
    And the handler has started on B
    Then the request ends with a timeout at its deadline
    And the handler ran exactly once, on B
    And no handler ran for an operation the application did not start

  @V01 @channels @node-direct @assumption:select-one-tries-the-heaviest-server-first @assumption:queue-capacity
  Scenario: After a refusal, re-selection goes only to an eligible server
    Given a RouteMesh channel "mix" served by A (weight 5), B (weight 10) and C (weight 1)
    And server A of channel "mix" is not Ready
    And node B's queue is full
    When A sends a request on channel "mix"
    Then the request ends with a reply from C
    And the attempts were
      | target | accepted |
      | B      | no       |
      | C      | yes      |
    And the handler never ran on A

  @R-GEN-1 @channels @node-direct @assumption:queue-capacity @assumption:deadlines-count-from-submit @assumption:errorkinds-the-chapter-does-not-name
  Scenario: Re-selection ends with the operation's deadline
    Given node B's queue is full
    And node C's queue is full
    When A sends a request on channel "work" that echoes, with a deadline of 1000 ms
    Then the request ends with a timeout at its deadline
    And no server accepted the request
    When every queue-filling operation is released
    Then the request never ran on a server that refused it

  Scenario Outline: Only eligible servers are candidates (<kind>, B <condition>)
    Given a <kind> channel "pick" served by B and C
    And server B of channel "pick" <condition>
    When A sends 6 requests on channel "pick"
    Then every one of the requests ended with a reply from C
    And the handler never ran on B

    @R-CH-1 @channels @assumption:default-server-weight
    Examples: RouteMesh servers need to be Ready and weigh more than 0
      | kind      | condition    |
      | RouteMesh | has weight 0 |
      | RouteMesh | is not Ready |

    @R-CH-1 @channels @assumption:default-server-weight
    Examples: ClientServer servers need to be Ready
      | kind         | condition    |
      | ClientServer | is not Ready |

  # The descriptor list read in full is the mesh a node knows (docs/assumptions.md): a server whose
  # node left it is in no mesh its caller knows, so it is not Ready there, though its process runs.
  @R-CH-1 @channels @store-faults
  Scenario: A server whose node left the mesh is no candidate
    Given a RouteMesh channel "pick" served by B and C
    And node C leaves the descriptor list
    And A's peer C is dropped once A reads the list again
    When A sends 6 requests on channel "pick"
    Then every one of the requests ended with a reply from B
    And the handler never ran on C

  @R-CH-1 @channels @assumption:errorkinds-the-chapter-does-not-name
  Scenario: With no eligible server the request ends Unavailable and runs nowhere
    Given server B of channel "work" is not Ready
    And server C of channel "work" has weight 0
    When A sends a request on channel "work"
    Then the request ends with failure Unavailable
    And the handler never ran for the request

  @R-CH-1 @channels
  Scenario: A ClientServer server is a candidate whatever its weight
    Given a ClientServer channel "desk" served by B and C
    And server B of channel "desk" has weight 0
    And server C of channel "desk" is not Ready
    When A sends a request on channel "desk"
    Then the request ends with a reply from B
    And the handler ran exactly once, on B

  @R-CH-1 @channels
  Scenario: The calling node is a candidate of a channel it serves
    Given a RouteMesh channel "own" served by A (weight 1) and B (weight 1)
    And server B of channel "own" is not Ready
    When A sends a request on channel "own"
    Then the request ends with a reply from A
    And the handler ran exactly once, on A

  @V03 @channels @liveness @assumption:select-one-tries-the-heaviest-server-first @assumption:deadlines-count-from-submit
  Scenario: A request written to a server that fell silent is not written to another
    When node B hangs
    And A sends a request on channel "work" that echoes, due before a silent server is found out
    Then the request ends with a timeout at its deadline
    And the attempts were
      | target | accepted |
      | B      | unknown  |
    And the handler never ran on C

  @V03 @channels @liveness @assumption:select-one-tries-the-heaviest-server-first @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A request written to a server that fell silent ends when the silence is found out, not on another
    When node B hangs
    And A sends a request on channel "work"
    Then the request ends with failure Unavailable
    And the attempts were
      | target | accepted |
      | B      | unknown  |
    And the handler never ran on C

  @R-CH-1 @channels @liveness @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A server its caller cannot reach is no candidate: with none left the request ends Unavailable
    When node B crashes
    And node C crashes
    Then A's peer B becomes not-ready within the liveness deadline
    And A's peer C becomes not-ready within the liveness deadline
    When A sends a request on channel "work"
    Then the request ends with failure Unavailable
    And the handler never ran for the request
