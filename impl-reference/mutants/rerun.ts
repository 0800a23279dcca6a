// Mutants that start an operation again (rerun-accepted-on-timeout, auto-retry-failed,
// failed-op-follows-new-owner, overdue-work-redelivered) do it once per operation, so that the re-run itself comes to an end.
// Kept here, not as a field of the runtime's Operation: the reference never re-runs anything.

import type { Clock } from '../../src/driver/clock.ts';

const rerun = new WeakSet<object>();

/** True the first time it is asked about `op`, false ever after. */
export function rerunOnce(op: object): boolean {
  if (rerun.has(op)) return false;
  rerun.add(op);
  return true;
}

/**
 * overdue-work-redelivered: accepted work that is still running when the deadline it came with
 * passes is taken as lost by its worker and put back at the head of the queue, once, as a queue
 * with a visibility timeout would redeliver it. `requeue` puts it back and starts a worker.
 */
export function redeliverWhenOverdue<W extends object>(clock: Clock, work: W, deadlineAt: number, running: Promise<void>, requeue: (work: W) => void): void {
  let done = false;
  void running.finally(() => (done = true));
  clock.setTimeout(() => {
    if (!done && rerunOnce(work)) requeue(work);
  }, Math.max(0, deadlineAt - clock.now()));
}
