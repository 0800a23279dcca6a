// "A server that refuses for capacity is passed over": select-one picks again among the eligible
// servers it has not tried (V01, R-GEN-1: nothing was accepted, so another may be chosen), and tries
// one again only in a later round, once every candidate refused. A single history shows it where
// the one candidate select-one has no link to wait for is the caller itself: a channel request from
// X (its invoke's `from`) whose attempts show a server T refused and then T again before any
// attempt of X at all, while channel-set lines show X a candidate from the invoke to the end (no
// change under way) and no fault of the kit touched X in that stretch, retried T before passing
// over to X.

import type { HistoryEvent } from '../history.ts';
import { violation, type Violation } from '../violation.ts';
import { callerCandidacy } from './select-one-candidates.ts';

export const NAME = 'refused-server-passed-over';
const RULES = ['V01', 'R-GEN-1'];

export function refusedServerPassedOver(events: HistoryEvent[]): Violation[] {
  const c = callerCandidacy(events);
  if (!c) return [];
  const out: Violation[] = [];
  for (const { invoke, end } of c.requests) {
    const attempts = end?.attempts ?? [];
    if (!end || attempts.length < 2) continue;
    const X = invoke.from!;
    let again: { target: string; first: number; second: number } | undefined;
    // Only before X's first attempt: once X was tried, a repeat may be a later round.
    const firstOfX = attempts.findIndex((a) => a.target === X);
    const upTo = firstOfX === -1 ? attempts.length : firstOfX;
    for (let i = 0; i < upTo && !again; i++) {
      if (attempts[i].accepted !== 'no') continue;
      for (let j = i + 1; j < upTo; j++) {
        if (attempts[j].target === attempts[i].target) {
          again = { target: attempts[i].target, first: i, second: j };
          break;
        }
      }
    }
    if (!again) continue;
    const self = c.settled(invoke, invoke.time, end.time);
    if (!self?.candidate || c.touched(X, invoke.time, end.time)) continue;
    out.push(violation(NAME, RULES, `channel request ${invoke.op} from ${X} tried ${again.target} again (attempts ${again.first + 1} and ${again.second + 1}) after it refused, before trying ${X} itself, a candidate from its invoke to its end (weight ${self.invoke.weight ?? '-'}, ${self.invoke.state ?? '-'} by ${self.invoke.op})`,
      [self.invoke, self.done!, invoke, end]));
  }
  return out;
}
