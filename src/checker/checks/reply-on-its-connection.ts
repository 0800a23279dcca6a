// "A previous connection ID, reply route, Session binding, and ready state aren't reused" (spec
// lines 48-49, V05). An operation in flight on a connection that is lost does not get its reply over
// the connection that replaces it: its caller ends it (Unavailable, the acceptance known or not)
// instead of waiting for the reply on the new connection. So, from the runtime's journal: a handler
// run on Y of an operation whose caller X (the node its result was delivered on) had its attempt
// accepted by Y itself (not relayed through a third node); C the connection X had ready to Y when
// the handler ran; a reply result on X later than a not-ready event of C and a ready event of a
// newer connection of X to Y. The request came on C (no other was ready at X) and the reply came on
// the newer one: the old reply route reused.

import type { HistoryEvent, OpEvent, ResultEvent, RunEvent } from '../history.ts';
import { isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';
import { linkEvents } from '../links.ts';

export const NAME = 'reply-on-its-connection';
const RULES = ['V05'];


export function replyOnItsConnection(events: HistoryEvent[]): Violation[] {
  const replies = new Map<string, ResultEvent>();
  for (const e of events) if (e.type === 'result' && e.status === 'reply' && !replies.has(e.op)) replies.set(e.op, e);
  const ended = new Map<string, OpEvent>();
  for (const e of events) if (isOp(e) && e.type !== 'invoke' && e.marker) ended.set(e.marker, e);
  const links = linkEvents(events);
  const out: Violation[] = [];
  for (const run of events.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'handler')) {
    const reply = run.op ? replies.get(run.op) : undefined;
    if (!reply || reply.node === run.node || !run.marker) continue;
    const end = ended.get(run.marker);
    if (!end?.attempts?.some((a) => a.accepted === 'yes' && a.target === run.node)) continue;
    const link = links.get(`${reply.node}->${run.node}`) ?? [];
    let carrying: string | undefined;
    for (const e of link) {
      if (e.at > run.time) break;
      if (e.event === 'ready') carrying = e.connectionId;
      else if (e.event === 'not-ready' && e.connectionId === carrying) carrying = undefined;
    }
    if (!carrying) continue;
    const lost = link.find((e) => e.event === 'not-ready' && e.connectionId === carrying && e.at > run.time && e.at < reply.time);
    const newer = lost && link.find((e) => e.event === 'ready' && e.connectionId !== carrying && e.at > lost.at && e.at <= reply.time);
    if (!lost || !newer) continue;
    out.push(violation(NAME, RULES, `operation ${end.op} ran on ${run.node} while ${reply.node}'s connection ${carrying} to it was ready; that connection was lost at ${lost.at}, and its reply was delivered on ${reply.node} at ${reply.time}, after connection ${newer.connectionId} was ready: the reply came over the new connection`,
      [run, lost.from, newer.from, reply, end]));
  }
  return out;
}
