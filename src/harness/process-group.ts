// Signals to a whole process group: a node program is started in a group of its own (detached),
// so that a crash or a hang reaches everything it started (a shell, its interpreter, helper
// processes), not only the process the kit spawned.

import { readdirSync, readFileSync } from 'node:fs';

/** How long every process of a group may take to stop after SIGSTOP before freezeGroup gives up. */
const STOP_WITHIN_MS = 2000;

/** Sends a signal to the group; false when nothing is left in it. */
export function signalGroup(pgid: number | undefined, signal: NodeJS.Signals): boolean {
  if (!pgid) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw e;
  }
}

/** SIGKILL to the group, quietly if it is already gone. */
export function killGroup(pgid: number | undefined): void {
  signalGroup(pgid, 'SIGKILL');
}

/**
 * SIGSTOP to the group, resolved once every thread of every process in it is stopped (kill()
 * returns before that: see freeze.ts for what was seen when the kit did not wait).
 */
export async function freezeGroup(pgid: number, withinMs = STOP_WITHIN_MS): Promise<void> {
  if (!signalGroup(pgid, 'SIGSTOP')) return;
  const deadline = Date.now() + withinMs;
  // The members are found with one walk of /proc, and then only their threads are polled: a walk
  // of every process each millisecond cost the kit's CPU in the window between a hang and the
  // scenario's next step. A last walk once they are stopped finds any member the first one missed.
  let members = membersOf(pgid);
  for (let confirmed = false; ; ) {
    const running = runningOf(members);
    if (running === 0) {
      if (confirmed) return;
      members = membersOf(pgid);
      confirmed = true;
      continue;
    }
    confirmed = false;
    if (Date.now() > deadline) throw new Error(`process group ${pgid} still had ${running} running thread(s) ${withinMs} ms after SIGSTOP`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** SIGCONT to the group: it goes on where it stopped. */
export function thawGroup(pgid: number | undefined): void {
  signalGroup(pgid, 'SIGCONT');
}

/** The processes in the group; empty when it is gone or /proc cannot tell. */
function membersOf(pgid: number): string[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return []; // no /proc on this system: SIGSTOP is all the kit can do
  }
  return pids.filter((pid) => {
    const stat = read(`/proc/${pid}/stat`);
    // "pid (comm) S ppid pgrp ...": comm may hold spaces and parentheses, fields follow the last ')'.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields !== undefined && Number(fields[2]) === pgid;
  });
}

/** Threads of these processes not (yet) stopped; a process that ended counts none. */
function runningOf(pids: string[]): number {
  let running = 0;
  for (const pid of pids) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // it ended meanwhile
    }
    for (const tid of tids) {
      const t = read(`/proc/${pid}/task/${tid}/stat`);
      if (!t) continue;
      const state = t.slice(t.lastIndexOf(')') + 2, t.lastIndexOf(')') + 3);
      if (state !== 'T' && state !== 't' && state !== 'Z' && state !== 'X') running++;
    }
  }
  return running;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Resolves once nothing is left in the group (a SIGKILLed member may take a moment to be reaped), or after withinMs. */
export async function groupGone(pgid: number | undefined, withinMs = 2000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (signalGroup(pgid, 0 as unknown as NodeJS.Signals)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}
