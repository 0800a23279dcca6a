// "Each operation ends with exactly one terminal result" (R-GEN-3), and the operation's deadline
// bounds it: at the deadline it ends with a timeout (R-GEN-1). An operation that has no result at
// all long after its deadline broke both. So an operation with a caller X (its invoke's `from`) and
// a deadline d whose completion is `info` (the kit learned no outcome) written at least d + 2 s
// after its invoke, while no fault of the kit touched X in that stretch and X was not found dead,
// is found: the kit waited past the deadline and two seconds more, and nothing ended it.

import type { HistoryEvent, HostEvent, OpEvent } from '../history.ts';
import { isFault, isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'operation-ends';
const RULES = ['R-GEN-3', 'R-GEN-1'];
/** How long past its deadline the kit waits for an outcome before it writes `info` (src/nemesis/runner.ts). */
export const WAITED_PAST_DEADLINE_MS = 2000;

export function operationEnds(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  const done = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const faults = ops.filter((e) => e.type === 'invoke' && isFault(e));
  const dead = events.filter((e): e is HostEvent => e.type === 'host' && !e.alive);
  const touched = (node: string, t0: number, t1: number) =>
    faults.some((f) => (f.node === node || (f as OpEvent & { peer?: string }).peer === node || f.node === undefined) && f.time <= t1 && (done.get(f.op)?.time ?? Infinity) >= t0 - 1) ||
    faults.some((f) => f.f === 'failpoint' && f.time <= t1 && f.node === node) ||
    dead.some((d) => d.node === node && d.time >= t0);
  const out: Violation[] = [];
  for (const invoke of ops.filter((e) => e.type === 'invoke' && !!e.from && e.deadlineMs !== undefined && !isFault(e))) {
    const end = done.get(invoke.op);
    if (!end || end.type !== 'info' || end.time < invoke.time + invoke.deadlineMs! + WAITED_PAST_DEADLINE_MS) continue;
    if (touched(invoke.from!, invoke.time, end.time)) continue;
    out.push(violation(NAME, RULES, `operation ${invoke.op} from ${invoke.from} had no result ${(end.time - invoke.time).toFixed(0)} ms after its invoke, its deadline ${invoke.deadlineMs} ms, and nothing the kit did touched ${invoke.from}`, [invoke, end]));
  }
  return out;
}
