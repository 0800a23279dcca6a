// What the kit's faults left open at a moment of a history.

/** Whether a Store outage (of all nodes or of one) was open at `t`: a store-down not yet followed by its store-up. Faults in time order. */
export function storeOutageOpen(faults: ReadonlyArray<{ f: string; node?: string; time: number }>, t: number): boolean {
  const down = new Set<string>();
  for (const f of faults) {
    if (f.time > t) break;
    if (f.f === 'store-down') down.add(f.node ?? '*');
    else if (f.f === 'store-up') {
      if (f.node) down.delete(f.node);
      else down.clear();
    }
  }
  return down.size > 0;
}
