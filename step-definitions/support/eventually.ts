// Waiting for a condition on observations, bounded by a deadline the step states.
// The Driver exposes state, not events, so a condition is re-read every few milliseconds; this is
// awaiting an event, not sleeping a fixed time: it returns the moment the condition holds.

const POLL_MS = 5;

export async function eventually<T>(
  what: string,
  withinMs: number,
  probe: () => Promise<T | undefined | false>,
): Promise<T> {
  const end = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() >= end) throw new Error(`${what}: not seen within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Watch a condition for a bounded window; fail the moment it is violated. */
export async function throughout(what: string, windowMs: number, holds: () => Promise<string | undefined>): Promise<void> {
  const end = Date.now() + windowMs;
  for (;;) {
    const violation = await holds();
    if (violation) throw new Error(`${what}: ${violation}`);
    if (Date.now() >= end) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
