// "Node direct ... doesn't use this re-selection rule since the caller specifies the node RID"
// (spec lines 38-39, V02, R-CH-2): node direct keeps the RID the caller named. So the message of a
// node direct operation (found by its marker) runs on the node its invoke names and nowhere else:
// not on another ready node when the named one is not ready or full, not on the caller, not relayed
// to run elsewhere.

import type { HistoryEvent, OpEvent, RunEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'named-target-kept';
const RULES = ['V02', 'R-CH-2'];

export function namedTargetKept(events: HistoryEvent[]): Violation[] {
  const named = new Map(events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke' && e.f === 'node-direct' && !!e.marker && !!e.node).map((i) => [i.marker!, i]));
  const out: Violation[] = [];
  const blamed = new Set<string>();
  for (const run of events.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'handler' && !!e.marker)) {
    const invoke = named.get(run.marker!);
    if (!invoke || run.node === invoke.node || blamed.has(invoke.op)) continue;
    blamed.add(invoke.op);
    out.push(violation(NAME, RULES, `node direct ${invoke.op} named ${invoke.node}, and its message ran on ${run.node}`, [invoke, run]));
  }
  return out;
}
