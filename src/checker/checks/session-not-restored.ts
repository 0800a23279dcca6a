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

  // Relays by the binding token they went through, and completions by operation: a history holds
  // many reads of one Session (a writer reads them after every fault), so nothing below may scan
  // every operation once per read.
  const relays = groupBy(ops.filter((o) => o.type === 'invoke' && o.f === 'session-relay'), (o) => o.binding);
  const oks = new Map(ops.filter((o) => o.type === 'ok').map((o) => [o.op, o]));

  for (const death of processDeaths(events)) {
    // Each Session the node held open before the crash, once: its last read before the crash (the
    // witness) and every binding token a read before the crash showed it holding.
    const held = new Map<string, { last: SessionEvent; tokens: Set<string> }>();
    for (const s of sessions) {
      if (s.node !== death.node || s.state !== 'open' || s.time > death.crash.time) continue;
      const h = held.get(s.session);
      if (h) h.last = s;
      else held.set(s.session, { last: s, tokens: new Set() });
      for (const t of s.bindings ?? []) held.get(s.session)!.tokens.add(t);
    }
    for (const { last, tokens } of held.values()) {
      const again = sessions.find((s) => s.session === last.session && s.state === 'open' && s.time > death.from);
      if (again) {
        out.push(violation(NAME, RULES, `Session ${last.session} of ${death.node} was open again at ${again.time}, after its owner crashed at ${death.from}`, [last, death.crash, again]));
        continue;
      }
      for (const token of tokens) {
        const adopted = sessions.find((s) => s.session !== last.session && s.time > death.from && (s.bindings ?? []).includes(token));
        if (adopted) {
          const shown = sessions.find((s) => s.session === last.session && s.time <= death.crash.time && (s.bindings ?? []).includes(token)) ?? last;
          out.push(violation(NAME, RULES, `binding ${token} of Session ${last.session} (owner ${death.node}, crashed at ${death.from}) is held by Session ${adopted.session} on ${adopted.node}`, [shown, death.crash, adopted]));
          break;
        }
        const relay = relayThrough(relays.get(token) ?? [], oks, death.from);
        if (relay) {
          const shown = sessions.find((s) => s.session === last.session && s.time <= death.crash.time && (s.bindings ?? []).includes(token)) ?? last;
          out.push(violation(NAME, RULES, `a relay through binding ${token} of Session ${last.session} ended ok, invoked after its owner ${death.node} crashed at ${death.from}`, [shown, death.crash, ...relay]));
          break;
        }
      }
    }
  }
  return out;
}

/** The first relay (of `invokes`, all through one token) invoked after `after` that ended ok: its invoke and its ok. */
function relayThrough(invokes: OpEvent[], oks: Map<string, OpEvent>, after: number): [OpEvent, OpEvent] | undefined {
  for (const invoke of invokes) {
    if (invoke.time <= after) continue;
    const ok = oks.get(invoke.op);
    if (ok) return [invoke, ok];
  }
  return undefined;
}
