Feature: Node direct keeps the node the caller named
  In node direct the caller names both the MeshName and the target RID, so there is no
  re-selection: a RID that does not exist ends NotFound, a node whose connection is not ready ends
  Unavailable, a busy node ends Busy, and in no case does another node run the operation.
  (Spec sections 2 and 3.1.)

  Background:
    Given a RouteMesh "m1" with nodes A, B and C

  @V02 @node-direct
  Scenario: A node direct message runs on the named node only
    When A sends a node direct message to B
    Then the request ends with a reply from B
    And the handler ran exactly once, on B

  @V02 @R-CH-2 @node-direct @liveness
  Scenario: The named node's connection is not ready: Unavailable, and no other node is used
    Given node B hangs and A's peer B has become not-ready
    When A sends a node direct message to B
    Then the request ends with failure Unavailable
    And every attempt named B
    And the handler never ran for the request

  @V02 @node-direct @assumption:queue-capacity @assumption:errorkinds-the-chapter-does-not-name
  Scenario: The named node's queue is full: Busy, and no other node is used
    Given node B's queue is full
    When A sends a node direct message to B
    Then the request ends with failure Busy
    And every attempt named B
    And the handler never ran for the request

  @R-CH-2 @node-direct
  Scenario: A RID that does not exist in the mesh ends NotFound
    When A sends a node direct message to Z
    Then the request ends with failure NotFound
    And the handler never ran for the request

  # A node of another mesh is in the same descriptor list (docs/assumptions.md): the list has it,
  # but not in the mesh the caller named. E joins after D, so once A is connected to E, the list A
  # read has D in it too.
  @R-CH-2 @node-direct
  Scenario: A RID that exists only in another mesh does not exist in this one: NotFound
    Given node D joins mesh "m2"
    And node E joins mesh "m1"
    And A's peer E becomes ready
    When A sends a node direct message to D
    Then the request ends with failure NotFound
    And the handler never ran for the request

  # The descriptor list read in full is the mesh a node knows (docs/assumptions.md): a node that
  # left it no longer exists there, though its process may still run.
  @R-CH-2 @node-direct @store-faults
  Scenario: A node that left the descriptor list no longer exists in the mesh: NotFound
    Given node C leaves the descriptor list
    And A's peer C is dropped once A reads the list again
    When A sends a node direct message to C
    Then the request ends with failure NotFound
    And the handler never ran for the request

  @V03 @node-direct @failpoint:transport.ack-lost-after-write @assumption:errorkinds-the-chapter-does-not-name
  Scenario: Acceptance unknown after the connection drops: not resubmitted, not retried
    Given the connection from A to B will fail after the next operation is written to it
    When A sends a node direct message to B
    Then the request ends with failure Unavailable
    And the attempts were
      | target | accepted |
      | B      | unknown  |
    And the handler ran exactly once, on B
