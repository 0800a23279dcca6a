// The Location Store as a node program of the reference reads it (program-parts.ts): the cluster's
// Store, except that a node descriptor's address is the one the kit gave this node for that peer.
// Every node of a node program must dial a peer only through the kit's relay for that one link (a
// different relay for each caller, docs/node-program.md), while the descriptors in the shared Store
// are written by the nodes themselves. So membership (which nodes are listed, R-STO-4, deregister)
// comes from the Store, and where a listed node is comes from the kit; a move (new relays) is a
// new address in this node's list, as R-CONN-3 wants. A peer the kit named no address for keeps the
// address it wrote (a node of another mesh: never dialled).

import type { Rid } from '../../src/driver/types.ts';
import { NODE_PREFIX, type NodeDescriptor } from '../location/records.ts';
import type { CasResult, Entry, Store, Versioned } from '../store/types.ts';

export class KitAddresses implements Store {
  private readonly book = new Map<Rid, string>();

  constructor(private readonly store: Store) {}

  /** Where `rid` is now, for this node (the kit's relay). */
  set(rid: Rid, address: string): void {
    this.book.set(rid, address);
  }

  private rewrite<T>(key: string, value: T | null): T | null {
    if (!key.startsWith(NODE_PREFIX) || value === null) return value;
    const d = value as unknown as NodeDescriptor;
    const at = this.book.get(d.rid);
    return at === undefined ? value : ({ ...d, address: at } as unknown as T);
  }

  async read<T>(key: string): Promise<Versioned<T>> {
    const v = await this.store.read<T>(key);
    return { ...v, value: this.rewrite(key, v.value) };
  }

  async list<T>(prefix: string): Promise<Entry<T>[]> {
    return (await this.store.list<T>(prefix)).map((e) => ({ ...e, value: this.rewrite(e.key, e.value) as T }));
  }

  compareAndSet<T>(key: string, expectedVersion: number, value: T | null): Promise<CasResult<T>> {
    return this.store.compareAndSet(key, expectedVersion, value);
  }

  renewLease(holder: string, ttlMs: number): Promise<{ expiresAt: number }> {
    return this.store.renewLease(holder, ttlMs);
  }

  leaseExpiry(holder: string): Promise<number | null> {
    return this.store.leaseExpiry(holder);
  }

  leaseGranted(holder: string): Promise<number | null> {
    return this.store.leaseGranted(holder);
  }

  now(): Promise<number> {
    return this.store.now();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
