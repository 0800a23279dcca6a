// How long tasks on this machine waited for a CPU: Linux's pressure stall information
// (/proc/pressure/cpu, "some": the time in which at least one runnable task had no CPU). On a quiet
// machine it grows by almost nothing; on an overloaded one (a shared CI runner, a build beside the
// run) it grows nearly as fast as the clock. A real-time verdict taken while it grew fast may be
// the machine's, not the runtime's: the kit says so beside such a failure (it changes no verdict).

import { readFileSync } from 'node:fs';

/** The machine's total CPU wait so far in ms, or undefined where the kernel does not report it. */
export function cpuWaitTotalMs(): number | undefined {
  try {
    const m = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) / 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The share of `wallMs` in which some task waited for a CPU, from two readings; undefined without both. */
export function cpuWaitShare(fromMs: number | undefined, toMs: number | undefined, wallMs: number): number | undefined {
  if (fromMs === undefined || toMs === undefined || wallMs <= 0) return undefined;
  return Math.min(1, Math.max(0, (toMs - fromMs) / wallMs));
}
