// "One peer's failure doesn't stop processing by another ready peer or local owner, or turn the
// whole host Error" (spec line 44, V04). The faults of a campaign are one peer's failure (a crash,
// a hang, a connection lost) or the Store's: none is a reason for a node's host to be Error. So a
// running node's host, as the node reports it, never reads Error.

import type { HistoryEvent, HostEvent } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'host-stays-ready';
const RULES = ['V04'];

export function hostStaysReady(events: HistoryEvent[]): Violation[] {
  const out: Violation[] = [];
  const blamed = new Set<string>();
  for (const h of events.filter((e): e is HostEvent => e.type === 'host')) {
    if (!h.alive || h.host !== 'Error' || blamed.has(h.node)) continue;
    blamed.add(h.node);
    out.push(violation(NAME, RULES, `node ${h.node} reported its host Error`, [h]));
  }
  return out;
}
