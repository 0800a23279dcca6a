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

  // Indexes, so that a long history (thousands of Session reads, a hundred crashes) is judged in
  // about the time it takes to read it: reads by Session, by binding token, and by node.
  const bySession = groupBy(sessions, (s) => s.session);
  const byToken = new Map<string, SessionEvent[]>();
  for (const s of sessions) for (const t of new Set(s.bindings ?? [])) (byToken.get(t) ?? byToken.set(t, []).get(t)!).push(s);
  const byNode = groupBy(sessions, (s) => s.node);
  // Per node, the Sessions it was seen holding open so far (up to the crash being judged), each once:
  // its last read (the witness) and every binding token a read showed it holding.
  const heldOn = new Map<string, { upTo: number; held: Map<string, { last: SessionEvent; tokens: Set<string> }> }>();

  for (const death of processDeaths(events)) {
    const node = heldOn.get(death.node) ?? heldOn.set(death.node, { upTo: 0, held: new Map() }).get(death.node)!;
    const reads = byNode.get(death.node) ?? [];
    // Reads and the crash are the kit's own lines, written in the order they happened: a read stamped
    // with the crash's own millisecond is before it only if it was written before it.
    const beforeCrash = (s: SessionEvent) => s.time < death.crash.time || (s.time === death.crash.time && s.line < death.crash.line);
    const afterCrash = (s: SessionEvent) => s.time > death.from || (s.time === death.from && s.line > death.crash.line);
    for (; node.upTo < reads.length && beforeCrash(reads[node.upTo]); node.upTo++) {
      const s = reads[node.upTo];
      if (s.state !== 'open') continue;
      const h = node.held.get(s.session);
      if (h) h.last = s;
      else node.held.set(s.session, { last: s, tokens: new Set() });
      for (const t of s.bindings ?? []) node.held.get(s.session)!.tokens.add(t);
    }
    for (const { last, tokens } of node.held.values()) {
      const again = (bySession.get(last.session) ?? []).find((s) => s.state === 'open' && afterCrash(s));
      if (again) {
        out.push(violation(NAME, RULES, `Session ${last.session} of ${death.node} was open again at ${again.time}, after its owner crashed at ${death.from}`, [last, death.crash, again]));
        continue;
      }
      for (const token of tokens) {
        const holders = byToken.get(token) ?? [];
        const shown = () => holders.find((s) => s.session === last.session && beforeCrash(s)) ?? last;
        const adopted = holders.find((s) => s.session !== last.session && afterCrash(s));
        if (adopted) {
          out.push(violation(NAME, RULES, `binding ${token} of Session ${last.session} (owner ${death.node}, crashed at ${death.from}) is held by Session ${adopted.session} on ${adopted.node}`, [shown(), death.crash, adopted]));
          break;
        }
        const relay = relayThrough(relays.get(token) ?? [], oks, death.from);
        if (relay) {
          out.push(violation(NAME, RULES, `a relay through binding ${token} of Session ${last.session} ended ok, invoked after its owner ${death.node} crashed at ${death.from}`, [shown(), death.crash, ...relay]));
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
