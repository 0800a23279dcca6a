// "If the owner process of the current Ready Actor or Spot terminates, the Framework doesn't
// automatically restore the same object on a different node. It doesn't arbitrarily change the
// owner recorded in the Location Store or create a new incarnation of the same global ID. This
// rule applies equally to Instance Spots" (spec lines 65-67, R-OBJ-4, V10, R-INST-4; after a
// relocation's commit, R-REL-5). So once a node crashed while the authority record of an object
// named it the Ready owner, later reads show that record as it was: Ready, that owner, that
// generation. Not where the kit itself moved or closed the object meanwhile: a relocation or a
// Close asked for before the change was read and not over before the last read before the crash
// (whatever its outcome: a Close whose change applied as its owner died fails, and a Close through
// the restarted owner, same RID, may release the record). A relocation excuses only its own commit:
// the object Ready on the relocation's target at the same generation (R-REL-7), since after
// relay-ready was accepted the target finishes the owner change whether the source lives or not
// (R-REL-2). An operation whose outcome its caller could not learn (a timeout, or Unavailable once
// the request may have been accepted) is not over when it ends: the work goes on where it was
// accepted. And not for a cold activation still unfinished (its recovery may cancel exactly that
// record: R-INST-2).

import type { HistoryEvent, OpEvent, RecordEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { processDeaths } from '../process-deaths.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'authority-kept';
const RULES = ['R-OBJ-4', 'V10', 'R-INST-4', 'R-REL-5'];

/** Ended without its caller learning whether the work ran: a timeout, or Unavailable after an attempt that may have been accepted. */
function outcomeUnclear(end: OpEvent): boolean {
  if (end.value === 'timeout') return true;
  const lastAttempt = end.attempts?.at(-1);
  return end.type === 'fail' && end.value === 'Unavailable' && lastAttempt !== undefined && lastAttempt.accepted !== 'no';
}

export function authorityKept(events: HistoryEvent[]): Violation[] {
  const records = groupBy(events.filter((e): e is RecordEvent => e.type === 'record').sort((a, b) => a.line - b.line), (r) => r.objectId);
  const ops = events.filter(isOp);
  const ended = new Map(ops.filter((o) => o.type !== 'invoke').map((o) => [o.op, o]));
  const moves = ops.filter((o): o is OpEvent => o.type === 'invoke' && (o.f === 'relocate' || o.f === 'close'));
  const before = (a: { time: number; line: number }, b: { time: number; line: number }) => a.time < b.time || (a.time === b.time && a.line < b.line);
  const out: Violation[] = [];
  for (const death of processDeaths(events)) {
    for (const [objectId, reads] of records) {
      const last = [...reads].reverse().find((r) => before(r, death.crash));
      if (!last || last.state !== 'Ready' || last.owner !== death.node || last.activation === 'unfinished') continue;
      const changed = reads.find((r) => before(death.crash, r) && (r.state !== 'Ready' || r.owner !== death.node || r.generation !== last.generation));
      if (!changed) continue;
      // The kit moved or closed it: asked for before the change was read, and not over before the last
      // read before the crash (a failed outcome is no proof that nothing changed). A timeout is the
      // caller's deadline, not the end of the work: a close accepted and still waiting in the owner's
      // queue runs after it (seen on the reference: a close timed out while the owner's one worker
      // was blocked, ran 400 ms later, and the owner crashed as its Closing change applied).
      const excused = moves.some((m) => {
        if (m.objectId !== objectId || !before(m, changed)) return false;
        if (m.f === 'relocate' && !(changed.state === 'Ready' && changed.owner === m.node && changed.generation === last.generation)) return false;
        const end = ended.get(m.op);
        return !end || !before(end, last) || outcomeUnclear(end);
      });
      if (excused) continue;
      const now = changed.state !== 'Ready' ? changed.state : changed.owner !== death.node ? `owned by ${changed.owner}` : `generation ${changed.generation}`;
      out.push(violation(NAME, RULES, `object ${objectId}: its record named ${death.node} the Ready owner (generation ${last.generation}) when ${death.node} crashed at ${death.from}, and then read ${now}`, [last, death.crash, changed]));
    }
  }
  return out;
}
