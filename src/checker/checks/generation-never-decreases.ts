// ObjectGeneration tells incarnations apart (spec line 57); a released object keeps its last
// generation so the next one is higher (docs/assumptions.md), creation recovery continues the same
// generation (line 71, R-CRE-2) and relocation keeps it (R-REL-7). So for each object, in time
// order, neither the record's generation nor a factory run's generation ever goes below one
// already read, and a later read never shows an older StoreVersion (the Store going back is how a
// generation would come down unseen).

import type { HistoryEvent, RecordEvent, RunEvent } from '../history.ts';
import { byTime } from '../history.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'generation-never-decreases';
const RULES = ['R-REL-7', 'R-CRE-2', 'V08'];

export function generationNeverDecreases(events: HistoryEvent[]): Violation[] {
  const seen = byTime(events.filter((e): e is RecordEvent | RunEvent =>
    e.type === 'record' || (e.type === 'journal' && e.kind === 'factory' && e.objectId !== undefined && e.generation !== undefined)));
  const out: Violation[] = [];
  type Seen = RecordEvent | RunEvent;
  const higher = (a: Seen | undefined, b: Seen | undefined) => (!a || (b && b.generation! > a.generation!) ? b : a);
  for (const [objectId, list] of groupBy(seen, (e) => e.objectId)) {
    let earlier: Seen | undefined; // the highest generation seen in an earlier millisecond
    let newest: RecordEvent | undefined; // the highest StoreVersion read so far
    for (let i = 0; i < list.length; ) {
      // One millisecond at a time. Reads are in the order they were made, and so are the journal's
      // runs; but a read and a run stamped with the same millisecond may have happened either way
      // round (a simulated world runs many events in one), so each is held only to its own kind there.
      const ms = list[i].time;
      const top: Record<'record' | 'journal', Seen | undefined> = { record: earlier, journal: earlier };
      for (; i < list.length && list[i].time === ms; i++) {
        const e = list[i];
        const g = e.generation!;
        const base = top[e.type];
        if (base && g < base.generation!) {
          const what = e.type === 'record' ? `the record read generation ${g}` : `a factory ran for generation ${g} on ${e.node}`;
          out.push(violation(NAME, RULES, `object ${objectId}: ${what} after generation ${base.generation} was seen`, [base, e]));
        }
        if (e.type === 'record' && newest && e.storeVersion < newest.storeVersion) {
          out.push(violation(NAME, RULES, `object ${objectId}: StoreVersion went back from ${newest.storeVersion} to ${e.storeVersion}`, [newest, e]));
        }
        top[e.type] = higher(top[e.type], e);
        if (e.type === 'record' && (!newest || e.storeVersion > newest.storeVersion)) newest = e;
      }
      earlier = higher(higher(earlier, top.record), top.journal);
    }
  }
  return out;
}
