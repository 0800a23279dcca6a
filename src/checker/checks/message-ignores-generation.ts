// "An Actor/Spot direct message goes to the logical ID's current Ready object; an ObjectGeneration
// mismatch alone does not stop the handler running (a re-created object handles it)" (V07). The
// kit sends some object messages naming a generation the object does not have (written on the
// invoke); none of them, and no other object message, may end GenerationMismatch.

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'message-ignores-generation';
const RULES = ['V07'];

export function messageIgnoresGeneration(events: HistoryEvent[]): Violation[] {
  const invokes = new Map(events.filter((e): e is OpEvent => isOp(e) && e.type === 'invoke' && e.f === 'object-message').map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const done of events.filter((e): e is OpEvent => isOp(e) && e.type === 'fail' && e.f === 'object-message' && e.value === 'GenerationMismatch')) {
    const invoke = invokes.get(done.op);
    out.push(violation(NAME, RULES, `object message ${done.op} to ${done.objectId ?? invoke?.objectId ?? '?'}${invoke?.generation !== undefined ? ` naming generation ${invoke.generation}` : ''} was refused for its generation`, invoke ? [invoke, done] : [done]));
  }
  return out;
}
