Feature: Exactly one terminal result, and no retry on the application's behalf
  Each operation ends with one terminal result: whichever of reply, failure, timeout, cancellation
  or shutdown was confirmed first; later signals are dropped. A failure carries its ErrorKind and
  no advice; the framework does not start the operation again. (Spec sections 2 and 8.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  @R-GEN-3 @node-direct
  Scenario: A cancelled request stays cancelled when its reply arrives later
    When A sends a node direct message to B that blocks on gate "g"
    And the handler has started on B
    And the request is cancelled
    And the gate "g" is released
    Then the request ends cancelled
    And the application on A received exactly one result for the request

  @R-GEN-3 @node-direct @assumption:shutdown
  Scenario: A request in flight when its node shuts down ends with shutdown, once
    When A sends a node direct message to B that blocks on gate "g"
    And the handler has started on B
    And node A shuts down
    And the gate "g" is released
    Then the request ends with shutdown
    And the application on A received exactly one result for the request

  Scenario Outline: A request that already replied stays a reply when <late signal> later
    When A sends a node direct message to B
    And the request has ended
    And <late event>
    Then the request ends with a reply from B
    And the application on A received exactly one result for the request

    @R-GEN-3 @node-direct @assumption:shutdown
    Examples:
      | late signal         | late event               |
      | it is cancelled     | the request is cancelled |
      | its node shuts down | node A shuts down        |

  Scenario Outline: A request that already failed stays failed when <late signal> later
    When A sends a node direct message to B that fails
    And the request has ended
    And <late event>
    Then the request ends with failure HandlerError
    And the application on A received exactly one result for the request

    @R-GEN-3 @node-direct @assumption:shutdown @assumption:errorkinds-the-chapter-does-not-name
    Examples:
      | late signal         | late event               |
      | it is cancelled     | the request is cancelled |
      | its node shuts down | node A shuts down        |

  @R-GEN-4 @node-direct @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A failed operation returns its ErrorKind and is not started again
    When A sends a node direct message to B that fails
    Then the request ends with failure HandlerError
    And the failure carries its ErrorKind and no retry advice
    And the handler ran exactly once, on B
    And no handler ran for an operation the application did not start
