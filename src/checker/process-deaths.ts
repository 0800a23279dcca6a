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
  return untilRestart(events, (e) => e.f === 'crash' && e.type === 'ok').map(({ node, opened, until, restart }) => ({
    node, crash: opened, from: opened.time, until, ...(restart ? { restart } : {}),
  }));
}

/**
 * Per node, the stretches from an operation `opens` picks (the first while none is open) to the node's
 * next restart invoke (the earliest a new process may exist), or to the end of the run.
 */
function untilRestart(events: HistoryEvent[], opens: (e: OpEvent) => boolean): Array<{ node: Rid; opened: OpEvent; until: number; restart?: OpEvent }> {
  const out: Array<{ node: Rid; opened: OpEvent; until: number; restart?: OpEvent }> = [];
  const open = new Map<Rid, (typeof out)[number]>();
  for (const e of byTime(events.filter(isOp))) {
    if (!e.node) continue;
    if (opens(e) && !open.has(e.node)) {
      const w = { node: e.node, opened: e, until: Infinity };
      open.set(e.node, w);
      out.push(w);
    } else if (e.f === 'restart' && e.type === 'invoke') {
      const w = open.get(e.node);
      if (w) (w.restart = e), (w.until = e.time), open.delete(e.node);
    }
  }
  return out;
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
  const crashes = (e: OpEvent) => e.f === 'failpoint' && e.type === 'ok' && /\.crash-/.test(String((e as { failpoint?: unknown }).failpoint ?? ''));
  return untilRestart(events, crashes).map(({ node, opened, until }) => ({ node, armed: opened, from: opened.time, until }));
}
