// The spec's clauses whose first check is a step of handoff.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const HANDOFF = 'relocation-and-sessions/handoff.feature';

export const clauses: Clause[] = [
  // R-REL-2: after relay-ready acceptance but before commit: the source is not restored; the target completes on cutover receipt or the 1,000 ms fallback
  {
    id: 'R-REL-2.5', lines: [105], words: "After that boundary, the source isn't restored even before owner commit.",
    says: 'the source does not go on running the object it handed off: past relay-ready (before it has heard of the commit too) and once the relocation has ended, none of its timers runs there',
    checks: [
      ...on(HANDOFF, "Once the relocation has ended, none of the object's timers runs on the source", 'no timer of "a1" runs on B from the end of the relocation on'),
      ...on(HANDOFF, "Past relay-ready none of the object's timers runs on the source, though it has not heard of the owner change", 'no timer of "a1" runs on B from relay-ready accepted on'),
    ],
  },
];
