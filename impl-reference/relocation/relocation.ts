// Planned host relocation (spec section 5), both roles on one node.
//
// Source (the owner):  record the relocation (stage preparing) -> ask the target to prepare ->
//   on an explicit failure before relay-ready is accepted: cancel, keep everything (R-REL-1) ->
//   accept relay-ready: record stage relay-ready-accepted, the irreversible boundary ->
//   close source admission, relay the not-yet-executed messages to the target's temporary queue ->
//   cutover submit. From the boundary on the source is never restored (R-REL-2, V13).
// Target: prepare an instance and a temporary queue -> on cutover receipt, or the fallback after
//   relay-ready was accepted, commit the owner change in the Location Store keeping the
//   ObjectGeneration (R-REL-7); an unclear commit is re-read before target dispatch opens
//   (R-REL-3, V16) -> lifecycle callback and dispatch switchover, retried on this same target within
//   the deadline (R-REL-4) -> location updates; the source then follows messages to the target for
//   MessageFollowDuration (R-OBJ-3).
// Nothing here survives a process: a restarted node has no relocation to resume (R-REL-6, V14).

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { ObjectKind, RelocationStage, Rid } from '../../src/driver/types.ts';
import type { TestApp } from '../node/app.ts';
import { changeRecord, newWriteId, type ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { Broken } from '../mutants/index.ts';
import {
  abandonPrepared,
  activateForFirstRelay,
  cancelUnfinished,
  commitDroppingQueue,
  commitRereadIgnoresOwnWrite,
  commitRereadOffByOne,
  followAgain,
  followFromStore,
  guessCommit,
  handOverAfterCutover,
  markMissingWhenTargetLost,
  releaseForColdActivation,
  resumeRelocations,
  retryInBackground,
  rollBack,
  rollBackAfterCommit,
  takeBack,
  tryAnotherTarget,
  watchTargetWhileFollowing,
  setStageGuessingFailure,
  readThroughGrace,
} from '../mutants/relocation.ts';
import type { Letter } from '../objects/mailbox.ts';
import type { NodeStore } from '../store/node-store.ts';
import { fail, ok, type Work, type WorkResult } from '../node/work.ts';
import { relocationKey, type RelocationRecord } from './records.ts';

export type RelocationFailpoint =
  | 'relocation.fail-before-relay-ready'
  | 'relocation.cutover-submit-fails'
  | 'relocation.crash-source-after-relay-ready'
  | 'relocation.crash-target-before-commit'
  | 'relocation.crash-target-after-commit'
  | 'relocation.crash-source-after-commit'
  | 'relocation.lifecycle-callback-fails'
  | 'relocation.relay-ready-record-reply-lost'
  | 'relocation.dispatch-switchover-fails';

/** What the relocation roles need from the node and its object host. */
export interface RelocationContext {
  rid: Rid;
  clock: Clock;
  ids: Ids;
  store: NodeStore;
  app: TestApp;
  broken: Broken;
  timings: { cutoverFallbackMs: number; defaultDeadlineMs: number; reconnectBackoffMs: number; storeFailureGraceMs: number };
  messageFollowMs(): number;
  alive(): boolean;
  takeFailpoint(name: RelocationFailpoint): boolean;
  crash(): void;
  /** Send work to another node (or this one) and wait for its answer; undefined if none came. */
  sendWork(target: Rid, work: Work, deadlineMs: number, opId?: string): Promise<WorkResult | undefined>;
  /** Tell every node where the object is now (Session owners move their bindings). */
  broadcastLocationUpdate(u: { objectId: string; generation: number; owner: Rid }): void;
  // The object host's side:
  hosted(objectId: string): { kind: ObjectKind; generation: number } | undefined;
  /** Close admission of the hosted instance and hand back the messages it has not run. */
  takeWaiting(objectId: string): Array<Letter & { resolve(r: WorkResult | undefined): void }>;
  /** The hosted instance starts no further message (the one running finishes). */
  holdDispatch(objectId: string): void;
  reopenAdmission(objectId: string): void;
  dispose(objectId: string): void;
  /** Host a prepared instance whose mailbox (the temporary queue) is closed. */
  prepare(rec: { objectId: string; kind: ObjectKind; generation: number }): void;
  post(objectId: string, letter: Letter): Promise<WorkResult | undefined>;
  openDispatch(objectId: string): void;
}

interface Prepared {
  rel: RelocationRecord;
  kind: ObjectKind;
  fallback?: TimerId;
  committing?: Promise<WorkResult | undefined>;
  /** This node's clock when it sent its owner change to the Store (the change applied after). */
  committedAt?: number;
}

// What mutants/relocation.ts uses of this class (its RelocationSide) is not private here.
export class Relocations {
  /** Source side: objects whose admission is closed, and where their messages go. */
  readonly forwarding = new Map<string, { target: Rid; until: number; relocationId: string; committed: boolean }>();
  /** Target side: prepared relocations waiting for cutover. */
  readonly prepared = new Map<string, Prepared>();

  constructor(readonly ctx: RelocationContext) {}

  change<T extends { writeId: string }>(key: string, version: number, value: T) {
    return changeRecord(this.ctx.store, key, version, { ...value, writeId: newWriteId(this.ctx.ids) }, this.ctx.broken, {
      retryForMs: this.ctx.timings.storeFailureGraceMs,
      backoffMs: this.ctx.timings.reconnectBackoffMs,
      clock: this.ctx.clock,
    });
  }

  async setStage(rel: RelocationRecord, stage: RelocationStage): Promise<RelocationRecord> {
    const cur = await this.ctx.store.read<RelocationRecord>(relocationKey(rel));
    const next = { ...rel, stage };
    await this.change(relocationKey(rel), cur.version, next);
    return next;
  }

  // ---- source ----------------------------------------------------------------------------------

  async relocate(objectId: string, target: Rid, generation: number | undefined): Promise<WorkResult | undefined> {
    const hosted = this.ctx.hosted(objectId);
    if (!hosted || this.forwarding.has(objectId)) return fail('Unavailable');
    // R-STO-3: grace does not extend a relocation's deadline; the mutant waits out the Store for the grace.
    const rec = this.ctx.broken('relocation-waits-out-grace')
      ? (await readThroughGrace(this.ctx.store, objectKey(objectId), this.ctx.timings, this.ctx.clock)).value as LocationRecord | null
      : (await this.ctx.store.read<LocationRecord>(objectKey(objectId))).value;
    if (!rec || rec.state !== 'Ready' || rec.owner !== this.ctx.rid) return fail('Unavailable');
    // Relocation names the generation it moves; a mismatch is rejected (V08).
    if (generation !== undefined && generation !== rec.generation && !this.ctx.broken('relocate-ignores-generation')) return fail('GenerationMismatch');
    if (target === this.ctx.rid) return fail('RelocationFailed');
    const rel: RelocationRecord = { id: this.ctx.ids.uuid(), objectId, generation: rec.generation, source: this.ctx.rid, target, stage: 'preparing', writeId: '', startedAt: this.ctx.clock.now() };
    await this.change(relocationKey(rel), 0, rel);
    return this.toTarget(rel, hosted.kind, []);
  }

  async toTarget(rel: RelocationRecord, kind: ObjectKind, tried: Rid[]): Promise<WorkResult | undefined> {
    const { defaultDeadlineMs } = this.ctx.timings;
    // R-REL-1: admission closes only once relay-ready is accepted; the mutant closes it here, and the
    // explicit-failure path below (which has nothing to reopen) leaves it closed.
    if (this.ctx.broken('admission-not-reopened-after-failed-prepare')) this.forwarding.set(rel.objectId, { target: rel.target, until: Infinity, relocationId: rel.id, committed: false });
    const prepared = await this.ctx.sendWork(rel.target, { type: 'relocation-prepare', relocation: rel, kind }, defaultDeadlineMs);
    // V13: only a relay-ready reply lets the relocation past the boundary, not just any answer.
    if (this.ctx.broken('prepare-failure-taken-as-relay-ready') ? !prepared : !prepared?.ok) {
      // An explicit failure before relay-ready was accepted: cancel, keep the source as it is,
      // choose no other target (R-REL-1).
      await this.setStage(rel, 'cancelled');
      void this.ctx.sendWork(rel.target, { type: 'relocation-cancel', relocationId: rel.id }, defaultDeadlineMs);
      if (this.ctx.broken('relocation-tries-another-target')) return tryAnotherTarget(this, rel, kind, tried, 'prepare-failed');
      // R-REL-1: the failed relocation is over; it is not tried again behind the requester's back.
      if (this.ctx.broken('failed-prepare-retried-in-background') && !tried.includes(rel.target)) retryInBackground(this, rel, kind);
      return fail('RelocationFailed');
    }
    // Accepting relay-ready is the irreversible boundary. Its record is a Store change like any other:
    // an unclear result is re-read, never guessed (V16): the source takes nothing back on a guess.
    if (this.ctx.takeFailpoint('relocation.relay-ready-record-reply-lost')) this.ctx.store.loseNextReply();
    // The source accepts relay-ready before it records it: from here it starts no message of the
    // object itself, or one could run here after the record says the target has them. If the record
    // cannot be made, dispatch stays held: whether the boundary passed is not guessed.
    this.ctx.holdDispatch(rel.objectId);
    if (this.ctx.broken('unclear-boundary-taken-as-failed')) {
      const passed = await setStageGuessingFailure(this, rel, 'relay-ready-accepted');
      if (!passed) return fail('RelocationFailed');
      rel = passed;
    } else rel = await this.setStage(rel, 'relay-ready-accepted');
    if (this.ctx.takeFailpoint('relocation.crash-source-after-relay-ready')) {
      this.ctx.crash();
      return undefined;
    }
    this.forwarding.set(rel.objectId, { target: rel.target, until: Infinity, relocationId: rel.id, committed: false });
    // The not-yet-executed messages go to the target's temporary queue (R-REL-2: all of them).
    const waiting = this.ctx.broken('waiting-messages-not-handed-over') ? [] : this.ctx.takeWaiting(rel.objectId);
    const submitFails = this.ctx.takeFailpoint('relocation.cutover-submit-fails');
    // Message Follow counts from the owner change, which the source learns of only later (the target
    // answers the cutover once its dispatch has switched over). What it can know is an instant no
    // later than the change: the cutover was sent before the target received it, and the target
    // says how long after receiving it the change applied (on its own clock: a duration, no clock
    // is shared). On a loaded machine the answer came well over 50 ms after the change.
    let changedNoLaterThan = this.ctx.clock.now();
    const submit = async () => {
      if (submitFails) return undefined;
      const sentAt = this.ctx.clock.now();
      const r = await this.ctx.sendWork(rel.target, { type: 'relocation-cutover', relocationId: rel.id }, defaultDeadlineMs);
      const after = r?.ok ? (r.value as { committedAfterReceiptMs?: unknown } | null)?.committedAfterReceiptMs : undefined;
      if (typeof after === 'number') changedNoLaterThan = sentAt + after;
      return r;
    };
    // V13: they go whatever the cutover submit does, so they are handed over before it.
    const committed = this.ctx.broken('handover-waits-for-cutover') ? await handOverAfterCutover(this, rel, waiting, submit) : (this.handOver(rel, waiting), await submit());
    if (!committed?.ok) {
      // R-REL-2, V13: past the boundary the source is never restored.
      if (this.ctx.broken('rollback-after-relay-ready')) return rollBack(this, rel);
      // R-REL-5: the cutover may have committed; the source does not take the object back.
      if (this.ctx.broken('source-takes-over-after-commit') && !submitFails) return takeBack(this, rel);
      // No rollback after the boundary: the target finishes through cutover receipt or the
      // fallback. Wait for the authority record to name it, within the deadline.
      const { owner, notBefore } = await this.awaitOwner(rel, this.ctx.timings.cutoverFallbackMs + defaultDeadlineMs / 2);
      changedNoLaterThan = Math.max(changedNoLaterThan, notBefore);
      if (owner !== rel.target) {
        // The target died before the commit: the relocation fails. The source is not restored
        // (R-REL-6) and no other target is tried (V14).
        if (this.ctx.broken('source-restored-after-target-death')) return rollBack(this, rel);
        if (this.ctx.broken('relocation-tries-another-target')) return tryAnotherTarget(this, rel, kind, tried, 'target-lost');
        // V12: nor is it recovered by cold activation: an Instance Spot keeps its authority record.
        if (kind === 'instance-spot' && this.ctx.broken('failed-relocation-releases-spot')) return releaseForColdActivation(this, rel);
        return fail('RelocationFailed');
      }
    }
    this.committedAt(rel.objectId, changedNoLaterThan);
    if (this.ctx.takeFailpoint('relocation.crash-source-after-commit')) {
      this.ctx.crash();
      return undefined;
    }
    return ok({ objectId: rel.objectId, generation: rel.generation, owner: rel.target });
  }

  /** Relay messages the source had not run into the target's temporary queue. */
  handOver(rel: RelocationRecord, letters: Array<Letter & { resolve(r: WorkResult | undefined): void }>): void {
    for (const letter of letters) {
      void this.ctx.sendWork(rel.target, { type: 'relocation-relay', relocationId: rel.id, objectId: rel.objectId, letter: { opId: letter.opId, payload: letter.payload } }, this.relayWaitMs()).then(letter.resolve);
    }
  }

  /**
   * How long a relayed message may wait for its answer: the target holds it in its temporary queue
   * until it commits, which may be the whole cutover fallback, and then runs it. (The caller's own
   * deadline still ends the operation at the caller.)
   */
  private relayWaitMs(): number {
    return this.ctx.timings.cutoverFallbackMs + this.ctx.timings.defaultDeadlineMs;
  }

  /**
   * The owner the authority record names once it is the target, or when waiting is over. `notBefore`:
   * when the last read that did not name the target was sent (the change came after it).
   */
  private async awaitOwner(rel: RelocationRecord, withinMs: number): Promise<{ owner: Rid | undefined; notBefore: number }> {
    const end = this.ctx.clock.now() + withinMs;
    let notBefore = 0;
    for (;;) {
      const asked = this.ctx.clock.now();
      const rec = (await this.ctx.store.read<LocationRecord>(objectKey(rel.objectId))).value;
      if (rec?.owner === rel.target || this.ctx.clock.now() >= end || !this.ctx.alive()) return { owner: rec?.owner, notBefore };
      notBefore = asked;
      await this.ctx.clock.sleep(this.ctx.timings.reconnectBackoffMs);
    }
  }

  /**
   * The owner change committed, at `changedNoLaterThan` or after: the source follows messages to the
   * target for the duration from there, so it never follows longer than the duration after the change.
   */
  private committedAt(objectId: string, changedNoLaterThan: number): void {
    const f = this.forwarding.get(objectId);
    if (!f || f.committed) return;
    f.committed = true;
    f.until = changedNoLaterThan + this.ctx.messageFollowMs();
    // R-REL-5, V14: Message Follow follows a committed move; it never takes the object back.
    if (this.ctx.broken('follow-window-fails-over')) watchTargetWhileFollowing(this, objectId, f.target, this.ctx.hosted(objectId));
    // R-REL-5: a dead target stays the owner, and the object Unavailable; nothing releases it either.
    if (this.ctx.broken('dead-target-marked-missing')) markMissingWhenTargetLost(this, objectId, f.target);
    this.ctx.dispose(objectId);
  }

  /**
   * A message for an object this node no longer runs. While relocating it joins the target's
   * temporary queue; after the commit, Message Follow delivers it to the committed target while
   * the duration lasts. Returns undefined when this node has nothing to follow.
   */
  follow(objectId: string, letter: Letter): Promise<WorkResult | undefined> | undefined {
    const f = this.forwarding.get(objectId);
    // R-REL-6: what this process follows is only what it set up itself (a restarted one follows nothing).
    if (!f) return !this.ctx.hosted(objectId) && this.ctx.broken('follow-reloaded-from-relocation-store') ? followFromStore(this, objectId, letter) : undefined;
    const { defaultDeadlineMs } = this.ctx.timings;
    if (!f.committed) {
      return this.ctx.sendWork(f.target, { type: 'relocation-relay', relocationId: f.relocationId, objectId, letter }, this.relayWaitMs());
    }
    // R-OBJ-3: after the commit the source follows messages to the target, for the duration only.
    const over = this.ctx.clock.now() >= f.until || this.ctx.broken('no-message-follow');
    if (over && !this.ctx.broken('message-follow-ignores-duration')) return Promise.resolve(fail('Unavailable'));
    // R-OBJ-3: the duration counts from the commit; following a message does not extend it.
    if (this.ctx.broken('message-follow-extended-by-use')) f.until = this.ctx.clock.now() + this.ctx.messageFollowMs();
    return this.ctx.sendWork(f.target, { type: 'message', objectId, payload: letter.payload as never, instanceIntent: false }, defaultDeadlineMs, letter.opId);
  }

  // ---- target ------------------------------------------------------------------------------------

  prepare(rel: RelocationRecord, kind: ObjectKind): WorkResult {
    // R-REL-1: a prepare that fails leaves nothing behind (the mutant sets up first and keeps it).
    if (this.ctx.broken('failed-prepare-not-discarded')) this.ctx.prepare({ objectId: rel.objectId, kind, generation: rel.generation });
    if (this.ctx.takeFailpoint('relocation.fail-before-relay-ready')) return fail('RelocationFailed');
    // An instance and its temporary queue; nothing is dispatched before the owner change commits.
    // The state is handed over: no factory, no first message - this is not a cold activation (R-INST-6).
    if (kind === 'instance-spot' && this.ctx.broken('relocation-as-cold-activation')) {
      this.ctx.app.factory(this.ctx.rid, rel.objectId, rel.generation, undefined).catch(() => {});
    }
    this.ctx.prepare({ objectId: rel.objectId, kind, generation: rel.generation });
    // R-REL-3: the temporary queue holds what is relayed until the owner change is known.
    if (this.ctx.broken('temporary-queue-not-held')) this.ctx.openDispatch(rel.objectId);
    const p: Prepared = { rel, kind };
    // If no cutover arrives, the target continues on its own once relay-ready was accepted (R-REL-2),
    // 1,000 ms after it (the mutant first waits out a whole cutover deadline).
    const fallbackMs = this.ctx.timings.cutoverFallbackMs + (this.ctx.broken('fallback-after-cutover-deadline') ? this.ctx.timings.defaultDeadlineMs : 0);
    // A fallback commit that cannot reach the Store fails the relocation here; it must not take the
    // process down (an unhandled rejection would), and a cutover that arrives later may still commit.
    p.fallback = this.ctx.clock.setTimeout(() => void this.commit(rel.id, 'fallback').catch(() => undefined), fallbackMs);
    if (this.ctx.broken('no-cutover-fallback')) this.ctx.clock.clearTimer(p.fallback);
    this.prepared.set(rel.id, p);
    return ok({ relayReady: true });
  }

  cancel(relocationId: string): WorkResult {
    const p = this.prepared.get(relocationId);
    if (p && !p.committing) {
      this.ctx.clock.clearTimer(p.fallback);
      this.prepared.delete(relocationId);
      this.ctx.dispose(p.rel.objectId); // the target instance and its temporary queue are discarded
    }
    return ok({ cancelled: true });
  }

  async relay(relocationId: string, objectId: string, letter: Letter): Promise<WorkResult | undefined> {
    const p = this.prepared.get(relocationId);
    if (!p && !this.ctx.hosted(objectId)) return fail('Unavailable');
    // R-INST-6: a relayed message is not a first message: nothing is activated for it.
    if (p?.kind === 'instance-spot' && this.ctx.broken('relayed-message-activates-spot')) await activateForFirstRelay(this, p);
    return this.ctx.post(objectId, letter);
  }

  async cutover(relocationId: string): Promise<WorkResult | undefined> {
    const receivedAt = this.ctx.clock.now();
    if (this.ctx.takeFailpoint('relocation.crash-target-before-commit')) {
      this.ctx.crash();
      return undefined;
    }
    const p = this.prepared.get(relocationId);
    const r = await this.commit(relocationId, 'cutover');
    // The source counts Message Follow from the change: it is told when that was, from this receipt.
    if (r?.ok && p?.committedAt !== undefined) return ok({ ...(r.value as object), committedAfterReceiptMs: p.committedAt - receivedAt });
    return r;
  }

  commit(relocationId: string, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined> {
    const p = this.prepared.get(relocationId);
    if (!p) return Promise.resolve(fail('Unavailable'));
    this.ctx.clock.clearTimer(p.fallback);
    p.committing ??= this.doCommit(p, how).catch((e) => {
      p.committing = undefined; // not committed: a later cutover tries again
      throw e;
    });
    return p.committing;
  }

  private async doCommit(p: Prepared, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined> {
    if (!this.ctx.alive()) return undefined;
    const { rel } = p;
    // R-REL-2: on the fallback the target continues alone, whether or not the source still runs.
    if (how === 'fallback' && this.ctx.broken('fallback-needs-live-source') && (await this.ctx.store.leaseExpiry(rel.source)) === null) return abandonPrepared(this, rel);
    const relCur = await this.ctx.store.read<RelocationRecord>(relocationKey(rel));
    if (relCur.value?.stage !== 'relay-ready-accepted') {
      // The source never accepted relay-ready (or cancelled): there is nothing to continue.
      this.prepared.delete(rel.id);
      this.ctx.dispose(rel.objectId);
      return fail('RelocationFailed');
    }
    const cur = await this.ctx.store.read<LocationRecord>(objectKey(rel.objectId));
    const rec = cur.value;
    if (!rec || rec.owner !== rel.source || rec.generation !== rel.generation) return fail('RelocationFailed');
    // The owner change keeps the ObjectGeneration (R-REL-7).
    const generation = this.ctx.broken('relocation-new-generation') ? rec.generation + 1 : rec.generation;
    const next: LocationRecord = { ...rec, owner: this.ctx.rid, generation, writeId: '' };
    // Target dispatch is a gate: it opens only once the commit is known, re-read if unclear (V16).
    if (this.ctx.broken('dispatch-before-reread')) this.ctx.openDispatch(rel.objectId);
    const sentAt = this.ctx.clock.now();
    const r = await this.commitOwnerChange(rel.objectId, cur.version, next);
    if (!r.applied) return fail('RelocationFailed');
    p.committedAt = sentAt;
    // This node owns the object again (it was relocated back here): a Message Follow it kept from
    // moving it away earlier is over, or it would follow the object's messages to where it was (R-OBJ-3).
    if (!this.ctx.broken('follow-outlives-return')) this.forwarding.delete(rel.objectId);
    if (this.ctx.takeFailpoint('relocation.crash-target-after-commit')) {
      this.ctx.crash();
      return undefined;
    }
    await this.setStage(rel, 'committed');
    // R-INST-6: a relocated Instance Spot gets its lifecycle callback like any object.
    const callback = p.kind === 'actor' || !this.ctx.broken('spot-relocation-skips-lifecycle');
    if (callback && !(await this.lifecycle(rel, generation))) return fail('RelocationFailed');
    this.prepared.delete(rel.id);
    // Dispatch switchover: the temporary queue runs here now, retried on this target within the deadline (R-REL-4).
    if (!(await this.switchDispatch(rel))) return fail('RelocationFailed');
    this.ctx.broadcastLocationUpdate({ objectId: rel.objectId, generation, owner: this.ctx.rid });
    return ok({ committed: true });
  }

  /** The owner change in the Location Store: an unclear result is re-read, never guessed (R-REL-3, V16). */
  private commitOwnerChange(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult | { applied: boolean }> {
    if (this.ctx.broken('commit-guessed')) return guessCommit(this.ctx.store, this.ctx.ids, objectId, version, next);
    if (this.ctx.broken('commit-reread-off-by-one')) return commitRereadOffByOne(this, objectId, version, next);
    if (this.ctx.broken('commit-reread-ignores-own-write')) return commitRereadIgnoresOwnWrite(this, objectId, version, next);
    if (this.ctx.broken('unclear-commit-drops-temporary-queue')) return commitDroppingQueue(this, objectId, version, next);
    return this.change(objectKey(objectId), version, next);
  }

  /** Open target dispatch; a failed switchover is retried on this same target within the deadline (R-REL-4). */
  private async switchDispatch(rel: RelocationRecord): Promise<boolean> {
    const end = this.ctx.clock.now() + this.ctx.timings.defaultDeadlineMs;
    for (;;) {
      if (!this.ctx.takeFailpoint('relocation.dispatch-switchover-fails')) {
        this.ctx.openDispatch(rel.objectId);
        return true;
      }
      // R-REL-4: the mutant gives up after the first failed switchover.
      if (this.ctx.broken('dispatch-switchover-not-retried') || this.ctx.clock.now() >= end) return false;
      await this.ctx.clock.sleep(this.ctx.timings.reconnectBackoffMs);
    }
  }

  /** The lifecycle callback, retried on this same target within the deadline (R-REL-4). */
  private async lifecycle(rel: RelocationRecord, generation: number): Promise<boolean> {
    const end = this.ctx.clock.now() + this.ctx.timings.defaultDeadlineMs;
    for (;;) {
      const failed = this.ctx.takeFailpoint('relocation.lifecycle-callback-fails');
      this.ctx.app.lifecycle(this.ctx.rid, rel.objectId, generation, 'relocated-in', !failed);
      // R-REL-4: a failed callback is retried (the mutant carries on as if it had succeeded).
      if (!failed || this.ctx.broken('lifecycle-failure-not-retried')) return true;
      // R-REL-4: after the commit there is no rollback, only a retry here.
      if (this.ctx.broken('rollback-after-commit')) return rollBackAfterCommit(this, rel);
      if (this.ctx.clock.now() >= end) return false;
      await this.ctx.clock.sleep(this.ctx.timings.reconnectBackoffMs);
    }
  }

  /** A restarted process starts with nothing of the one before it: it resumes nothing. */
  async resumeAfterRestart(): Promise<void> {
    // R-OBJ-3: Message Follow ends with the process that did it.
    if (this.ctx.broken('message-follow-survives-restart')) await followAgain(this);
    // R-REL-6: a relocation whose target died is over; the restarted target does not commit it.
    if (this.ctx.broken('relocation-resumes-after-restart')) await resumeRelocations(this);
    // V14: nor does it settle them: a relocation it was part of stays where it stopped.
    if (this.ctx.broken('restart-cancels-unfinished-relocations')) await cancelUnfinished(this);
  }

  stopAll(): void {
    for (const p of this.prepared.values()) this.ctx.clock.clearTimer(p.fallback);
    this.prepared.clear();
    this.forwarding.clear();
  }
}
