// "select-one candidates: in a RouteMesh channel, Ready servers with weight > 0 ... Others are
// never picked" (R-CH-1, spec 3.1). The kit writes every change of a channel's servers as a
// channel-set operation (its invoke names the channel and its kind, the server's node, the weight and
// the state it sets; the campaign writes one per server when it defines the channel). A channel request's
// attempts (from its Outcome), and the runs of its message (by marker), are judged against them:
// a server that was not a candidate from the request's invoke to its completion (or to the run) was
// never a candidate the request could pick. Where a change of that server was under way at any
// point of that stretch, or ended without an ok, its state is not known there and nothing is
// judged; a server the history never set is never judged either.

import type { HistoryEvent, OpEvent, RunEvent } from '../history.ts';
import { isFault, isOp } from '../history.ts';
import { violation, type Violation } from '../violation.ts';

export const NAME = 'select-one-candidates';
const RULES = ['R-CH-1'];

export interface Change {
  invoke: OpEvent;
  done?: OpEvent;
  candidate: boolean;
}

export function candidate(kind: string | undefined, weight: number | undefined, state: string | undefined): boolean {
  if (state !== undefined && state !== 'Ready') return false;
  if (kind !== 'clientserver' && weight !== undefined && weight <= 0) return false;
  return true;
}

/** The change that set the server's state for the whole of [t0, t1], if one did (none under way in the stretch, none in doubt). */
export function settledBy(changes: Change[], t0: number, t1: number): Change | undefined {
  const before = changes.filter((c) => c.invoke.time <= t1);
  if (before.length === 0) return undefined;
  // Every change begun by t1 must have ended ok before t0: none under way in the stretch.
  if (before.some((c) => !c.done || c.done.type !== 'ok' || c.done.time >= t0)) return undefined;
  // They may have overlapped each other: the order they applied in is then unknown, unless they agree.
  const last = before.reduce((a, b) => (b.done!.time > a.done!.time ? b : a));
  if (before.some((c) => c !== last && c.done!.time >= last.invoke.time && c.candidate !== last.candidate)) return undefined;
  return last;
}

/** The change that set the server's state for the whole of [t0, t1], if one did and left it not a candidate. */
function excludedBy(changes: Change[], t0: number, t1: number): Change | undefined {
  const c = settledBy(changes, t0, t1);
  return c && !c.candidate ? c : undefined;
}

/** Each channel server's changes, by "<channel>/<node>". */
export function channelChanges(ops: OpEvent[], done: Map<string, OpEvent>): Map<string, Change[]> {
  const changes = new Map<string, Change[]>();
  for (const i of ops.filter((e) => e.type === 'invoke' && e.f === 'channel-set' && !!e.node)) {
    const key = `${i.channel ?? ''}/${i.node}`;
    const list = changes.get(key) ?? [];
    list.push({ invoke: i, done: done.get(i.op), candidate: candidate(i.channelKind, i.weight, i.state) });
    changes.set(key, list);
  }
  return changes;
}

export function selectOneCandidates(events: HistoryEvent[]): Violation[] {
  const ops = events.filter(isOp);
  const done = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const changes = channelChanges(ops, done);
  if (changes.size === 0) return [];
  const runs = new Map<string, RunEvent[]>();
  for (const r of events.filter((e): e is RunEvent => e.type === 'journal' && e.kind === 'handler' && !!e.marker)) runs.set(r.marker!, [...(runs.get(r.marker!) ?? []), r]);
  const out: Violation[] = [];
  for (const invoke of ops.filter((e) => e.type === 'invoke' && e.f === 'channel-request')) {
    const prefix = invoke.channel ?? '';
    const end = done.get(invoke.op);
    let found: Violation | undefined;
    for (const a of end?.attempts ?? []) {
      const c = excludedBy(changes.get(`${prefix}/${a.target}`) ?? [], invoke.time, end!.time);
      if (!c) continue;
      found = violation(NAME, RULES, `channel request ${invoke.op} was written to ${a.target} (acceptance ${a.accepted}), which was no candidate of the channel from its invoke to its end (set to weight ${c.invoke.weight ?? '-'}, ${c.invoke.state ?? '-'} by ${c.invoke.op})`, [c.invoke, c.done!, invoke, end!]);
      break;
    }
    if (!found && invoke.marker) {
      for (const r of runs.get(invoke.marker) ?? []) {
        const c = excludedBy(changes.get(`${prefix}/${r.node}`) ?? [], invoke.time, r.time);
        if (!c) continue;
        found = violation(NAME, RULES, `channel request ${invoke.op} ran on ${r.node}, which was no candidate of the channel from its invoke to that run (set to weight ${c.invoke.weight ?? '-'}, ${c.invoke.state ?? '-'} by ${c.invoke.op})`, [c.invoke, c.done!, invoke, r]);
        break;
      }
    }
    if (found) out.push(found);
  }
  return out;
}

/**
 * What the checks of a caller's own candidacy need: every channel request from a known caller with
 * its completion, whether the caller was settled a candidate for a stretch, and whether a fault of the
 * kit touched a node then. Undefined when the history changed no channel server.
 */
export function callerCandidacy(events: HistoryEvent[]) {
  const ops = events.filter(isOp);
  const done = new Map(ops.filter((e) => e.type !== 'invoke').map((e) => [e.op, e]));
  const changes = channelChanges(ops, done);
  if (changes.size === 0) return undefined;
  const faults = ops.filter((e) => e.type === 'invoke' && isFault(e));
  return {
    requests: ops.filter((e) => e.type === 'invoke' && e.f === 'channel-request' && !!e.from).map((invoke) => ({ invoke, end: done.get(invoke.op) })),
    /** The change that left the caller's state settled over [t0, t1], if any. */
    settled: (invoke: OpEvent, t0: number, t1: number) => settledBy(changes.get(`${invoke.channel ?? ''}/${invoke.from}`) ?? [], t0, t1),
    touched: (node: string, t0: number, t1: number) =>
      faults.some((f) => (f.node === node || (f as OpEvent & { peer?: string }).peer === node) && f.time <= t1 && (done.get(f.op)?.time ?? Infinity) >= t0 - 1),
  };
}
