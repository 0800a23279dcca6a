// "The application's explicit Close finished, including authority release: a subsequent lookup
// returns Missing" (R-INST-5, spec line 86). A Close that ended ok named the generation it closed
// (the kit reads it first); after its end, the object's record never reads that generation again
// as anything but Missing: not Ready, Creating or Closing. (A later incarnation has a new
// generation.) A read after the Close's ok showing that generation still held is found.

import type { HistoryEvent, RecordEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'close-releases-authority';
const RULES = ['R-INST-5'];

export function closeReleasesAuthority(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  const invokes = new Map(ops.filter((e) => e.type === 'invoke').map((e) => [e.op, e]));
  const records = events.filter((e): e is RecordEvent => e.type === 'record');
  const out: Violation[] = [];
  for (const ok of ops.filter((e) => e.type === 'ok' && e.f === 'close')) {
    const invoke = invokes.get(ok.op);
    if (!invoke?.objectId || invoke.generation === undefined) continue;
    const held = records.find((r) => r.objectId === invoke.objectId && r.generation === invoke.generation && r.state !== 'Missing' && (r.time > ok.time || (r.time === ok.time && r.line > ok.line)));
    if (!held) continue;
    out.push(violation(NAME, RULES, `close ${ok.op} of ${invoke.objectId} (generation ${invoke.generation}) ended ok, and the record still read ${held.state}${held.owner ? ` on ${held.owner}` : ''} at that generation afterwards: the authority was not released`, [invoke, ok, held]));
  }
  return out;
}
