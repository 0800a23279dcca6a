// "Channel select-one moves to another eligible server only while no server has accepted the
// operation ... never after acceptance" (V01); "when transport acceptance is unknown, or the
// operation was accepted, it is not resubmitted to a different peer automatically" (V03); "an
// operation accepted by a target queue is never re-run on another target" (R-GEN-2). The calling
// node reports the attempts it made in the operation's Outcome, in its order: after an attempt
// whose acceptance was yes or unknown, there is no further attempt (not on another target, and not
// the same one written again: the framework never starts the operation anew, R-GEN-4).
//
// The attempts are the runtime's own account; a runtime that reports none is judged by the other
// checks only (accepted-runs-once sees a second run in the journal).

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'attempts-stop-at-acceptance';
const RULES = ['V01', 'V03', 'R-GEN-2'];

export function attemptsStopAtAcceptance(events: HistoryEvent[]): Violation[] {
  const invokes = new Map(events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke').map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const done of events.filter((e): e is OpEvent => isOp(e) && e.type !== 'invoke' && Array.isArray(e.attempts))) {
    const attempts = done.attempts!;
    const first = attempts.findIndex((a) => a.accepted === 'yes' || a.accepted === 'unknown');
    if (first < 0 || first === attempts.length - 1) continue;
    const a = attempts[first];
    const b = attempts[first + 1];
    const invoke = invokes.get(done.op);
    out.push(violation(NAME, RULES,
      `${done.f} ${done.op}: attempt ${first + 1} on ${a.target} ended with acceptance ${a.accepted}${a.reason ? ` (${a.reason})` : ''}, and attempt ${first + 2} wrote it to ${b.target}`,
      invoke ? [invoke, done] : [done]));
  }
  return out;
}
