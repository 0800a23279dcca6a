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
    const items = this.items;
    items.push(e);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
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
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && before(items[l], items[m])) m = l;
        if (r < items.length && before(items[r], items[m])) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m], items[i]];
        i = m;
      }
    }
    return top;
  }
}
