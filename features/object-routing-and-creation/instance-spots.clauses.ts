// The spec's clauses whose first check is a step of instance-spots.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const INSTANCE = 'object-routing-and-creation/instance-spots.feature';
const OWNER_FAILURE = 'object-routing-and-creation/owner-failure.feature';

// Scenario names used by several clauses.
const IS_POINTER_NODE_DIED = 'The node the recovery pointer names died mid-activation: the pointer picks no other node';
const IS_NOT_APPLIED = 'Cold-activation recovery is not applied to <what>';
const IS_OUTLINE = 'Instance intent while the Spot is <current state>';
const IS_ACTIVATION = 'The first message to a Missing Instance Spot is handled by the incarnation its activation made';
const IS_RESUMED = 'A resumed first activation handles the stored first message before the message that resumed it';
const IS_READY_OWNER = 'A message with Instance intent to a Ready Instance Spot runs on its owner, as any message';
const OF_OUTLINE = 'The owner of a Ready <kind> dies: the record stays, the object is Unavailable';
const IS_FIRST = 'No later message is processed before the stored first message';

// Spec words used by several clauses.
const W_V12 = "Instance Spot cold-activation recovery isn't used for Actor, User Spot, an already-Ready Instance Spot, or host relocation.";
const W_ROW_INST_2 = "Creating, or Ready with the first message not yet restored | Uses the stored creation record and first message to continue or cancel creation of the same ObjectGeneration. Doesn't create a new incarnation.";

