// Planned relocation, the target's steps (spec section 5): prepare an instance and a temporary
// queue -> on cutover receipt, or the fallback after relay-ready was accepted, commit the owner
// change in the Location Store keeping the ObjectGeneration (R-REL-7); an unclear commit is re-read
// before target dispatch opens (R-REL-3, V16) -> lifecycle callback and dispatch switchover, retried
// on this same target within the deadline (R-REL-4) -> location updates.

import type { ObjectKind } from '../../src/driver/types.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { Letter } from '../kernel/work.ts';
import { fail, ok, type WorkResult } from '../kernel/work.ts';
import { relocationKey, type RelocationRecord } from '../kernel/relocation-record.ts';
import type { RuledSide } from './relocation-rules.ts';
import type { Prepared } from './side.ts';

export function prepare(side: RuledSide, rel: RelocationRecord, kind: ObjectKind): WorkResult {
  // R-REL-1: a prepare that fails leaves nothing behind.
  side.rules.beforeRelayReady(side, rel, kind);
  if (side.ctx.takeFailpoint('relocation.fail-before-relay-ready')) return fail('RelocationFailed');
  // An instance and its temporary queue; nothing is dispatched before the owner change commits.
  // The state is handed over: no factory, no first message - this is not a cold activation (R-INST-6).
  // R-REL-3: the temporary queue holds what is relayed until the owner change is known.
  side.rules.prepareInstance(side, rel, kind);
  const p: Prepared = { rel, kind };
  // If no cutover arrives, the target continues on its own once relay-ready was accepted (R-REL-2),
  // 1,000 ms after it.
  const fallbackMs = side.rules.fallbackAfterMs(side.ctx.timings);
  // A fallback commit that cannot reach the Store fails the relocation here; it must not take the
  // process down (an unhandled rejection would), and a cutover that arrives later may still commit.
  if (fallbackMs !== undefined) p.fallback = side.ctx.clock.setTimeout(() => void commit(side, rel.id, 'fallback').catch(() => undefined), fallbackMs);
  side.prepared.set(rel.id, p);
  return ok({ relayReady: true });
}

export function cancel(side: RuledSide, relocationId: string): WorkResult {
  const p = side.prepared.get(relocationId);
  if (p && !p.committing) {
    side.ctx.clock.clearTimer(p.fallback);
    side.prepared.delete(relocationId);
    side.ctx.dispose(p.rel.objectId); // the target instance and its temporary queue are discarded
  }
  return ok({ cancelled: true });
}

export async function relay(side: RuledSide, relocationId: string, objectId: string, letter: Letter): Promise<WorkResult | undefined> {
  const p = side.prepared.get(relocationId);
  if (!p && !side.ctx.hosted(objectId)) return fail('Unavailable');
  // R-INST-6: a relayed message is not a first message: nothing is activated for it.
  const activating = p && side.rules.relayedIntoPrepared(side, p);
  if (activating) await activating;
  return side.ctx.post(objectId, letter);
}

export async function cutover(side: RuledSide, relocationId: string): Promise<WorkResult | undefined> {
  const receivedAt = side.ctx.clock.now();
  if (side.ctx.takeFailpoint('relocation.crash-target-before-commit')) {
    side.ctx.crash();
    return undefined;
  }
  const p = side.prepared.get(relocationId);
  const r = await commit(side, relocationId, 'cutover');
  // The source counts Message Follow from the change: it is told when that was, from this receipt.
  if (r?.ok && p?.committedAt !== undefined) return ok({ ...(r.value as object), committedAfterReceiptMs: p.committedAt - receivedAt });
  return r;
}

