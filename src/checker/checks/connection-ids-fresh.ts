// "A previous connection ID, reply route, Session binding, and ready state aren't reused", and a
// reconnect "redoes the service handshake and identity verification" (spec lines 48-49, V05). So
// in the connection histories the nodes report (peer lines): every handshake is on a connection ID
// no earlier handshake had (a reconnect's too, a restarted process's too), and a connection is
// ready only after a handshake on it.

import type { HistoryEvent, PeerLinkEvent } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'connection-ids-fresh';
const RULES = ['V05'];

export function connectionIdsFresh(events: HistoryEvent[]): Violation[] {
  const out: Violation[] = [];
  const handshakes = new Map<string, PeerLinkEvent>(); // connection ID -> the line that showed its handshake
  const blamed = new Set<string>();
  for (const line of events.filter((e): e is PeerLinkEvent => e.type === 'peer').sort((a, b) => a.line - b.line)) {
    for (const e of line.events) {
      const link = `${line.node}->${line.peer}`;
      if (e.event === 'handshake') {
        const earlier = handshakes.get(e.connectionId);
        if (earlier && !blamed.has(e.connectionId)) {
          blamed.add(e.connectionId);
          out.push(violation(NAME, RULES, `connection ID ${e.connectionId} of ${link} was used before (${earlier.node}->${earlier.peer})`, [earlier, line]));
        }
        if (!earlier) handshakes.set(e.connectionId, line);
      } else if (e.event === 'ready' && !handshakes.has(e.connectionId) && !blamed.has(e.connectionId)) {
        blamed.add(e.connectionId);
        out.push(violation(NAME, RULES, `${link} was ready on connection ${e.connectionId} with no handshake on it`, [line]));
      }
    }
  }
  return out;
}
