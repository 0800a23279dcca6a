// The in-memory Store (embedded backend). It mirrors the Redis one closely enough that the same
// contract suite runs against both: values are kept as JSON text (so nobody can share an object
// with the store), a key's version only ever counts up (a null write is a tombstone that keeps
// it), and list() orders keys bytewise by UTF-8 like Redis's ZRANGEBYLEX.

import type { CasResult, Entry, Store, Versioned } from './types.ts';
import { plainCopy } from '../kernel/plain-copy.ts';

interface Slot {
  json: string | null; // null = tombstone (or never a value)
  version: number;
  /** The value parsed from `json`, once, when first read (never handed out itself). */
  parsed?: unknown;
}

export class MemoryStore implements Store {
  private readonly slots = new Map<string, Slot>();
  /**
   * Every key with a slot, in list()'s order (bytewise by UTF-8; keys of equal bytes in the order
   * they were first written, as the stable sort over the map gave), with its bytes: list() reads
   * the range of its prefix instead of testing and sorting every key of a long run's Store.
   */
  private readonly ordered: Array<{ key: string; bytes: Buffer }> = [];
  /** Some key holds a surrogate (its bytes may then start with a prefix's that it does not start with). */
  private surrogateKeys = false;
  private readonly leases = new Map<string, number>(); // holder -> expiresAt (store ms)
  private readonly granted = new Map<string, number>(); // holder -> the expiry its last renewal set
  private closed = false;

  /** `clock` lets tests drive lease expiry without sleeping; real use takes Date.now. */
  constructor(private readonly clock: () => number = Date.now) {}

  async read<T>(key: string): Promise<Versioned<T>> {
    this.check();
    const slot = this.slots.get(key);
    return { value: valueOf<T>(slot), version: slot?.version ?? 0 };
  }

  async compareAndSet<T>(key: string, expectedVersion: number, value: T | null): Promise<CasResult<T>> {
    this.check();
    checkVersion(expectedVersion);
    // Serialize before comparing: a value JSON cannot hold throws without touching the store.
    const json = value == null ? null : JSON.stringify(value);
    const slot = this.slots.get(key);
    const current = slot?.version ?? 0;
    if (current !== expectedVersion) {
      return { applied: false, current: { value: valueOf<T>(slot), version: current } };
    }
    if (!slot) this.index(key);
    this.slots.set(key, { json, version: current + 1 });
    return { applied: true, version: current + 1 };
  }

  async list<T>(prefix: string): Promise<Entry<T>[]> {
    this.check();
    const out: Entry<T>[] = [];
    // A prefix with a surrogate may end inside a pair, where its bytes are no prefix of the key's.
    if (SURROGATE.test(prefix)) {
      for (const { key } of this.ordered) this.take(key, prefix, out);
      return out;
    }
    // The keys whose bytes start with the prefix's are one run of the order; every key that starts
    // with the prefix is among them. Where no key has a surrogate either, they are exactly the keys
    // that start with it (a string test, cheaper than comparing bytes).
    const p = Buffer.from(prefix);
    for (let i = this.firstAtLeast(p, false); i < this.ordered.length; i++) {
      const { key, bytes } = this.ordered[i];
      if (this.surrogateKeys ? bytes.length < p.length || bytes.compare(p, 0, p.length, 0, p.length) !== 0 : !key.startsWith(prefix)) break;
      this.take(key, prefix, out);
    }
    return out;
  }

  /** The key's entry, if it has a value and starts with the prefix. (A method: a closure per call cost more than the rest of list.) */
  private take<T>(key: string, prefix: string, out: Entry<T>[]): void {
    const slot = this.slots.get(key)!;
    if (slot.json !== null && key.startsWith(prefix)) out.push({ key, value: valueOf<T>(slot) as T, version: slot.version });
  }

  /** The first index whose key's bytes are >= `bytes` (or, with `after`, > them). */
  private firstAtLeast(bytes: Buffer, after: boolean): number {
    let lo = 0;
    let hi = this.ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = Buffer.compare(this.ordered[mid].bytes, bytes);
      if (c < 0 || (after && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private index(key: string): void {
    if (SURROGATE.test(key)) this.surrogateKeys = true;
    const bytes = Buffer.from(key);
    this.ordered.splice(this.firstAtLeast(bytes, true), 0, { key, bytes });
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

const SURROGATE = /[\ud800-\udfff]/;

/**
 * A fresh copy of the slot's value, as JSON.parse of its text gives it: the text is parsed once and
 * the parsed value copied for each reader (a plain copy of JSON data is the same value, at about a
 * third of the cost of parsing; the nodes read their descriptors' list several times per operation).
 */
function valueOf<T>(slot: Slot | undefined): T | null {
  if (!slot || slot.json === null) return null;
  if (slot.parsed === undefined) slot.parsed = JSON.parse(slot.json) as unknown;
  return plainCopy(slot.parsed) as T;
}

/** Versions are non-negative integers (0 = never written). */
function checkVersion(v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`expectedVersion must be an integer >= 0, got ${v}`);
}
