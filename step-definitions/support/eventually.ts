// Waiting for a condition on observations, bounded by a deadline the step states.
// The Driver exposes state, not events, so a condition is re-read every few milliseconds; this is
// awaiting an event, not sleeping a fixed time: it returns the moment the condition holds.
//
// Two kinds of wait, told apart by what their failure means:
// - eventually: the scenario waits for a situation it set up (a handler started, a lease ran
//   out); not seeing it means the scenario could not be made, a plain Error.
// - expectWithin / throughout: the rule says something happens within a time, or never happens in
//   a window; not seeing it (or seeing it) is a RuleViolation.

import { RuleViolation } from '../../src/checks/violation.ts';
import { now, sleep } from './kit-clock.ts';

const POLL_MS = 5;

/**
 * Polls until the probe gives a value or the bound passes. The bound is stretched by the longest
 * stall of the kit's own POLL_MS timer during the wait: when the machine held the kit up that long,
 * it could hold a runtime's timer up as long, and that is load, not the runtime. On a quiet machine
 * the stretch is a millisecond or two; a runtime late by a whole timing is still late.
 */
async function poll<T>(withinMs: number, probe: () => Promise<T | undefined | false>): Promise<{ value?: T; stalledMs: number }> {
  const end = now() + withinMs;
  let stalledMs = 0;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return { value, stalledMs };
    if (now() >= end + stalledMs) return { stalledMs };
    const slept = now();
    await sleep(POLL_MS);
    stalledMs = Math.max(stalledMs, now() - slept - POLL_MS);
  }
}

function notSeen(what: string, withinMs: number, stalledMs: number): string {
  return `${what}: not seen within ${withinMs} ms${stalledMs > 1 ? ` (waited ${stalledMs} ms more, as long as the machine held the kit's own timer up)` : ''}`;
}

/** Wait for a situation the scenario set up; an Error if it does not come. */
export async function eventually<T>(what: string, withinMs: number, probe: () => Promise<T | undefined | false>): Promise<T> {
  const { value, stalledMs } = await poll(withinMs, probe);
  if (value === undefined) throw new Error(notSeen(what, withinMs, stalledMs));
  return value;
}

/** The rule says this happens within `withinMs`; a RuleViolation if it does not. */
export async function expectWithin<T>(what: string, withinMs: number, probe: () => Promise<T | undefined | false>): Promise<T> {
  const { value, stalledMs } = await poll(withinMs, probe);
  if (value === undefined) throw new RuleViolation(notSeen(what, withinMs, stalledMs));
  return value;
}

/** Watch a condition for a bounded window; a RuleViolation the moment it is violated. */
export async function throughout(what: string, windowMs: number, holds: () => Promise<string | undefined>): Promise<void> {
  const end = now() + windowMs;
  for (;;) {
    const violation = await holds();
    if (violation) throw new RuleViolation(`${what}: ${violation}`);
    if (now() >= end) return;
    await sleep(POLL_MS);
  }
}

/**
 * How late this process's own timer for the instant `at` fires: the machine's scheduling delay
 * around that instant, which a runtime's deadline timer suffers as much as the kit's. A check of
 * "by its deadline" adds it, so a loaded machine is not blamed on the runtime, while a runtime that
 * keeps going past its deadline (by a whole deadline more, as a restarted timer does) still is.
 * `settle()` gives the delay once the timer has fired, waiting for it if it is still due.
 */
export function timerLateness(at: number): { settle(): Promise<number> } {
  // An instant already past when asked is timed from now: only the timer's own delay counts.
  const due = Math.max(at, now());
  // A sleep, so that on the simulated backend the world runs until the instant (where the kit's
  // timer is never late: virtual time has no load).
  const fired = sleep(due - now()).then(() => Math.max(0, now() - due));
  return { settle: () => fired };
}

/**
 * How far a timer that repeats every `everyMs` from now drifts behind its schedule by the instant
 * `until`: each firing waits for the one before it, so every stall of the machine in the window
 * adds up, as it does for a runtime's own periodic check (a liveness check that runs every
 * heartbeat interval, as Node's setInterval or any loop of sleeps does). A one-off timer at the
 * deadline (timerLateness) sees only the stall at that instant; a check that turns on a periodic
 * timer allows the larger of the two. On the simulated backend both are 0.
 */
export function intervalDrift(everyMs: number, until: number): { settle(): Promise<number> } {
  const start = now();
  const fired = (async () => {
    let n = 0;
    while (start + n * everyMs < until) {
      await sleep(everyMs);
      n++;
    }
    return Math.max(0, now() - (start + n * everyMs));
  })();
  return { settle: () => fired };
}
