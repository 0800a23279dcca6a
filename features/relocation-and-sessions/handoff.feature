Feature: After the relay-ready boundary the source does not go on running the object
  Relocate hands a running object, with its state and not-yet-executed work, from the source to the
  target. Past the relay-ready boundary the source is not restored: whatever the object did on the
  source (its timers included) is the target's to do from the owner change on, and the source only
  follows messages it already received (Message Follow). (Spec section 5.)

  @R-REL-2 @objects @relocation
  Scenario: Once the relocation has ended, none of the object's timers runs on the source
    Given a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B with a timer every 20 ms
    When A relocates "a1" to C
    Then the relocation ends with a reply from B
    And the record of "a1" is Ready, owned by C, generation 1
    And no timer of "a1" runs on B from the end of the relocation on

  @R-REL-2 @objects @relocation @failpoint:relocation.cutover-submit-fails
  Scenario: Past relay-ready none of the object's timers runs on the source, though it has not heard of the owner change
    Given a RouteMesh "m1" with nodes A, B and C
    And actor "a1" is Ready on B with a timer every 20 ms
    And the source B cannot submit the cutover
    When A relocates "a1" to C
    Then no timer of "a1" runs on B from relay-ready accepted on
    And the relocation ends with a reply from B
