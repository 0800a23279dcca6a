// The evidence of a node-program run, built from what the node processes notified, as the kit
// received it: journal lines (stamped with the kit's clock and numbered in arrival order, the
// node's RID and incarnation from the process they came from, never from the line) and the
// results the application on a calling node received. What a node says about itself in a line
// (its own seq, at or node) is dropped: the kit knows better.

import type { JournalEntry, Outcome, Rid, StoreLogEntry } from '../../src/driver/types.ts';
import type { Arrival } from './node-child.ts';

/** A journal line with the incarnation of the process that wrote it. */
export type EvidenceLine = JournalEntry & { incarnation: number };

interface Waiter {
  resolve(o: Outcome | null): void;
  timer: NodeJS.Timeout;
}

export class Evidence {
  private readonly entries: EvidenceLine[] = [];
  /** The nodes' Store calls, as they said them (the Store relay carries them; the kit does not parse RESP). */
  private readonly storeCalls: StoreLogEntry[] = [];
  private readonly outcomes = new Map<string, { rid: Rid; incarnation: number; outcome: Outcome }>();
  private readonly starters = new Map<string, { rid: Rid; incarnation: number }>();
  private readonly waiters = new Map<string, Set<Waiter>>();

  /** Notifications received so far, of any kind: the journal's barrier asks again only after one. */
  arrivals = 0;

  arrived(rid: Rid, incarnation: number, a: Arrival): void {
    this.arrivals++;
    const params = a.params;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return;
    if (a.method === 'journal') {
      const { seq: _s, at: _a, node: _n, incarnation: _i, ...rest } = params as Record<string, unknown>;
      this.entries.push({ ...rest, seq: this.entries.length + 1, at: a.at, node: rid, incarnation } as EvidenceLine);
    } else if (a.method === 'store') {
      const { seq: _s, at: _a, node: _n, ...rest } = params as Record<string, unknown>;
      this.storeCalls.push({ ...rest, seq: this.storeCalls.length + 1, at: a.at, node: rid } as StoreLogEntry);
    } else if (a.method === 'outcome') {
      const outcome = params as Outcome;
      if (typeof outcome.opId !== 'string' || this.outcomes.has(outcome.opId)) return; // one terminal result
      this.outcomes.set(outcome.opId, { rid, incarnation, outcome });
      this.wake(outcome.opId);
    }
  }

  /** The operation was started by this incarnation of the node (submit answered). */
  started(opId: string, rid: Rid, incarnation: number): void {
    this.starters.set(opId, { rid, incarnation });
    this.wake(opId);
  }

  startedBy(opId: string): { rid: Rid; incarnation: number } | undefined {
    return this.starters.get(opId);
  }

  /** The outcome, if the process that started the operation notified one. */
  private settled(opId: string): Outcome | undefined {
    const o = this.outcomes.get(opId);
    const by = this.starters.get(opId);
    // A result counts only from the process that started the operation.
    return o && by && o.rid === by.rid && o.incarnation === by.incarnation ? o.outcome : undefined;
  }

  outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    if (!this.starters.has(opId)) return Promise.reject(new Error(`no operation ${opId}`));
    const now = this.settled(opId);
    if (now || waitMs <= 0) return Promise.resolve(now ?? null);
    return new Promise((resolve) => {
      const set = this.waiters.get(opId) ?? new Set<Waiter>();
      this.waiters.set(opId, set);
      const w: Waiter = {
        resolve,
        timer: setTimeout(() => {
          set.delete(w);
          resolve(null);
        }, waitMs),
      };
      set.add(w);
    });
  }

  private wake(opId: string): void {
    const o = this.settled(opId);
    if (!o) return;
    for (const w of this.waiters.get(opId) ?? []) {
      clearTimeout(w.timer);
      w.resolve(o);
    }
    this.waiters.delete(opId);
  }

  journal(): JournalEntry[] {
    return this.entries.map(({ incarnation: _i, ...e }) => e as JournalEntry);
  }

  storeLog(): StoreLogEntry[] {
    return this.storeCalls.map((e) => ({ ...e }));
  }

  lines(): EvidenceLine[] {
    return [...this.entries];
  }

  close(): void {
    for (const set of this.waiters.values()) for (const w of set) {
      clearTimeout(w.timer);
      w.resolve(null);
    }
    this.waiters.clear();
  }
}
