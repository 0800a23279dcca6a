// Time as the runtime and the kit read it: one seam for every timer, lease, deadline and wait, so
// the same code runs on the machine's clock (every real-time backend) and on a simulated world's
// virtual clock (src/sim/), where 30 s of spec time cost milliseconds and a seed fixes the order of
// everything. Code that takes a Clock never reads Date.now or sets a timer of its own.

/** A timer as a Clock hands it out; only the Clock that made it can clear it. */
export type TimerId = object;

export interface Clock {
  /** Milliseconds since the epoch, on this clock. */
  now(): number;
  /** Run `fn` once, `ms` from now. */
  setTimeout(fn: () => void, ms: number): TimerId;
  /** Run `fn` every `ms` from now on. */
  setInterval(fn: () => void, ms: number): TimerId;
  /** Stop a timer of this clock (a cleared or fired one, or none, is fine). */
  clearTimer(timer: TimerId | undefined): void;
  /** Resolves `ms` from now. */
  sleep(ms: number): Promise<void>;
}

/** The machine's clock: what every backend but the simulated one runs on. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout | undefined),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
