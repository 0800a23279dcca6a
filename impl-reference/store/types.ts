// The Store the reference runtime is written against: a versioned key-value store with atomic
// compare-and-set on a per-key version (the StoreVersion), and per-node leases timed by the
// Store's own clock. The Location Store (object records, node descriptors) and later the
// Relocation Store are key spaces of it. Two implementations: in memory (embedded backend) and
// Redis; one contract test suite runs against both.

/** A key's current value and StoreVersion. A key never written reads as {value: null, version: 0}. */
export interface Versioned<T = unknown> {
  value: T | null;
  version: number;
}

export type CasResult<T = unknown> =
  /** The write applied; `version` is the key's new StoreVersion (expected + 1). */
  | { applied: true; version: number }
  /** The key's version was not `expectedVersion`; nothing was written. */
  | { applied: false; current: Versioned<T> };

export interface Entry<T = unknown> {
  key: string;
  value: T;
  version: number;
}

export interface Store {
  /** Values are JSON data: what is read back is a copy, never the object that was written. */
  read<T>(key: string): Promise<Versioned<T>>;
  /**
   * Write `value` to `key` only if its StoreVersion is `expectedVersion` (0 = never written).
   * `null` as value marks the key as holding nothing, but its version still counts on, so a key
   * can never return to an earlier version (no ABA).
   */
  compareAndSet<T>(key: string, expectedVersion: number, value: T | null): Promise<CasResult<T>>;
  /** Every key under `prefix` whose value is not null, in key order: one consistent read. */
  list<T>(prefix: string): Promise<Entry<T>[]>;
  /** Renew `holder`'s lease for ttlMs from now on the Store's clock; returns the expiry (Store ms). */
  renewLease(holder: string, ttlMs: number): Promise<{ expiresAt: number }>;
  /** The lease's expiry on the Store's clock, or null when it has none or it has expired. */
  leaseExpiry(holder: string): Promise<number | null>;
  /**
   * The expiry `holder`'s last renewal set, also once it has passed; null when it never renewed.
   * For the kit's evidence (a lease read as ended until then and not renewed since), not for nodes.
   */
  leaseGranted(holder: string): Promise<number | null>;
  /** The Store's clock, in ms. */
  now(): Promise<number>;
  close(): Promise<void>;
}

/** Thrown by any Store call that could not reach the Store (it is down or the reply was lost). */
export class StoreUnavailableError extends Error {
  readonly storeUnavailable = true;
  /** The call reached the wire before it failed: a change may have applied. */
  unclear?: boolean;
}
