// When a node's process was dead, from the nemesis's crash and restart operations. A crash is
// certain from its `ok` completion (an `info` says only that it may have happened); the
// process stays dead until the restart is invoked (the earliest a new process may exist). Only
// certain windows are used, so a check built on them never blames a run that might have happened
// before the crash.

import type { Rid } from '../driver/basics.ts';
import type { HistoryEvent, OpEvent } from './history.ts';
import { byTime, isOp } from './history.ts';

export interface Death {
  node: Rid;
  /** The crash completion: the process was dead from `from`. */
  crash: OpEvent;
  from: number;
  /** The restart invoke that ended the window, if any. */
  restart?: OpEvent;
  until: number;
}

export function processDeaths(events: HistoryEvent[]): Death[] {
  const ops = byTime(events.filter(isOp));
  const deaths: Death[] = [];
  const open = new Map<Rid, Death>();
  for (const e of ops) {
    if (!e.node) continue;
    if (e.f === 'crash' && e.type === 'ok' && !open.has(e.node)) {
      const d: Death = { node: e.node, crash: e, from: e.time, until: Infinity };
      open.set(e.node, d);
      deaths.push(d);
    } else if (e.f === 'restart' && e.type === 'invoke') {
      const d = open.get(e.node);
      if (d) (d.restart = e), (d.until = e.time), open.delete(e.node);
    }
  }
  return deaths;
}

/**
 * When a node may have died on its own: from an armed failpoint that crashes its node (a
 * `relocation.crash-…` one; the kit arms it, the node crashes itself when the protocol step comes,
 * with no fault of the kit's at that moment) to the node's next restart (a restarted process keeps
 * no armed failpoint), or to the end of the run. A check that needs a node alive leaves such a
 * stretch unjudged (seed 2812 of the reference's swarm: the target of a move crashed itself as the
 * source of another, and its previous owner's follow to it failed, as it should).
 */
export interface SelfCrashRisk {
  node: Rid;
  armed: OpEvent;
  from: number;
  until: number;
}

export function selfCrashRisks(events: HistoryEvent[]): SelfCrashRisk[] {
  const ops = byTime(events.filter(isOp));
  const risks: SelfCrashRisk[] = [];
  const open = new Map<Rid, SelfCrashRisk>();
  for (const e of ops) {
    if (!e.node) continue;
    if (e.f === 'failpoint' && e.type === 'ok' && /\.crash-/.test(String((e as { failpoint?: unknown }).failpoint ?? '')) && !open.has(e.node)) {
      const r: SelfCrashRisk = { node: e.node, armed: e, from: e.time, until: Infinity };
      open.set(e.node, r);
      risks.push(r);
    } else if (e.f === 'restart' && e.type === 'invoke') {
      const r = open.get(e.node);
      if (r) (r.until = e.time), open.delete(e.node);
    }
  }
  return risks;
}
