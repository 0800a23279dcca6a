// "If the specified node doesn't exist or the connection isn't ready, it ends with NotFound or
// Unavailable", and node direct has no re-selection (R-CH-2, spec line 45): a node direct message
// to a node whose connection is not ready ends Unavailable there and then; it does not wait for a
// reconnect. So a node direct message from X to Y (its invoke's `from` and `node`) while X's
// connection to Y was not ready (X's last event of the link before the invoke was not-ready) and
// stayed so for MARGIN_MS after the invoke, that ended with a reply or ran on Y after X's link to
// Y was ready again, waited for the connection.

import type { HistoryEvent, RunEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';
import { linkEvents, processSince } from '../links.ts';

export const NAME = 'direct-not-ready-at-once';
const RULES = ['R-CH-2'];
/** How long the link must have stayed not ready after the invoke: the runtime takes the message some time after the kit's invoke line. */
export const MARGIN_MS = 50;


export function directNotReadyAtOnce(events: HistoryEvent[]): Violation[] {
  const links = linkEvents(events);
  const runs = new Map<string, RunEvent>();
  for (const r of events) if (r.type === 'journal' && r.kind === 'handler' && r.marker && !runs.has(r.marker)) runs.set(r.marker, r);
  const ops = events.filter(isOp);
  const done = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const out: Violation[] = [];
  for (const invoke of ops.filter((e) => e.type === 'invoke' && e.f === 'node-direct' && !!e.from && !!e.node && e.from !== e.node)) {
    // Only X's process at the invoke: its links began anew when it last crashed, restarted or hung.
    const since = processSince(ops, invoke.from!, invoke.time);
    const link = links.get(`${invoke.from}->${invoke.node}`)?.filter((e) => e.at > since);
    if (!link) continue;
    const last = [...link].reverse().find((e) => e.at < invoke.time);
    if (!last || last.event !== 'not-ready') continue;
    const again = link.find((e) => e.at >= invoke.time && e.event === 'ready');
    if (again && again.at <= invoke.time + MARGIN_MS) continue;
    const end = done.get(invoke.op);
    const run = invoke.marker ? runs.get(invoke.marker) : undefined;
    const lateRun = run && run.node === invoke.node && again && run.time >= again.at ? run : undefined;
    const lateReply = end?.type === 'ok' && again && end.time >= again.at ? end : undefined;
    if (!lateRun && !lateReply) continue;
    out.push(violation(NAME, RULES, `node direct ${invoke.op} from ${invoke.from} to ${invoke.node} was sent while ${invoke.from}'s connection to ${invoke.node} was not ready (since ${last.at}), and ${lateRun ? `ran on ${invoke.node}` : 'ended with a reply'} after the link was ready again at ${again!.at}: it waited for the connection instead of ending Unavailable`,
      [last.from, invoke, again!.from, ...(lateRun ? [lateRun] : []), ...(end ? [end] : [])]));
  }
  return out;
}