export function commit(side: RuledSide, relocationId: string, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined> {
  const p = side.prepared.get(relocationId);
  if (!p) return Promise.resolve(fail('Unavailable'));
  side.ctx.clock.clearTimer(p.fallback);
  p.committing ??= doCommit(side, p, how).catch((e) => {
    p.committing = undefined; // not committed: a later cutover tries again
    throw e;
  });
  return p.committing;
}

async function doCommit(side: RuledSide, p: Prepared, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined> {
  if (!side.ctx.alive()) return undefined;
  const { rel } = p;
  // R-REL-2: on the fallback the target continues alone, whether or not the source still runs.
  if (how === 'fallback' && !(await side.rules.continuesAlone(side, rel))) return discard(side, rel);
  const relCur = await side.ctx.store.read<RelocationRecord>(relocationKey(rel));
  // The source never accepted relay-ready (or cancelled): there is nothing to continue.
  if (relCur.value?.stage !== 'relay-ready-accepted') return discard(side, rel);
  const cur = await side.ctx.store.read<LocationRecord>(objectKey(rel.objectId));
  const rec = cur.value;
  if (!rec || rec.owner !== rel.source || rec.generation !== rel.generation) return fail('RelocationFailed');
  // The owner change keeps the ObjectGeneration (R-REL-7).
  const generation = side.rules.generationAfterMove(rec);
  const next: LocationRecord = { ...rec, owner: side.ctx.rid, generation, writeId: '' };
  // Target dispatch is a gate: it opens only once the commit is known, re-read if unclear (V16).
  side.rules.whileCommitUnknown(side, rel.objectId);
  const sentAt = side.ctx.clock.now();
  // The owner change in the Location Store: an unclear result is re-read, never guessed (R-REL-3, V16).
  const r = await side.rules.commitOwnerChange(side, rel.objectId, cur.version, next);
  if (!r.applied) return fail('RelocationFailed');
  p.committedAt = sentAt;
  // This node owns the object again (it was relocated back here): a Message Follow it kept from
  // moving it away earlier is over, or it would follow the object's messages to where it was (R-OBJ-3).
  side.rules.followEndsOnReturn(side, rel.objectId);
  if (side.ctx.takeFailpoint('relocation.crash-target-after-commit')) {
    side.ctx.crash();
    return undefined;
  }
  await side.setStage(rel, 'committed');
  // R-INST-6: a relocated Instance Spot gets its lifecycle callback like any object.
  if (side.rules.getsLifecycleCallback(p.kind) && !(await lifecycle(side, rel, generation))) return fail('RelocationFailed');
  side.prepared.delete(rel.id);
  // Dispatch switchover: the temporary queue runs here now, retried on this target within the deadline (R-REL-4).
  if (!(await switchDispatch(side, rel))) return fail('RelocationFailed');
  side.ctx.broadcastLocationUpdate({ objectId: rel.objectId, generation, owner: side.ctx.rid });
  return ok({ committed: true });
}

/** The target instance and its temporary queue are discarded: this relocation does not go on here. */
function discard(side: RuledSide, rel: RelocationRecord): WorkResult {
  side.prepared.delete(rel.id);
  side.ctx.dispose(rel.objectId);
  return fail('RelocationFailed');
}

/** Open target dispatch; a failed switchover is retried on this same target within the deadline (R-REL-4). */
async function switchDispatch(side: RuledSide, rel: RelocationRecord): Promise<boolean> {
  const end = side.ctx.clock.now() + side.ctx.timings.defaultDeadlineMs;
  for (;;) {
    if (!side.ctx.takeFailpoint('relocation.dispatch-switchover-fails')) {
      side.ctx.openDispatch(rel.objectId);
      return true;
    }
    // R-REL-4: retried on this target, within the deadline.
    if (!side.rules.retriesSwitchover() || side.ctx.clock.now() >= end) return false;
    await side.ctx.clock.sleep(side.ctx.timings.reconnectBackoffMs);
  }
}

/** The lifecycle callback, retried on this same target within the deadline (R-REL-4). */
async function lifecycle(side: RuledSide, rel: RelocationRecord, generation: number): Promise<boolean> {
  const end = side.ctx.clock.now() + side.ctx.timings.defaultDeadlineMs;
  for (;;) {
    const failed = side.ctx.takeFailpoint('relocation.lifecycle-callback-fails');
    side.ctx.app.lifecycle(side.ctx.rid, rel.objectId, generation, 'relocated-in', !failed);
    // R-REL-4: a failed callback is retried.
    if (side.rules.lifecycleDone(failed)) return true;
    // R-REL-4: after the commit there is no rollback, only a retry here.
    const undone = side.rules.afterLifecycleFailure(side, rel);
    if (undone) return undone;
    if (side.ctx.clock.now() >= end) return false;
    await side.ctx.clock.sleep(side.ctx.timings.reconnectBackoffMs);
  }
}
