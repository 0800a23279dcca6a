// The spec's clauses whose first check is a step of direct-messages.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const DIRECT = 'object-routing-and-creation/direct-messages.feature';

// Scenario names used by several clauses.
const DM_OWNER_LOST = 'A message to an actor whose owner is lost ends Unavailable and runs nowhere';
const DM_OLD_GENERATION = 'A message to <kind> naming an old generation is handled by the re-created incarnation';
const DM_NOT_RESUBMITTED = 'A failed operation is not resubmitted to the new owner';

export const clauses: Clause[] = [
  // V02: node direct, Actor/Spot direct and Session-bound operations keep the named RID, global object ID or binding; they never retarget
  {
    id: 'V02.2', lines: [30], words: "The caller specified a node RID, global object ID, or Session binding | Keeps the specified logical identity. Doesn't switch to a different logical target.",
    says: 'an Actor/Spot direct message keeps its global object ID: when the owner is lost or not ready it is attempted only at that owner and runs nowhere else',
    checks: [
      ...on(DIRECT, "An actor direct message keeps its logical target when the owner's connection is not ready", 'the request ends with failure Unavailable', 'every attempt named B', 'the handler never ran for the request'),
      ...on(DIRECT, DM_OWNER_LOST, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    ],
  },

  // V07: an Actor/Spot direct message reaches the current Ready object of the logical ID; a generation mismatch alone does not block the handler
  {
    id: 'V07.1', lines: [148], words: "An Actor/Spot direct message targets the logical ID's current Ready object",
    says: 'a message to a re-created Actor reaches the current incarnation (runs for the new generation)',
    checks: on(DIRECT, DM_OLD_GENERATION, 'the request ends with a reply from B', 'the handler of the request ran for generation 2'),
  },
  {
    id: 'V07.2', lines: [59], words: "ObjectGeneration is excluded from a regular message's target-match condition.",
    says: 'a message naming a stale generation is not rejected for the mismatch: the handler runs',
    checks: on(DIRECT, DM_OLD_GENERATION, 'the request ends with a reply from B', 'the handler of the request ran for generation 2'),
  },
  {
    id: 'V07.3', lines: [59], words: 'A regular Actor/Spot message only uses the global logical ID as its target.',
    says: 'the same holds for Spots: a Spot message naming an old generation is handled by the current incarnation',
    checks: on(DIRECT, DM_OLD_GENERATION, 'the request ends with a reply from B', 'the handler of the request ran for generation 2'),
  },

  // R-OBJ-1: a message to an object that lost its owner ends Unavailable and is not routed elsewhere
  {
    id: 'R-OBJ-1.1', lines: [59], words: 'The former is handled by the new incarnation; the latter is Unavailable.',
    says: 'a message to an Actor whose owner is lost ends Unavailable and its handler runs nowhere',
    checks: on(DIRECT, DM_OWNER_LOST, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
  },

  // R-OBJ-2: after owner-cache expiry or an invalid owner lease, the next new operation re-reads the owner; the failed one is not resubmitted to it
  {
    id: 'R-OBJ-2.1', lines: [63], words: 'Once the cache expires or the owner lease becomes invalid, the next new operation re-queries the current owner.',
    says: 'after the owner cache expired, the next operation reads the record from the Location Store',
    checks: on(DIRECT, 'After the owner cache expired, the next operation re-reads the owner', 'A read the record of "a1" from the Location Store since the mark'),
  },
  {
    id: 'R-OBJ-2.2', lines: [63], words: 'Once the cache expires or the owner lease becomes invalid, the next new operation re-queries the current owner.',
    says: 'after the owner lease turned invalid (cache still fresh), the next operation re-reads the owner',
    checks: on(DIRECT, 'Once the owner lease is invalid, the next operation re-reads the owner', 'A read the record of "a1" from the Location Store since the mark', 'the request ends with failure Unavailable'),
  },
  {
    id: 'R-OBJ-2.3', lines: [63], words: "The failed operation itself isn't automatically submitted to the new owner.",
    says: 'an operation that failed at the old owner is not sent on to the new one within the same operation',
    checks: on(DIRECT, DM_NOT_RESUBMITTED, 'the request was sent to one owner only'),
  },
  {
    id: 'R-OBJ-2.4', lines: [63], words: 'Actor and Spot messages use the current Ready owner confirmed in the Location Store.',
    says: 'the next operation after the owner changed reaches the new owner',
    checks: on(DIRECT, DM_NOT_RESUBMITTED, 'the request ends with a reply from C'),
  },
];
