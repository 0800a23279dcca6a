// The spec's clauses whose first check is a step of instance-spot-relocation.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const INSTANCE_RELOCATION = 'relocation-and-sessions/instance-spot-relocation.feature';

// Scenario names used by several clauses.
const ISR_KEEPS = 'A relocated Instance Spot keeps its generation, and no factory runs on the target';
const ISR_TARGET_DIED = 'A relocation whose target died is not recovered by cold activation';

export const clauses: Clause[] = [
  // V12: cold-activation recovery is never applied to Actors, User Spots, already-Ready Instance Spots or host relocation
  {
    id: 'V12.4', lines: [91], words: "It doesn't apply to Actor, User Spot, an already-Ready Instance Spot, or host relocation.",
    says: 'relocating an Instance Spot runs no factory on the target, and a relocation whose target died is not recovered by cold activation',
    checks: [
      ...on(INSTANCE_RELOCATION, ISR_KEEPS, 'the factory runs of "i1" were "B:1"'),
      ...on(INSTANCE_RELOCATION, ISR_TARGET_DIED, 'the request ends with failure Unavailable', 'the factory runs of "i1" were "B:1"', 'the record of "i1" is Ready, owned by B, generation 1'),
    ],
  },

  // V13: the source is kept only on an explicit failure before relay-ready is accepted; any later failure never rolls back, whatever cutover-submit returned
  {
    id: 'V13.3', lines: [105], words: "After that boundary, the source isn't restored even before owner commit.",
    says: 'a target death after the boundary (before commit) does not restore the source: messages end Unavailable, none runs on the source',
    checks: on(INSTANCE_RELOCATION, ISR_TARGET_DIED, 'the request ends with failure Unavailable', 'messages with Instance intent to Instance Spot "i1" from A and B keep ending Unavailable for an owner lease, and none runs'),
  },

  // R-INST-2: Creating, or Ready with the first message not yet restored: the same generation is continued or cancelled from the stored record and first message, no new incarnation
  {
    id: 'R-INST-2.4', lines: [83], words: 'Creating, or Ready with the first message not yet restored | Uses the stored creation record and first message to continue or cancel creation of the same ObjectGeneration.',
    says: 'a relocation requested while the first activation is under way does not take the Creating record away from it: the activation ends in one Ready incarnation, under the node the relocation result names, its first message answered',
    checks: on(INSTANCE_RELOCATION, "A relocation requested while an Instance Spot's first activation is under way leaves one Ready incarnation", 'the first message ends with a reply from B', "the record of \"i2\" stays owned by the node the relocation's result names", 'the factory runs of "i2" were "B:1"'),
  },

  {
    id: 'R-INST-5.3', lines: [86], words: "The application's explicit Close finished, including authority release | A subsequent lookup returns Missing.",
    says: 'a Close that finished while the Spot was being relocated stays finished: the record reads Missing with its generation and no owner, past the cutover fallback',
    checks: on(INSTANCE_RELOCATION, "A Close that finished while the Spot was being relocated is not undone by the relocation's target", 'if the Close ended with a reply, the record of "i1" stays Missing, generation 1, its authority released'),
  },
  // R-INST-6: during or after a planned relocation the same object and generation move to the target, treated as neither cold activation nor crash failover
  {
    id: 'R-INST-6.1', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract.',
    says: 'a finished relocation of an Instance Spot leaves it Ready on the target in the same generation, via the lifecycle callback',
    checks: on(INSTANCE_RELOCATION, ISR_KEEPS, 'the relocation ends with a reply from B', 'the record of "i1" is Ready, owned by C, generation 1', 'the lifecycle callback of "i1" succeeded on C after 0 failed attempts'),
  },
  {
    id: 'R-INST-6.2', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract. Not treated as cold activation or crash failover.',
    says: 'the relocation runs no factory on the target (not a cold activation)',
    checks: on(INSTANCE_RELOCATION, ISR_KEEPS, 'the factory runs of "i1" were "B:1"'),
  },
  {
    id: 'R-INST-6.3', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract. Not treated as cold activation or crash failover.',
    says: 'an Instance-intent message during an in-progress relocation starts no cold activation',
    checks: on(INSTANCE_RELOCATION, 'An Instance-intent message while the relocation is in progress is not a cold activation', 'the handler ran exactly once', 'the factory runs of "i1" were "B:1"', 'the record of "i1" becomes Ready, owned by C, generation 1, on the 1,000 ms cutover fallback'),
  },

  // R-REL-7: every relocation keeps the ObjectGeneration unchanged
  {
    id: 'R-REL-7.2', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract.',
    says: 'a Spot relocation keeps its ObjectGeneration too',
    checks: on(INSTANCE_RELOCATION, ISR_KEEPS, 'the record of "i1" is Ready, owned by C, generation 1'),
  },
  {
    id: 'R-REL-7.4', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract.',
    says: 'a relocation moves only the generation it started with: after a Close and a new activation meanwhile, its target never comes to own the new generation',
    checks: on(INSTANCE_RELOCATION, 'A relocation does not take over a generation activated on <node> after the object was closed', 'the relocation target C never owns a generation of "i1" other than 1'),
  },
];
