// The Driver's view of operations it started: each one's first delivered Outcome, and waiting for
// it. One book serves node operations and Session client operations alike. The book is the kit's
// instrument, not the runtime: it never builds an operation itself (whoever runs the operation
// does, and hands it the book's `record`), and it keeps the first Outcome whatever arrives later.

import type { Outcome } from '../../src/driver/types.ts';
import type { Operation } from './operation.ts';

interface Entry<M> {
  op: Operation;
  outcome?: Outcome;
  waiters: Array<() => void>;
  meta: M;
}

export class OutcomeBook<M = undefined> {
  private readonly entries = new Map<string, Entry<M>>();

  /**
   * Start bookkeeping for a new operation. `start` starts it, given `record`: the book hears every
   * result the operation delivers through it and keeps the first, which is its Outcome.
   */
  open(opId: string, meta: M, start: (record: (o: Outcome) => void) => Operation): Operation {
    const entry: Entry<M> = { waiters: [], op: undefined as unknown as Operation, meta };
    entry.op = start((outcome) => {
      if (!entry.outcome) entry.outcome = outcome;
      for (const w of entry.waiters.splice(0)) w();
    });
    this.entries.set(opId, entry);
    return entry.op;
  }

  has(opId: string): boolean {
    return this.entries.has(opId);
  }

  op(opId: string): Operation | undefined {
    return this.entries.get(opId)?.op;
  }

  /** The operation's Outcome, waiting at most waitMs for it; null if it has none by then. */
  async outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    const entry = this.entries.get(opId);
    if (!entry) return null;
    if (!entry.outcome && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        entry.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return entry.outcome ? structuredClone(entry.outcome) : null;
  }

  all(): Array<{ op: Operation; meta: M }> {
    return [...this.entries.values()].map(({ op, meta }) => ({ op, meta }));
  }
}
