Feature: Message Follow follows a committed move, for MessageFollowDuration only
  Right after a planned relocation commits, the previous owner can deliver a message it received to
  the committed target, for MessageFollowDuration (30 s by default; 0 turns it off). It follows only
  that committed move path: it is not failover. (Spec section 4.2.)

  @R-OBJ-3 @objects @relocation
  Scenario: The previous owner follows a message it received to the committed target
    Given MessageFollowDuration is 500 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And "a1" was relocated from B to C
    When A sends actor "a1" a message, still through B
    Then the request ends with a reply from B
    And the request ran on C

  @R-OBJ-3 @objects @relocation
  Scenario: An object relocated away and back is run by its owner again: the earlier Message Follow is over
    Given MessageFollowDuration is 30000 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And "a1" was relocated from B to C
    And "a1" was relocated from C to B
    When A sends actor "a1" a message
    Then the request ends with a reply from B
    And the request ran on B
    When A sends actor "a1" another message, still through C
    Then the request ends with a reply from C
    And the request ran on B

  @R-OBJ-3 @objects @relocation @long @assumption:errorkinds-the-chapter-does-not-name
  Scenario: With no MessageFollowDuration of its own, Message Follow lasts the spec's default of 30 seconds
    Given a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And "a1" was relocated from B to C
    When 29 seconds have passed since the owner change
    And A sends actor "a1" a message, still through B
    Then the request ends with a reply from B
    And the request ran on C
    When the spec's default MessageFollowDuration has passed since the owner change
    And A sends actor "a1" another message, still through B
    Then the request ends with failure Unavailable
    And the handler never ran for the request

  @R-OBJ-3 @objects @relocation @assumption:errorkinds-the-chapter-does-not-name
  Scenario: After MessageFollowDuration the previous owner follows nothing
    Given MessageFollowDuration is 300 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And "a1" was relocated from B to C
    When MessageFollowDuration has passed
    And A sends actor "a1" a message, still through B
    Then the request ends with failure Unavailable
    And the handler never ran for the request

  @R-OBJ-3 @objects @relocation @assumption:errorkinds-the-chapter-does-not-name
  Scenario: MessageFollowDuration 0 turns Message Follow off
    Given MessageFollowDuration is 0 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And "a1" was relocated from B to C
    When A sends actor "a1" a message, still through B
    Then the request ends with failure Unavailable
    And the handler never ran for the request

  @R-OBJ-3 @R-REL-6 @objects @relocation @failpoint:relocation.crash-source-after-commit @assumption:errorkinds-the-chapter-does-not-name @assumption:restart @assumption:peer-history-events
  Scenario: Message Follow never follows a crash: a restarted previous owner follows nothing
    Given MessageFollowDuration is 30000 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And the source B dies once it learned of the commit
    And the connections of A are noted
    When A relocates "a1" to C
    And node B has died
    And node B restarts
    And A's peer B is ready again on a new connection
    And B's peer C becomes ready
    And A sends actor "a1" a message, still through B
    Then the request ends with failure Unavailable
    And the handler never ran for the request
    When A sends actor "a1" another message
    Then the request ends with a reply from C
