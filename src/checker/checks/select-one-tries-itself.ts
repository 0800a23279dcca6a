// "A RouteMesh Channel uses a Ready server with weight > 0 as a candidate ... a ClientServer Channel
// uses a Ready server as a candidate" (R-CH-1, spec line 41), the calling node among them when it
// serves the channel. A single history cannot show that select-one never picks a node that was a
// candidate, but it can show the caller passing over the one candidate it has no link to wait for:
// itself. A channel request from X (its invoke's `from`) that ended failed or timed out with no
// attempt at all (not shutdown: its own node stopping), while the channel-set lines show X a candidate from the invoke to the end (no
// change of X under way) and no fault of the kit touched X in that stretch (a crash, hang, restart
// or heal of X, or a connection fault naming it), had a candidate it never tried.

import type { HistoryEvent } from '../history.ts';
import { violation, type Violation } from '../violation.ts';
import { callerCandidacy } from './select-one-candidates.ts';

export const NAME = 'select-one-tries-itself';
const RULES = ['R-CH-1'];

export function selectOneTriesItself(events: HistoryEvent[]): Violation[] {
  const c = callerCandidacy(events);
  if (!c) return [];
  const out: Violation[] = [];
  for (const { invoke, end } of c.requests) {
    if (!end || end.type !== 'fail' || end.value === 'shutdown' || (end.attempts?.length ?? 0) > 0) continue;
    const self = c.settled(invoke, invoke.time, end.time);
    if (!self?.candidate || c.touched(invoke.from!, invoke.time, end.time)) continue;
    out.push(violation(NAME, RULES, `channel request ${invoke.op} from ${invoke.from} ended ${String(end.value)} with no server tried, though ${invoke.from} itself was a candidate of the channel from its invoke to its end (weight ${self.invoke.weight ?? '-'}, ${self.invoke.state ?? '-'} by ${self.invoke.op})`,
      [self.invoke, self.done!, invoke, end]));
  }
  return out;
}
