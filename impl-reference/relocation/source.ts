// Planned relocation, the source's steps (spec section 5): record the relocation (stage preparing)
// -> ask the target to prepare -> on an explicit failure before relay-ready is accepted: cancel, keep
// everything (R-REL-1) -> accept relay-ready: record stage relay-ready-accepted, the irreversible
// boundary -> close source admission, relay the not-yet-executed messages to the target's temporary
// queue -> cutover submit. From the boundary on the source is never restored (R-REL-2, V13).

import type { ObjectKind, Rid } from '../../src/driver/types.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { Letter } from '../kernel/work.ts';
import { fail, ok, type WorkResult } from '../kernel/work.ts';
import { relocationKey, type RelocationRecord } from '../kernel/relocation-record.ts';
import type { RuledSide } from './relocation-rules.ts';
import { relayWaitMs } from './side.ts';
import { committedAt } from './follow.ts';

export async function relocate(side: RuledSide, objectId: string, target: Rid, generation: number | undefined): Promise<WorkResult | undefined> {
  const hosted = side.ctx.hosted(objectId);
  // One relocation of an object at a time from its source (spec line 95: the running source and
  // the selected target hand off). A second one started before the first passed relay-ready would
  // pass it too once the first committed, and hold and hand over an object this node no longer
  // owns: the instance then hosted here may be the target instance of the move back (seed 54).
  if (!hosted || side.forwarding.has(objectId) || side.rules.refusesWhileRelocating(side, objectId)) return fail('Unavailable');
  side.relocating.add(objectId);
  try {
    return await relocateFromHere(side, objectId, target, generation, hosted.kind);
  } finally {
    side.relocating.delete(objectId);
  }
}

async function relocateFromHere(side: RuledSide, objectId: string, target: Rid, generation: number | undefined, kind: ObjectKind): Promise<WorkResult | undefined> {
  // R-STO-3: grace does not extend a relocation's deadline.
  const rec = await side.rules.readOwnRecord(side, objectId);
  if (!rec || rec.state !== 'Ready' || rec.owner !== side.ctx.rid) return fail('Unavailable');
  // Relocation names the generation it moves; a mismatch is rejected (V08).
  if (!side.rules.generationMatches(generation, rec.generation)) return fail('GenerationMismatch');
  if (target === side.ctx.rid) return fail('RelocationFailed');
  const rel: RelocationRecord = { id: side.ctx.ids.uuid(), objectId, generation: rec.generation, source: side.ctx.rid, target, stage: 'preparing', writeId: '', startedAt: side.ctx.clock.now() };
  await side.change(relocationKey(rel), 0, rel);
  return toTarget(side, rel, kind, []);
}

