Feature: Creation: one factory, and recovery of exactly the record that was being created
  While no object exists, competing creations are decided by the Location Store's Creating record:
  only the one that secured it runs the factory. If the creating process dies, the next operation
  re-checks that creation record, for the same object ID and generation, and continues it (the
  factory may run again, with the same input) or cancels exactly that record. This is recovery before
  the object was ever Ready, not failover. Destroy/Close and membership changes name the generation
  they mean and are rejected when it does not match. (Spec sections 4.1 and 4.3.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  Scenario Outline: Two creations of <kind> race: only the one that secured the Creating record runs the factory
    When A creates <kind> "a1" on B with input "from A", its factory held on gate "f"
    And C creates <kind> "a1" on C with input "from C", its factory held on gate "f"
    Then one creation of "a1" holds the Creating record and the other runs no factory
    When the gate "f" is released
    Then the creation that holds the Creating record ends with a reply
    And the other creation ends with failure AlreadyExists
    And the factory of "a1" ran exactly once, on the node whose creation won
    And the record of "a1" is Ready, owned by the node whose creation won, generation 1

    @R-CRE-1 @V06 @objects @assumption:errorkinds-the-chapter-does-not-name
    Examples:
      | kind      |
      | actor     |
      | user spot |

  Scenario Outline: Two creations of <kind> that both read "no object": only the one whose change secured the Creating record runs the factory
    When the Location Store answers A and C 100 ms late
    And A and C each create <kind> "a1" on themselves with input "second", at once
    Then one of the two creations of "a1" owns it Ready, generation 1
    And the creation that holds the Creating record ends with a reply
    And the other creation ends with failure AlreadyExists
    And the factory of "a1" ran exactly once, on the node whose creation won

    @R-CRE-1 @V06 @objects @store-faults @assumption:errorkinds-the-chapter-does-not-name
    Examples:
      | kind      |
      | actor     |
      | user spot |

  @R-CRE-2 @V06 @V08 @objects
  Scenario: A creation whose process died is continued under the same generation, with the same input
    When A creates actor "a1" on B with input "first", its factory held on gate "f"
    And the factory of "a1" has started on B
    And node B crashes
    And the owner lease of "a1" has run out
    Then the record of "a1" is Creating, owned by B, generation 1
    When the gate "f" is released
    And C creates actor "a1" on C with input "second"
    Then creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record

  # A creator that is cut off from the Store, not dead: its lease runs out, and another node's
  # creation recovery continues (or cancels) its record. When the Store answers it again and its
  # factory returns, its own change of the record no longer applies: it has not created the object.
  @R-CRE-2 @V06 @objects @store-faults
  Scenario: A creator cut off from the Store whose creation another node took over does not finish it too
    When A creates actor "a1" on B with input "first", its factory held on gate "f"
    And the factory of "a1" has started on B
    And the Location Store stops answering B
    And the owner lease of "a1" has run out
    And C creates actor "a1" on C with input "second"
    And the factory of "a1" has started on C
    And the Location Store answers B again
    And the gate "f" is released
    Then creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record
    And the creation on B ends with a failure

  # The recovery information of an Instance Spot's first activation is for that activation only, on
  # the node and lifecycle its pointer names: a creation under the same ID does not carry it on.
  # (Whether the creation is refused, or cancels the unfinished activation and makes a new generation,
  # the chapter leaves open: R-INST-2 lets the activation be cancelled.)
  @V11 @objects @instance-spots
  Scenario: A creation under the ID of an Instance Spot whose activating node died does not carry the activation on
    When A sends Instance Spot "i1" the first message with Instance intent, activating on B, whose factory is held on gate "f"
    And the factory of "i1" has started on B
    And node B crashes
    And the owner lease of "i1" has run out
    And C creates actor "i1" on C
    Then no node but B ran the factory of "i1" for generation 1, or owns that generation

  @V06 @R-CRE-2 @objects @store-faults
  Scenario: Two operations find the same unfinished creation: only one continues it
    When A creates actor "a1" on B with input "first", its factory held on gate "f"
    And the factory of "a1" has started on B
    And node B crashes
    And the owner lease of "a1" has run out
    And the gate "f" is released
    And the Location Store answers A and C 100 ms late
    And A and C each create actor "a1" on themselves with input "second", at once
    Then after the fault the factory of "a1" ran on one node at most, for generation 1 with its stored input "first"

  @R-CRE-2 @V08 @objects @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A Close of a creation whose process died cancels exactly that record
    When A creates actor "a1" on B with input "first", its factory held on gate "f"
    And the factory of "a1" has started on B
    And node B crashes
    And the owner lease of "a1" has run out
    And the gate "f" is released
    And C closes "a1" naming generation 2
    Then the request ends with failure GenerationMismatch
    And the record of "a1" is unchanged
    When C closes "a1" naming generation 1
    Then the request ends with a reply
    And the record of "a1" is Missing, generation 1
    And no factory of "a1" ran after the fault
    When C creates actor "a1" on C
    Then the request ends with a reply from C
    And the record of "a1" is Ready, owned by C, generation 2

  Scenario Outline: <operation> naming a generation that does not match is rejected
    Given user spot "s1" is Ready on B
    And "s1" was closed and created again on B
    When A <operation> naming generation 1
    Then the request ends with failure GenerationMismatch
    And the record of "s1" is unchanged

    @V08 @objects @assumption:errorkinds-the-chapter-does-not-name
    Examples:
      | operation                         |
      | closes "s1"                       |
      | adds C to the members of "s1"     |

  @V08 @objects
  Scenario: Close naming the current generation releases the authority
    Given actor "a1" is Ready on B
    When A closes "a1" naming generation 1
    Then the request ends with a reply from B
    And the record of "a1" is Missing, generation 1

  # The generation check guards a change, it does not forbid one: naming the current generation,
  # the membership change is applied, in the authority record (a runtime that rejects every membership
  # change fails here, and so does one that answers it without writing it).
  @V08 @objects
  Scenario: A membership change naming the current generation is applied
    Given user spot "s1" is Ready on B
    When A adds C to the members of "s1" naming generation 1
    Then the request ends with a reply from B
    And the record of "s1" is Ready, owned by B, generation 1, with members C

  # Creation recovery is for a creation whose process died (4.3: "If the process terminates during
  # creation, the next Framework operation re-checks the creation record"). A creator still running
  # owns its Creating record: a Close meanwhile must not cancel it under the creator's feet.
  @R-CRE-2 @V08 @objects @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A Close of a creation whose creator still runs does not cancel it
    When A creates actor "a1" on B with input "first", its factory held on gate "f"
    And the factory of "a1" has started on B
    And C closes "a1" naming generation 1
    Then the request ends with failure Unavailable
    And the record of "a1" is unchanged
    When the gate "f" is released
    Then the creation on B ends with a reply from B
    And the record of "a1" is Ready, owned by B, generation 1

  # Nor is a membership change applied to an object that is not Ready yet: written into the Creating
  # record, it would also make the creator's own turn to Ready fail (its change no longer finds the
  # record it wrote).
  @V08 @objects @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A membership change to a User Spot still being created is not applied, and the creation goes on
    When A creates user spot "s1" on B with input "first", its factory held on gate "f"
    And the factory of "s1" has started on B
    And C adds A to the members of "s1" naming generation 1
    Then the request ends with failure Unavailable
    And the record of "s1" is unchanged
    When the gate "f" is released
    Then the creation on B ends with a reply from B
    And the record of "s1" is Ready, owned by B, generation 1

  # Whose creator died: the next operation may cancel the unfinished record (R-CRE-2), but a
  # membership change adds no member to it, and does not end as if it had.
  @R-CRE-2 @objects
  Scenario: A membership change to a User Spot whose creator died is not applied, and does not end as if it were
    Given user spot "s1" was being created on B when B died
    When A adds C to the members of "s1" naming generation 1
    Then the request ends with a failure
    And generation 1 of "s1" was kept on B or cancelled, never carried on elsewhere

  # A Close of an object that never existed still ends, once (R-GEN-3), and writes nothing: NotFound is
  # the kit's ErrorKind for a Missing object (docs/assumptions.md).
  @V08 @R-GEN-3 @objects @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A Close of an object that was never created ends NotFound and writes nothing
    When A closes "z1" naming generation 1
    Then the request ends with failure NotFound
    And the record of "z1" is unchanged
