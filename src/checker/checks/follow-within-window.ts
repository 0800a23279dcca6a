// Message Follow (R-OBJ-3): "after a planned relocation commits, the old owner forwards messages it
// had already received to the committed target for MessageFollowDuration (default 30 s; 0 turns it
// off)". The kit sends some object messages `via` the source of a relocation it saw commit (a
// caller whose owner cache is stale), and writes the run's MessageFollowDuration D in the header.
// For a relocation of an object (its relocate invoke at t0, its ok at t1, and the relocation
// record read right after naming source S and target T, committed), the commit came within
// [t0, t1], so the follow window ends within [t0 + D, t1 + D]. A message via S, invoked after t1,
// with no other create, close, join or relocate of the object from t0 to its end, is judged:
//  - ended before t0 + D (inside the window whatever the commit time), with no fault at all in that
//    stretch nor in the settling time before it (nor a crash failpoint armed on any node then: the
//    node may have crashed itself; process-deaths.ts selfCrashRisks) (twice the liveness deadline: a node restarted just
//    before the move may not have its links back yet, and a message its caller cannot write to S
//    never reaches S, so S has nothing to follow; seed 24 of the reference's swarm, a caller
//    restarted 30 ms before the move), it must not end Unavailable or NotFound: S follows it to
//    T, which owns the object and runs it. Not judged where T may have refused or held it for capacity: in a run of small nodes
//    (the header's nodeOptions), or when it ended within SLACK_MS of its deadline (followed, and
//    waiting in T's queue);
//  - invoked after t1 + D (the window over whatever the commit time), or after S restarted (a
//    restarted process follows nothing: what it follows is what it set up itself), it must not run
//    on T while the only node the caller wrote it to was S: then S followed it. No fault makes S
//    follow, so faults do not matter here.

import type { HistoryEvent, OpEvent, RelocationEvent, RunEvent } from '../history.ts';
import { isFault, isOp } from '../history.ts';
import { groupBy, violation, type Violation } from '../violation.ts';
import { selfCrashRisks } from '../process-deaths.ts';

export const NAME = 'follow-within-window';
const RULES = ['R-OBJ-3'];
const OWNERSHIP_OPS = new Set(['create', 'close', 'join', 'relocate']);
const SLACK_MS = 100;

interface Move {
  invoke: OpEvent;
  ok: OpEvent;
  record: RelocationEvent;
}

export function followWithinWindow(events: HistoryEvent[]): Violation[] {
  const header = events.find((e) => e.type === 'run');
  const D = header?.type === 'run' ? header.messageFollowMs : undefined;
  if (D === undefined) return [];
  const smallNodes = header?.type === 'run' && header.nodeOptions !== undefined;
  const settleMs = 2 * ((header?.type === 'run' ? header.livenessDeadlineMs : undefined) ?? 1000);
  const ops = events.filter(isOp);
  const invokes = new Map(ops.filter((e) => e.type === 'invoke').map((e) => [e.op, e]));
  const ends = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const faults = ops.filter((e) => e.type === 'invoke' && (isFault(e) || e.process === 'nemesis'));
  const relocationLines = events.filter((e): e is RelocationEvent => e.type === 'relocation');
  // Indexes by object (and by node), each in the events' order: a scan of the whole history per
  // message made this check quadratic in a long campaign.
  const relocationsOf = groupBy(relocationLines, (r) => r.objectId);
  // Relocations the kit saw commit, each with the relocation record it read after the ok.
  const moves: Move[] = [];
  for (const ok of ops.filter((e) => e.type === 'ok' && e.f === 'relocate' && e.objectId !== undefined)) {
    const invoke = invokes.get(ok.op);
    const record = relocationsOf.get(ok.objectId!)?.find((r) => r.line > ok.line);
    if (!invoke || !record || record.stage !== 'committed' || record.source === record.target || (ok.node !== undefined && record.target !== ok.node)) continue;
    moves.push({ invoke, ok, record });
  }
  if (moves.length === 0) return [];
  const movesOf = groupBy(moves, (mv) => mv.record.objectId);
  const ownershipOf = groupBy(ops.filter((o) => o.type === 'invoke' && OWNERSHIP_OPS.has(o.f)), (o) => o.objectId);
  const restartsOf = groupBy(ops.filter((o) => o.type === 'ok' && o.f === 'restart'), (o) => o.node);
  const runs = new Map<string, RunEvent[]>();
  for (const r of events.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'handler' && !!e.marker)) runs.set(r.marker!, [...(runs.get(r.marker!) ?? []), r]);
  const risks = selfCrashRisks(events);
  // No fault of the kit's in the stretch, and no node that may have crashed itself in it (an armed
  // crash failpoint: the source, the target or the caller may be the one that died).
  const noFault = (from: number, to: number) => !faults.some((f) => f.time >= from && f.time <= to) && !risks.some((r) => r.from <= to && r.until >= from);
  const restartedAt = (node: string, after: number, before: number) => restartsOf.get(node)?.find((o) => o.time > after && invokes.get(o.op)!.time > after && o.time < before);
  const alone = (objectId: string, from: number, to: number, except: string) =>
    !(ownershipOf.get(objectId) ?? []).some((o) => o.op !== except && o.time >= from && o.time <= to);
  const out: Violation[] = [];
  for (const m of ops.filter((e) => e.type === 'invoke' && e.f === 'object-message' && e.via !== undefined && e.objectId !== undefined)) {
    const end = ends.get(m.op);
    if (!end || end.type === 'info') continue;
    // The object's last relocation seen committed before the message, through whose source it went.
    const move = (movesOf.get(m.objectId!) ?? []).filter((mv) => mv.ok.time < m.time).at(-1);
    if (!move || move.record.source !== m.via) continue;
    if (!alone(m.objectId!, move.invoke.time, end.time, move.invoke.op)) continue;
    const { source: S, target: T } = move.record;
    const beforeDeadline = m.deadlineMs === undefined || end.time < m.time + m.deadlineMs - SLACK_MS;
    if (!smallNodes && beforeDeadline && end.time < move.invoke.time + D && noFault(move.invoke.time - settleMs, end.time) && end.type === 'fail' && (end.value === 'Unavailable' || end.value === 'NotFound')) {
      out.push(violation(NAME, RULES, `object message ${m.op} via ${S}, the previous owner of ${m.objectId} (moved to ${T}), ended ${end.value} inside the ${D} ms Message Follow window`, [move.invoke, move.ok, move.record, m, end]));
      continue;
    }
    const restart = restartedAt(S, move.ok.time, m.time);
    if (m.time > move.ok.time + D || restart) {
      const onTarget = (runs.get(m.marker ?? '') ?? []).find((r) => r.node === T);
      const onlyVia = !end.attempts || end.attempts.every((a) => a.target === S);
      if (!onTarget || !onlyVia) continue;
      if (m.time > move.ok.time + D) out.push(violation(NAME, RULES, `object message ${m.op} via ${S}, the previous owner of ${m.objectId}, was followed to ${T} after the ${D} ms Message Follow window had ended`, [move.invoke, move.ok, move.record, m, onTarget]));
      else out.push(violation(NAME, RULES, `object message ${m.op} via ${S}, the previous owner of ${m.objectId}, was followed to ${T} by ${S}'s process restarted since the move`, [move.invoke, move.ok, move.record, restart!, m, onTarget]));
    }
  }
  return out;
}
