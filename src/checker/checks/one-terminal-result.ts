// "Returns only whichever of reply, failure, timeout, cancellation, or shutdown was confirmed
// first" (spec line 33, R-GEN-3): one terminal result per operation. The kit's own completions
// (ok / fail) must not be two, and the runtime must not deliver two results of one operation to
// the application (the journal's result entries). An `info` completion is the kit saying it does
// not know: it is no result, and it makes nothing invalid.

import type { HistoryEvent, OpEvent, ResultEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'one-terminal-result';
const RULES = ['R-GEN-3'];

export function oneTerminalResult(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  const invokeOf = new Map(ops.filter((o) => o.type === 'invoke').map((o) => [o.op, o]));
  const out: Violation[] = [];
  const completions = ops.filter((o): o is OpEvent => o.type === 'ok' || o.type === 'fail');
  for (const [op, done] of groupBy(completions, (o) => o.op)) {
    if (done.length < 2) continue;
    const invoke = invokeOf.get(op);
    out.push(violation(NAME, RULES, `operation ${op} completed ${done.length} times (${done[0].type}, then ${done[1].type})`,
      [...(invoke ? [invoke] : []), done[0], done[1]]));
  }
  const results = events.filter((e): e is ResultEvent => e.type === 'result');
  for (const [op, delivered] of groupBy(results, (r) => r.op)) {
    if (delivered.length < 2) continue;
    const invoke = invokeOf.get(op);
    out.push(violation(NAME, RULES, `the runtime delivered ${delivered.length} results of operation ${op} (${delivered[0].status} on ${delivered[0].node}, then ${delivered[1].status} on ${delivered[1].node})`,
      [...(invoke ? [invoke] : []), delivered[0], delivered[1]]));
  }
  return out;
}
