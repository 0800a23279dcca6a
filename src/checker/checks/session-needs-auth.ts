// Sessions (R-SES-3): a Session binds, relays and unbinds only once its client has authenticated,
// and only with a credential the owner accepts. The kit writes each Session's authentication as a
// session-authenticate operation on that Session (its invoke's value "wrong-credential" when it
// sent a wrong one on purpose). Found:
//  - an authentication with a wrong credential that succeeded;
//  - a bind or relay on a Session that succeeded though no authentication of that Session with
//    the right credential had been invoked before it ended (none at all, or only wrong ones).

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'session-needs-auth';
const RULES = ['R-SES-3'];
const GUARDED = new Set(['session-bind', 'session-relay', 'session-unbind']);

export function sessionNeedsAuth(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  const invokes = new Map(ops.filter((e) => e.type === 'invoke').map((e) => [e.op, e]));
  const auths = ops.filter((e) => e.type === 'invoke' && e.f === 'session-authenticate' && e.session !== undefined);
  const out: Violation[] = [];
  for (const ok of ops.filter((e) => e.type === 'ok' && e.f === 'session-authenticate')) {
    const invoke = invokes.get(ok.op);
    if (invoke?.value === 'wrong-credential') out.push(violation(NAME, RULES, `Session ${invoke.session ?? '?'} was authenticated (${ok.op}) with a wrong credential`, [invoke, ok]));
  }
  for (const ok of ops.filter((e) => e.type === 'ok' && GUARDED.has(e.f) && e.session !== undefined)) {
    const invoke = invokes.get(ok.op);
    // Every authentication of this Session invoked before the operation ended: one with the right credential will do.
    const before = auths.filter((a) => a.session === ok.session && a.time <= ok.time);
    if (before.some((a) => a.value !== 'wrong-credential')) continue;
    const what = before.length === 0 ? 'which never authenticated' : 'which had authenticated only with a wrong credential';
    out.push(violation(NAME, RULES, `${ok.f} ${ok.op} succeeded on Session ${ok.session}, ${what}`, [...before, ...(invoke ? [invoke] : []), ok]));
  }
  return out;
}
