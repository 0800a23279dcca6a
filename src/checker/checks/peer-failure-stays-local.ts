// "If a specific peer's liveness or physical connection fails, only that peer is not-ready; the
// host isn't an Error" (V04, spec line 44). When the kit hangs a node Y, its peers find Y silent
// (silent-peer-not-ready); each of them keeps its connections to every other node. So, for each
// hang of Y that is the only fault of its stretch (from two liveness deadlines before the hang to
// its heal: no other fault of the kit, no Store outage open, no node found dead meanwhile, no
// failpoint ever armed on the two ends of the link judged), a
// node X other than Y marking its connection to a third node Z not-ready in that stretch is
// found: Y's failure spread to a peer that did not fail.

import type { HistoryEvent, HostEvent, OpEvent, PeerLinkEvent } from '../history.ts';
import { isFault, isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';
import { storeOutageOpen } from '../faults.ts';

export const NAME = 'peer-failure-stays-local';
const RULES = ['V04'];

export function peerFailureStaysLocal(events: HistoryEvent[]): Violation[] {
  const header = events.find((e) => e.type === 'run');
  const L = header?.type === 'run' ? header.livenessDeadlineMs : undefined;
  if (L === undefined) return [];
  const ops = events.filter(isOp);
  const faults = ops.filter((e) => e.type === 'invoke' && isFault(e)).sort((a, b) => a.time - b.time || a.line - b.line);
  const done = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const dead = events.filter((e): e is HostEvent => e.type === 'host' && !e.alive);
  const lines = events.filter((e): e is PeerLinkEvent => e.type === 'peer');
  const out: Violation[] = [];
  for (const hang of faults.filter((f) => f.f === 'hang' && f.node && done.get(f.op)?.type === 'ok')) {
    const Y = hang.node!;
    const t0 = hang.time;
    // The stretch ends with the next fault of the kit (the heal: Y's process ended), or the run's end.
    const next = faults.find((f) => f.time > t0 && f !== hang);
    const t1 = next ? next.time : Infinity;
    const from = t0 - 2 * L;
    if (faults.some((f) => f !== hang && f.time >= from && f.time <= t0) || storeOutageOpen(faults, t0)) continue;
    if (dead.some((d) => d.time >= from && d.time <= t1)) continue;
    const blamed = new Set<string>();
    for (const line of lines) {
      if (line.node === Y || line.peer === Y || blamed.has(`${line.node}>${line.peer}`)) continue;
      // A failpoint armed on either end before the stretch ends may go off in it (an ack lost, a
      // process ending itself), whenever it was armed: not judged.
      if (faults.some((f) => f.f === 'failpoint' && f.time <= t1 && [f.node, (f as { peer?: string }).peer].some((n) => n === line.node || n === line.peer))) continue;
      const e = line.events.find((x) => x.event === 'not-ready' && x.at > t0 && x.at < t1);
      if (!e) continue;
      blamed.add(`${line.node}>${line.peer}`);
      out.push(violation(NAME, RULES, `${Y} hung (${hang.op}) and nothing else failed, yet ${line.node} marked its connection to ${line.peer} not-ready ${(e.at - t0).toFixed(0)} ms later${e.reason ? ` (${e.reason})` : ''}: one peer's failure spread to another`, [hang, line]));
    }
  }
  return out;
}
