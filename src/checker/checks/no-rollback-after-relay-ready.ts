// "After relay-ready reply becomes accepted but before the owner-change commit: doesn't restore
// source regardless of cutover-submit result" and "after the owner-change commit ... doesn't roll
// back to the source" (spec lines 99-101, 105, R-REL-2, R-REL-4, V13). Once the Relocation Store
// showed a relocation past relay-ready, the history must not show it undone:
//  - its stage going back (to preparing, cancelled or rolled-back; or from committed to
//    relay-ready-accepted);
//  - the authority record naming the source again, same generation, after it named the target;
//  - a handler starting on the source for the object (its admission closed at the boundary; work
//    that arrives is the target's, or Message Follow's).
// The last two are watched until another relocation of the object shows up in the Relocation
// Store (it may move the object back to the source, which is no rollback). A relocation back to
// the source that the kit itself asked for (a `relocate` operation of the object whose `node`, the
// target, is the source, invoked at or before the evidence and not over before the boundary was
// read) excuses them too: the Relocation Store read that would show it may come later, or never
// (the reference's Driver.relocation() can go on showing an earlier relocation). A handler of
// another generation is another incarnation of the object (closed and created again),
// not the one that was relocated.

import type { HistoryEvent, OpEvent, RecordEvent, RelocationEvent, RunEvent } from '../history.ts';
import { byTime, isOp } from '../history.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'no-rollback-after-relay-ready';
const RULES = ['V13', 'R-REL-2', 'R-REL-4'];
const RANK: Record<string, number> = { preparing: 0, 'relay-ready-accepted': 1, committed: 2, cancelled: -1, 'rolled-back': -1 };

export function noRollbackAfterRelayReady(events: HistoryEvent[]): Violation[] {
  const all = byTime(events);
  const relocations = all.filter((e): e is RelocationEvent => e.type === 'relocation');
  const records = all.filter((e): e is RecordEvent => e.type === 'record');
  const handlers = all.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'handler');
  const ops = all.filter(isOp);
  const done = new Map(ops.filter((o) => o.type !== 'invoke').map((o) => [o.op, o.time]));
  const relocates = ops.filter((o): o is OpEvent => o.type === 'invoke' && o.f === 'relocate');
  // Each by object, in time order: a scan of the whole history per relocation made this check
  // quadratic in a long campaign.
  const relocationsOf = groupBy(relocations, (r) => r.objectId);
  const recordsOf = groupBy(records, (r) => r.objectId);
  const handlersOf = groupBy(handlers, (h) => h.objectId);
  const relocatesOf = groupBy(relocates, (r) => r.objectId);
  /** The kit asked to move `objectId` to `node` before `t`, and that request was not over before `since`. */
  const askedBack = (objectId: string, node: string, since: number, t: number) =>
    (relocatesOf.get(objectId) ?? []).some((r) => r.node === node && r.time <= t && (done.get(r.op) ?? Infinity) >= since);
  const out: Violation[] = [];
  for (const [id, reads] of groupBy(relocations, (r) => r.relocation)) {
    const boundary = reads.find((r) => RANK[r.stage] >= 1);
    if (!boundary) continue;
    const { objectId, source, target, generation } = boundary;

    let furthest = boundary;
    // The kit's reads are written in the order it made them: one stamped with the boundary's own
    // millisecond but written before it came first (a simulated world does a lot in one millisecond).
    for (const r of reads.filter((r) => r.time > boundary.time || (r.time === boundary.time && r.line > boundary.line))) {
      if (RANK[r.stage] < RANK[furthest.stage]) {
        out.push(violation(NAME, RULES, `relocation ${id} of ${objectId}: stage ${r.stage} read after ${furthest.stage}`, [furthest, r]));
        break;
      }
      if (RANK[r.stage] > RANK[furthest.stage]) furthest = r;
    }

    // A later relocation of the object may move it back to the source: that is no rollback.
    const next = relocationsOf.get(objectId)!.find((r) => r.relocation !== id && r.time > boundary.time);
    const beforeNext = (t: number) => !next || t < next.time;
    const after = (recordsOf.get(objectId) ?? []).filter((r) => r.generation === generation && r.time >= boundary.time && beforeNext(r.time));
    const onTarget = after.find((r) => r.owner === target);
    const back = onTarget && after.find((r) => r.owner === source && r.storeVersion > onTarget.storeVersion);
    if (onTarget && back && !askedBack(objectId, source, boundary.time, back.time)) {
      out.push(violation(NAME, RULES, `relocation ${id} of ${objectId}: the record named the target ${target} (StoreVersion ${onTarget.storeVersion}) and then the source ${source} again (StoreVersion ${back.storeVersion}), after relay-ready was accepted`, [boundary, onTarget, back]));
    }

    const run = (handlersOf.get(objectId) ?? []).find((h) => h.node === source && h.time > boundary.time && beforeNext(h.time)
      && (h.generation === undefined || h.generation === generation) && !askedBack(objectId, source, boundary.time, h.time));
    if (run) {
      out.push(violation(NAME, RULES, `relocation ${id} of ${objectId}: a handler ran on the source ${source} at ${run.time}, after relay-ready was accepted`, [boundary, run]));
    }
  }
  return out;
}
