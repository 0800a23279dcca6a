Feature: The confirmed boundary decides what the framework may do
  The table of spec section 2, row by row, for an operation whose target the framework selects
  (a Channel request). Selecting a target does not make its execution confirmed: only before any
  target accepted may another be chosen. When acceptance is unknown, or the target accepted, the
  operation is never written to another target. Once it reached a terminal result, that result is
  the only one. (The row "the caller named the target" is node-direct.feature.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C
    And a RouteMesh channel "work" served by B (weight 10) and C (weight 1)

  Scenario Outline: <boundary>
    Given <situation>
    When A sends a request on channel "work" that <handler>, with a deadline of 2000 ms
    And <event>
    Then the request ends with <result>
    And the handler ran exactly once, on <ran on>
    And the application on A received exactly one result for the request

    @V01 @R-GEN-1 @channels @node-direct @assumption:queue-capacity
    Examples: no target has accepted yet
      | boundary                                           | situation              | handler | event               | result         | ran on |
      | Refused by B before acceptance, so C may take it   | node B's queue is full | echoes  | nothing more happens | a reply from C | C      |

    @R-GEN-2 @channels @assumption:select-one-tries-the-heaviest-server-first @assumption:errorkinds-the-chapter-does-not-name
    Examples: the target queue accepted
      | boundary                                                | situation          | handler              | event                                                                                    | result              | ran on |
      | Accepted by B, then the connection is lost: not re-run  | every node is running | blocks on gate "g" | the handler has started on B and then the connection from A to B fails with a transport error | failure Unavailable | B      |

    @V03 @channels @failpoint:transport.ack-lost-after-write @assumption:select-one-tries-the-heaviest-server-first @assumption:errorkinds-the-chapter-does-not-name
    Examples: whether transport accepted is unknown
      | boundary                                             | situation                                                                     | handler | event               | result              | ran on |
      | Written to B, acceptance unknown: not resubmitted   | the connection from A to B will fail after the next operation is written to it | echoes  | nothing more happens | failure Unavailable | B      |

    @R-GEN-3 @channels @assumption:select-one-tries-the-heaviest-server-first @assumption:deadlines-count-from-submit
    Examples: the operation reached a terminal result
      | boundary                                   | situation             | handler               | event                                                        | result                    | ran on |
      | Timed out at B: the later reply is dropped | every node is running | blocks on gate "late" | the request has timed out and then the gate "late" is released | a timeout at its deadline | B      |
