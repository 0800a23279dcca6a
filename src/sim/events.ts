// The simulated world's pending events, earliest first: a binary heap ordered by virtual time,
// then by a rank the seed drew when the event was scheduled (so events due at the same instant run
// in an order the seed decides, not the order the code happened to schedule them), then by
// scheduling order (only to make the order total).

export interface SimEvent {
  readonly at: number;
  readonly rank: number;
  readonly seq: number;
  run: (() => void) | undefined;
}

function before(a: SimEvent, b: SimEvent): boolean {
  return a.at !== b.at ? a.at < b.at : a.rank !== b.rank ? a.rank < b.rank : a.seq < b.seq;
}

export class EventHeap {
  private readonly items: SimEvent[] = [];

  get size(): number {
    return this.items.length;
  }

  push(e: SimEvent): void {
    // Sift up by moving parents down into the hole, then place `e` once (no swaps).
    const items = this.items;
    let i = items.length;
    items.push(e);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent];
      if (!before(e, p)) break;
      items[i] = p;
      i = parent;
    }
    items[i] = e;
  }

  /**
   * Drop the events whose `run` was taken away (cancelled timers). A cancelled event otherwise
   * stays until it is due: a control call's 10 s time limit, cancelled a moment later, would keep
   * the heap ten seconds of calls deep.
   */
  compact(): void {
    const live = this.items.filter((e) => e.run);
    this.items.length = 0;
    for (const e of live) this.push(e);
  }

  /** The earliest event, removed; undefined when none is pending. */
  pop(): SimEvent | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop()!;
    const n = items.length;
    if (n > 0) {
      // Sift `last` down from the root, moving the earlier child up into the hole each level.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && before(items[r], items[l]) ? r : l;
        if (!before(items[c], last)) break;
        items[i] = items[c];
        i = c;
      }
      items[i] = last;
    }
    return top;
  }
}
