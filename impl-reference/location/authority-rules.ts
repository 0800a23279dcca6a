// The Location Store authority's rules (spec 7, R-STO-1, R-STO-3): what a node concludes of a
// change whose answer was lost, and how long its owner lease lets it act. changeRecord
// (authority.ts) and the LeaseKeeper (lease.ts) ask them by name where each applies;
// REFERENCE_AUTHORITY is the Framework's behaviour (nothing is guessed, eligibility is what the last
// confirmed renewal proves), and a kit mutant of these rules is another implementation of one of
// them (AUTHORITY_MUTANTS in impl-reference/mutants/object-host.ts).

import type { NodeStore } from '../store/node-store.ts';
import type { Versioned } from '../store/types.ts';

/** Any record that names the write that produced it. */
export interface Written {
  writeId: string;
}

export type ChangeResult<T extends Written = Written> = { applied: true; version: number } | { applied: false; current: Versioned<T> };

/** A change of an authority record whose answer was lost: it may have applied or not. */
export interface UnclearChange<T extends Written> {
  store: NodeStore;
  key: string;
  /** The StoreVersion the change was made against. */
  expectedVersion: number;
  next: T;
  /** Re-read the key until the Store answers, and retry the same change only if it did not apply. */
  reread(): Promise<ChangeResult<T>>;
}

export interface AuthorityRules {
  /**
   * R-STO-1.1, R-STO-1.2: the result of a change whose answer was lost is never guessed, neither
   * "applied" nor "not applied": the record is read again and compared with the StoreVersion used.
   */
  changeUnanswered<T extends Written>(change: UnclearChange<T>): Promise<ChangeResult<T>>;
  /** R-STO-1.3: the re-read shows the change applied only when the write there is this change's own (its writeId, one version on). */
  writeIsOurs<T extends Written>(current: Versioned<T>, expectedVersion: number, next: T): boolean;
  /**
   * R-STO-3.1: owner eligibility is what the last renewal the Store confirmed proves: from when that
   * renewal was sent (not when its answer came), for one lease TTL.
   */
  eligibleFrom(sentAt: number, answeredAt: number): number;
  /** R-STO-3.1: a renewal that failed extends nothing: while the Store cannot be reached the lease runs out. */
  eligibleAfterFailedRenewal(eligibleUntil: number, now: number, ttlMs: number): number;
}

export const REFERENCE_AUTHORITY: AuthorityRules = {
  changeUnanswered: (change) => change.reread(),
  writeIsOurs: (current, expectedVersion, next) => current.version === expectedVersion + 1 && current.value?.writeId === next.writeId,
  eligibleFrom: (sentAt) => sentAt,
  eligibleAfterFailedRenewal: (eligibleUntil) => eligibleUntil,
};
