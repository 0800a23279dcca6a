// "Each operation ends with exactly one terminal result: the first confirmed of reply, failure,
// timeout, cancellation, shutdown" (R-GEN-3, spec 2.3). Cancellation is the caller's: an operation
// ends cancelled only when it was cancelled. The fault campaign never cancels, so an operation of a
// history with no cancel operation in it that ended cancelled (a node shutting down, say, that ends
// its operations through the cancel path instead of with shutdown) is found.

import type { HistoryEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'cancelled-only-when-asked';
const RULES = ['R-GEN-3'];

export function cancelledOnlyWhenAsked(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  if (ops.some((e) => e.f === 'cancel')) return [];
  const invokes = new Map(ops.filter((e) => e.type === 'invoke').map((e) => [e.op, e]));
  return ops
    .filter((e) => e.type === 'fail' && e.value === 'cancelled')
    .map((end) => {
      const invoke = invokes.get(end.op);
      return violation(NAME, RULES, `operation ${end.op} ended cancelled, though the kit cancelled nothing`, [...(invoke ? [invoke] : []), end]);
    });
}
