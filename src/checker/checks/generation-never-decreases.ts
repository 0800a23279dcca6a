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
  for (const [objectId, list] of groupBy(seen, (e) => e.objectId)) {
    let top: RecordEvent | RunEvent | undefined; // the highest generation seen so far
    let newest: RecordEvent | undefined; // the highest StoreVersion read so far
    for (const e of list) {
      const g = e.generation!;
      if (top && g < top.generation!) {
        const what = e.type === 'record' ? `the record read generation ${g}` : `a factory ran for generation ${g} on ${e.node}`;
        out.push(violation(NAME, RULES, `object ${objectId}: ${what} after generation ${top.generation} was seen`, [top, e]));
      }
      if (e.type === 'record' && newest && e.storeVersion < newest.storeVersion) {
        out.push(violation(NAME, RULES, `object ${objectId}: StoreVersion went back from ${newest.storeVersion} to ${e.storeVersion}`, [newest, e]));
      }
      if (!top || g > top.generation!) top = e;
      if (e.type === 'record' && (!newest || e.storeVersion > newest.storeVersion)) newest = e;
    }
  }
  return out;
}
