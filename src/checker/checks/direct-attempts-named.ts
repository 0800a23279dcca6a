// Node direct keeps the RID the caller named (spec lines 38-39, V02, R-CH-2: "no re-selection"):
// every attempt the calling node reports in a node direct operation's Outcome is towards the node
// its invoke names. named-target-kept sees where the message ran; this sees where it was sent,
// which shows a reroute even when the other node refused it or never ran it.

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'direct-attempts-named';
const RULES = ['V02', 'R-CH-2'];

export function directAttemptsNamed(events: HistoryEvent[]): Violation[] {
  const invokes = new Map(events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke' && e.f === 'node-direct' && !!e.node).map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const done of events.filter((e): e is OpEvent => isOp(e) && e.type !== 'invoke' && Array.isArray(e.attempts))) {
    const invoke = invokes.get(done.op);
    if (!invoke) continue;
    const other = done.attempts!.find((a) => a.target !== invoke.node);
    if (!other) continue;
    out.push(violation(NAME, RULES, `node direct ${done.op} named ${invoke.node}, and the caller sent it to ${other.target} (acceptance ${other.accepted})`, [invoke, done]));
  }
  return out;
}
