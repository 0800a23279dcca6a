// The Driver's view of operations it started: each one's first delivered Outcome, and waiting for
// it. One book serves node operations and Session client operations alike. The book is the kit's
// instrument, not the runtime: it never builds an operation itself (whoever runs the operation
// does, and hands it the book's `record`), and it keeps the first Outcome whatever arrives later.

import type { Clock } from '../../src/driver/clock.ts';
import type { Outcome } from '../../src/driver/types.ts';
import type { Operation } from './operation.ts';
import { plainCopy } from './plain-copy.ts';

/**
 * The first Outcome of each operation, and waiting for it: shared by the book below and by a
 * harness that only hears Outcomes (the process backend hears them as events from its nodes).
 */
export class FirstOutcomes {
  private readonly entries = new Map<string, { outcome?: Outcome; waiters: Array<() => void> }>();

  constructor(private readonly clock: Clock) {}

  expect(opId: string): void {
    if (!this.entries.has(opId)) this.entries.set(opId, { waiters: [] });
  }

  has(opId: string): boolean {
    return this.entries.has(opId);
  }

  /** Keep `outcome` if the operation has none yet; later ones are ignored. */
  settle(opId: string, outcome: Outcome): void {
    const entry = this.entries.get(opId);
    if (!entry || entry.outcome) return;
    entry.outcome = outcome;
    for (const w of entry.waiters.splice(0)) w();
  }

  /** The operation's Outcome, waiting at most waitMs for it; null if it has none by then. */
  async outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    const entry = this.entries.get(opId);
    if (!entry) return null;
    if (!entry.outcome && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = this.clock.setTimeout(resolve, waitMs);
        entry.waiters.push(() => {
          this.clock.clearTimer(timer);
          resolve();
        });
      });
    }
    return entry.outcome ? plainCopy(entry.outcome) : null;
  }
}

export class OutcomeBook<M = undefined> {
  private readonly ops = new Map<string, { op: Operation; meta: M }>();
  private readonly first: FirstOutcomes;

  constructor(clock: Clock) {
    this.first = new FirstOutcomes(clock);
  }

  /**
   * Start bookkeeping for a new operation. `start` starts it, given `record`: the book hears every
   * result the operation delivers through it and keeps the first, which is its Outcome.
   */
  open(opId: string, meta: M, start: (record: (o: Outcome) => void) => Operation): Operation {
    this.first.expect(opId);
    const op = start((outcome) => this.first.settle(opId, outcome));
    this.ops.set(opId, { op, meta });
    return op;
  }

  has(opId: string): boolean {
    return this.ops.has(opId);
  }

  op(opId: string): Operation | undefined {
    return this.ops.get(opId)?.op;
  }

  /** The operation's Outcome, waiting at most waitMs for it; null if it has none by then. */
  outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    return this.ops.has(opId) ? this.first.outcome(opId, waitMs) : Promise.resolve(null);
  }

  all(): Array<{ op: Operation; meta: M }> {
    return [...this.ops.values()];
  }
}