export const clauses: Clause[] = [
  // V11: an activation recovery pointer only resumes the unfinished first cold activation on the node and lifecycle the authority names, never picks a new target
  {
    id: 'V11.1', lines: [152], words: 'it is used only to resume the incomplete first cold-activation operation on the same target node and lifecycle designated by the authority',
    says: 'when the node the recovery pointer names died mid-activation, the activation is kept on it or cancelled, never carried on on another node',
    checks: on(INSTANCE, IS_POINTER_NODE_DIED, 'the request ends with failure Unavailable', 'no factory of "i1" ran after the fault', 'generation 1 of "i1" was kept on B or cancelled, never carried on elsewhere'),
  },
  {
    id: 'V11.2', lines: [152], words: 'it is used only to resume the incomplete first cold-activation operation on the same target node and lifecycle designated by the authority',
    says: 'a restarted process on the named node is a different lifecycle: it does not resume the first activation from the pointer',
    checks: on(INSTANCE, 'The node the recovery pointer names restarts: the new process does not resume the old activation', 'the request ends with failure Unavailable', 'no factory of "i1" ran after the fault', 'generation 1 of "i1" was kept on B or cancelled, never carried on elsewhere'),
  },
  {
    id: 'V11.3', lines: [152], words: 'It is never a basis for selecting another target after a steady Ready owner failure.',
    says: 'when a steady Ready Instance Spot owner dies, no other node is activated from its activation record: Unavailable, record unchanged, no factory',
    checks: on(INSTANCE, 'A steady Ready owner fails: its activation record is no reason to activate elsewhere', 'the request ends with failure Unavailable', 'no factory of "i1" ran after the fault', 'the record of "i1" is Ready, owned by B, generation 1'),
  },

  // V12: cold-activation recovery is never applied to Actors, User Spots, already-Ready Instance Spots or host relocation
  {
    id: 'V12.1', lines: [153], words: W_V12,
    says: 'an Instance-intent message to an Actor (missing, or whose creation stopped) runs no factory and no handler',
    checks: on(INSTANCE, IS_NOT_APPLIED, 'the request ends with failure <error>', 'no factory of "o1" ran after the fault', 'the handler never ran for the request'),
  },
  {
    id: 'V12.2', lines: [153], words: W_V12,
    says: 'an Instance-intent message to a User Spot whose creation stopped runs no factory and no handler',
    checks: on(INSTANCE, IS_NOT_APPLIED, 'the request ends with failure <error>', 'no factory of "o1" ran after the fault', 'the handler never ran for the request'),
  },
  {
    id: 'V12.3', lines: [153], words: W_V12,
    says: 'an already-Ready Instance Spot whose owner died is not re-activated by an Instance-intent message',
    checks: on(INSTANCE, IS_NOT_APPLIED, 'the request ends with failure <error>', 'no factory of "o1" ran after the fault', 'the handler never ran for the request', 'the record of "o1" is <record>'),
  },

  // R-INST-1: Missing with no authority record: one eligible node is chosen and cold-activates a new ObjectGeneration
  {
    id: 'R-INST-1.1', lines: [82], words: 'Missing, with no authority record | Selects one eligible node and starts cold activation of a new ObjectGeneration.',
    says: 'an Instance-intent message to a Missing Instance Spot activates it (Ready, generation 1) and is handled by that incarnation, after its factory ran',
    checks: [
      ...on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>'),
      ...on(INSTANCE, IS_ACTIVATION, 'the first message has not ended while gate "f" is closed', 'the first message ends with a reply from B', 'the first message ran on B', 'the record of "i1" is Ready, owned by B, generation 1'),
    ],
  },
  {
    id: 'R-INST-1.2', lines: [82], words: 'Missing, with no authority record | Selects one eligible node',
    says: 'the activation runs the factory once, on one node',
    checks: [
      ...on(INSTANCE, IS_OUTLINE, 'the factory runs of "i1" were "<factory runs>"'),
      ...on(INSTANCE, IS_ACTIVATION, 'the factory runs of "i1" were "B:1"'),
      ...on(INSTANCE, 'A message that reaches the activating node before it heard its Creating record was written joins that activation', 'the factory runs of "i1" were "B:1"'),
    ],
  },
  {
    id: 'R-INST-1.3', lines: [82], words: 'Missing, with no authority record | Selects one eligible node',
    says: 'concurrent first messages still select one node: a single activation',
    checks: [
      ...on(INSTANCE, 'Two first messages race for a Missing Instance Spot: one node activates one generation', 'exactly one node ran the factory of "i1", for generation 1, and owns it', 'each first message ended with a reply from the node that activated "i1", or Unavailable without running'),
      ...on(INSTANCE, 'Two first messages race while the factory is held: only the activation holding the Creating record builds', 'no second factory of "i1" starts while gate "f" is closed', 'exactly one node ran the factory of "i1", for generation 1, and owns it'),
      ...on(INSTANCE, 'A first message that read Missing before another node activated the Spot does not activate it again', 'exactly one node ran the factory of "i1", for generation 1, and owns it', 'each first message ended with a reply from the node that activated "i1", or Unavailable without running'),
    ],
  },

  // R-INST-2: Creating, or Ready before the first message is restored: the same generation is continued or cancelled from its stored record and first message
  {
    id: 'R-INST-2.1', lines: [83], words: W_ROW_INST_2,
    says: 'an activation stopped while Creating is continued (or cancelled) in the same generation on its node; no new incarnation',
    checks: [
      ...on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>', 'the factory runs of "i1" were "<factory runs>"'),
      ...on(INSTANCE, IS_POINTER_NODE_DIED, 'no factory of "i1" ran after the fault', 'generation 1 of "i1" was kept on B or cancelled, never carried on elsewhere'),
    ],
  },
  {
    id: 'R-INST-2.2', lines: [83], words: W_ROW_INST_2,
    says: 'an activation stopped Ready before the first message was restored is continued in the same generation; no new incarnation',
    checks: on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>', 'the factory runs of "i1" were "<factory runs>"'),
  },
  {
    id: 'R-INST-2.3', lines: [77], words: 'Since the Framework stores the first message and creation record, if the process terminates while Creating or while restoring the first message, it can continue or cancel creation under the same generation.',
    says: 'the resumed activation handles the stored first message (before the message that resumed it)',
    checks: on(INSTANCE, IS_RESUMED, 'the later message ends with a reply from B', 'the first message was handled before the later message'),
  },

  // R-INST-3: Ready with a valid owner lease: the message goes to the current owner and no cold activation starts
  {
    id: 'R-INST-3.1', lines: [84], words: 'Ready with a valid owner lease | Sends the message to the current owner.',
    says: 'an Instance-intent message to a Ready Instance Spot is handled by its current owner, as any message; the record is unchanged',
    checks: [
      ...on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>'),
      ...on(INSTANCE, IS_READY_OWNER, 'the request has not ended while gate "g" is closed', 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
    ],
  },
  {
    id: 'R-INST-3.2', lines: [84], words: "Ready with a valid owner lease | Doesn't start cold activation.",
    says: 'no factory runs again for it',
    checks: [
      ...on(INSTANCE, IS_OUTLINE, 'the factory runs of "i1" were "<factory runs>"'),
      ...on(INSTANCE, IS_READY_OWNER, 'the factory runs of "i1" were "B:1"'),
    ],
  },

  // R-INST-4: Ready owner dead or lease invalid: the authority record stays, no incarnation is created anywhere, the operation ends Unavailable
  {
    id: 'R-INST-4.1', lines: [85], words: "The Ready owner process terminated, or the owner lease is invalid | Doesn't automatically release the authority record",
    says: 'after the Ready owner died, the authority record stays (Ready, same owner and generation)',
    checks: [
      ...on(INSTANCE, IS_OUTLINE, 'the record of "i1" is <record>'),
      ...on(OWNER_FAILURE, OF_OUTLINE, 'the record of "o1" is Ready, owned by B, generation 1'),
    ],
  },
  {
    id: 'R-INST-4.2', lines: [85], words: "The Ready owner process terminated, or the owner lease is invalid | Doesn't automatically release the authority record or create a new incarnation on a different node. The operation ends with Unavailable.",
    says: 'no new incarnation anywhere: no factory runs',
    checks: [
      ...on(INSTANCE, IS_OUTLINE, 'the factory runs of "i1" were "<factory runs>"'),
      ...on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable', '<message plural> to <kind> "o1" from A and C keep ending Unavailable for an owner lease, and none runs', '<message plural> to <kind> "o1" from A, B and C keep ending Unavailable for an owner lease, and none runs', 'no factory of "o1" ran after the fault', 'the record of "o1" is Ready, owned by B, generation 1'),
    ],
  },
  {
    id: 'R-INST-4.3', lines: [85], words: 'The Ready owner process terminated, or the owner lease is invalid | The operation ends with Unavailable.',
    says: 'the Instance-intent message ends Unavailable',
    checks: [
      ...on(INSTANCE, IS_OUTLINE, 'the request ends with <result>'),
      ...on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable'),
    ],
  },

  // R-INST-5: after an explicit Close releases authority, lookup returns Missing and the next Instance-intent message cold-activates a new generation
  {
    id: 'R-INST-5.1', lines: [86], words: "The application's explicit Close finished, including authority release | A subsequent lookup returns Missing.",
    says: 'after an explicit Close released authority, a lookup returns Missing',
    checks: on(INSTANCE, 'A closed Instance Spot reads Missing, and the next Instance-intent message activates a new generation', 'the record of "i1" is Missing, generation 1'),
  },
  {
    id: 'R-INST-5.2', lines: [86], words: "The application's explicit Close finished, including authority release | A subsequent lookup returns Missing. The next Instance-intent message can start cold activation of a new ObjectGeneration.",
    says: 'the next Instance-intent message cold-activates a new generation (factory runs for generation 2)',
    checks: on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>', 'the factory runs of "i1" were "<factory runs>"'),
  },

  // R-INST-7: cold activation stores the first message, and no later message is processed until it is back at the head of the queue
  {
    id: 'R-INST-7.1', lines: [77], words: 'Since the Framework stores the first message and creation record',
    says: "cold activation stores the first message in the object's creation record",
    checks: on(INSTANCE, IS_FIRST, 'the record of "i1" holds the first message'),
  },
  {
    id: 'R-INST-7.2', lines: [77], words: "It doesn't process new messages before restoring the first message to the head of the queue.",
    says: 'a later message is handled only after the first message, also when the activation was resumed',
    checks: [
      ...on(INSTANCE, IS_FIRST, 'the first message was handled before the later message'),
      ...on(INSTANCE, IS_RESUMED, 'the first message was handled before the later message'),
    ],
  },
];
