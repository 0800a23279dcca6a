// Node direct "ends with NotFound or Unavailable" only if the node doesn't exist or its connection
// isn't ready (R-CH-2, spec line 45), and one peer's failure leaves the others ready (V04, line 44):
// the named node's own connection decides, not the rest of the mesh. So a node direct message from
// X to Z (its invoke's `from` and `node`) that ended Unavailable with no attempt accepted or of
// unknown acceptance, while X's connection to Z was ready from before the invoke to after the end
// (no not-ready event of it in that stretch), and no fault of the kit touched X or Z from two
// liveness deadlines before the invoke to the end (nor was a node found dead, nor was a failpoint
// ever armed on X or Z: it may go off at any time), is found.

import type { HistoryEvent, HostEvent, PeerLinkEvent } from '../history.ts';
import { isFault, isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';
import { linkEvents, processSince } from '../links.ts';

export const NAME = 'direct-ready-link-used';
const RULES = ['R-CH-2', 'V04'];


export function directReadyLinkUsed(events: HistoryEvent[]): Violation[] {
  const header = events.find((e) => e.type === 'run');
  const L = (header?.type === 'run' ? header.livenessDeadlineMs : undefined) ?? 1000;
  const lines = events.filter((e): e is PeerLinkEvent => e.type === 'peer').sort((a, b) => a.line - b.line);
  const links = linkEvents(events);
  const ops = events.filter(isOp);
  const done = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const faults = ops.filter((e) => isFault(e));
  const dead = events.filter((e): e is HostEvent => e.type === 'host' && !e.alive);
  const out: Violation[] = [];
  for (const invoke of ops.filter((e) => e.type === 'invoke' && e.f === 'node-direct' && !!e.from && !!e.node && e.from !== e.node)) {
    const end = done.get(invoke.op);
    if (!end || end.type !== 'fail' || end.value !== 'Unavailable' || end.attempts?.some((a) => a.accepted !== 'no')) continue;
    const X = invoke.from!;
    const Z = invoke.node!;
    // Only X's process at the invoke: its links began anew when it last crashed, restarted or hung.
    const since = processSince(faults, X, invoke.time);
    const link = (links.get(`${X}->${Z}`) ?? []).filter((e) => e.at > since);
    const last = [...link].reverse().find((e) => e.at < invoke.time);
    if (!last || last.event !== 'ready' || link.some((e) => e.at >= invoke.time && e.at <= end.time && e.event !== 'ready')) continue;
    // Read ready before the invoke (by X's process then) and after the end, so the link is known to have stayed so.
    const readBefore = [...lines].reverse().find((l) => l.node === X && l.peer === Z && l.time <= invoke.time);
    if (!readBefore?.ready || readBefore.time <= since) continue;
    if (!lines.some((l) => l.node === X && l.peer === Z && l.time >= end.time && l.ready)) continue;
    const from = invoke.time - 2 * L;
    const names = (f: { node?: string }, n: string) => f.node === n || (f as { peer?: string }).peer === n;
    if (faults.some((f) => f.time >= from && f.time <= end.time && (f.node === undefined || names(f, X) || names(f, Z)))) continue;
    // A failpoint armed on either end, whenever, may go off in the stretch (a process ending itself after a commit).
    if (faults.some((f) => f.f === 'failpoint' && f.time <= end.time && (names(f, X) || names(f, Z)))) continue;
    if (dead.some((d) => d.time >= from && d.time <= end.time)) continue;
    out.push(violation(NAME, RULES, `node direct ${invoke.op} from ${X} to ${Z} ended Unavailable while ${X}'s connection to ${Z} was ready throughout (connection ${last.connectionId})`, [last.from, invoke, end]));
  }
  return out;
}
