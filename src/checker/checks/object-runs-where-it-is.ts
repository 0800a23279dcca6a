// "An Actor/Spot message targets the logical ID's current Ready object" (spec line 148) and, when its
// owner is lost, is Unavailable, not run elsewhere (R-OBJ-1, spec lines 59-67); before acceptance it
// goes to the owner only, with no select-one among other nodes (V02). So every run of an object
// message (its handler, by the kit's marker) is on a node that held the object at some time of the
// history: named owner by a record the kit read, the source or target of its relocation, the node
// its factory ran on or a create was sent to, or a member it joined. A run anywhere else is found.

import type { HistoryEvent, RunEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'object-runs-where-it-is';
const RULES = ['R-OBJ-1', 'V02'];

export function objectRunsWhereItIs(events: HistoryEvent[]): Violation[] {
  const holders = new Map<string, Set<string>>();
  const hold = (objectId: string | undefined, node: string | undefined) => {
    if (!objectId || !node) return;
    const set = holders.get(objectId) ?? new Set<string>();
    set.add(node);
    holders.set(objectId, set);
  };
  for (const e of events) {
    if (e.type === 'record') hold(e.objectId, e.owner);
    else if (e.type === 'relocation') {
      hold(e.objectId, e.source);
      hold(e.objectId, e.target);
    } else if (e.type === 'journal' && e.kind === 'factory') hold(e.objectId, e.node);
    else if (isOp(e) && e.type === 'invoke' && (e.f === 'create' || e.f === 'relocate' || e.f === 'join')) hold(e.objectId, e.node);
  }
  const messages = new Map(events.filter(isOp).filter((e) => e.type === 'invoke' && e.f === 'object-message' && e.marker && e.objectId).map((e) => [e.marker!, e]));
  const out: Violation[] = [];
  const blamed = new Set<string>();
  for (const run of events.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'handler' && !!e.marker)) {
    const invoke = messages.get(run.marker!);
    if (!invoke || blamed.has(invoke.op) || holders.get(invoke.objectId!)?.has(run.node)) continue;
    blamed.add(invoke.op);
    out.push(violation(NAME, RULES, `object message ${invoke.op} to ${invoke.objectId} ran on ${run.node}, which never held ${invoke.objectId} (no record, relocation, creation or membership names it)`, [invoke, run]));
  }
  return out;
}
