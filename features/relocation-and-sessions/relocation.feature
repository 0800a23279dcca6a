Feature: Planned host relocation: the relay-ready boundary decides, nothing is undone after it
  Relocate hands a running object from its source to a selected target. Only an explicit failure
  before the target's relay-ready reply is accepted keeps the source; after that boundary the source
  is never restored, whatever happens to the cutover submit, and the target finishes the owner change
  through the cutover receipt or the 1,000 ms fallback. The owner change keeps the ObjectGeneration.
  After a process dies, no other runtime takes the relocation over, no other target is chosen, and a
  restarted process does not resume it. (Spec sections 5 and 10.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B

  Scenario Outline: <failure timing>
    Given <failpoint>
    When A relocates "a1" to C
    Then the relocation ends with <result>
    And the record of "a1" <record>
    And the relocation of "a1" aimed at C only

    @R-REL-1 @V13 @objects @relocation @failpoint:relocation.fail-before-relay-ready @assumption:errorkinds-the-chapter-does-not-name
    Examples: before the relay-ready reply is accepted
      | failure timing                                         | failpoint                                                     | result                   | record                                |
      | Explicit failure before relay-ready: the source stays  | the target C fails explicitly before relay-ready is accepted | failure RelocationFailed | stays Ready, owned by B, generation 1 |

    @R-REL-2 @R-REL-7 @V13 @objects @relocation @failpoint:relocation.cutover-submit-fails
    Examples: after relay-ready was accepted, before the owner-change commit
      | failure timing                                                        | failpoint                                             | result              | record                                                                  |
      | The cutover submit fails: no rollback, the target commits on fallback | the source B cannot submit the cutover                | a reply from B      | becomes Ready, owned by C, generation 1, on the 1,000 ms cutover fallback   |

    @R-REL-2 @R-REL-7 @V13 @V14 @objects @relocation @failpoint:relocation.crash-source-after-relay-ready @assumption:errorkinds-the-chapter-does-not-name
    Examples: the source process ended after relay-ready was accepted
      | failure timing                                                        | failpoint                                             | result              | record                                                                  |
      | The source dies: the target commits on the fallback                   | the source B dies right after accepting relay-ready   | failure Unavailable | becomes Ready, owned by C, generation 1, on the 1,000 ms cutover fallback   |

    @R-REL-4 @R-REL-7 @V13 @objects @relocation @failpoint:relocation.lifecycle-callback-fails
    Examples: after the owner-change commit, the target still running
      | failure timing                                                   | failpoint                                      | result         | record                                |
      | The lifecycle callback fails once: retried on the same target    | the target C fails its first lifecycle callback | a reply from B | stays Ready, owned by C, generation 1 |

    @R-REL-5 @V14 @objects @relocation @failpoint:relocation.crash-target-after-commit
    Examples: the target process ended after the owner-change commit
      | failure timing                                                | failpoint                             | result         | record                                |
      | The target dies after the commit: it stays the owner          | the target C dies right after the commit | a reply from B | stays Ready, owned by C, generation 1 |

    @R-REL-6 @V14 @V13 @objects @relocation @failpoint:relocation.crash-target-before-commit @assumption:errorkinds-the-chapter-does-not-name
    Examples: the target process ended during the operation
      | failure timing                                                  | failpoint                                                 | result                   | record                                |
      | The target dies before the commit: no other target, no rollback | the target C dies when the cutover arrives, before the commit | failure RelocationFailed | stays Ready, owned by B, generation 1 |

    @R-REL-3 @objects @store-faults @relocation @failpoint:store.reply-lost-after-apply
    Examples: no Store change result for the commit
      | failure timing                                           | failpoint                                                 | result         | record                                |
      | The commit's reply is lost: the record is re-read         | C's next Location Store change loses its reply after it applied | a reply from B | stays Ready, owned by C, generation 1 |

  @R-REL-1 @objects @relocation @failpoint:relocation.fail-before-relay-ready @assumption:errorkinds-the-chapter-does-not-name
  Scenario: Before the boundary an explicit failure discards what the target had prepared
    Given the target C fails explicitly before relay-ready is accepted
    When B relocates "a1" to C
    Then the relocation ends with failure RelocationFailed
    When A sends actor "a1" a message, still through C
    Then the request ends with failure Unavailable
    And the handler never ran for the request
    And no lifecycle callback of "a1" ran on C
    When A sends actor "a1" another message
    Then the request ends with a reply from B

  @R-REL-4 @R-REL-7 @objects @relocation @failpoint:relocation.lifecycle-callback-fails
  Scenario: A lifecycle callback that fails after the commit is retried on the same target
    Given the target C fails its first lifecycle callback
    When B relocates "a1" to C
    Then the relocation ends with a reply from B
    And the lifecycle callback of "a1" succeeded on C after 1 failed attempt
    And the record of "a1" stays Ready, owned by C, generation 1

  @R-REL-3 @objects @store-faults @relocation @failpoint:store.reply-lost-after-apply @assumption:storeversion-counts-by-one
  Scenario: The commit's reply is lost after it applied: the target re-reads the record, it does not guess
    Given C's next Location Store change loses its reply after it applied
    When B relocates "a1" to C
    Then the relocation ends with a reply from B
    And after its unclear change C re-read "a1" with the StoreVersion first used before changing it again
    And the record of "a1" stays Ready, owned by C, generation 1
    When A sends actor "a1" a message
    Then the request ends with a reply from C
    And the handler ran exactly once, on C

  @R-REL-3 @objects @store-faults @relocation @failpoint:store.fail-before-apply @assumption:storeversion-counts-by-one
  Scenario: The commit failed before it applied: the target re-reads the record, it does not guess
    Given C's next Location Store change fails before it applied
    When B relocates "a1" to C
    Then the relocation has ended
    And after its unclear change C re-read "a1" with the StoreVersion first used before changing it again
    And the record of "a1" stays owned by the node the relocation's result names

  @R-REL-1 @V13 @objects @relocation @failpoint:relocation.fail-before-relay-ready @assumption:errorkinds-the-chapter-does-not-name
  Scenario: Before the boundary an explicit failure keeps the source's queue and membership
    Given A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message
    And the target C fails explicitly before relay-ready is accepted
    When B relocates "a1" to C
    Then the relocation ends with failure RelocationFailed
    When the gate "g" is released
    Then the later message ends with a reply from B
    And the later message ran on B

  @R-REL-2 @V13 @objects @relocation @failpoint:relocation.cutover-submit-fails
  Scenario: After the boundary the not-yet-executed work moves to the target even if the cutover submit fails
    Given A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message, with a deadline of 3000 ms
    And the source B cannot submit the cutover
    When B relocates "a1" to C
    Then the relocation ends with a reply from B
    When the gate "g" is released
    Then the later message ran on C
    And the record of "a1" is Ready, owned by C, generation 1

  # Past the boundary the target finishes the owner change (line 99), whatever the source is asked
  # meanwhile: a second relocation of the object, asked of the source before the commit, does not
  # take it from that target. What becomes of the second request the chapter does not say.
  @R-REL-2 @V13 @objects @relocation @failpoint:relocation.cutover-submit-fails
  Scenario: A second relocation asked of the source after the boundary does not take the object from the target
    Given A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message, with a deadline of 3000 ms
    And the source B cannot submit the cutover
    When B relocates "a1" to C
    And the relocation of "a1" has reached stage relay-ready-accepted
    And B relocates "a1" to A as well, while that relocation is under way
    Then the record of "a1" becomes Ready, owned by C, generation 1, on the 1,000 ms cutover fallback
    And the relocation ends with a reply from B
    When the gate "g" is released
    Then the later message ran on C

  @R-REL-5 @V14 @objects @relocation @failpoint:relocation.crash-target-after-commit
  Scenario: The target died after the commit: the object is Unavailable and nobody takes it over
    Given the target C dies right after the commit
    When B relocates "a1" to C
    Then the relocation ends with a reply from B
    When the owner lease of "a1" has run out
    And A sends actor "a1" a message
    Then the request ends with failure Unavailable
    And the handler never ran for the request
    And messages to actor "a1" from A and B keep ending Unavailable for an owner lease, and none runs
    And the record of "a1" stays Ready, owned by C, generation 1

  @R-REL-6 @V14 @objects @relocation @failpoint:relocation.crash-target-before-commit @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A target that died before the commit and restarts does not resume the relocation
    Given the target C dies when the cutover arrives, before the commit
    When B relocates "a1" to C
    And node C has died
    And node C restarts
    Then the relocation ends with failure RelocationFailed
    And the record of "a1" stays Ready, owned by B, generation 1
    And the relocation of "a1" is at stage relay-ready-accepted

  @V16 @R-REL-3 @objects @store-faults @relocation @failpoint:store.reply-lost-then-cut-off
  Scenario: While the commit's result is unclear, target dispatch stays closed until authority is re-read
    Given A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message, with a deadline of 10000 ms
    And C's next Location Store change loses its reply, and then C cannot reach the Store
    When B relocates "a1" to C
    And the relocation of "a1" has reached stage relay-ready-accepted
    And the gate "g" is released
    Then no message of "a1" ran on C while it could not reach the Store
    When the Location Store answers C again
    Then the later message ran on C
    And the relocation ends with a reply from B
    And the record of "a1" is Ready, owned by C, generation 1

  @V16 @objects @store-faults @relocation @failpoint:relocation.relay-ready-record-reply-lost
  Scenario: While the source's record of the boundary is unclear, it takes no work back
    Given A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message, with a deadline of 10000 ms
    And the source B loses the reply of its relay-ready record
    When B relocates "a1" to C
    And the relocation of "a1" has reached stage relay-ready-accepted
    And the gate "g" is released
    Then the later message ran on C
    And the relocation ends with a reply from B
    And after its unclear change B re-read the record it changed with the StoreVersion first used before changing it again
    And the record of "a1" is Ready, owned by C, generation 1

  @R-REL-4 @objects @relocation @failpoint:relocation.dispatch-switchover-fails
  Scenario: A dispatch switchover that fails after the commit is retried on the same target
    Given A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message, with a deadline of 3000 ms
    And the target C fails its first dispatch switchover
    When B relocates "a1" to C
    And the relocation of "a1" has reached stage relay-ready-accepted
    And the gate "g" is released
    Then the relocation ends with a reply from B
    And the later message ran on C
    And the record of "a1" stays Ready, owned by C, generation 1

  @V08 @objects @relocation @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A relocation naming another generation is rejected
    When A relocates "a1" to C, naming generation 2
    Then the relocation ends with failure GenerationMismatch
    And the record of "a1" is unchanged

  # Nor does a relocation of an object that never existed pick anything to move: it ends, once
  # (R-GEN-3), NotFound (the kit's ErrorKind for a Missing object), and writes nothing.
  @R-GEN-3 @objects @relocation @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A relocation of an object that was never created ends NotFound and writes nothing
    When A relocates "z1" to C
    Then the relocation ends with failure NotFound
    And the record of "z1" is unchanged

  # A relocation is over once it ended: the node it left may move the object again when it owns it
  # again (line 95: "Relocate is a planned action"; each keeps the generation, line 87).
  @R-REL-7 @objects @relocation
  Scenario: An object relocated away and back can be relocated again, keeping its generation
    Given "a1" was relocated from B to C
    And "a1" was relocated from C to B
    When A relocates "a1" to C
    Then the relocation ends with a reply from B
    And the record of "a1" is Ready, owned by C, generation 1

  # The generation check guards a relocation, it does not forbid one: naming the current generation,
  # the object moves (a runtime that rejects every relocation naming a generation fails here).
  @V08 @objects @relocation
  Scenario: A relocation naming the current generation is carried out
    When A relocates "a1" to C, naming generation 1
    Then the relocation ends with a reply from B
    And the record of "a1" is Ready, owned by C, generation 1

  # A relocation naming the owner itself as its target moves nothing anywhere. Whatever its result
  # (the chapter names none for it), the source keeps what an explicit failure keeps (line 98: its
  # owner record and queue), or hands its not-yet-executed work to the target it names, itself: either
  # way the message waiting in its queue runs there, once, and the object stays Ready on it.
  @R-REL-1 @objects @relocation
  Scenario: A relocation to the node that owns the object keeps its queued work and the object
    Given A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message, with a deadline of 3000 ms
    When B relocates "a1" to B
    And the relocation has ended
    And the gate "g" is released
    Then the later message ends with a reply from B
    And the later message ran on B
    And the record of "a1" stays Ready, owned by B, generation 1

  # The target died before the commit: the relocation failed, the source is not restored and no
  # other target is selected (line 103). Asked to relocate the object again, the source does not move
  # what it handed over to another target either: no relocation aims anywhere else, the record stays.
  @R-REL-6 @V14 @objects @relocation @failpoint:relocation.crash-target-before-commit @assumption:errorkinds-the-chapter-does-not-name
  Scenario: After a target died before the commit, relocating the object again selects no other target
    Given the target C dies when the cutover arrives, before the commit
    When B relocates "a1" to C
    Then the relocation ends with failure RelocationFailed
    When B relocates "a1" to A
    Then the relocation ends with a failure by its deadline
    And the record of "a1" stays Ready, owned by B, generation 1
    And the relocation of "a1" aimed at C only
