// "Before any target accepts, another eligible target may be chosen, but only within the same
// operation's deadline" (R-GEN-1), and "each operation ends with exactly one terminal result: the
// first confirmed of reply, failure, timeout ..." (R-GEN-3): at its deadline an operation that has
// no result yet ends as a timeout, and whatever comes later is dropped. So a channel request or a
// node direct operation (the caller's own selection and wait, nothing relayed through an object's
// owner) that the kit saw end, with a reply or a failure, later than its deadline (written on the
// invoke, counted from the submit that follows it) plus SLACK_MS, went on past its deadline:
// select-one choosing again, a wait for a connection, a reply let through after the timeout.
// An operation whose outcome the kit never got (info) is not judged here.

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'ends-by-deadline';
const RULES = ['R-GEN-1', 'R-GEN-3'];
/** What the kit's own submit and outcome read may add to the deadline (the reference: under 1 ms of virtual time). */
export const SLACK_MS = 100;
const JUDGED = new Set(['channel-request', 'node-direct']);

export function endsByDeadline(events: HistoryEvent[]): Violation[] {
  const invokes = new Map(events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke' && JUDGED.has(e.f) && typeof e.deadlineMs === 'number').map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const done of events.filter((e): e is OpEvent => isOp(e) && (e.type === 'ok' || e.type === 'fail'))) {
    const invoke = invokes.get(done.op);
    if (!invoke) continue;
    const late = done.time - invoke.time - invoke.deadlineMs!;
    if (late <= SLACK_MS) continue;
    out.push(violation(NAME, RULES, `${done.f} ${done.op} ended (${done.type} ${JSON.stringify(done.value ?? null)}) ${late.toFixed(0)} ms after its ${invoke.deadlineMs} ms deadline`, [invoke, done]));
  }
  return out;
}
