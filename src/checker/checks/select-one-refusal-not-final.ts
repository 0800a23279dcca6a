// "Channel select-one moves to another eligible server only while no server has accepted the
// operation (e.g. the first server's queue is full)" (V01), "before any target accepts, another
// eligible target may be chosen, but only within the same operation's deadline" (R-GEN-1): a
// refusal for capacity is never the end of a channel request. It ends with the reply or failure of
// the server that accepted it, Unavailable when no candidate is left, or a timeout at its deadline;
// never Busy, which is node direct's answer when the one node it may use is full.

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'select-one-refusal-not-final';
const RULES = ['V01', 'R-GEN-1'];

export function selectOneRefusalNotFinal(events: HistoryEvent[]): Violation[] {
  const invokes = new Map(events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke' && e.f === 'channel-request').map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const done of events.filter((e): e is OpEvent => isOp(e) && e.type === 'fail' && e.f === 'channel-request' && e.value === 'Busy')) {
    const invoke = invokes.get(done.op);
    out.push(violation(NAME, RULES, `channel request ${done.op} ended Busy: a refusal for capacity ended select-one instead of another pick`, invoke ? [invoke, done] : [done]));
  }
  return out;
}
