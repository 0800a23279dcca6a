Feature: Actor and Spot direct messages go to the logical ID's current Ready owner
  A regular message names only the global logical ID. It goes to the current Ready object of that
  ID, confirmed in the Location Store, whatever ObjectGeneration the caller last saw. An owner that
  is lost makes the message Unavailable; it is never sent somewhere else. The owner cache is trusted
  only until it expires or the owner's lease runs out, and a failed operation is never handed to a
  new owner: the application starts the next operation. (Spec sections 2, 4.1 and 4.2.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  Scenario Outline: A message to <kind> naming an old generation is handled by the re-created incarnation
    Given <kind> "counter" is Ready on B
    And "counter" was closed and created again on B
    When A sends <kind> "counter" a message, naming generation 1
    Then the request ends with a reply from B
    And the handler of the request ran for generation 2

    @V07 @objects
    Examples:
      | kind      |
      | actor     |
      | user spot |

  @R-OBJ-1 @V02 @objects
  Scenario: A message to an actor whose owner is lost ends Unavailable and runs nowhere
    Given actor "a1" is Ready on B
    When node B crashes
    And the owner lease of "a1" has run out
    And A sends actor "a1" a message
    Then the request ends with failure Unavailable
    And the handler never ran for the request
    And the record of "a1" is Ready, owned by B, generation 1

  @V02 @liveness @objects @assumption:errorkinds-the-chapter-does-not-name
  Scenario: An actor direct message keeps its logical target when the owner's connection is not ready
    Given actor "a1" is Ready on B
    And node B hangs and A's peer B has become not-ready
    When A sends actor "a1" a message
    Then the request ends with failure Unavailable
    And every attempt named B
    And the handler never ran for the request

  @R-OBJ-2 @objects
  Scenario: After the owner cache expired, the next operation re-reads the owner
    Given actor "a1" is Ready on B
    And A sends actor "a1" a message
    And the request ends with a reply from B
    When the owner cache has expired
    And the Store log is marked
    And A sends actor "a1" another message
    Then the request ends with a reply from B
    And A read the record of "a1" from the Location Store since the mark

  @R-OBJ-2 @objects
  Scenario: A failed operation is not resubmitted to the new owner
    Given actor "a1" is Ready on B
    And A sends actor "a1" a message
    And the request ends with a reply from B
    When C closes "a1" naming generation 1
    And the request ends with a reply from B
    And C creates actor "a1" on C
    And the request ends with a reply from C
    And A sends actor "a1" another message
    Then the request was sent to one owner only
    When A sends actor "a1" another message
    Then the request ends with a reply from C

  @R-OBJ-2 @objects @store-faults
  Scenario: Once the owner lease is invalid, the next operation re-reads the owner
    Given actor "a1" is Ready on B
    And A sends actor "a1" a message
    And the request ends with a reply from B
    When the Location Store stops answering B
    And the owner lease of "a1" has run out
    And the Store log is marked
    And A sends actor "a1" another message
    Then the request ends with failure Unavailable
    And A read the record of "a1" from the Location Store since the mark
    And the handler never ran for the request
