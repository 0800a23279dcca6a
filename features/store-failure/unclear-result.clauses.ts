// The spec's clauses whose first check is a step of unclear-result.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const UNCLEAR = 'store-failure/unclear-result.feature';

// Scenario names used by several clauses.
const UR_OUTLINE = "The reply of a creation's Store change is lost: <how>";

// Spec words used by several clauses.
const W_STORE_REREAD = 'It re-reads the record with the same key and the StoreVersion first used, confirms whether the change applied, and only retries the same Store operation if needed.';

export const clauses: Clause[] = [
  // R-STO-1: a Location Store change without result is checked by re-reading the key at its original StoreVersion and retried only if unapplied; never two owners
  {
    id: 'R-STO-1.1', lines: [117], words: W_STORE_REREAD,
    says: 'after a Store change with no result, the next Store access is a re-read of the same key, compared with the StoreVersion first used',
    checks: on(UNCLEAR, UR_OUTLINE, 'after its unclear change B re-read "a1" with the StoreVersion first used before changing it again'),
  },
  {
    id: 'R-STO-1.2', lines: [117], words: W_STORE_REREAD,
    says: 'the change is retried only if it had not applied: the creation completes once either way',
    checks: on(UNCLEAR, UR_OUTLINE, 'after its unclear change B re-read "a1" with the StoreVersion first used before changing it again', 'the request ends with a reply from B', 'the record of "a1" is Ready, owned by B, generation 1', 'the factory of "a1" ran exactly once, on B'),
  },
  {
    id: 'R-STO-1.3', lines: [117], words: "This confirmation is a procedure to avoid ever creating two owners at once — it isn't failover selecting a different target.",
    says: 'the confirmation never yields a second owner or another target: one owner, one factory run',
    checks: [
      ...on(UNCLEAR, UR_OUTLINE, 'the record of "a1" is Ready, owned by B, generation 1', 'the factory of "a1" ran exactly once, on B'),
      ...on(UNCLEAR, 'A change whose result was unclear is confirmed, never repeated over a newer owner', 'the creation on B ends with a failure by its deadline', 'the factory of "a1" ran exactly once, on C', 'the record of "a1" is Ready, owned by C, generation 1'),
    ],
  },
  {
    id: 'R-STO-1.4', lines: [117], words: "If the Framework doesn't receive a Location Store change result, it doesn't guess success or failure.",
    says: 'a change that cannot reach the Store is not taken for applied: the creation it was for secures nothing, runs no factory, and ends failed by its deadline',
    checks: on(UNCLEAR, 'A creation whose change cannot reach the Store runs no factory', 'the creation on B ends with a failure by its deadline', 'no factory of "a1" ran after the fault'),
  },
];
