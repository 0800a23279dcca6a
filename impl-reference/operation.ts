// One operation started by the application on a node. Whatever happens underneath (refusals,
// connection loss, late replies, cancellation), the application receives exactly one terminal
// result: the first one confirmed (spec section 2, R-GEN-3). Later signals are dropped here.

import type { Attempt, ErrorKind, Outcome, OutcomeStatus } from '../src/driver/types.ts';
import type { Broken } from './mutants.ts';

export type Raced<T> = { kind: 'value'; value: T } | { kind: 'deadline' } | { kind: 'ended' };

export class Operation {
  readonly attempts: Attempt[] = [];
  private ended = false;
  private endedSignal!: () => void;
  private readonly endedPromise = new Promise<void>((r) => (this.endedSignal = r));
  /** While false, the deadline is not applied (only a mutant turns it off). */
  deadlineApplies = true;
  /** Set once a mutant has re-run the operation, so it does so only once. */
  rerun = false;

  constructor(
    readonly opId: string,
    public deadlineAt: number,
    private readonly broken: Broken,
    private readonly deliver: (outcome: Outcome) => void,
  ) {}

  get isEnded(): boolean {
    return this.ended;
  }

  /** Report the operation's terminal result; only the first one reaches the application. */
  finish(status: OutcomeStatus, extra: { errorKind?: ErrorKind; reply?: unknown } = {}): void {
    if (this.ended && !this.broken('double-terminal')) return;
    this.ended = true;
    this.endedSignal();
    const outcome: Outcome = { opId: this.opId, status, attempts: this.attempts.map((a) => ({ ...a })) };
    if (extra.errorKind) outcome.errorKind = extra.errorKind;
    if (status === 'reply') outcome.reply = extra.reply;
    this.deliver(outcome);
  }

  /**
   * Wait for `p`, the operation's deadline, or the operation ending (cancel, shutdown) - whichever
   * comes first. The deadline is a timer, not a sleep: it fires at deadlineAt.
   */
  async race<T>(p: Promise<T>): Promise<Raced<T>> {
    if (this.ended && !this.broken('double-terminal')) return { kind: 'ended' };
    let timer: NodeJS.Timeout | undefined;
    const contenders: Promise<Raced<T>>[] = [p.then((value) => ({ kind: 'value' as const, value }))];
    if (!this.broken('double-terminal')) contenders.push(this.endedPromise.then(() => ({ kind: 'ended' as const })));
    if (this.deadlineApplies) {
      contenders.push(
        new Promise((r) => {
          // Timers round to whole milliseconds on another clock: re-arm until deadlineAt has passed.
          const arm = () => {
            const left = this.deadlineAt - Date.now();
            if (left <= 0) return r({ kind: 'deadline' });
            timer = setTimeout(arm, left);
          };
          arm();
        }),
      );
    }
    try {
      return await Promise.race(contenders);
    } finally {
      clearTimeout(timer);
    }
  }
}
