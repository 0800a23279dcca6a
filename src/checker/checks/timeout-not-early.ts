// "Before any target accepts, another eligible target may be chosen, but only within the same
// operation's deadline" (R-GEN-1): an operation ends as a timeout when its deadline has passed, not
// before. The kit writes the deadline it set on the invoke (`deadlineMs`, counted from its submit,
// which comes after the invoke line's time); a timeout outcome written earlier than the invoke's
// time plus that deadline came before the deadline, whatever happened in between (every candidate
// refusing for capacity is a reason to select again, not to give up).

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'timeout-not-early';
const RULES = ['R-GEN-1'];

export function timeoutNotEarly(events: HistoryEvent[]): Violation[] {
  const invokes = new Map(events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke' && typeof e.deadlineMs === 'number').map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const done of events.filter((e): e is OpEvent => isOp(e) && e.type === 'fail' && e.value === 'timeout')) {
    const invoke = invokes.get(done.op);
    if (!invoke) continue;
    const due = invoke.time + invoke.deadlineMs!;
    if (done.time >= due) continue;
    out.push(violation(NAME, RULES, `${done.f} ${done.op} ended as a timeout ${(done.time - invoke.time).toFixed(3)} ms after its invoke, before its ${invoke.deadlineMs} ms deadline`, [invoke, done]));
  }
  return out;
}
