// Planned relocation, the target's steps (spec section 5): prepare an instance and a temporary
// queue -> on cutover receipt, or the fallback after relay-ready was accepted, commit the owner
// change in the Location Store keeping the ObjectGeneration (R-REL-7); an unclear commit is re-read
// before target dispatch opens (R-REL-3, V16) -> lifecycle callback and dispatch switchover, retried
// on this same target within the deadline (R-REL-4) -> location updates.

import type { ObjectKind } from '../../src/driver/types.ts';
import type { ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import {
  abandonPrepared,
  activateForFirstRelay,
  commitDroppingQueue,
  commitRereadIgnoresOwnWrite,
  commitRereadOffByOne,
  guessCommit,
  rollBackAfterCommit,
} from '../mutants/relocation.ts';
import type { Letter } from '../objects/mailbox.ts';
import { fail, ok, type WorkResult } from '../node/work.ts';
import { relocationKey, type RelocationRecord } from './records.ts';
import type { Prepared, Relocator } from './side.ts';

export function prepare(side: Relocator, rel: RelocationRecord, kind: ObjectKind): WorkResult {
  // R-REL-1: a prepare that fails leaves nothing behind (the mutant sets up first and keeps it).
  if (side.ctx.broken('failed-prepare-not-discarded')) side.ctx.prepare({ objectId: rel.objectId, kind, generation: rel.generation });
  if (side.ctx.takeFailpoint('relocation.fail-before-relay-ready')) return fail('RelocationFailed');
  // An instance and its temporary queue; nothing is dispatched before the owner change commits.
  // The state is handed over: no factory, no first message - this is not a cold activation (R-INST-6).
  if (kind === 'instance-spot' && side.ctx.broken('relocation-as-cold-activation')) {
    side.ctx.app.factory(side.ctx.rid, rel.objectId, rel.generation, undefined).catch(() => {});
  }
  side.ctx.prepare({ objectId: rel.objectId, kind, generation: rel.generation });
  // R-REL-3: the temporary queue holds what is relayed until the owner change is known.
  if (side.ctx.broken('temporary-queue-not-held')) side.ctx.openDispatch(rel.objectId);
  const p: Prepared = { rel, kind };
  // If no cutover arrives, the target continues on its own once relay-ready was accepted (R-REL-2),
  // 1,000 ms after it (the mutant first waits out a whole cutover deadline).
  const fallbackMs = side.ctx.timings.cutoverFallbackMs + (side.ctx.broken('fallback-after-cutover-deadline') ? side.ctx.timings.defaultDeadlineMs : 0);
  // A fallback commit that cannot reach the Store fails the relocation here; it must not take the
  // process down (an unhandled rejection would), and a cutover that arrives later may still commit.
  p.fallback = side.ctx.clock.setTimeout(() => void commit(side, rel.id, 'fallback').catch(() => undefined), fallbackMs);
  if (side.ctx.broken('no-cutover-fallback')) side.ctx.clock.clearTimer(p.fallback);
  side.prepared.set(rel.id, p);
  return ok({ relayReady: true });
}

export function cancel(side: Relocator, relocationId: string): WorkResult {
  const p = side.prepared.get(relocationId);
  if (p && !p.committing) {
    side.ctx.clock.clearTimer(p.fallback);
    side.prepared.delete(relocationId);
    side.ctx.dispose(p.rel.objectId); // the target instance and its temporary queue are discarded
  }
  return ok({ cancelled: true });
}

export async function relay(side: Relocator, relocationId: string, objectId: string, letter: Letter): Promise<WorkResult | undefined> {
  const p = side.prepared.get(relocationId);
  if (!p && !side.ctx.hosted(objectId)) return fail('Unavailable');
  // R-INST-6: a relayed message is not a first message: nothing is activated for it.
  if (p?.kind === 'instance-spot' && side.ctx.broken('relayed-message-activates-spot')) await activateForFirstRelay(side, p);
  return side.ctx.post(objectId, letter);
}

export async function cutover(side: Relocator, relocationId: string): Promise<WorkResult | undefined> {
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

export function commit(side: Relocator, relocationId: string, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined> {
  const p = side.prepared.get(relocationId);
  if (!p) return Promise.resolve(fail('Unavailable'));
  side.ctx.clock.clearTimer(p.fallback);
  p.committing ??= doCommit(side, p, how).catch((e) => {
    p.committing = undefined; // not committed: a later cutover tries again
    throw e;
  });
  return p.committing;
}

async function doCommit(side: Relocator, p: Prepared, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined> {
  if (!side.ctx.alive()) return undefined;
  const { rel } = p;
  // R-REL-2: on the fallback the target continues alone, whether or not the source still runs.
  if (how === 'fallback' && side.ctx.broken('fallback-needs-live-source') && (await side.ctx.store.leaseExpiry(rel.source)) === null) return abandonPrepared(side, rel);
  const relCur = await side.ctx.store.read<RelocationRecord>(relocationKey(rel));
  if (relCur.value?.stage !== 'relay-ready-accepted') {
    // The source never accepted relay-ready (or cancelled): there is nothing to continue.
    side.prepared.delete(rel.id);
    side.ctx.dispose(rel.objectId);
    return fail('RelocationFailed');
  }
  const cur = await side.ctx.store.read<LocationRecord>(objectKey(rel.objectId));
  const rec = cur.value;
  if (!rec || rec.owner !== rel.source || rec.generation !== rel.generation) return fail('RelocationFailed');
  // The owner change keeps the ObjectGeneration (R-REL-7).
  const generation = side.ctx.broken('relocation-new-generation') ? rec.generation + 1 : rec.generation;
  const next: LocationRecord = { ...rec, owner: side.ctx.rid, generation, writeId: '' };
  // Target dispatch is a gate: it opens only once the commit is known, re-read if unclear (V16).
  if (side.ctx.broken('dispatch-before-reread')) side.ctx.openDispatch(rel.objectId);
  const sentAt = side.ctx.clock.now();
  const r = await commitOwnerChange(side, rel.objectId, cur.version, next);
  if (!r.applied) return fail('RelocationFailed');
  p.committedAt = sentAt;
  // This node owns the object again (it was relocated back here): a Message Follow it kept from
  // moving it away earlier is over, or it would follow the object's messages to where it was (R-OBJ-3).
  if (!side.ctx.broken('follow-outlives-return')) side.forwarding.delete(rel.objectId);
  if (side.ctx.takeFailpoint('relocation.crash-target-after-commit')) {
    side.ctx.crash();
    return undefined;
  }
  await side.setStage(rel, 'committed');
  // R-INST-6: a relocated Instance Spot gets its lifecycle callback like any object.
  const callback = p.kind === 'actor' || !side.ctx.broken('spot-relocation-skips-lifecycle');
  if (callback && !(await lifecycle(side, rel, generation))) return fail('RelocationFailed');
  side.prepared.delete(rel.id);
  // Dispatch switchover: the temporary queue runs here now, retried on this target within the deadline (R-REL-4).
  if (!(await switchDispatch(side, rel))) return fail('RelocationFailed');
  side.ctx.broadcastLocationUpdate({ objectId: rel.objectId, generation, owner: side.ctx.rid });
  return ok({ committed: true });
}

/** The owner change in the Location Store: an unclear result is re-read, never guessed (R-REL-3, V16). */
function commitOwnerChange(side: Relocator, objectId: string, version: number, next: LocationRecord): Promise<ChangeResult | { applied: boolean }> {
  if (side.ctx.broken('commit-guessed')) return guessCommit(side.ctx.store, side.ctx.ids, objectId, version, next);
  if (side.ctx.broken('commit-reread-off-by-one')) return commitRereadOffByOne(side, objectId, version, next);
  if (side.ctx.broken('commit-reread-ignores-own-write')) return commitRereadIgnoresOwnWrite(side, objectId, version, next);
  if (side.ctx.broken('unclear-commit-drops-temporary-queue')) return commitDroppingQueue(side, objectId, version, next);
  return side.change(objectKey(objectId), version, next);
}

/** Open target dispatch; a failed switchover is retried on this same target within the deadline (R-REL-4). */
async function switchDispatch(side: Relocator, rel: RelocationRecord): Promise<boolean> {
  const end = side.ctx.clock.now() + side.ctx.timings.defaultDeadlineMs;
  for (;;) {
    if (!side.ctx.takeFailpoint('relocation.dispatch-switchover-fails')) {
      side.ctx.openDispatch(rel.objectId);
      return true;
    }
    // R-REL-4: the mutant gives up after the first failed switchover.
    if (side.ctx.broken('dispatch-switchover-not-retried') || side.ctx.clock.now() >= end) return false;
    await side.ctx.clock.sleep(side.ctx.timings.reconnectBackoffMs);
  }
}

/** The lifecycle callback, retried on this same target within the deadline (R-REL-4). */
async function lifecycle(side: Relocator, rel: RelocationRecord, generation: number): Promise<boolean> {
  const end = side.ctx.clock.now() + side.ctx.timings.defaultDeadlineMs;
  for (;;) {
    const failed = side.ctx.takeFailpoint('relocation.lifecycle-callback-fails');
    side.ctx.app.lifecycle(side.ctx.rid, rel.objectId, generation, 'relocated-in', !failed);
    // R-REL-4: a failed callback is retried (the mutant carries on as if it had succeeded).
    if (!failed || side.ctx.broken('lifecycle-failure-not-retried')) return true;
    // R-REL-4: after the commit there is no rollback, only a retry here.
    if (side.ctx.broken('rollback-after-commit')) return rollBackAfterCommit(side, rel);
    if (side.ctx.clock.now() >= end) return false;
    await side.ctx.clock.sleep(side.ctx.timings.reconnectBackoffMs);
  }
}
