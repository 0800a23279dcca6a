// "A half-open, silent connection becomes not-ready within the liveness deadline" (R-CONN-2), also
// while the Store is unreachable (R-STO-2: grace keeps descriptors, not silent peers). When the kit
// hangs a node Y (a hang fault: the process stops answering, its connections stay open), every
// other node X whose connection to Y was ready then marks it not-ready within the liveness deadline
// L (the run header's livenessDeadlineMs): a connection X's current process had ready (one of an
// earlier incarnation, before a crash or restart of X, is not X's any more). For each hang that took effect at t1 (invoked at t0) and
// lasted past t1 + L + SLACK_MS (Y not crashed, restarted or healed before), and each X not itself
// crashed, restarted or hung in that stretch, the connection C of X to Y ready at t0 (a process
// that died on its own counts as crashed: an armed failpoint crashes its node with no fault of the
// kit's at that moment, and the kit's read of the node then says alive: false; seed 1051 of the
// swarm, a target crashed by relocation.crash-target-before-commit while a peer hung):
//  - a not-ready event of C later than t1 + L + SLACK_MS is found;
//  - no not-ready event of C at all, though the kit read X's events of that link after
//    t1 + L + SLACK_MS with X's process the same throughout, is found.

import type { HistoryEvent, HostEvent, PeerLinkEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'silent-peer-not-ready';
const RULES = ['R-CONN-2', 'R-STO-2'];
/** Room for the heartbeat that notices it (the reference: within one heartbeat interval, 50 or 100 ms). */
export const SLACK_MS = 150;
/** On the machine's clock a timer may fire late under load (the embedded backend on a busy machine: 470 ms late, seen): that much more room there. */
export const REAL_TIME_SLACK_MS = 1500;
const ENDS_PROCESS = new Set(['crash', 'restart', 'hang', 'heal']);

type LinkEvent = PeerLinkEvent['events'][number] & { from: PeerLinkEvent };

export function silentPeerNotReady(events: HistoryEvent[]): Violation[] {
  const header = events.find((e) => e.type === 'run');
  const L = header?.type === 'run' ? header.livenessDeadlineMs : undefined;
  if (L === undefined) return [];
  const virtual = header?.type === 'run' && header.virtualTime === true;
  const ops = events.filter(isOp);
  const hangs = ops.filter((e) => e.type === 'ok' && e.f === 'hang' && e.node !== undefined);
  if (hangs.length === 0) return [];
  const invokes = new Map(ops.filter((e) => e.type === 'invoke').map((e) => [e.op, e]));
  const processOps = ops.filter((e) => e.type === 'invoke' && ENDS_PROCESS.has(e.f) && e.node !== undefined);
  const lines = events.filter((e): e is PeerLinkEvent => e.type === 'peer');
  const linkEvents = new Map<string, LinkEvent[]>();
  for (const l of lines) {
    const list = linkEvents.get(`${l.node}>${l.peer}`) ?? [];
    for (const ev of l.events) list.push({ ...ev, from: l });
    linkEvents.set(`${l.node}>${l.peer}`, list);
  }
  const deadAt = events.filter((e): e is HostEvent => e.type === 'host' && !e.alive).map((e) => ({ node: e.node, time: e.time }));
  const touched = (node: string, from: number, to: number, except?: string) =>
    processOps.some((f) => f.node === node && f.op !== except && f.time >= from && f.time <= to) || deadAt.some((d) => d.node === node && d.time >= from && d.time <= to);
  const out: Violation[] = [];
  for (const ok of hangs) {
    const invoke = invokes.get(ok.op);
    if (!invoke) continue;
    const Y = ok.node!;
    const t0 = invoke.time;
    const due = ok.time + L + SLACK_MS + (virtual ? 0 : REAL_TIME_SLACK_MS);
    if (touched(Y, t0, due, ok.op)) continue;
    for (const X of new Set(lines.filter((l) => l.peer === Y).map((l) => l.node))) {
      if (X === Y || touched(X, t0, due)) continue;
      const evs = linkEvents.get(`${X}>${Y}`) ?? [];
      // Only a connection of X's process at the time: one its earlier incarnation had (X crashed or
      // restarted before the hang) died with that process, and its new one may not be ready yet.
      const since = Math.max(-Infinity, ...processOps.filter((f) => f.node === X && f.time <= t0).map((f) => f.time));
      const readyBefore = evs.filter((e) => e.event === 'ready' && e.at <= t0 && e.at > since).at(-1);
      if (!readyBefore) continue;
      const C = readyBefore.connectionId;
      if (evs.some((e) => e.connectionId === C && e.event === 'not-ready' && e.at <= t0)) continue;
      const notReady = evs.find((e) => e.connectionId === C && e.event === 'not-ready' && e.at > t0);
      if (notReady) {
        if (notReady.at > due) out.push(violation(NAME, RULES, `${Y} hung (${ok.op}); ${X} marked its connection to ${Y} not-ready ${(notReady.at - ok.time).toFixed(0)} ms later, past the ${L} ms liveness deadline`, [invoke, ok, notReady.from]));
        continue;
      }
      const later = lines.find((l) => l.node === X && l.peer === Y && l.time > due && !touched(X, t0, l.time));
      if (later) out.push(violation(NAME, RULES, `${Y} hung (${ok.op}); ${X} had not marked its connection to ${Y} not-ready ${(later.time - ok.time).toFixed(0)} ms later (liveness deadline ${L} ms)`, [readyBefore.from, invoke, ok, later]));
    }
  }
  return out;
}
