// "Before any target accepts, another eligible target may be chosen" (R-GEN-1): a target that
// refused an operation (acceptance no: full, or not ready) did not accept it, and that is what lets
// the caller choose another. So the operation's message never runs on a node whose every attempt
// in the Outcome was refused: a queue that keeps refused work and runs it later has accepted it
// after all, behind the caller's back (and, with another target chosen meanwhile, it runs twice).

import type { HistoryEvent, OpEvent, RunEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'refused-never-runs';
const RULES = ['R-GEN-1', 'R-GEN-2'];

export function refusedNeverRuns(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  const invokes = new Map(ops.filter((e) => e.type === 'invoke' && !!e.marker).map((e) => [e.marker!, e]));
  const done = new Map(ops.filter((e) => e.type !== 'invoke' && Array.isArray(e.attempts)).map((e) => [e.op, e]));
  const out: Violation[] = [];
  const blamed = new Set<string>();
  for (const run of events.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'handler' && !!e.marker)) {
    const invoke = invokes.get(run.marker!);
    const end: OpEvent | undefined = invoke && done.get(invoke.op);
    if (!invoke || !end || blamed.has(invoke.op)) continue;
    const there = end.attempts!.filter((a) => a.target === run.node);
    if (there.length === 0 || there.some((a) => a.accepted !== 'no')) continue;
    blamed.add(invoke.op);
    out.push(violation(NAME, RULES, `${invoke.f} ${invoke.op} ran on ${run.node}, which refused it (${there.map((a) => a.reason ?? a.accepted).join(', ')}) and never accepted it`, [invoke, run, end]));
  }
  return out;
}
