// The spec's clauses whose first check is a step of terminal-result.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const TERMINAL = 'channel-and-connection/terminal-result.feature';

// Scenario names used by several clauses.
const TR_FAILED = 'A failed operation returns its ErrorKind and is not started again';

// Spec words used by several clauses.
const W_ROW_TERMINAL = 'The operation reached a terminal result | Returns only whichever of reply, failure, timeout, cancellation, or shutdown was confirmed first.';

export const clauses: Clause[] = [
  // R-GEN-3: every operation gets exactly one terminal result, the first confirmed of reply/failure/timeout/cancellation/shutdown; later ones are discarded
  {
    id: 'R-GEN-3.2', lines: [33], words: W_ROW_TERMINAL,
    says: 'a cancelled request stays cancelled when the reply arrives later: one result delivered',
    checks: on(TERMINAL, 'A cancelled request stays cancelled when its reply arrives later', 'the request ends cancelled', 'the application on A received exactly one result for the request'),
  },
  {
    id: 'R-GEN-3.3', lines: [33], words: W_ROW_TERMINAL,
    says: 'a request in flight at shutdown ends with shutdown; the later reply adds no second result',
    checks: on(TERMINAL, 'A request in flight when its node shuts down ends with shutdown, once', 'the request ends with shutdown', 'the application on A received exactly one result for the request'),
  },
  {
    id: 'R-GEN-3.5', lines: [33], words: W_ROW_TERMINAL,
    says: 'a request that got its reply first is not turned into cancelled/timeout/shutdown by a later signal',
    checks: on(TERMINAL, 'A request that already replied stays a reply when <late signal> later', 'the request ends with a reply from B', 'the application on A received exactly one result for the request'),
  },

  // R-GEN-4: a failure reports its ErrorKind without retry advice, and the framework never starts a new operation for the application
  {
    id: 'R-GEN-4.1', lines: [125], words: "The Framework returns a failed operation's ErrorKind",
    says: "a failed operation's outcome carries its ErrorKind",
    checks: on(TERMINAL, TR_FAILED, 'the request ends with failure HandlerError'),
  },
  {
    id: 'R-GEN-4.2', lines: [125], words: "The Framework returns a failed operation's ErrorKind but doesn't indicate whether to retry.",
    says: 'the failure result carries no retry advice (no retryable flag or hint)',
    checks: on(TERMINAL, TR_FAILED, 'the failure carries its ErrorKind and no retry advice'),
  },
  {
    id: 'R-GEN-4.3', lines: [27], words: 'The application decides whether to start the next call.',
    says: 'after a failure the framework starts no operation of its own: the handler ran once, nothing else ran',
    checks: on(TERMINAL, TR_FAILED, 'the handler ran exactly once, on B', 'no handler ran for an operation the application did not start'),
  },
];
