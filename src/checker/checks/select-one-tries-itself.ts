// "A RouteMesh Channel uses a Ready server with weight > 0 as a candidate ... a ClientServer Channel
// uses a Ready server as a candidate" (R-CH-1, spec line 41), the calling node among them when it
// serves the channel. A single history cannot show that select-one never picks a node that was a
// candidate, but it can show the caller passing over the one candidate it has no link to wait for:
// itself. A channel request from X (its invoke's `from`) that ended failed or timed out with no
// attempt at all (not shutdown: its own node stopping), while the channel-set lines show X a candidate from the invoke to the end (no
// change of X under way) and no fault of the kit touched X in that stretch (a crash, hang, restart
// or heal of X, or a connection fault naming it), had a candidate it never tried.

import type { HistoryEvent, OpEvent } from '../history.ts';
import { isFault, isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';
import { channelChanges, settledBy } from './select-one-candidates.ts';

export const NAME = 'select-one-tries-itself';
const RULES = ['R-CH-1'];

export function selectOneTriesItself(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  const done = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const changes = channelChanges(ops, done);
  if (changes.size === 0) return [];
  const faults = ops.filter((e) => e.type === 'invoke' && isFault(e));
  const touched = (node: string, t0: number, t1: number) => faults.some((f) => (f.node === node || (f as OpEvent & { peer?: string }).peer === node) && f.time <= t1 && (done.get(f.op)?.time ?? Infinity) >= t0 - 1);
  const out: Violation[] = [];
  for (const invoke of ops.filter((e) => e.type === 'invoke' && e.f === 'channel-request' && !!e.from)) {
    const end = done.get(invoke.op);
    if (!end || end.type !== 'fail' || end.value === 'shutdown' || (end.attempts?.length ?? 0) > 0) continue;
    const self = settledBy(changes.get(`${invoke.channel ?? ''}/${invoke.from}`) ?? [], invoke.time, end.time);
    if (!self?.candidate || touched(invoke.from!, invoke.time, end.time)) continue;
    out.push(violation(NAME, RULES, `channel request ${invoke.op} from ${invoke.from} ended ${String(end.value)} with no server tried, though ${invoke.from} itself was a candidate of the channel from its invoke to its end (weight ${self.invoke.weight ?? '-'}, ${self.invoke.state ?? '-'} by ${self.invoke.op})`,
      [self.invoke, self.done!, invoke, end]));
  }
  return out;
}
