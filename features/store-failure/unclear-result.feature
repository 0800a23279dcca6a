Feature: A Location Store change whose result is lost is re-read, never guessed
  If a node gets no result for a Location Store change, it does not guess success or failure: it
  re-reads the same key, compares it with the StoreVersion it first used, and retries the same
  change only if it did not apply. This is how two owners at once are avoided; it is not failover.
  (Spec sections 5 and 7.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  Scenario Outline: The reply of a creation's Store change is lost: <how>
    Given B's next Location Store change <fails>
    When A creates actor "a1" on B
    Then the request ends with a reply from B
    And after its unclear change B re-read "a1" with the StoreVersion first used before changing it again
    And the record of "a1" is Ready, owned by B, generation 1
    And the factory of "a1" ran exactly once, on B

    @R-STO-1 @objects @store-faults @failpoint:store.fail-before-apply @failpoint:store.reply-lost-after-apply @assumption:storeversion-counts-by-one
    Examples:
      | how                        | fails                            |
      | it had applied             | loses its reply after it applied |
      | it had not applied         | fails before it applied          |

  @R-STO-1 @objects @store-faults @failpoint:store.reply-lost-then-cut-off
  Scenario: A change whose result was unclear is confirmed, never repeated over a newer owner
    Given B's next Location Store change loses its reply, and then B cannot reach the Store
    When A creates actor "a1" on B with input "first"
    And the owner lease of "a1" has run out
    And C creates actor "a1" on C with input "second"
    And the creation on C has ended
    And the Location Store answers B again
    Then the creation on B ends with a failure by its deadline
    And the factory of "a1" ran exactly once, on C
    And the record of "a1" is Ready, owned by C, generation 1

  # The Store stops answering the node between its read of the record and its change: the change
  # reaches nothing, so it secures no Creating record, and only the target that secures it runs the
  # factory (line 71). Its result is no surer than a lost reply's (line 100): the node cannot confirm
  # it, and the creation ends failed by its deadline, having built nothing.
  @R-CRE-1 @R-STO-1 @objects @store-faults
  Scenario: A creation whose change cannot reach the Store runs no factory
    Given the Location Store answers A and B 300 ms late
    When A creates actor "a1" on B with input "first"
    And B has read the record of "a1"
    And the Location Store stops answering B
    Then the creation on B ends with a failure by its deadline
    And no factory of "a1" ran after the fault
