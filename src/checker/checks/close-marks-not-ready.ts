// "An orderly close or a transport error marks the peer not-ready at once" (R-CONN-1), and a
// reconnect reuses no previous ready state (V05): when the kit closes a node's connection to a
// peer (a close-connection fault, orderly or with an error, on node X towards peer Y), the
// connection X held ready then is marked not-ready by X at once - not at the liveness deadline,
// and not never (a redial that keeps the peer ready over a new connection). The peer lines carry
// X's connection events with their times. For each close-connection fault that took effect
// (invoke t0, ok t1), the connection C of X to Y that was ready at t0 (made by X's process then):
//  - a not-ready event of C later than t1 + SLACK_MS is found (REAL_TIME_SLACK_MS more where
//    the header does not say virtualTime);
//  - no not-ready event of C at all, though the kit read X's events of that link after
//    t1 + slack with no crash, restart or hang of X in between, is found.
// A crash, restart or hang of X or Y between t0 and t1 + slack leaves the fault unjudged.

import type { HistoryEvent, OpEvent, PeerLinkEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'close-marks-not-ready';
const RULES = ['R-CONN-1', 'V05'];
/** Well under either timings' liveness deadline (300 ms embedded, 600 ms process). */
export const SLACK_MS = 100;
/** On the machine's clock (no virtualTime in the header) a busy machine may delay the event: that much more room. */
export const REAL_TIME_SLACK_MS = 1500;
const PROCESS_FAULTS = new Set(['crash', 'restart', 'hang']);

type LinkEvent = PeerLinkEvent['events'][number] & { from: PeerLinkEvent };

export function closeMarksNotReady(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  const closes = ops.filter((e) => e.type === 'ok' && e.f === 'close-connection' && e.node !== undefined && typeof (e as OpEvent & { peer?: unknown }).peer === 'string');
  if (closes.length === 0) return [];
  const invokes = new Map(ops.filter((e) => e.type === 'invoke').map((e) => [e.op, e]));
  const processFaults = ops.filter((e) => e.type === 'invoke' && PROCESS_FAULTS.has(e.f) && e.node !== undefined);
  const lines = events.filter((e): e is PeerLinkEvent => e.type === 'peer');
  const linkEvents = new Map<string, LinkEvent[]>();
  for (const l of lines) {
    const list = linkEvents.get(`${l.node}>${l.peer}`) ?? [];
    for (const ev of l.events) list.push({ ...ev, from: l });
    linkEvents.set(`${l.node}>${l.peer}`, list);
  }
  const header = events.find((e) => e.type === 'run');
  const slack = SLACK_MS + (header?.type === 'run' && header.virtualTime === true ? 0 : REAL_TIME_SLACK_MS);
  const out: Violation[] = [];
  for (const ok of closes) {
    const invoke = invokes.get(ok.op);
    if (!invoke) continue;
    const X = ok.node!;
    const Y = (ok as OpEvent & { peer: string }).peer;
    const t0 = invoke.time;
    const t1 = ok.time;
    const touched = (node: string, from: number, to: number) => processFaults.some((f) => f.node === node && f.time >= from && f.time <= to);
    if (touched(X, t0, t1 + slack) || touched(Y, t0, t1 + slack)) continue;
    const evs = linkEvents.get(`${X}>${Y}`) ?? [];
    // The connection ready at t0: its last ready event by then, not marked not-ready by then, of
    // X's process at t0. A crash or restart of X before t0 ended the connections of its earlier
    // process (their events were read from that process and are not in the new one's history):
    // closing a link the new process has not connected yet closes nothing (seed 28 of the
    // reference's swarm: B restarted 48 ms before the close, its links still handshaking).
    const reset = Math.max(-Infinity, ...processFaults.filter((f) => f.node === X && f.f !== 'hang' && f.time <= t0).map((f) => f.time));
    const readyBefore = evs.filter((e) => e.event === 'ready' && e.at <= t0 && e.at > reset).at(-1);
    if (!readyBefore) continue;
    const C = readyBefore.connectionId;
    if (evs.some((e) => e.connectionId === C && e.event === 'not-ready' && e.at <= t0)) continue;
    const notReady = evs.find((e) => e.connectionId === C && e.event === 'not-ready' && e.at > t0);
    if (notReady) {
      if (notReady.at > t1 + slack) out.push(violation(NAME, RULES, `${X} closed its connection to ${Y} (${ok.op}) and marked it not-ready only ${(notReady.at - t1).toFixed(0)} ms later`, [invoke, ok, notReady.from]));
      continue;
    }
    // Never marked: judged only when the kit read the link's events well after, with X's process the same throughout.
    const later = lines.find((l) => l.node === X && l.peer === Y && l.time > t1 + slack && !touched(X, t0, l.time));
    if (later) out.push(violation(NAME, RULES, `${X} closed its connection to ${Y} (${ok.op}) and never marked it not-ready (read again ${(later.time - t1).toFixed(0)} ms later)`, [readyBefore.from, invoke, ok, later]));
  }
  return out;
}
