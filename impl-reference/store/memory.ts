// The in-memory Store (embedded backend). It mirrors the Redis one closely enough that the same
// contract suite runs against both: values are kept as JSON text (so nobody can share an object
// with the store), a key's version only ever counts up (a null write is a tombstone that keeps
// it), and list() orders keys bytewise by UTF-8 like Redis's ZRANGEBYLEX.

import type { CasResult, Entry, Store, Versioned } from './types.ts';

interface Slot {
  json: string | null; // null = tombstone (or never a value)
  version: number;
}

export class MemoryStore implements Store {
  private readonly slots = new Map<string, Slot>();
  private readonly leases = new Map<string, number>(); // holder -> expiresAt (store ms)
  private readonly granted = new Map<string, number>(); // holder -> the expiry its last renewal set
  private closed = false;

  /** `clock` lets tests drive lease expiry without sleeping; real use takes Date.now. */
  constructor(private readonly clock: () => number = Date.now) {}

  async read<T>(key: string): Promise<Versioned<T>> {
    this.check();
    const slot = this.slots.get(key);
    return { value: parse<T>(slot?.json ?? null), version: slot?.version ?? 0 };
  }

  async compareAndSet<T>(key: string, expectedVersion: number, value: T | null): Promise<CasResult<T>> {
    this.check();
    checkVersion(expectedVersion);
    // Serialize before comparing: a value JSON cannot hold throws without touching the store.
    const json = value == null ? null : JSON.stringify(value);
    const slot = this.slots.get(key);
    const current = slot?.version ?? 0;
    if (current !== expectedVersion) {
      return { applied: false, current: { value: parse<T>(slot?.json ?? null), version: current } };
    }
    this.slots.set(key, { json, version: current + 1 });
    return { applied: true, version: current + 1 };
  }

  async list<T>(prefix: string): Promise<Entry<T>[]> {
    this.check();
    const found: Array<{ key: string; bytes: Buffer; slot: Slot }> = [];
    for (const [key, slot] of this.slots) {
      if (slot.json !== null && key.startsWith(prefix)) found.push({ key, bytes: Buffer.from(key), slot });
    }
    found.sort((a, b) => Buffer.compare(a.bytes, b.bytes));
    return found.map(({ key, slot }) => ({ key, value: parse<T>(slot.json) as T, version: slot.version }));
  }

  async renewLease(holder: string, ttlMs: number): Promise<{ expiresAt: number }> {
    this.check();
    if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be an integer > 0, got ${ttlMs}`);
    const expiresAt = this.clock() + ttlMs;
    this.leases.set(holder, expiresAt);
    this.granted.set(holder, expiresAt);
    return { expiresAt };
  }

  async leaseGranted(holder: string): Promise<number | null> {
    this.check();
    return this.granted.get(holder) ?? null;
  }

  async leaseExpiry(holder: string): Promise<number | null> {
    this.check();
    const expiresAt = this.leases.get(holder);
    if (expiresAt === undefined) return null;
    if (expiresAt <= this.clock()) {
      this.leases.delete(holder); // expired leases are gone, as with Redis's PX
      return null;
    }
    return expiresAt;
  }

  async now(): Promise<number> {
    this.check();
    return this.clock();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private check(): void {
    if (this.closed) throw new Error('MemoryStore is closed');
  }
}

function parse<T>(json: string | null): T | null {
  return json === null ? null : (JSON.parse(json) as T);
}

/** Versions are non-negative integers (0 = never written). */
function checkVersion(v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`expectedVersion must be an integer >= 0, got ${v}`);
}
