// The spec's clauses whose first check is a step of owner-failure.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const OWNER_FAILURE = 'object-routing-and-creation/owner-failure.feature';

// Scenario names used by several clauses.
const OF_OUTLINE = 'The owner of a Ready <kind> dies: the record stays, the object is Unavailable';
const OF_LEASE = 'An Instance Spot whose owner lease ran out is not cold-activated again';

// Spec words used by several clauses.
const W_NO_OWNER_CHANGE = "It doesn't arbitrarily change the owner recorded in the Location Store or create a new incarnation of the same global ID.";

export const clauses: Clause[] = [
  // V10: an Instance Spot cold-activates only from Missing; a dead Ready owner or expired lease never becomes Missing or a cold activation
  {
    id: 'V10.1', lines: [151], words: 'An Instance Spot only starts cold activation when Missing.',
    says: 'an Instance-intent message to a Ready Instance Spot whose owner is gone runs no factory and is not handled (Unavailable)',
    checks: [
      ...on(OWNER_FAILURE, OF_OUTLINE, 'no factory of "o1" ran after the fault', 'the request ends with failure Unavailable'),
      ...on(OWNER_FAILURE, OF_LEASE, 'no factory of "i1" ran after the fault', 'the request ends with failure Unavailable'),
    ],
  },
  {
    id: 'V10.2', lines: [151], words: "A Ready owner process termination or owner lease expiry isn't turned into Missing or recovered via cold activation.",
    says: 'after the owner process of a Ready Instance Spot dies, its record stays Ready with the same owner and generation (not Missing)',
    checks: on(OWNER_FAILURE, OF_OUTLINE, 'the record of "o1" is Ready, owned by B, generation 1'),
  },
  {
    id: 'V10.3', lines: [67], words: "After the owner lease expires, merely being an Instance Spot doesn't release the authority — the reference information that determines which node an Actor or Spot is on and which node is currently the owner — or convert the next message into cold activation.",
    says: 'an owner lease that ran out while the owner process lives (Store cut off) does not release the authority (record stays Ready) nor cold-activate',
    checks: on(OWNER_FAILURE, OF_LEASE, 'the record of "i1" is Ready, owned by B, generation 1', 'no factory of "i1" ran after the fault'),
  },

  // R-OBJ-1: a message to an object that lost its owner ends Unavailable and is not routed elsewhere
  {
    id: 'R-OBJ-1.2', lines: [59], words: 'Since it targets the current Ready object of the logical ID, not a generation, an object re-created under the same ID and one that lost its owner produce different results.',
    says: 'a message to a Spot whose owner is lost also ends Unavailable and is not re-routed',
    checks: on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable', 'the handler never ran for the request', '<message plural> to <kind> "o1" from A and C keep ending Unavailable for an owner lease, and none runs'),
  },

  // R-OBJ-4: a dead owner process never leads the framework to restore the object elsewhere, rewrite its owner, or create a new incarnation (Actors, User and Instance Spots alike)
  {
    id: 'R-OBJ-4.1', lines: [67], words: "If the owner process of the current Ready Actor or Spot terminates, the Framework doesn't automatically restore the same object on a different node.",
    says: 'after the owner dies, the object is not brought back elsewhere: messages end Unavailable, no handler and no factory runs',
    checks: on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable', 'the handler never ran for the request', 'no factory of "o1" ran after the fault', '<message plural> to <kind> "o1" from A and C keep ending Unavailable for an owner lease, and none runs'),
  },
  {
    id: 'R-OBJ-4.2', lines: [67], words: W_NO_OWNER_CHANGE,
    says: 'the owner recorded in the Location Store stays the dead node',
    checks: on(OWNER_FAILURE, OF_OUTLINE, 'the record of "o1" is Ready, owned by B, generation 1'),
  },
  {
    id: 'R-OBJ-4.3', lines: [67], words: W_NO_OWNER_CHANGE,
    says: 'no new incarnation: the generation stays and no factory runs after the fault',
    checks: on(OWNER_FAILURE, OF_OUTLINE, 'the record of "o1" is Ready, owned by B, generation 1', 'no factory of "o1" ran after the fault'),
  },
  {
    id: 'R-OBJ-4.4', lines: [67], words: 'This rule applies equally to Instance Spots.',
    says: 'the same holds for an Instance Spot, even for a message with Instance intent',
    checks: on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable', 'the record of "o1" is Ready, owned by B, generation 1', 'no factory of "o1" ran after the fault'),
  },
  {
    id: 'R-OBJ-4.5', lines: [67], words: W_NO_OWNER_CHANGE,
    says: 'the owner started again under the same RID is a new process: it brings no incarnation back (no factory runs, messages from every caller stay Unavailable)',
    checks: on(OWNER_FAILURE, OF_OUTLINE, '<message plural> to <kind> "o1" from A, B and C keep ending Unavailable for an owner lease, and none runs', 'no factory of "o1" ran after the fault'),
  },
  {
    id: 'R-OBJ-4.6', lines: [67], words: W_NO_OWNER_CHANGE,
    says: "a Close of a Ready object whose owner died does not release its authority: it fails, and the record keeps the dead owner and the generation (releasing it would open the way to a new incarnation)",
    checks: on(OWNER_FAILURE, 'A Close of a Ready actor whose owner died does not release its authority', 'the request ends with failure Unavailable', 'the record of "o1" is Ready, owned by B, generation 1'),
  },
  {
    id: 'R-OBJ-4.7', lines: [67], words: "If the owner process of the current Ready Actor or Spot terminates, the Framework doesn't automatically restore the same object on a different node.",
    says: 'an owner that shuts down in order has terminated too: its owner lease runs out, messages end Unavailable and none runs, the record stays and no factory runs again',
    checks: on(OWNER_FAILURE, 'The owner of a Ready actor shuts down: its lease runs out, the record stays, the object is Unavailable', 'the owner lease of "o1" runs out', 'the request ends with failure Unavailable', 'messages to actor "o1" from A and C keep ending Unavailable for an owner lease, and none runs', 'the record of "o1" is Ready, owned by B, generation 1', 'the factory runs of "o1" were "B:1"'),
  },

  // R-INST-4: Ready owner dead or lease invalid: the authority record stays, no incarnation is created anywhere, the operation ends Unavailable
  {
    id: 'R-INST-4.4', lines: [85], words: "The Ready owner process terminated, or the owner lease is invalid | Doesn't automatically release the authority record or create a new incarnation on a different node. The operation ends with Unavailable.",
    says: 'the same when the owner process lives but its lease is invalid',
    checks: on(OWNER_FAILURE, OF_LEASE, 'the request ends with failure Unavailable', 'messages with Instance intent to Instance Spot "i1" from A and C keep ending Unavailable for an owner lease, and none runs', 'the record of "i1" is Ready, owned by B, generation 1', 'no factory of "i1" ran after the fault'),
  },
];
