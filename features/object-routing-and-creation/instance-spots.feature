Feature: Instance Spots: cold activation only from Missing
  An Instance Spot is created by the first message that carries Instance intent while it is Missing:
  that message is stored with the creation record and restored at the head of the queue before any
  later message. An unfinished first activation is continued or cancelled under the same generation,
  and only on the node and lifecycle its recovery pointer names. A Ready Instance Spot whose owner
  died is Unavailable: it is not turned into Missing, and not activated again. (Spec section 4.4.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  Scenario Outline: Instance intent while the Spot is <current state>
    Given <situation>
    When A sends Instance Spot "i1" a message with Instance intent
    Then the request ends with <result>
    And the record of "i1" is <record>
    And the factory runs of "i1" were "<factory runs>"

    @R-INST-1 @objects @instance-spots
    Examples: Missing, with no authority record
      | current state | situation                              | result         | record                               | factory runs |
      | Missing       | every node is running                  | a reply from A | Ready, owned by A, generation 1      | A:1          |

    @R-INST-2 @objects @instance-spots @failpoint:activation.fail-before-ready @failpoint:activation.fail-before-restore
    Examples: Creating, or Ready with the first message not yet restored
      | current state                                  | situation                                                     | result         | record                          | factory runs |
      | Creating                                       | the first activation of "i1" on B stopped before Ready        | a reply from B | Ready, owned by B, generation 1 | B:1+         |
      | Ready with the first message not yet restored  | the first activation of "i1" on B stopped before the restore  | a reply from B | Ready, owned by B, generation 1 | B:1+         |

    @R-INST-3 @objects @instance-spots
    Examples: Ready with a valid owner lease
      | current state | situation                          | result         | record                          | factory runs |
      | Ready         | Instance Spot "i1" is Ready on B   | a reply from B | Ready, owned by B, generation 1 | B:1          |

    @R-INST-4 @objects @instance-spots
    Examples: the Ready owner process ended and its lease ran out
      | current state      | situation                                        | result              | record                          | factory runs |
      | Ready, owner gone  | Instance Spot "i1" is Ready on B, whose owner died | failure Unavailable | Ready, owned by B, generation 1 | B:1          |

    @R-INST-5 @objects @instance-spots
    Examples: explicitly closed, authority released
      | current state | situation                                    | result         | record                          | factory runs  |
      | closed        | Instance Spot "i1" was Ready on B and closed | a reply from A | Ready, owned by A, generation 2 | B:1 then A:2  |

  @R-INST-1 @objects @instance-spots
  Scenario: The first message to a Missing Instance Spot is handled by the incarnation its activation made
    When A sends Instance Spot "i1" the first message with Instance intent, activating on B, whose factory is held on gate "f", with a deadline of 5000 ms
    And the factory of "i1" has started on B
    Then the first message has not ended while gate "f" is closed
    When the gate "f" is released
    Then the first message ends with a reply from B
    And the first message ran on B
    And the record of "i1" is Ready, owned by B, generation 1
    And the factory runs of "i1" were "B:1"

  @R-INST-3 @objects @instance-spots
  Scenario: A message with Instance intent to a Ready Instance Spot runs on its owner, as any message
    Given Instance Spot "i1" is Ready on B
    When A sends Instance Spot "i1" a message with Instance intent that blocks on gate "g", with a deadline of 5000 ms
    And the handler has started on B
    Then the request has not ended while gate "g" is closed
    When the gate "g" is released
    Then the request ends with a reply from B
    And the handler ran exactly once, on B
    And the factory runs of "i1" were "B:1"

  @R-INST-1 @objects @instance-spots @store-faults @assumption:errorkinds-the-chapter-does-not-name
  Scenario: Two first messages race for a Missing Instance Spot: one node activates one generation
    When the Location Store answers A and C 100 ms late
    And A and C each send Instance Spot "i1" a first message with Instance intent, at once
    Then exactly one node ran the factory of "i1", for generation 1, and owns it
    And each first message ended with a reply from the node that activated "i1", or Unavailable without running

  @R-INST-1 @objects @instance-spots @store-faults @assumption:errorkinds-the-chapter-does-not-name
  Scenario: Two first messages race while the factory is held: only the activation holding the Creating record builds
    When the Location Store answers A and C 100 ms late
    And A and C each send Instance Spot "i1" a first message with Instance intent, at once, whose factory is held on gate "f"
    And the factory of "i1" has started
    Then no second factory of "i1" starts while gate "f" is closed
    When the gate "f" is released
    Then exactly one node ran the factory of "i1", for generation 1, and owns it
    And each first message ended with a reply from the node that activated "i1", or Unavailable without running

  # C's caller read Missing and heard so late; by the time C's activation reads the record, A has
  # activated the Spot. C finds it there and does not make it again.
  @R-INST-1 @objects @instance-spots @store-faults @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A first message that read Missing before another node activated the Spot does not activate it again
    Given the Location Store's answers to C come 300 ms late
    When A and C each send Instance Spot "i1" a first message with Instance intent, at once
    Then exactly one node ran the factory of "i1", for generation 1, and owns it
    And each first message ended with a reply from the node that activated "i1", or Unavailable without running

  @R-INST-1 @objects @instance-spots @store-faults @failpoint:store.reply-lost-after-apply
  Scenario: A message that reaches the activating node before it heard its Creating record was written joins that activation
    Given the Location Store's answers to B come 300 ms late
    And B's next Location Store change loses its reply after it applied
    When C sends Instance Spot "i1" the first message with Instance intent, activating on B, with a deadline of 5000 ms
    And the Location Store holds the Creating record of "i1", owned by B
    And A sends Instance Spot "i1" a later message with Instance intent, with a deadline of 5000 ms
    And the first message has ended
    And the later message has ended
    Then the factory runs of "i1" were "B:1"
    And the first message ends with a reply from B
    And the later message ends with a reply from B
    And the first message was handled before the later message

  @R-INST-5 @objects @instance-spots
  Scenario: A closed Instance Spot reads Missing, and the next Instance-intent message activates a new generation
    Given Instance Spot "i1" is Ready on B
    When A closes "i1" naming generation 1
    Then the request ends with a reply from B
    And the record of "i1" is Missing, generation 1
    When C sends Instance Spot "i1" a message with Instance intent
    Then the request ends with a reply from C
    And the record of "i1" is Ready, owned by C, generation 2
    And the factory runs of "i1" were "B:1 then C:2"

  @R-INST-2 @R-INST-7 @objects @instance-spots @failpoint:activation.fail-before-ready @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A resumed first activation handles the stored first message before the message that resumed it
    Given B's next cold activation stops before the record is Ready
    And C sends Instance Spot "i1" the first message with Instance intent, activating on B
    And the first message ends with failure Unavailable
    When A sends Instance Spot "i1" a later message with Instance intent
    Then the later message ends with a reply from B
    And the first message was handled before the later message
    And the record of "i1" is Ready, owned by B, generation 1

  @R-INST-7 @objects @instance-spots
  Scenario: No later message is processed before the stored first message
    When A sends Instance Spot "i1" the first message with Instance intent, activating on B, whose factory is held on gate "f"
    And the factory of "i1" has started on B
    And C sends Instance Spot "i1" a later message with Instance intent
    And the gate "f" is released
    Then the first message ends with a reply from B
    And the later message ends with a reply from B
    And the first message was handled before the later message
    And the record of "i1" holds the first message

  @V11 @R-INST-2 @objects @instance-spots
  Scenario: The node the recovery pointer names died mid-activation: the pointer picks no other node
    When A sends Instance Spot "i1" the first message with Instance intent, activating on B, whose factory is held on gate "f"
    And the factory of "i1" has started on B
    And node B crashes
    And the owner lease of "i1" has run out
    And A sends Instance Spot "i1" a message with Instance intent
    Then the request ends with failure Unavailable
    And no factory of "i1" ran after the fault
    And generation 1 of "i1" was kept on B or cancelled, never carried on elsewhere

  @V11 @objects @instance-spots @assumption:restart
  Scenario: The node the recovery pointer names restarts: the new process does not resume the old activation
    When A sends Instance Spot "i1" the first message with Instance intent, activating on B, whose factory is held on gate "f"
    And the factory of "i1" has started on B
    And node B crashes
    And node B has restarted and its peers are ready
    And A sends Instance Spot "i1" a message with Instance intent
    Then the request ends with failure Unavailable
    And no factory of "i1" ran after the fault
    And generation 1 of "i1" was kept on B or cancelled, never carried on elsewhere

  @V11 @objects @instance-spots
  Scenario: A steady Ready owner fails: its activation record is no reason to activate elsewhere
    Given Instance Spot "i1" is Ready on B
    When node B crashes
    And the owner lease of "i1" has run out
    And C sends Instance Spot "i1" a message with Instance intent
    Then the request ends with failure Unavailable
    And no factory of "i1" ran after the fault
    And the record of "i1" is Ready, owned by B, generation 1

  Scenario Outline: Cold-activation recovery is not applied to <what>
    Given <situation>
    When A sends <kind> "o1" a message with Instance intent
    Then the request ends with failure <error>
    And no factory of "o1" ran after the fault
    And the handler never ran for the request
    And the record of "o1" is <record>

    @V12 @objects @instance-spots @assumption:errorkinds-the-chapter-does-not-name
    Examples:
      | what                                   | situation                                              | kind          | error       | record                             |
      | an Actor that does not exist           | every node is running                                  | actor         | NotFound    | Missing, generation 0              |
      | an Actor whose creation stopped        | actor "o1" was being created on B when B died          | actor         | Unavailable | Creating, owned by B, generation 1 |
      | a User Spot whose creation stopped     | user spot "o1" was being created on B when B died      | user spot     | Unavailable | Creating, owned by B, generation 1 |
      | an already-Ready Instance Spot         | Instance Spot "o1" is Ready on B, whose owner died     | Instance Spot | Unavailable | Ready, owned by B, generation 1    |
