// A node's connection events to a peer, from every peer line of a history: the peer lines write
// only the events not written before, so a link's whole story is spread over many lines.

import type { HistoryEvent, OpEvent, PeerLinkEvent } from './history.ts';

/** One connection event, with the peer line that showed it (a witness). */
export type LinkEvent = PeerLinkEvent['events'][number] & { from: PeerLinkEvent };

/** Every link's events, by "<node>-><peer>", in the order they happened. */
export function linkEvents(events: HistoryEvent[]): Map<string, LinkEvent[]> {
  const links = new Map<string, LinkEvent[]>();
  for (const line of events.filter((e): e is PeerLinkEvent => e.type === 'peer').sort((a, b) => a.line - b.line)) {
    const list = links.get(`${line.node}->${line.peer}`) ?? [];
    for (const e of line.events) list.push({ ...e, from: line });
    links.set(`${line.node}->${line.peer}`, list);
  }
  for (const list of links.values()) list.sort((a, b) => a.at - b.at);
  return links;
}

const PROCESS = new Set(['crash', 'restart', 'hang', 'heal']);

/** When the node's process at `t` began: its last crash, restart, hang or heal by the kit at or before `t` (its links began anew then). */
export function processSince(ops: OpEvent[], node: string, t: number): number {
  return Math.max(-Infinity, ...ops.filter((f) => f.type === 'invoke' && f.node === node && PROCESS.has(f.f) && f.time <= t).map((f) => f.time));
}
