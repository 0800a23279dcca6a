// The kit's own reads and writes of the Store, not through any node (whose view may be cut off):
// what a lookup shows, the latest relocation record, and removing a node's descriptor. Both
// harnesses (embedded and process) answer the Driver's observations through these.

import type { ObjectRecordView, RelocationView, Rid } from '../../src/driver/types.ts';
import { nodeKey, objectKey, type LocationRecord } from '../location/records.ts';
import { relocationsOf, type RelocationRecord } from '../kernel/relocation-record.ts';
import type { Store } from '../store/types.ts';
import { plainCopy } from '../kernel/plain-copy.ts';

export async function lookupRecord(store: Store, objectId: string): Promise<ObjectRecordView> {
  const cur = await store.read<LocationRecord>(objectKey(objectId));
  const rec = cur.value;
  if (!rec) return { objectId, state: 'Missing', generation: 0, storeVersion: cur.version, leaseValid: false };
  const { writeId: _w, ...fields } = rec;
  const leaseValid = rec.owner && rec.state !== 'Missing' ? (await store.leaseExpiry(rec.owner)) !== null : false;
  const leaseUntil = rec.owner ? await store.leaseGranted(rec.owner) : null;
  return { ...plainCopy(fields), storeVersion: cur.version, leaseValid, ...(leaseUntil !== null ? { leaseUntil } : {}) };
}

export async function latestRelocation(store: Store, objectId: string): Promise<RelocationView | null> {
  const all = (await store.list<RelocationRecord>(relocationsOf(objectId))).filter((e) => e.value.objectId === objectId);
  // The latest started, not the one with the highest Store version: each relocation's record has
  // versions of its own (an older relocation that went through more stages has a higher one).
  const latest = all.sort((a, b) => (a.value.startedAt ?? 0) - (b.value.startedAt ?? 0) || a.version - b.version).pop()?.value;
  if (!latest) return null;
  const { writeId: _w, startedAt: _s, ...view } = latest;
  return view;
}

/** Remove the node's descriptor; false if it changed while being removed. */
export async function removeDescriptor(store: Store, rid: Rid): Promise<boolean> {
  const cur = await store.read(nodeKey(rid));
  return (await store.compareAndSet(nodeKey(rid), cur.version, null)).applied;
}

/** Why `ms` is no delay the store-slow fault can take, or undefined when it is one. */
export function badSlowMs(ms: unknown): string | undefined {
  return Number.isInteger(ms) && (ms as number) >= 0 ? undefined : `store-slow needs ms, a whole number of milliseconds >= 0 (got ${JSON.stringify(ms)})`;
}
