Feature: One peer's failure stays with that peer
  An orderly close or a transport error makes the peer not-ready at once; a silent, half-open peer
  becomes not-ready within the liveness deadline the implementation reports. Either way the other
  peers stay ready, the host stays Ready, and local work goes on. (Spec section 3.2.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  @V04 @R-CONN-2 @node-direct @liveness @assumption:peer-history-events
  Scenario: A hung peer is not-ready within the liveness deadline, and nothing else is affected
    When node B hangs
    Then A's peer B becomes not-ready within the liveness deadline
    And A's peer C stayed ready throughout
    And host A is Ready
    And host C is Ready
    And a node direct message from A to C still gets a reply
    And a node direct message from C to A still gets a reply
    And a node direct message from A to A still gets a reply

  @V04 @R-CONN-2 @node-direct @liveness @assumption:peer-history-events
  Scenario: A crashed peer is not-ready within the liveness deadline, and nothing else is affected
    When node B crashes
    Then C's peer B becomes not-ready within the liveness deadline
    And C's peer A stayed ready throughout
    And host C is Ready
    And a node direct message from C to A still gets a reply

  @V04 @node-direct @liveness @objects @assumption:peer-history-events
  Scenario: A local owner keeps processing while one of its peers fails liveness
    Given actor "a1" is Ready on A with a timer every 20 ms
    When node B hangs
    Then A's peer B becomes not-ready within the liveness deadline
    And a timer of "a1" ran on A after A's peer B was not-ready
    And actor "a1" still handles a message from A, on A
    And actor "a1" still handles a message from C, on A

  Scenario Outline: A connection that ends <how> makes the peer not-ready at once
    When the connection from A to B <ends>
    Then A's peer B was marked not-ready at once, because of "<reason>"
    And A's peer C stayed ready throughout
    And host A is Ready

    @R-CONN-1 @liveness @assumption:peer-history-events
    Examples:
      | how             | ends                          | reason            |
      | orderly         | is closed orderly by B        | an orderly close  |
      | with an error   | fails with a transport error  | a transport error |

  # A node that shuts down says goodbye on its connections (docs/assumptions.md, "Shutdown"): for its
  # peers that is an orderly close, which they reflect at once (3.2: "The Framework reflects orderly
  # close and transport errors immediately"), not a silence left to the liveness check.
  @R-CONN-1 @node-direct @liveness @assumption:shutdown @assumption:peer-history-events
  Scenario: A peer that shuts down closes its connections orderly, and nothing else is affected
    When node B shuts down
    Then A's peer B was marked not-ready because of "an orderly close"
    And C's peer B was marked not-ready because of "an orderly close"
    And A's peer C stayed ready throughout
    And host A is Ready
    And a node direct message from A to C still gets a reply
