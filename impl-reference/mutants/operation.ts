// Mutants of what a terminal result is (spec section 2; kernel/operation.ts): each another
// implementation of one of the Operation's rules, given to the node's operations in place of the
// reference's.

import type { TerminalRules } from '../kernel/operation.ts';
import type { MutantName } from './index.ts';

export const TERMINAL_MUTANTS = {
  // R-GEN-3: the operation is never marked ended: every terminal signal reaches the application,
  // and nothing that waits for the operation stops when it has a result.
  'double-terminal': { ends: () => false },
  // R-GEN-3: a failure is a terminal result like any other; the mutant forgets to end the operation on it.
  'failure-leaves-operation-open': { ends: (status) => status !== 'failure' },
  // R-GEN-3: a shutdown is its own terminal result; the mutant ends the operation through the cancel path.
  'shutdown-ends-as-cancelled': { statusOf: (status) => (status === 'shutdown' ? 'cancelled' : status) },
  // R-GEN-4: the ErrorKind, and no advice on whether to retry; the mutant adds a retryable flag.
  'failure-advises-retry': {
    handedOn: (outcome) => (outcome.status === 'failure' ? { ...outcome, retryable: outcome.errorKind === 'Unavailable' || outcome.errorKind === 'Busy' } : outcome),
  },
} satisfies { [M in MutantName]?: Partial<TerminalRules> };
