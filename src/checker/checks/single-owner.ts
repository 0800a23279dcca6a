// "A procedure to avoid ever creating two owners at once" (spec line 117, R-STO-1; line 71,
// R-CRE-1): at most one owner with a valid lease per object at any instant. Three ways a history
// shows two:
//  - the Store forked: two reads of one StoreVersion of a record that differ in owner, state or
//    generation (a compare-and-set let two writers win);
//  - a node ran owner work (a handler, factory or timer for the object) at an instant the record
//    certainly named another owner whose lease was valid: a read before the run and a read after
//    it show the same StoreVersion (versions only grow, so nothing changed in between) naming that
//    owner, and the earlier read's lease reaches past the run;
//  - two creations of one object and generation both ended ok: both believed they secured it.
// Every claim rests on reads that bracket the instant, so none is a guess about timing.

import type { HistoryEvent, OpEvent, RecordEvent, RunEvent } from '../history.ts';
import { byTime, isOp } from '../history.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'single-owner';
const RULES = ['R-STO-1', 'R-CRE-1', 'V06'];
const OWNED = new Set(['Creating', 'Ready', 'Closing']);

function forks(records: RecordEvent[]): Violation[] {
  const out: Violation[] = [];
  for (const same of groupBy(records, (r) => `${r.objectId}@${r.storeVersion}`).values()) {
    const a = same[0];
    const b = same.find((r) => r.owner !== a.owner || r.state !== a.state || r.generation !== a.generation);
    if (b) out.push(violation(NAME, RULES, `object ${a.objectId}: StoreVersion ${a.storeVersion} read as ${a.state} owned by ${a.owner ?? 'nobody'} (generation ${a.generation}) and as ${b.state} owned by ${b.owner ?? 'nobody'} (generation ${b.generation})`, [a, b]));
  }
  return out;
}

function runsBesideOwner(records: RecordEvent[], runs: RunEvent[]): Violation[] {
  const out: Violation[] = [];
  const byObject = new Map([...groupBy(records, (r) => r.objectId)].map(([id, reads]) => [id, byTime(reads)]));
  for (const run of runs) {
    const reads = byObject.get(run.objectId!) ?? [];
    // The last read before the run and the first after it: versions only grow (else
    // generation-never-decreases speaks), so if any pair brackets the run with one StoreVersion,
    // these two do. Times are whole milliseconds: a read stamped with the run's own millisecond
    // may have been made before it or after it (a creation and a relocation can both happen in
    // one), so it brackets nothing.
    const i = lastBefore(reads, run.time);
    const r1 = reads[i];
    if (!r1 || !r1.owner || r1.owner === run.node || !OWNED.has(r1.state) || (r1.leaseUntil ?? -Infinity) <= run.time) continue;
    let j = i + 1;
    while (j < reads.length && reads[j].time <= run.time) j++;
    const r2 = reads[j];
    if (!r2 || r2.storeVersion !== r1.storeVersion) continue;
    out.push(violation(NAME, RULES, `object ${run.objectId}: a ${run.kind} ran on ${run.node} at ${run.time} while the record (StoreVersion ${r1.storeVersion}) named ${r1.owner} as owner with a lease valid until ${r1.leaseUntil}`, [r1, run, r2]));
  }
  return out;
}

/** Index of the last read strictly before `time` in reads sorted by time (-1 if none). */
function lastBefore(reads: RecordEvent[], time: number): number {
  let lo = 0;
  let hi = reads.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (reads[mid].time < time) (found = mid), (lo = mid + 1);
    else hi = mid - 1;
  }
  return found;
}

function twoCreations(ops: OpEvent[]): Violation[] {
  const oks = ops.filter((o) => o.f === 'create' && o.type === 'ok' && o.objectId !== undefined && o.generation !== undefined);
  const out: Violation[] = [];
  for (const same of groupBy(oks, (o) => `${o.objectId}@${o.generation}`).values()) {
    if (same.length < 2) continue;
    const invokes = same.slice(0, 2).map((c) => ops.find((o) => o.type === 'invoke' && o.op === c.op)).filter((o): o is OpEvent => !!o);
    out.push(violation(NAME, RULES, `object ${same[0].objectId}: creations ${same[0].op} and ${same[1].op} both secured generation ${same[0].generation}`, [...invokes, same[0], same[1]]));
  }
  return out;
}

export function singleOwner(events: HistoryEvent[]): Violation[] {
  const records = events.filter((e): e is RecordEvent => e.type === 'record');
  const runs = events.filter((e): e is RunEvent => e.type === 'journal' && e.kind !== 'lifecycle' && e.objectId !== undefined);
  return [...forks(records), ...runsBesideOwner(records, runs), ...twoCreations(events.filter(isOp))];
}
