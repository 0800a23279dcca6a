// "Grace doesn't extend the owner lease ... Once owner eligibility ends, new message/timer
// processing and state changes stop" (spec line 119, R-STO-3) and "doesn't automatically restore
// the same object" after the owner process terminates (line 67, R-OBJ-4). No handler or timer for
// an object runs on a node while the node's owner lease has certainly ended, and nothing at all
// runs on a node while its process is certainly dead.
// A lease certainly ended during [until, t] when a read at time t shows it valid only until
// `until` < t: the last renewal before t set that `until`, so none came in between. Both the
// node's lease reads and the object record reads (the owner's lease as of the read) say so.
// A process is certainly dead from its crash's ok until its restart is invoked.
// A run counts only STAMP_SLACK_MS after the lease ended: a runtime decides that it may run, then
// stamps the run in its journal a moment later (the reference: a microtask or two).


import type { HistoryEvent, LeaseEvent, RecordEvent, RunEvent } from '../history.ts';
import { processDeaths } from '../process-deaths.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'owner-eligibility-ends';
const RULES = ['R-STO-3', 'R-OBJ-4'];
export const STAMP_SLACK_MS = 5;

interface Ended {
  node: string;
  from: number;
  to: number;
  read: LeaseEvent | RecordEvent;
}

function endedLeases(events: HistoryEvent[]): Ended[] {
  const out: Ended[] = [];
  for (const e of events) {
    if (e.type === 'lease' && e.until < e.time) out.push({ node: e.node, from: e.until, to: e.time, read: e });
    if (e.type === 'record' && e.owner && e.leaseUntil !== undefined && e.leaseUntil < e.time) out.push({ node: e.owner, from: e.leaseUntil, to: e.time, read: e });
  }
  return out;
}

export function ownerEligibilityEnds(events: HistoryEvent[]): Violation[] {
  const runs = events.filter((e): e is RunEvent => e.type === 'journal');
  const out: Violation[] = [];
  const ended = groupBy(endedLeases(events), (w) => w.node);
  for (const run of runs.filter((r) => (r.kind === 'handler' || r.kind === 'timer') && r.objectId !== undefined)) {
    const w = ended.get(run.node)?.find((w) => run.time > w.from + STAMP_SLACK_MS && run.time <= w.to);
    if (w) out.push(violation(NAME, RULES, `a ${run.kind} for ${run.objectId} ran on ${run.node} at ${run.time}, after its owner lease ended at ${w.from}`, [run, w.read]));
  }
  for (const d of processDeaths(events)) {
    const run = runs.find((r) => r.node === d.node && r.time > d.from && r.time < d.until);
    if (run) out.push(violation(NAME, RULES, `a ${run.kind}${run.objectId ? ` for ${run.objectId}` : ''} ran on ${d.node} at ${run.time}, after its process crashed at ${d.from}${d.restart ? ` and before its restart at ${d.until}` : ''}`, [d.crash, run]));
  }
  return out;
}
