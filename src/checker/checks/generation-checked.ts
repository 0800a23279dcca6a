// "Destroy/Close, membership changes, relocation and creation recovery are rejected when the
// ObjectGeneration does not match" (V08). A close, membership change or relocation that names a
// generation (on its invoke) and succeeds must have named the object's generation then. Generations
// never decrease, and the kit reads every object's record at the end of a run: so a generation
// higher than every generation the history shows for the object (its record reads, its factory
// runs, its creations' replies, its relocation records) is one the object never had, and an
// operation naming it that succeeded was not checked against the record. (The campaign names such a
// generation on purpose: the one it read plus 1,000.)

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'generation-checked';
const RULES = ['V08'];
const JUDGED = new Set(['close', 'relocate', 'join', 'leave']);

export function generationChecked(events: HistoryEvent[]): Violation[] {
  const highest = new Map<string, number>();
  const see = (objectId: string | undefined, g: number | undefined) => {
    if (objectId === undefined || g === undefined) return;
    highest.set(objectId, Math.max(highest.get(objectId) ?? -Infinity, g));
  };
  for (const e of events) {
    if (e.type === 'record' || e.type === 'relocation') see(e.objectId, e.generation);
    else if (e.type === 'journal') see(e.objectId, e.generation);
    else if (isOp(e) && e.type === 'ok' && e.f === 'create') see(e.objectId, e.generation);
  }
  const invokes = new Map(events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke' && JUDGED.has(e.f) && e.generation !== undefined && e.objectId !== undefined).map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const done of events.filter((e): e is OpEvent => isOp(e) && e.type === 'ok')) {
    const invoke = invokes.get(done.op);
    if (!invoke) continue;
    const top = highest.get(invoke.objectId!);
    if (top === undefined || invoke.generation! <= top) continue;
    out.push(violation(NAME, RULES, `${invoke.f} ${invoke.op} of ${invoke.objectId} named generation ${invoke.generation}, which the object never had (the highest in the history is ${top}), and succeeded`, [invoke, done]));
  }
  return out;
}
