// Instance intent (R-INST-1, V12). A message with Instance intent to a Missing Instance Spot
// cold-activates it (R-INST-1): it never ends NotFound. And cold activation is for Instance Spots
// only (V12): an Actor or User Spot is never built by an Instance-intent message's factory input.
// The kit writes the kind of object a message or create is for (objectKind), and marks an intent
// message's factory input f-<op>. Found:
//  - an Instance-intent message to an Instance Spot ending NotFound;
//  - a factory run with an intent message's input (marker f-<op>) for an Actor or User Spot.

import type { HistoryEvent, OpEvent, RunEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'instance-intent';

export function instanceIntent(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  // Object kinds as the kit's invokes name them.
  const kinds = new Map<string, string>();
  for (const e of ops) if (e.type === 'invoke' && e.objectId !== undefined && e.objectKind !== undefined) kinds.set(e.objectId, e.objectKind);
  const invokes = new Map(ops.filter((e) => e.type === 'invoke').map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const end of ops.filter((e) => e.type === 'fail' && e.f === 'object-message' && e.value === 'NotFound')) {
    const invoke = invokes.get(end.op);
    if (!invoke?.instanceIntent || invoke.objectKind !== 'instance-spot') continue;
    out.push(violation(NAME, ['R-INST-1'], `message ${end.op} with Instance intent to the Instance Spot ${invoke.objectId} ended NotFound instead of activating it`, [invoke, end]));
  }
  for (const run of events.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'factory' && !!e.marker?.startsWith('f-'))) {
    const invoke: OpEvent | undefined = invokes.get(run.marker!.slice(2));
    const kind = invoke?.objectId !== undefined ? kinds.get(invoke.objectId) : undefined;
    if (!invoke || (kind !== 'actor' && kind !== 'user-spot')) continue;
    out.push(violation(NAME, ['V12', 'R-INST-1'], `message ${invoke.op} with Instance intent cold-activated ${invoke.objectId} on ${run.node}, which is ${kinds.get(invoke.objectId!) === 'actor' ? 'an Actor' : 'a User Spot'}`, [invoke, run]));
  }
  return out;
}
