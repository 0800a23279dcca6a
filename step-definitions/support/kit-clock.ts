// The clock the kit's waits go through in the scenario under way: the machine's, or, on the
// simulated backend, the world's virtual clock (src/driver/world.ts), where a sleep is what lets
// the world run. The World sets it when it opens the scenario's Driver; every "now", poll, window
// and fixed wait of the step definitions reads it. Cucumber runs one scenario at a time in a
// process, so one current clock per process is enough.

import { realClock, type Clock } from '../../src/driver/clock.ts';

let current: Clock = realClock;

export function useKitClock(clock: Clock): void {
  current = clock;
}

/** Milliseconds on the scenario's clock. */
export function now(): number {
  return current.now();
}

/** Wait `ms` on the scenario's clock (the simulated world runs meanwhile). */
export function sleep(ms: number): Promise<void> {
  return current.sleep(ms);
}
