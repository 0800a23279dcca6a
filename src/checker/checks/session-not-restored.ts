// "If the Session owner process terminates, the Framework doesn't transfer the physical
// connection, Session identity, and binding to a different process ... The previous connection's
// reply and binding update aren't applied to the new Session" (spec line 113, V15, R-SES-3).
// A Session lives in its owner process only (docs/assumptions.md), so the history must not show:
//  - one Session ID reported by two nodes;
//  - a Session seen open on its node before the node crashed, and open again after the crash;
//  - a binding token of such a Session held by another Session after the crash;
//  - a relay through such a binding invoked after the crash and ending ok.

import type { HistoryEvent, OpEvent, SessionEvent } from '../history.ts';
import { byTime, isOp } from '../history.ts';
import { processDeaths } from '../process-deaths.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'session-not-restored';
const RULES = ['V15', 'R-SES-3'];

export function sessionNotRestored(events: HistoryEvent[]): Violation[] {
  const sessions = byTime(events.filter((e): e is SessionEvent => e.type === 'session'));
  const ops = events.filter(isOp);
  const out: Violation[] = [];

  for (const [id, seen] of groupBy(sessions, (s) => s.session)) {
    const other = seen.find((s) => s.node !== seen[0].node);
    if (other) out.push(violation(NAME, RULES, `Session ${id} was held by ${seen[0].node} and then by ${other.node}`, [seen[0], other]));
  }

  for (const death of processDeaths(events)) {
    const before = sessions.filter((s) => s.node === death.node && s.state === 'open' && s.time <= death.crash.time);
    for (const held of before) {
      const again = sessions.find((s) => s.session === held.session && s.state === 'open' && s.time > death.from);
      if (again) {
        out.push(violation(NAME, RULES, `Session ${held.session} of ${death.node} was open again at ${again.time}, after its owner crashed at ${death.from}`, [held, death.crash, again]));
        continue;
      }
      for (const token of held.bindings ?? []) {
        const adopted = sessions.find((s) => s.session !== held.session && s.time > death.from && (s.bindings ?? []).includes(token));
        if (adopted) {
          out.push(violation(NAME, RULES, `binding ${token} of Session ${held.session} (owner ${death.node}, crashed at ${death.from}) is held by Session ${adopted.session} on ${adopted.node}`, [held, death.crash, adopted]));
          break;
        }
        const relay = relayThrough(ops, token, death.from);
        if (relay) {
          out.push(violation(NAME, RULES, `a relay through binding ${token} of Session ${held.session} ended ok, invoked after its owner ${death.node} crashed at ${death.from}`, [held, death.crash, ...relay]));
          break;
        }
      }
    }
  }
  return out;
}

/** A relay through `token` invoked after `after` that ended ok: its invoke and its ok. */
function relayThrough(ops: OpEvent[], token: string, after: number): [OpEvent, OpEvent] | undefined {
  for (const invoke of ops) {
    if (invoke.type !== 'invoke' || invoke.f !== 'session-relay' || invoke.binding !== token || invoke.time <= after) continue;
    const ok = ops.find((o) => o.op === invoke.op && o.type === 'ok');
    if (ok) return [invoke, ok];
  }
  return undefined;
}
