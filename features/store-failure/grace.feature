Feature: StoreFailureGrace: what a node keeps, and what it stops, while the Store cannot be reached
  While the Location Store cannot be read, a node keeps the last fully-read descriptor list and the
  connection intents for its targets, goes on checking the liveness of existing connections, and
  connects to no new target outside that list. Grace extends no owner lease: once owner eligibility
  ends, message and timer processing stop. When the Store answers again, the owner and the full
  descriptor list are re-confirmed and only the needed connection changes are made. (Spec section 7.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  @R-STO-2 @liveness @store-faults @assumption:peer-history-events
  Scenario: The last descriptor list and its connections stay, and liveness checks go on
    When the Location Store stops answering A
    And A has failed to read the descriptor list
    Then A's peer B stayed ready throughout
    When node C hangs
    Then A's peer C becomes not-ready within the liveness deadline
    And A's peer B stayed ready throughout

  @R-STO-2 @reconnect @store-faults @assumption:peer-history-events
  Scenario: During grace a broken connection to a listed peer is made again from the last list
    When the Location Store stops answering A
    And A has failed to read the descriptor list
    And the connection from A to B fails with a transport error
    Then A's peer B is ready again on a new connection
    And A's peer C stayed ready throughout

  @R-STO-2 @node-direct @store-faults @assumption:peer-history-events
  Scenario: A node outside the last descriptor list is not connected to
    When the Location Store stops answering A
    And A has failed to read the descriptor list
    And node D joins mesh "m1"
    Then D's peer A becomes ready
    And A makes no connection to D
    When A sends a node direct message to D
    Then the request ends with failure NotFound

  @R-STO-4 @store-faults @assumption:peer-history-events
  Scenario: When the Store answers again only the needed connection changes are made
    Given the connections of A are noted
    When the Location Store stops answering A
    And A has failed to read the descriptor list
    And node D joins mesh "m1"
    And the Location Store answers A again
    Then A's peer D becomes ready
    And A's connections to B and C are the ones noted

  @R-STO-4 @store-faults @assumption:peer-history-events
  Scenario: When the Store answers again, a node that left the list meanwhile is disconnected
    Given node D joins mesh "m1"
    And A's peer D becomes ready
    And the connections of A are noted
    When the Location Store stops answering A
    And A has failed to read the descriptor list
    And node D leaves the descriptor list
    Then A's peer D stayed ready throughout
    When the Location Store answers A again
    Then A's peer D is dropped once A reads the list again
    And A's connections to B and C are the ones noted

  @R-STO-3 @objects @store-faults
  Scenario: Once owner eligibility ends, timers and messages stop
    Given actor "a1" is Ready on B with a timer every 20 ms
    And A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message, with a deadline of 5000 ms
    When the Location Store stops answering B
    And the owner lease of "a1" has run out
    And the gate "g" is released
    Then no timer or message of "a1" ran on B from its lease running out until the Store answers again
    When the Location Store answers B again
    Then the later message ends with a reply from B

  # A node knows its lease from a renewal's answer, but the lease it holds is the one the Store
  # granted when it took the renewal: counted from a late answer, eligibility outlasts the lease.
  @R-STO-3 @objects @store-faults
  Scenario: Owner eligibility is counted from the renewal, not from its late answer
    Given actor "a1" is Ready on B with a timer every 20 ms
    And A sends actor "a1" a message that blocks on gate "g"
    And the handler has started on B
    And A sends actor "a1" a later message, with a deadline of 8000 ms
    And the Location Store's answers to B come 200 ms late
    And B has heard a late answer to a renewal of the owner lease of "a1"
    When the Location Store stops answering B
    And the owner lease of "a1" has run out
    And the gate "g" is released
    Then no timer or message of "a1" ran on B from its lease running out until the Store answers again
    When the Location Store answers B again
    Then the later message ends with a reply from B

  @R-STO-3 @objects @store-faults
  Scenario: Once owner eligibility ends, the object's state changes stop too
    Given user spot "s1" is Ready on B
    When the Location Store stops answering B
    And the owner lease of "s1" has run out
    And A adds C to the members of "s1" naming generation 1
    Then the request ends with failure Unavailable
    And the record of "s1" is unchanged

  @R-STO-3 @objects @store-faults @relocation @assumption:deadlines-count-from-submit
  Scenario: Grace does not extend a relocation's deadline
    Given actor "a1" is Ready on B
    When the Location Store stops answering B
    And A relocates "a1" to C, with a deadline of 300 ms
    Then the relocation ends with a failure by its deadline
    When the Location Store answers B again
    Then the record of "a1" stays Ready, owned by B, generation 1

  @R-STO-4 @objects @store-faults
  Scenario: When the Store answers again the owner re-reads its objects before processing goes on
    Given actor "a1" is Ready on B with a timer every 20 ms
    When the Location Store stops answering B
    And the owner lease of "a1" has run out
    And the Location Store answers B again
    And a timer of "a1" has run on B since the Store answered again
    Then B re-read "a1" from the Location Store before its first timer after the Store answered again

  # An owner cut off from the Store during an Instance Spot's first activation still owns it: the
  # record names it, Creating, for the generation it is building. The re-confirmation keeps it, and
  # the activation goes on to handle the stored first message.
  @R-STO-4 @objects @instance-spots @store-faults
  Scenario: When the Store answers again, an owner's first activation under way goes on
    When A sends Instance Spot "i1" the first message with Instance intent, activating on B, whose factory is held on gate "f", with a deadline of 8000 ms
    And the factory of "i1" has started on B
    And the Location Store stops answering B
    And B has failed to renew its owner lease
    And the Location Store answers B again
    And B has renewed its owner lease since the Store answered again, as "i1" shows
    And the gate "f" is released
    Then the first message ends with a reply from B
    And the record of "i1" is Ready, owned by B, generation 1
    When C sends Instance Spot "i1" a later message with Instance intent
    Then the later message ends with a reply from B
    And the first message was handled before the later message
    And the factory runs of "i1" were "B:1"

  # While the owner is cut off, its lease runs out and the record changes without it: a Close cancels
  # the unfinished activation (as for any creation whose creator's lease ran out) and C activates a new
  # generation. When the Store answers B again, B runs nothing more of the generation it was building.
  @R-STO-4 @objects @instance-spots @store-faults
  Scenario: When the Store answers again, the owner lets go of an object its record no longer names
    When A sends Instance Spot "i1" the first message with Instance intent, activating on B, whose factory is held on gate "f", with a timer every 20 ms, with a deadline of 8000 ms
    And the factory of "i1" has started on B
    And the Location Store stops answering B
    And the owner lease of "i1" has run out
    And A closes "i1" naming generation 1
    Then the request ends with a reply
    When C sends Instance Spot "i1" a later message with Instance intent
    Then the later message ends with a reply from C
    And the record of "i1" is Ready, owned by C, generation 2
    When the Location Store answers B again
    Then no timer of "i1" for generation 1 runs on B from the Store answering again on
    When the gate "f" is released
    Then the record of "i1" stays Ready, owned by C, generation 2
    And the factory runs of "i1" were "B:1 then C:2"
