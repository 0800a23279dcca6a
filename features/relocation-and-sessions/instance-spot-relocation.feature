Feature: Relocating an Instance Spot is neither cold activation nor crash failover
  A planned Relocate moves the same object and ObjectGeneration to the target, by the relocation
  contract. The cold-activation recovery information is not used for it. (Spec section 4.4.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C
    And Instance Spot "i1" is Ready on B

  @R-INST-6 @R-REL-7 @V12 @objects @instance-spots @relocation
  Scenario: A relocated Instance Spot keeps its generation, and no factory runs on the target
    When A relocates "i1" to C
    Then the relocation ends with a reply from B
    And the record of "i1" is Ready, owned by C, generation 1
    And the factory runs of "i1" were "B:1"
    And the lifecycle callback of "i1" succeeded on C after 0 failed attempts

  @V12 @V13 @objects @instance-spots @relocation @failpoint:relocation.crash-target-before-commit @assumption:errorkinds-the-chapter-does-not-name
  Scenario: A relocation whose target died is not recovered by cold activation
    Given the target C dies when the cutover arrives, before the commit
    When B relocates "i1" to C
    And the relocation has ended
    And A sends Instance Spot "i1" a message with Instance intent
    Then the relocation ends with failure RelocationFailed
    And the request ends with failure Unavailable
    And messages with Instance intent to Instance Spot "i1" from A and B keep ending Unavailable for an owner lease, and none runs
    And the factory runs of "i1" were "B:1"
    And the record of "i1" is Ready, owned by B, generation 1

  @R-INST-6 @objects @instance-spots @relocation @failpoint:relocation.cutover-submit-fails
  Scenario: An Instance-intent message while the relocation is in progress is not a cold activation
    Given the source B cannot submit the cutover
    When A relocates "i1" to C
    And the relocation of "i1" has reached stage relay-ready-accepted
    And A sends Instance Spot "i1" a message with Instance intent, with a deadline of 3000 ms
    Then the request ends with a reply
    And the handler ran exactly once
    And the factory runs of "i1" were "B:1"
    And the record of "i1" becomes Ready, owned by C, generation 1, on the 1,000 ms cutover fallback

  # A relocation moves a running object (section 5: "the running source and the selected target hand
  # off state"); an Instance Spot whose first activation is still under way is Creating, and what
  # continues or cancels it is creation recovery (4.4), which "doesn't apply to ... host relocation".
  # Whatever the relocation answers, the activation ends in one Ready incarnation, owned by the node
  # the relocation's result names, its first message answered.
  @R-INST-2 @objects @instance-spots @relocation
  Scenario: A relocation requested while an Instance Spot's first activation is under way leaves one Ready incarnation
    When A sends Instance Spot "i2" the first message with Instance intent, activating on B, whose factory is held on gate "f"
    And the factory of "i2" has started on B
    And A relocates "i2" to C
    And the relocation has ended
    And the gate "f" is released
    Then the first message ends with a reply from B
    And the record of "i2" stays owned by the node the relocation's result names
    And the factory runs of "i2" were "B:1"

  # A relocation moves the object and the ObjectGeneration it started with (line 87). A Close that
  # finished meanwhile leaves the next Instance-intent message free to activate a new generation
  # (line 86), on the source or elsewhere; that incarnation is not the relocation's to move: its
  # target never takes it over. (Whether a Close is taken while the object is being relocated the
  # chapter does not say: what the Close and the message answer is not asked.)
  @R-REL-7 @objects @instance-spots @relocation @failpoint:relocation.cutover-submit-fails
  Scenario Outline: A relocation does not take over a generation activated on <node> after the object was closed
    Given the source B cannot submit the cutover
    When B relocates "i1" to C
    And the relocation of "i1" has reached stage relay-ready-accepted
    And A closes "i1" naming generation 1
    And the request has ended
    And A sends Instance Spot "i1" a message with Instance intent, activating on <node>
    And the request has ended
    Then the relocation target C never owns a generation of "i1" other than 1

    Examples:
      | node |
      | A    |
      | B    |

  # A Close that finished, "including authority release", leaves the record Missing (line 86) and no
  # owner holding it: the relocation's target does not take the closed object's authority over.
  @R-INST-5 @objects @instance-spots @relocation @failpoint:relocation.cutover-submit-fails
  Scenario: A Close that finished while the Spot was being relocated is not undone by the relocation's target
    Given the source B cannot submit the cutover
    When B relocates "i1" to C
    And the relocation of "i1" has reached stage relay-ready-accepted
    And A closes "i1" naming generation 1
    Then if the Close ended with a reply, the record of "i1" stays Missing, generation 1, its authority released
