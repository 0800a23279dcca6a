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
