// One operation in the runtime: started by the application on a node (or by the runtime itself, as
// a step of its own protocols). Whatever happens underneath (refusals, connection loss, late
// replies, cancellation), the runtime hands every terminal signal it hears to finish(), and the
// application receives exactly one: the first one confirmed (spec section 2, R-GEN-3). Later
// signals are dropped here, and ending the operation stops every wait that follows it.

import type { Attempt, ErrorKind, Outcome, OutcomeStatus } from '../../src/driver/types.ts';
import type { Clock, TimerId } from '../../src/driver/clock.ts';

export type Raced<T> = { kind: 'value'; value: T } | { kind: 'deadline' } | { kind: 'ended' };

/**
 * What a terminal result is (spec section 2), asked by the Operation where it ends one. A kit
 * mutant of these rules is another implementation of one of them (impl-reference/mutants/
 * operation.ts), given to the node's operations in place of the reference's.
 */
export interface TerminalRules {
  /** R-GEN-3: whether this terminal result ends the operation: every one does, so the first is the only one. */
  ends(status: OutcomeStatus): boolean;
  /** R-GEN-3: the status a terminal result is handed to the application with: its own (a shutdown is a shutdown). */
  statusOf(status: OutcomeStatus): OutcomeStatus;
  /** R-GEN-4: the Outcome as handed on: the ErrorKind, and no advice on whether to retry. */
  handedOn(outcome: Outcome): Outcome;
}

export const REFERENCE_TERMINAL: TerminalRules = {
  ends: () => true,
  statusOf: (status) => status,
  handedOn: (outcome) => outcome,
};

export class Operation {
  readonly attempts: Attempt[] = [];
  private ended = false;
  private endedSignal!: () => void;
  private readonly endedPromise = new Promise<void>((r) => (this.endedSignal = r));
  /** While false, the deadline is not applied (select-one's rule decides it for a channel request). */
  deadlineApplies = true;

  /**
   * `deliver` hands a terminal result to the application. `rules` are the node's; operations
   * that are not the runtime's (the kit's own test clients) leave them out and never bend.
   */
  constructor(
    readonly opId: string,
    public deadlineAt: number,
    private readonly deliver: (outcome: Outcome) => void,
    /** The clock its deadline runs on. */
    readonly clock: Clock,
    private readonly rules: TerminalRules = REFERENCE_TERMINAL,
  ) {}

  get isEnded(): boolean {
    return this.ended;
  }

  /** Report a terminal result; only the first one reaches the application. */
  finish(status: OutcomeStatus, extra: { errorKind?: ErrorKind; reply?: unknown } = {}): void {
    if (this.ended) return;
    // R-GEN-3 lives here: the first terminal result ends the operation, whatever it is, and every
    // wait that follows the operation stops.
    status = this.rules.statusOf(status);
    if (this.rules.ends(status)) {
      this.ended = true;
      this.endedSignal();
    }
    const outcome: Outcome = { opId: this.opId, status, attempts: this.attempts.map((a) => ({ ...a })) };
    if (extra.errorKind) outcome.errorKind = extra.errorKind;
    if (status === 'reply') outcome.reply = extra.reply;
    this.deliver(this.rules.handedOn(outcome));
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
