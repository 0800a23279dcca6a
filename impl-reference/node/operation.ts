// One operation in the runtime: started by the application on a node (or by the runtime itself, as
// a step of its own protocols). Whatever happens underneath (refusals, connection loss, late
// replies, cancellation), the runtime hands every terminal signal it hears to finish(), and the
// application receives exactly one: the first one confirmed (spec section 2, R-GEN-3). Later
// signals are dropped here, and ending the operation stops every wait that follows it.

import type { Attempt, ErrorKind, Outcome, OutcomeStatus } from '../../src/driver/types.ts';
import type { Clock, TimerId } from '../../src/driver/clock.ts';
import { none, type Broken } from '../mutants/index.ts';

export type Raced<T> = { kind: 'value'; value: T } | { kind: 'deadline' } | { kind: 'ended' };

export class Operation {
  readonly attempts: Attempt[] = [];
  private ended = false;
  private endedSignal!: () => void;
  private readonly endedPromise = new Promise<void>((r) => (this.endedSignal = r));
  /** Whether the first terminal result ends the operation (false only under a mutant). */
  private readonly endsOnFirst: boolean;
  /** While false, the deadline is not applied (only a mutant turns it off). */
  deadlineApplies = true;
  private readonly broken: Broken;

  /**
   * `deliver` hands a terminal result to the application. `broken` is the node's; operations
   * that are not the runtime's (the kit's own test clients) leave it out and never bend.
   */
  constructor(
    readonly opId: string,
    public deadlineAt: number,
    private readonly deliver: (outcome: Outcome) => void,
    /** The clock its deadline runs on. */
    readonly clock: Clock,
    broken: Broken = none,
  ) {
    this.broken = broken;
    // R-GEN-3 lives here. The mutant never marks the operation ended: every terminal signal reaches
    // the application, and nothing that waits for the operation stops when it has a result.
    this.endsOnFirst = !broken('double-terminal');
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Report a terminal result; only the first one reaches the application. */
  finish(status: OutcomeStatus, extra: { errorKind?: ErrorKind; reply?: unknown } = {}): void {
    if (this.ended) return;
    // A shutdown is its own terminal result (R-GEN-3). The mutant ends the operation through the cancel path.
    if (status === 'shutdown' && this.broken('shutdown-ends-as-cancelled')) status = 'cancelled';
    // R-GEN-3: a failure is a terminal result like any other. The mutant forgets to end the operation on it.
    if (this.endsOnFirst && !(status === 'failure' && this.broken('failure-leaves-operation-open'))) {
      this.ended = true;
      this.endedSignal();
    }
    const outcome: Outcome = { opId: this.opId, status, attempts: this.attempts.map((a) => ({ ...a })) };
    if (extra.errorKind) outcome.errorKind = extra.errorKind;
    if (status === 'reply') outcome.reply = extra.reply;
    // R-GEN-4: the ErrorKind, and no advice on whether to retry. The mutant adds a retryable flag.
    if (status === 'failure' && this.broken('failure-advises-retry')) Object.assign(outcome, { retryable: extra.errorKind === 'Unavailable' || extra.errorKind === 'Busy' });
    this.deliver(outcome);
  }

  /**
   * Wait for `p`, the operation's deadline, or the operation ending (cancel, shutdown) - whichever
   * comes first. The deadline is a timer, not a sleep: it fires at deadlineAt.
   */
  async race<T>(p: Promise<T>): Promise<Raced<T>> {
    if (this.ended) return { kind: 'ended' };
    let timer: TimerId | undefined;
    const contenders: Promise<Raced<T>>[] = [p.then((value) => ({ kind: 'value' as const, value })), this.endedPromise.then(() => ({ kind: 'ended' as const }))];
    if (this.deadlineApplies) {
      contenders.push(
        new Promise((r) => {
          // Timers round to whole milliseconds on another clock: re-arm until deadlineAt has passed.
          const arm = () => {
            const left = this.deadlineAt - this.clock.now();
            if (left <= 0) return r({ kind: 'deadline' });
            timer = this.clock.setTimeout(arm, left);
          };
          arm();
        }),
      );
    }
    try {
      return await Promise.race(contenders);
    } finally {
      this.clock.clearTimer(timer);
    }
  }
}
