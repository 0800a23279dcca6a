// "If the specified node doesn't exist or the connection isn't ready, it ends with NotFound or
// Unavailable" (R-CH-2, spec line 45): a node that does not exist is NotFound, not Unavailable. A
// RID the history never shows as a node (no host, peer, journal or fault line names it) does not
// exist. A node direct message to such a RID that ended any other way than NotFound (a failure of
// another kind, a reply, or a run anywhere) is found; a timeout, the caller shutting down, or an
// outcome the kit could not learn, is not judged.

import type { HistoryEvent } from '../history.ts';
import { isFault, isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'direct-unknown-not-found';
const RULES = ['R-CH-2'];

export function directUnknownNotFound(events: HistoryEvent[]): Violation[] {
  const nodes = new Set<string>();
  for (const e of events) {
    if (e.type === 'host' || e.type === 'journal' || e.type === 'result' || e.type === 'lease') nodes.add(e.node);
    if (e.type === 'peer') nodes.add(e.node).add(e.peer);
    if (e.type === 'record' && e.owner) nodes.add(e.owner);
    if (isOp(e) && (isFault(e) || e.f === 'channel-set') && e.node) nodes.add(e.node);
    if (isOp(e) && e.from) nodes.add(e.from);
  }
  const ops = events.filter(isOp);
  const done = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const invoke of ops.filter((e) => e.type === 'invoke' && e.f === 'node-direct' && !!e.node && !nodes.has(e.node))) {
    const end = done.get(invoke.op);
    if (!end || end.type === 'info' || end.value === 'timeout' || end.value === 'shutdown' || (end.type === 'fail' && end.value === 'NotFound')) continue;
    out.push(violation(NAME, RULES, `node direct ${invoke.op} to ${invoke.node}, a RID no node of the history has, ended ${end.type === 'ok' ? 'with a reply' : String(end.value)}, not NotFound`, [invoke, end]));
  }
  return out;
}
