// "Ends with a timeout at its deadline": when an operation's end may be seen, measured against its
// deadline. One place for the allowance, so every step that times a deadline (an Outcome's timeout,
// a Session relay's timeout answer) tells the same runtimes apart.

import { violated } from '../../src/checks/violation.ts';
import { timerLateness } from './eventually.ts';
import { now } from './kit-clock.ts';
import { SCHEDULING_TOLERANCE_MS, type SpotWorld } from './world.ts';

/** How early a runtime's deadline timer may fire (timers round to whole milliseconds, and clocks read in them). */
const EARLY_TIMER_MS = 10;

export interface DeadlineWatch {
  /** Fails the step unless the operation's end was seen at its deadline: not before it, and not a deadline restarted or ignored. */
  endedAtDeadline(what: string): Promise<void>;
}

/**
 * Watches the named operation's deadline (its own, or one it carries: a Session relay's deadline is
 * the relay's, not the client's wait for the answer). Made before the step waits for the end: a kit
 * timer set for the deadline measures how late the machine itself ran at that instant.
 */
export function deadlineWatch(world: SpotWorld, name: string, deadlineMs = world.op(name).deadlineMs): DeadlineWatch {
  const { submittedAt, opId } = world.op(name);
  const lateness = timerLateness(submittedAt + deadlineMs);
  return {
    async endedAtDeadline(what) {
      // When the end was first seen, not now: an earlier step may have waited for it (and then
      // released a gate, one more call to the runtime). Timing it from now blamed the runtime for
      // those steps: CI saw a Python runtime's 300 ms timeout "at 357 ms" that way.
      const seenAt = world.endedSeenAt.get(name) ?? now();
      const waited = seenAt - submittedAt;
      // The kit sees the end one Driver round trip late, and the deadline started one round trip
      // after submittedAt: on a loaded machine (or over the wire) those are not free. They are
      // measured now, not assumed, so a runtime that keeps trying past its deadline is still caught.
      // The machine's own scheduling delay at the deadline is measured too (the kit timer above).
      const t = now();
      await world.driver.outcome(opId, 0);
      const roundTrip = now() - t;
      const late = waited > deadlineMs ? await lateness.settle() : 0;
      // What this tells apart: a timeout at the deadline from a runtime that went on past it (its
      // deadline restarted for another server, or never enforced), which ends a whole deadline late
      // or never. Half a deadline of allowance keeps the two apart without blaming a runtime in
      // another process for the machine's load: with 50 ms, CI saw the Python runtime's 300 ms
      // timeout first seen 425 ms after submit, the kit's own timer 26 ms late; CI's process backend,
      // CPU pressure 100%, saw a 300 ms relay deadline answered at 528 ms.
      const allowance = Math.max(SCHEDULING_TOLERANCE_MS, Math.round(deadlineMs / 2));
      const limit = deadlineMs + allowance + 2 * roundTrip + late;
      if (waited > limit) violated(`${what} ${waited} ms after it was sent, past its deadline (${deadlineMs} ms + ${allowance} ms + two Driver round trips of ${roundTrip} ms + the kit's own timer ${late} ms late)`);
      // And not before it: a timeout is the deadline having passed. The runtime started the deadline
      // after the kit's submittedAt, so an end seen sooner (less a timer's rounding) was a timeout
      // declared early: select-one that gave up, called a timeout.
      if (waited < deadlineMs - EARLY_TIMER_MS) violated(`${what} ${waited} ms after it was sent, before its deadline of ${deadlineMs} ms`);
    },
  };
}
