// The spec's clauses whose first check is a step of common-judgment.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const COMMON = 'channel-and-connection/common-judgment.feature';
const NODE_DIRECT = 'channel-and-connection/node-direct.feature';

// Scenario names used by several clauses.
const CJ_OUTLINE = '<boundary>';

export const clauses: Clause[] = [
  // V03: an operation whose transport acceptance is unknown, or that was accepted, is never resubmitted to another peer automatically
  {
    id: 'V03.1', lines: [32], words: "Whether transport accepted the operation can't be confirmed | Since duplication is possible, doesn't automatically resubmit to a different peer.",
    says: 'an operation written to a connection that fails before acceptance is known ends failed and is not sent to another peer',
    checks: [
      ...on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the handler ran exactly once, on <ran on>'),
      ...on(NODE_DIRECT, 'Acceptance unknown after the connection drops: not resubmitted, not retried', 'the request ends with failure Unavailable', 'the attempts were', 'the handler ran exactly once, on B'),
    ],
  },

  // R-GEN-1: before any target accepts, a different eligible target may be picked, but only inside the same operation deadline
  {
    id: 'R-GEN-1.1', lines: [29], words: 'The Framework is selecting a target and no target has accepted the operation yet | Can select a different eligible target',
    says: 'before any target accepted, a refused operation is taken by another eligible target and runs there once',
    checks: on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the handler ran exactly once, on <ran on>'),
  },

  // R-GEN-3: every operation gets exactly one terminal result, the first confirmed of reply/failure/timeout/cancellation/shutdown; later ones are discarded
  {
    id: 'R-GEN-3.1', lines: [33], words: 'The operation reached a terminal result | Returns only whichever of reply, failure, timeout, cancellation, or shutdown was confirmed first.',
    says: 'a request that timed out stays a timeout when the reply arrives later: one result delivered',
    checks: on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the application on A received exactly one result for the request'),
  },
];