export async function toTarget(side: RuledSide, rel: RelocationRecord, kind: ObjectKind, tried: Rid[]): Promise<WorkResult | undefined> {
  const { defaultDeadlineMs } = side.ctx.timings;
  // R-REL-1: admission closes only once relay-ready is accepted; the explicit-failure path below
  // has nothing to reopen.
  side.rules.beforePrepare(side, rel);
  const prepared = await side.ctx.sendWork(rel.target, { type: 'relocation-prepare', relocation: rel, kind }, defaultDeadlineMs);
  // V13: only a relay-ready reply lets the relocation past the boundary, not just any answer.
  if (!side.rules.isRelayReady(prepared)) {
    // An explicit failure before relay-ready was accepted: cancel, keep the source as it is,
    // choose no other target (R-REL-1).
    await side.setStage(rel, 'cancelled');
    void side.ctx.sendWork(rel.target, { type: 'relocation-cancel', relocationId: rel.id }, defaultDeadlineMs);
    // R-REL-1: the failed relocation is over; it is not tried again behind the requester's back.
    return side.rules.prepareFailed(side, rel, kind, tried);
  }
  // Accepting relay-ready is the irreversible boundary. Its record is a Store change like any other:
  // an unclear result is re-read, never guessed (V16): the source takes nothing back on a guess.
  if (side.ctx.takeFailpoint('relocation.relay-ready-record-reply-lost')) side.ctx.store.loseNextReply();
  // The source accepts relay-ready before it records it: from here it starts no message of the
  // object itself, or one could run here after the record says the target has them. If the record
  // cannot be made, dispatch stays held: whether the boundary passed is not guessed.
  const letGo = side.ctx.holdDispatch(rel.objectId);
  const passed = await side.rules.recordRelayReady(side, rel);
  if (!passed) return fail('RelocationFailed');
  rel = passed;
  if (side.ctx.takeFailpoint('relocation.crash-source-after-relay-ready')) {
    side.ctx.crash();
    return undefined;
  }
  side.forwarding.set(rel.objectId, { target: rel.target, until: Infinity, relocationId: rel.id, committed: false, letGo });
  // The not-yet-executed messages go to the target's temporary queue (R-REL-2: all of them).
  const waiting = side.rules.waitingToHandOver(side, rel.objectId);
  const submitFails = side.ctx.takeFailpoint('relocation.cutover-submit-fails');
  // Message Follow counts from the owner change, which the source learns of only later (the target
  // answers the cutover once its dispatch has switched over). What it can know is an instant no
  // later than the change: the cutover was sent before the target received it, and the target
  // says how long after receiving it the change applied (on its own clock: a duration, no clock
  // is shared). On a loaded machine the answer came well over 50 ms after the change.
  let changedNoLaterThan = side.ctx.clock.now();
  const submit = async () => {
    if (submitFails) return undefined;
    const sentAt = side.ctx.clock.now();
    const r = await side.ctx.sendWork(rel.target, { type: 'relocation-cutover', relocationId: rel.id }, defaultDeadlineMs);
    const after = r?.ok ? (r.value as { committedAfterReceiptMs?: unknown } | null)?.committedAfterReceiptMs : undefined;
    if (typeof after === 'number') changedNoLaterThan = sentAt + after;
    return r;
  };
  // V13: they go whatever the cutover submit does, so they are handed over before it.
  const committed = await side.rules.handOverThenSubmit(side, rel, waiting, submit);
  if (!committed?.ok) {
    // R-REL-2, V13: past the boundary the source is never restored. R-REL-5: the cutover may have
    // committed; the source does not take the object back.
    const undone = side.rules.cutoverNotConfirmed(side, rel, !submitFails);
    if (undone) return undone;
    // No rollback after the boundary: the target finishes through cutover receipt or the
    // fallback. Wait for the authority record to name it, within the deadline.
    const { owner, notBefore } = await awaitOwner(side, rel, side.ctx.timings.cutoverFallbackMs + defaultDeadlineMs / 2);
    changedNoLaterThan = Math.max(changedNoLaterThan, notBefore);
    if (owner !== rel.target) {
      // The target died before the commit: the relocation fails. The source is not restored
      // (R-REL-6) and no other target is tried (V14). Nor is it recovered by cold activation: an
      // Instance Spot keeps its authority record (V12).
      return side.rules.targetLostBeforeCommit(side, rel, kind, tried);
    }
  }
  committedAt(side, rel.objectId, changedNoLaterThan);
  if (side.ctx.takeFailpoint('relocation.crash-source-after-commit')) {
    side.ctx.crash();
    return undefined;
  }
  return ok({ objectId: rel.objectId, generation: rel.generation, owner: rel.target });
}

/** Relay messages the source had not run into the target's temporary queue. */
export function handOver(side: RuledSide, rel: RelocationRecord, letters: Array<Letter & { resolve(r: WorkResult | undefined): void }>): void {
  for (const letter of letters) {
    void side.ctx.sendWork(rel.target, { type: 'relocation-relay', relocationId: rel.id, objectId: rel.objectId, letter: { opId: letter.opId, payload: letter.payload } }, relayWaitMs(side)).then(letter.resolve);
  }
}

/**
 * The owner the authority record names once it is the target, or when waiting is over. `notBefore`:
 * when the last read that did not name the target was sent (the change came after it).
 */
async function awaitOwner(side: RuledSide, rel: RelocationRecord, withinMs: number): Promise<{ owner: Rid | undefined; notBefore: number }> {
  const end = side.ctx.clock.now() + withinMs;
  let notBefore = 0;
  for (;;) {
    const asked = side.ctx.clock.now();
    const rec = (await side.ctx.store.read<LocationRecord>(objectKey(rel.objectId))).value;
    if (rec?.owner === rel.target || side.ctx.clock.now() >= end || !side.ctx.alive()) return { owner: rec?.owner, notBefore };
    notBefore = asked;
    await side.ctx.clock.sleep(side.ctx.timings.reconnectBackoffMs);
  }
}
