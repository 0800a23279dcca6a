Feature: An owner that dies is not replaced
  When the owner process of a Ready Actor or Spot ends, the Framework does not restore the object on
  another node, does not change the owner recorded in the Location Store, and does not create a new
  incarnation of the same ID. This holds for Instance Spots too: a lease that ran out does not turn
  into Missing, nor into a cold activation. The process that died is not restored either: started
  again under the same RID, it is a new process that does not bring the object back. (Spec sections
  4.2 and 4.4.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  Scenario Outline: The owner of a Ready <kind> dies: the record stays, the object is Unavailable
    Given <kind> "o1" is Ready on B
    When node B crashes
    And the owner lease of "o1" has run out
    And A sends <kind> "o1" <message>
    Then the request ends with failure Unavailable
    And the handler never ran for the request
    And <message plural> to <kind> "o1" from A and C keep ending Unavailable for an owner lease, and none runs
    And the record of "o1" is Ready, owned by B, generation 1
    And no factory of "o1" ran after the fault
    When node B has restarted and its peers are ready
    Then <message plural> to <kind> "o1" from A, B and C keep ending Unavailable for an owner lease, and none runs
    And the record of "o1" is Ready, owned by B, generation 1
    And no factory of "o1" ran after the fault

    @R-OBJ-1 @R-OBJ-4 @objects @assumption:restart
    Examples: Actors and User Spots
      | kind      | message   | message plural |
      | actor     | a message | messages       |
      | user spot | a message | messages       |

    @R-OBJ-4 @R-INST-4 @V10 @objects @instance-spots @assumption:restart
    Examples: Instance Spots, even with Instance intent
      | kind          | message                        | message plural                  |
      | Instance Spot | a message with Instance intent | messages with Instance intent   |

  @V10 @R-INST-4 @objects @instance-spots @store-faults
  Scenario: An Instance Spot whose owner lease ran out is not cold-activated again
    Given Instance Spot "i1" is Ready on B
    When the Location Store stops answering B
    And the owner lease of "i1" has run out
    And A sends Instance Spot "i1" a message with Instance intent
    Then the request ends with failure Unavailable
    And messages with Instance intent to Instance Spot "i1" from A and C keep ending Unavailable for an owner lease, and none runs
    And the record of "i1" is Ready, owned by B, generation 1
    And no factory of "i1" ran after the fault

  # Nor is a creation under the same ID a way round it: the object exists, Ready under an owner that
  # died (4.2: the Framework "doesn't ... create a new incarnation of the same global ID"). The create
  # is refused, and the record, owner and generation stay as they were.
  @R-OBJ-4 @objects @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A creation under the ID of a Ready actor whose owner died is refused, and nothing is taken over
    Given actor "o1" is Ready on B
    When node B crashes
    And the owner lease of "o1" has run out
    And C creates actor "o1" on C with input "again"
    Then the creation on C ends with failure AlreadyExists
    And the record of "o1" is Ready, owned by B, generation 1
    And no factory of "o1" ran after the fault

  # Nor is a Close a way round it: the Close goes to the owner the record names, and that owner is
  # gone. The authority is not released for it (4.2: the Framework "doesn't arbitrarily change the
  # owner recorded in the Location Store"); released, it would let the next Instance-intent message or
  # creation make a new incarnation of an object whose owner died. (Cancelling a Creating record whose
  # creator died is creation recovery, creation.feature:65; this object was Ready.)
  @R-OBJ-4 @V08 @objects @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A Close of a Ready actor whose owner died does not release its authority
    Given actor "o1" is Ready on B
    When node B crashes
    And the owner lease of "o1" has run out
    And A closes "o1" naming generation 1
    Then the request ends with failure Unavailable
    And the record of "o1" is Ready, owned by B, generation 1

  # An orderly shutdown ends the owner process too (4.2: "If the owner process ... terminates"): its
  # owner lease is no longer renewed and runs out as a crashed owner's does, and the object is not
  # restored elsewhere.
  @R-OBJ-1 @R-OBJ-4 @objects
  Scenario: The owner of a Ready actor shuts down: its lease runs out, the record stays, the object is Unavailable
    Given actor "o1" is Ready on B
    When node B shuts down
    Then the owner lease of "o1" runs out
    When A sends actor "o1" a message
    Then the request ends with failure Unavailable
    And messages to actor "o1" from A and C keep ending Unavailable for an owner lease, and none runs
    And the record of "o1" is Ready, owned by B, generation 1
    And the factory runs of "o1" were "B:1"
