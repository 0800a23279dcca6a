// Every process that holds a node's stdio, wherever it went.
//
// A node program runs in a process group of its own so that SIGKILL and SIGSTOP reach whatever it
// started. A program can leave that group (setsid() in a child: a daemon, a helper that outlives
// its parent), and a crash or a hang sent to the group would then miss the process doing the work:
// a "hung" node would answer on, a "crashed" node's timers would go on. What such a process keeps is
// the node's stdin, stdout and stderr: the kit's control channel and the only way its journal
// reaches the kit. So the kit also counts as the node's every process holding one of those: it
// reads, right after the start, which sockets the node's first process has as fds 0, 1 and 2, and
// at a fault looks for every process with an fd on one of them (/proc/<pid>/fd).
// Only processes started no earlier than the node's first are looked at: one can hold those fds
// only by inheriting them (it descends from the node) or by being handed them over a socket by
// the node, which a program leaving its group to keep working has no reason to do. The machine's
// older processes (a database's hundreds of fds) then cost one stat read each, not a readlink per fd:
// the scan runs between a hang and the scenario's next step, in a window the spec's timings bound.
//
// A process that let go of its stdio as well can write no journal line; during a crash the kit's
// relays of its links are silent, and during a hang they are held (link-relay.ts), so it reaches
// nobody either way.

import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** What fds 0-2 of `pid` point at ("socket:[123]", "pipe:[456]"); empty where /proc cannot tell. */
export function stdioOf(pid: number): string[] {
  const ends: string[] = [];
  for (const fd of [0, 1, 2]) {
    try {
      ends.push(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      // gone, or no /proc on this system: the process group is all the kit can reach
    }
  }
  return ends.filter((e) => e.startsWith('socket:') || e.startsWith('pipe:'));
}

/** When `pid` started, in clock ticks since boot (/proc/<pid>/stat field 22); undefined when it is gone. */
export function startTimeOf(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? Number(fields[19]) : undefined;
}

/** Every process (this one excepted) with an fd on one of `ends`; with `bornFrom`, only those started then or later. */
export function holdersOf(ends: readonly string[], bornFrom?: number): number[] {
  if (ends.length === 0) return [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const p of pids) {
    const pid = Number(p);
    if (pid === process.pid) continue;
    if (bornFrom !== undefined && !((startTimeOf(pid) ?? -1) >= bornFrom)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${p}/fd`);
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${p}/fd/${fd}`);
      } catch {
        continue;
      }
      if (ends.includes(target)) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

/** The process group of `pid`, or undefined when it is gone. */
export function groupOf(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? Number(fields[2]) : undefined;
}

/** The fields of /proc/<pid>/stat after "pid (comm) ", the first being the state; undefined when it is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    // "pid (comm) S ppid pgrp ...": comm may hold spaces and parentheses, fields follow the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The processes holding `ends` that are not in the group `pgid` (it left it, or never was in it); with `bornFrom`, only those started then or later. */
export function strays(ends: readonly string[], pgid: number | undefined, bornFrom?: number): number[] {
  return holdersOf(ends, bornFrom).filter((pid) => groupOf(pid) !== pgid);
}
