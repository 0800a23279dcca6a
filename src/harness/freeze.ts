// Freezing a process from outside (a hang, or a server's outage) and thawing it.
//
// kill(pid, SIGSTOP) returns before the process has stopped: each thread stops when it next comes
// back from the kernel, and a thread running on the other core can go on for a few milliseconds.
// Seen: a nats-server still routed a request and its reply after kill() had returned, so a "hung"
// listener answered. A fault from outside is in place only once every thread is stopped: freeze()
// waits for that, reading each thread's state in /proc (where there is no /proc, it cannot look).

import { readdirSync, readFileSync } from 'node:fs';

/** How long every thread of a process may take to stop after SIGSTOP before freeze() gives up. */
const STOP_WITHIN_MS = 2000;

/** Sends SIGSTOP to `pid` and resolves once every thread of it is stopped (or it is gone). */
export async function freeze(pid: number, withinMs = STOP_WITHIN_MS): Promise<void> {
  if (!signal(pid, 'SIGSTOP')) return;
  const deadline = Date.now() + withinMs;
  for (;;) {
    const running = runningThreads(pid);
    if (running === 0) return;
    if (Date.now() > deadline) throw new Error(`process ${pid} still had ${running} running thread(s) ${withinMs} ms after SIGSTOP`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** Sends SIGCONT to `pid`: it goes on where it stopped (a process already gone is left so). */
export function thaw(pid: number): void {
  signal(pid, 'SIGCONT');
}

/** False when the process is gone (it may have died before its exit event reached us). */
function signal(pid: number, s: NodeJS.Signals): boolean {
  try {
    process.kill(pid, s);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw e;
  }
}

/** Threads of `pid` not (yet) stopped; 0 when it is gone or /proc cannot tell. */
function runningThreads(pid: number): number {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0; // gone, or no /proc on this system
  }
  let running = 0;
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // that thread ended
    }
    // "tid (comm) S ...": comm may hold spaces and parentheses, the state follows the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state !== 'T' && state !== 't' && state !== 'Z' && state !== 'X') running++;
  }
  return running;
}
