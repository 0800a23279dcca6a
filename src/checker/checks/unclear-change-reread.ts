// "If the Framework doesn't receive a Location Store change result, it doesn't guess success or
// failure. It re-reads the record with the same key and the StoreVersion first used, confirms
// whether the change applied, and only retries the same Store operation if needed" (spec line 117,
// R-STO-1; lines 100 and 141, R-REL-3, V16). So after a node's change of a key at StoreVersion v
// ends unclear, that node must not write on from v + 1 before it has read the key again (or listed
// a prefix holding it): a change at v + 1 first is the unclear change taken as applied, a guess.
// The Store log does not say which of a node's operations made a call, so the other guess (the
// same change made again at v) is not judged here: another operation of the same node that read v
// before may make its own change at v meanwhile, rightly. (The suite's scenarios see that guess:
// unclear-result.feature.) A crash of the node ends the obligation: the process that made the
// change is gone.

import type { HistoryEvent, StoreCallEvent } from '../history.ts';
import { processDeaths } from '../process-deaths.ts';
import { groupBy, violation, type Violation } from '../violation.ts';

export const NAME = 'unclear-change-reread';
const RULES = ['R-STO-1', 'R-REL-3', 'V16'];

export function unclearChangeReread(events: HistoryEvent[]): Violation[] {
  const calls = events.filter((e): e is StoreCallEvent => e.type === 'store').sort((a, b) => a.line - b.line);
  const deaths = processDeaths(events);
  const out: Violation[] = [];
  for (const [node, mine] of groupBy(calls, (c) => c.node)) {
    const crashes = deaths.filter((d) => d.node === node);
    const pending = new Map<string, StoreCallEvent>();
    for (const c of mine) {
      for (const [key, unclear] of pending) {
        // The process that made the unclear change died since: its successor owes nothing.
        if (crashes.some((d) => d.from >= unclear.time && d.from <= c.time)) {
          pending.delete(key);
          continue;
        }
        const reread = c.op === 'list' ? key.startsWith(c.key) : c.key === key && c.op === 'read';
        if (reread) {
          pending.delete(key);
          continue;
        }
        if (c.op === 'change' && c.key === key && c.expectedVersion === unclear.expectedVersion! + 1) {
          pending.delete(key);
          out.push(violation(NAME, RULES, `${node}'s change of ${key} at StoreVersion ${unclear.expectedVersion} had no clear result, and without reading ${key} again it changed it at StoreVersion ${c.expectedVersion} (${c.result}), as if the first had applied`, [unclear, c]));
        }
      }
      if (c.op === 'change' && c.result === 'unclear') pending.set(c.key, c);
    }
  }
  return out;
}
