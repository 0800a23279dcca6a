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

  # "Right after the owner changes via a planned relocation, the previous owner can deliver a message
  # it already received to the committed target" (spec line 65), and "Relocate is a planned action in
  # which the running source and the selected target hand off state" (line 95): one handoff. The
  # source's answers from the Store come late, so the second relocation starts while the first waits
  # on them; whatever becomes of it, the first move's commit is what B follows.
  @R-OBJ-3 @objects @relocation @store-faults
  Scenario: A second relocation started at the source while one is under way does not take the committed move's path
    Given MessageFollowDuration is 30000 ms
    And a RouteMesh "m1" with nodes A, B, C and D
    And actor "a1" is Ready on B
    And the Location Store's answers to B come 200 ms late
    When B relocates "a1" to C
    And B relocates "a1" to D as well, while that relocation is under way
    Then the relocation ends with a reply from B
    When the second relocation has ended
    And the Location Store answers B again
    And A sends actor "a1" a message, still through B
    Then the request ends with a reply from B
    And the request ran on C

  # The new owner may move the object straight back (line 95), before the previous owner has heard
  # that the first move committed: here B cannot submit the cutover, so it learns of C's fallback
  # commit (line 99) from the Store, whose answers to it come late. The owner after the move back runs
  # the object's messages: "Actor and Spot messages use the current Ready owner confirmed in the
  # Location Store" (line 63), and C follows to it what it received (line 65).
  @R-OBJ-3 @objects @relocation @store-faults @failpoint:relocation.cutover-submit-fails
  Scenario: An object moved back before its previous owner heard of the first move is run by that owner
    Given MessageFollowDuration is 30000 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And the source B cannot submit the cutover
    When B relocates "a1" to C
    And the relocation of "a1" has reached stage relay-ready-accepted
    And the Location Store's answers to B come 200 ms late
    And the Location Store holds the Ready record of "a1", owned by C, on the cutover fallback
    And C relocates "a1" to B
    Then the relocation ends with a reply from C
    When the Location Store answers B again
    And A sends actor "a1" a message
    Then the request ends with a reply from B
    And the request ran on B
    When A sends actor "a1" another message, still through C
    Then the request ends with a reply from C
    And the request ran on B

  # A followed message is an operation the committed target accepted: when the previous owner's
  # connection to it is lost after that, the previous owner cannot know whether it ran, so it ends
  # the message failed and never delivers it again (section 8's accepted-then-lost judgment).
  @R-OBJ-3 @objects @relocation @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A followed message accepted by the target, then the previous owner's connection to it is lost: failed, not followed again
    Given MessageFollowDuration is 30000 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And "a1" was relocated from B to C
    When A sends actor "a1" a message, still through B that blocks on gate "g"
    And the handler has started on C and then the connection from B to C fails with a transport error
    And the gate "g" is released
    Then the request ends with failure Unavailable
    And the handler ran exactly once, on C

  # The source may learn of the owner change late: here it cannot submit the cutover, so the target
  # commits on its 1,000 ms fallback (line 99) and the source reads the change from the Store. Message
  # Follow is still kept "right after the owner changes" (line 65): from the change, for
  # MessageFollowDuration, not from when the source heard of it, and not shorter either.
  @R-OBJ-3 @objects @relocation @failpoint:relocation.cutover-submit-fails @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A source that learned of the owner change from the Store follows for MessageFollowDuration from the change
    Given MessageFollowDuration is 1000 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And the source B cannot submit the cutover
    When B relocates "a1" to C
    Then the relocation ends with a reply from B
    When A sends actor "a1" a message, still through B
    Then the request ends with a reply from B
    And the request ran on C
    When MessageFollowDuration has passed
    And A sends actor "a1" another message, still through B
    Then the request ends with failure Unavailable
    And the handler never ran for the request

  # The path is kept for the duration, not for one message: following a message does not use it up,
  # and the duration counts from the owner change, not from the last message followed.
  @R-OBJ-3 @objects @relocation
  Scenario: The previous owner follows every message it receives within MessageFollowDuration, not only the first
    Given MessageFollowDuration is 30000 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And "a1" was relocated from B to C
    When A sends actor "a1" a message, still through B
    Then the request ends with a reply from B
    And the request ran on C
    When A sends actor "a1" another message, still through B
    Then the request ends with a reply from B
    And the request ran on C

  # Right after the owner change (line 65) the previous owner may not have heard of it yet: here it
  # cannot submit the cutover, and the Store's answers to it come late, so it learns of the target's
  # fallback commit well after the change. A message it receives then still reaches the committed
  # target and runs there, once.
  @R-OBJ-3 @objects @relocation @store-faults @failpoint:relocation.cutover-submit-fails
  Scenario: A message the previous owner receives after the commit, before it has heard of it, runs on the target
    Given MessageFollowDuration is 30000 ms
    And a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B
    And the source B cannot submit the cutover
    When B relocates "a1" to C
    And the relocation of "a1" has reached stage relay-ready-accepted
    And the Location Store's answers to B come 300 ms late
    And the Location Store holds the Ready record of "a1", owned by C, on the cutover fallback
    And A sends actor "a1" a message, still through B
    Then the request ends with a reply from B
    And the handler ran exactly once, on C

  # The new owner may move the object on at once (line 95), while the previous owner's calls to the
  # Store are late: the previous owner learned of the commit from the cutover's answer, and follows
  # what it receives to that target (line 65), which follows it on to the next.
  @R-OBJ-3 @objects @relocation @store-faults
  Scenario: An object moved on by its new owner at once is still followed to by the previous owner
    Given MessageFollowDuration is 30000 ms
    And a RouteMesh "m1" with nodes A, B, C and D
    And actor "a1" is Ready on B
    And the Location Store answers A and B 150 ms late
    When B relocates "a1" to C
    And the Location Store holds the Ready record of "a1", owned by C
    And C relocates "a1" to D as well, while that relocation is under way
    Then the relocation ends with a reply from B
    When the second relocation has ended
    And A sends actor "a1" a message, still through B
    Then the request ends with a reply from B
    And the handler ran exactly once, on D
