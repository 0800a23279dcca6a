// "The operation was accepted by the target queue: doesn't re-run the same operation on a
// different target" (spec lines 31-32, R-GEN-2, V03). A handler runs only for an operation some
// queue accepted, so two handler runs of one operation, on one node or on two, break it. Runs are
// matched by the kit's marker first (a runtime cannot hide a re-run behind a new operation ID),
// and by operation ID when the run carries no marker. Factory runs are left out: creation recovery
// may call the factory again with the same input (line 71); one factory per record is
// single-owner's business. A channel request run on two servers is also select-one choosing again
// after acceptance (spec lines 35-36, V01).

import type { HistoryEvent, OpEvent, RunEvent } from '../history.ts';
import { byTime, isOp } from '../history.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'accepted-runs-once';
const RULES = ['R-GEN-2', 'V03'];
const RESELECTED = ['V01', 'R-GEN-2', 'V03'];

export function acceptedRunsOnce(events: HistoryEvent[]): Violation[] {
  const runs = byTime(events.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'handler'));
  const invokes = events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke');
  const out: Violation[] = [];
  for (const [key, same] of groupBy(runs, (r) => (r.marker ? `marker ${r.marker}` : r.op ? `operation ${r.op}` : undefined))) {
    if (same.length < 2) continue;
    const [first, second] = same;
    const invoke = invokes.find((i) => (first.marker ? i.marker === first.marker : i.op === first.op));
    const where = first.node === second.node ? `twice on ${first.node}` : `on ${first.node} and on ${second.node}`;
    const rules = invoke?.f === 'channel-request' && first.node !== second.node ? RESELECTED : RULES;
    out.push(violation(NAME, rules, `${key} ran ${where} (at ${first.time} and ${second.time})`, [...(invoke ? [invoke] : []), first, second]));
  }
  return out;
}
