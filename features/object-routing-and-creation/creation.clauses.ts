// The spec's clauses whose first check is a step of creation.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const CREATION = 'object-routing-and-creation/creation.feature';

// Scenario names used by several clauses.
const CR_DIED = 'A creation whose process died is continued under the same generation, with the same input';
const CR_RACE = 'Two creations of <kind> race: only the one that secured the Creating record runs the factory';
const CR_MISMATCH = '<operation> naming a generation that does not match is rejected';

// Spec words used by several clauses.
const W_V08 = 'Destroy/Close, membership, relocation, and creation recovery check that the ObjectGeneration matches.';

export const clauses: Clause[] = [
  // V06: creation recovery resumes only the same object ID and generation, and the factory runs on exactly one target
  {
    id: 'V06.1', lines: [147], words: 'Creation recovery only continues the same object ID and generation',
    says: 'after the creating process died, any factory run of recovery is for the same generation (and stored input); no new generation',
    checks: on(CREATION, CR_DIED, 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record'),
  },
  {
    id: 'V06.2', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
    says: 'of two racing creations, the loser is refused while the winner holds Creating, and the factory runs once, on the winner',
    checks: on(CREATION, CR_RACE, 'one creation of "a1" holds the Creating record and the other runs no factory', 'the other creation ends with failure AlreadyExists', 'the factory of "a1" ran exactly once, on the node whose creation won'),
  },
  {
    id: 'V06.3', lines: [147], words: 'Creation recovery only continues the same object ID and generation, and only one target runs the factory.',
    says: 'when several operations find the same unfinished creation, only one target continues it and runs the factory',
    checks: on(CREATION, 'Two operations find the same unfinished creation: only one continues it', 'after the fault the factory of "a1" ran on one node at most, for generation 1 with its stored input "first"'),
  },
  {
    id: 'V06.4', lines: [147], words: 'Creation recovery only continues the same object ID and generation, and only one target runs the factory.',
    says: 'a creator that was cut off from the Store while another node continued its creation does not finish the creation too: its own operation does not succeed',
    checks: on(CREATION, 'A creator cut off from the Store whose creation another node took over does not finish it too', 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record', 'the creation on B ends with a failure'),
  },

  // V08: Destroy/Close, membership changes, relocation and creation recovery are refused on an ObjectGeneration mismatch
  {
    id: 'V08.1', lines: [149], words: W_V08,
    says: 'Close naming a generation that is not the current one is rejected GenerationMismatch and leaves the record unchanged; naming the current one works',
    checks: [
      ...on(CREATION, CR_MISMATCH, 'the request ends with failure GenerationMismatch', 'the record of "s1" is unchanged'),
      ...on(CREATION, 'Close naming the current generation releases the authority', 'the request ends with a reply from B', 'the record of "a1" is Missing, generation 1'),
    ],
  },
  {
    id: 'V08.2', lines: [149], words: W_V08,
    says: 'a membership change naming a stale generation is rejected GenerationMismatch and leaves the record unchanged',
    checks: on(CREATION, CR_MISMATCH, 'the request ends with failure GenerationMismatch', 'the record of "s1" is unchanged'),
  },
  {
    id: 'V08.4', lines: [149], words: W_V08,
    says: 'creation recovery acts only on the generation of the unfinished record (never runs the factory for another generation)',
    checks: on(CREATION, CR_DIED, 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record'),
  },

  // V11: an activation's recovery information resumes only that first activation, on the node and lifecycle its pointer names
  {
    id: 'V11.4', lines: [91], words: "The first-creation recovery information is only used for an Instance Spot's first creation.",
    says: "a creation under the ID of an Instance Spot whose activating node died does not carry the activation's generation on elsewhere: no factory runs for it on another node, and no other node owns it",
    checks: on(CREATION, 'A creation under the ID of an Instance Spot whose activating node died does not carry the activation on', 'no node but B ran the factory of "i1" for generation 1, or owns that generation'),
  },

  // R-CRE-1: among concurrent creations of a missing object, only the one holding the Creating record runs the factory
  {
    id: 'R-CRE-1.1', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
    says: 'the creation that did not secure the Creating record is refused and never runs the factory',
    checks: on(CREATION, CR_RACE, 'one creation of "a1" holds the Creating record and the other runs no factory', 'the other creation ends with failure AlreadyExists', 'the factory of "a1" ran exactly once, on the node whose creation won'),
  },
  {
    id: 'R-CRE-1.2', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
    says: 'the creation holding the Creating record completes and its node is the Ready owner',
    checks: on(CREATION, CR_RACE, 'the creation that holds the Creating record ends with a reply', 'the record of "a1" is Ready, owned by the node whose creation won, generation 1'),
  },
  {
    id: 'R-CRE-1.3', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
    says: 'the same holds for a User Spot creation race',
    checks: on(CREATION, CR_RACE, 'one creation of "a1" holds the Creating record and the other runs no factory', 'the other creation ends with failure AlreadyExists', 'the factory of "a1" ran exactly once, on the node whose creation won'),
  },
  {
    id: 'R-CRE-1.4', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
    says: 'when both creations read "no object" before either writes, the one whose change lost runs no factory and is refused',
    checks: on(CREATION, 'Two creations of <kind> that both read "no object": only the one whose change secured the Creating record runs the factory', 'one of the two creations of "a1" owns it Ready, generation 1', 'the other creation ends with failure AlreadyExists', 'the factory of "a1" ran exactly once, on the node whose creation won'),
  },

  // R-CRE-2: after a death while Creating, the next operation re-checks that record (same ID and generation) and continues or cancels only it; the factory may rerun on the same input
  {
    id: 'R-CRE-2.1', lines: [71], words: 'If the process terminates during creation, the next Framework operation re-checks the creation record for the same object ID and generation.',
    says: 'a death while Creating leaves that record as it was until the next operation, which acts on it for the same generation',
    checks: on(CREATION, CR_DIED, 'the record of "a1" is Creating, owned by B, generation 1', 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record'),
  },
  {
    id: 'R-CRE-2.2', lines: [71], words: 'It can continue the same creation or cancel exactly that record, and the factory can be called again with the same input.',
    says: 'a cancelling recovery removes exactly the unfinished record and nothing else',
    checks: on(CREATION, 'A Close of a creation whose process died cancels exactly that record', 'the request ends with failure GenerationMismatch', 'the record of "a1" is unchanged', 'the record of "a1" is Missing, generation 1', 'no factory of "a1" ran after the fault', 'the record of "a1" is Ready, owned by C, generation 2'),
  },
  {
    id: 'R-CRE-2.3', lines: [71], words: 'It can continue the same creation or cancel exactly that record, and the factory can be called again with the same input.',
    says: "a continuing recovery calls the factory with the stored input, not the new caller's",
    checks: on(CREATION, CR_DIED, 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record'),
  },
  {
    id: 'R-CRE-2.4', lines: [71], words: 'If the process terminates during creation, the next Framework operation re-checks the creation record for the same object ID and generation. It can continue the same creation or cancel exactly that record',
    says: 'a membership change that finds a creation whose process died adds no member to it: it ends with a failure, and the record is kept or cancelled, never carried on elsewhere',
    checks: on(CREATION, 'A membership change to a User Spot whose creator died is not applied, and does not end as if it were', 'the request ends with a failure', 'generation 1 of "s1" was kept on B or cancelled, never carried on elsewhere'),
  },
];
