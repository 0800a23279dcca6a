// Mutants of planned relocation and Message Follow (spec 5, 4.2; relocation/source.ts, target.ts, follow.ts): the
// rollbacks, retries, takeovers and resumptions the spec forbids, and the guesses, early and late
// hand-overs and leftovers of a runtime that gets the protocol's order wrong. Each function acts out one bug;
// RELOCATION_MUTANTS at the end says which rule of relocation/relocation-rules.ts each mutant implements with it. What
// they use of Relocations is declared here, structurally.

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { ObjectKind, RelocationStage, Rid } from '../../src/driver/types.ts';
import { newWriteId, type ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { Letter } from '../kernel/work.ts';
import { RELOCATION_PREFIX, relocationKey, type RelocationRecord } from '../kernel/relocation-record.ts';
import type { NodeStore } from '../store/node-store.ts';
import { StoreUnavailableError, type Versioned } from '../store/types.ts';
import { fail, type Work, type WorkResult } from '../kernel/work.ts';
import { REFERENCE_RELOCATION, type RelocationRules } from '../relocation/relocation-rules.ts';
import type { MutantName } from './index.ts';

/** A message the source had not run, with the resolver of the operation waiting for it. */
type Waiting = Letter & { resolve(r: WorkResult | undefined): void };

/** What these mutants use of a node's Relocations (both roles). */
export interface RelocationSide {
  readonly ctx: {
    readonly rid: Rid;
    readonly clock: Clock;
    readonly ids: Ids;
    readonly store: NodeStore;
    readonly timings: { defaultDeadlineMs: number; reconnectBackoffMs: number; storeFailureGraceMs: number };
    readonly app: { factory(node: Rid, objectId: string, generation: number, input: unknown): Promise<void> };
    messageFollowMs(): number;
    alive(): boolean;
    sendWork(target: Rid, work: Work, deadlineMs: number): Promise<WorkResult | undefined>;
    reopenAdmission(objectId: string): void;
    dispose(objectId: string): void;
    prepare(rec: { objectId: string; kind: ObjectKind; generation: number }): void;
    openDispatch(objectId: string): void;
    takeWaiting(objectId: string): Waiting[];
    post(objectId: string, letter: Letter): Promise<WorkResult | undefined>;
  };
  /** Source side: where messages of an object that moved (or is moving) go. */
  readonly forwarding: {
    get(objectId: string): { target: Rid; until: number } | undefined;
    set(objectId: string, f: { target: Rid; until: number; relocationId: string; committed: boolean }): unknown;
    delete(objectId: string): unknown;
  };
  /** Target side: relocations prepared here, waiting for cutover. */
  readonly prepared: { set(relocationId: string, p: { rel: RelocationRecord; kind: ObjectKind }): unknown; delete(relocationId: string): unknown };
  change<T extends { writeId: string }>(key: string, version: number, value: T): Promise<ChangeResult>;
  setStage(rel: RelocationRecord, stage: RelocationStage): Promise<RelocationRecord>;
  toTarget(rel: RelocationRecord, kind: ObjectKind, tried: Rid[]): Promise<WorkResult | undefined>;
  commit(relocationId: string, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined>;
  handOver(rel: RelocationRecord, letters: Waiting[]): void;
  follow(objectId: string, letter: Letter): Promise<WorkResult | undefined> | undefined;
}

// ---- source ------------------------------------------------------------------------------------

/**
 * A rollback after the irreversible boundary (rollback-after-relay-ready,
 * source-restored-after-target-death, and source-takes-over-after-commit below): the relocation
 * is undone and the object runs on at the source (R-REL-2, R-REL-6, V13 forbid it).
 */
export async function rollBack(side: RelocationSide, rel: RelocationRecord): Promise<WorkResult> {
  side.forwarding.delete(rel.objectId);
  await side.setStage(rel, 'rolled-back');
  void side.ctx.sendWork(rel.target, { type: 'relocation-cancel', relocationId: rel.id }, side.ctx.timings.defaultDeadlineMs);
  side.ctx.reopenAdmission(rel.objectId);
  return fail('RelocationFailed');
}

/** source-takes-over-after-commit: with no answer to the cutover the source writes itself back as owner (R-REL-5). */
export async function takeBack(side: RelocationSide, rel: RelocationRecord): Promise<WorkResult> {
  await writeOwner(side, rel.objectId, side.ctx.rid);
  return rollBack(side, rel);
}

/**
 * relocation-tries-another-target: a relocation whose target failed (R-REL-1) or died (V14) goes on
 * to another node instead of ending RelocationFailed. After a failed prepare it starts over as a
 * new relocation, recorded in stage preparing; after the target is lost it is sent straight on.
 */
export async function tryAnotherTarget(side: RelocationSide, rel: RelocationRecord, kind: ObjectKind, tried: Rid[], after: 'prepare-failed' | 'target-lost'): Promise<WorkResult | undefined> {
  const excluded = [...tried, rel.target];
  const nodes = (await side.ctx.store.list<{ rid: Rid }>('node/')).map((e) => e.value.rid);
  const other = nodes.find((n) => n !== side.ctx.rid && !excluded.includes(n));
  if (!other) return fail('RelocationFailed');
  const again: RelocationRecord = { ...rel, id: side.ctx.ids.uuid(), target: other, stage: 'preparing' };
  if (after === 'prepare-failed') await side.change(relocationKey(again), 0, again);
  return side.toTarget(again, kind, excluded);
}

/**
 * handover-waits-for-cutover: the not-yet-executed messages go to the target only once the cutover
 * submit got an answer; when the submit fails they go back into the source's own queue, as if the
 * source were kept (V13: after relay-ready was accepted nothing is restored, whatever the submit does).
 */
export async function handOverAfterCutover(side: RelocationSide, rel: RelocationRecord, waiting: Waiting[], submit: () => Promise<WorkResult | undefined>): Promise<WorkResult | undefined> {
  const committed = await submit();
  if (committed !== undefined) side.handOver(rel, waiting);
  else for (const letter of waiting) void side.ctx.post(rel.objectId, letter).then(letter.resolve);
  return committed;
}

/**
 * failed-prepare-retried-in-background: the requester hears RelocationFailed, and the source then
 * tries the same target once more on its own, as a new relocation (R-REL-1: the source stays owner).
 */
export function retryInBackground(side: RelocationSide, rel: RelocationRecord, kind: ObjectKind): void {
  side.ctx.clock.setTimeout(() => {
    if (!side.ctx.alive()) return;
    const again: RelocationRecord = { ...rel, id: side.ctx.ids.uuid(), stage: 'preparing' };
    void side
      .change(relocationKey(again), 0, again)
      .then(() => side.toTarget(again, kind, [rel.target]))
      .catch(() => {});
  }, side.ctx.timings.reconnectBackoffMs);
}

/**
 * failed-relocation-releases-spot: an Instance Spot whose relocation failed because the target died
 * is released (its record made Missing, the source instance dropped), so that the next message with
 * Instance intent cold-activates it (V12: cold activation is not a recovery for host relocation).
 */
export async function releaseForColdActivation(side: RelocationSide, rel: RelocationRecord): Promise<WorkResult> {
  const cur = await side.ctx.store.read<LocationRecord>(objectKey(rel.objectId));
  if (cur.value) await side.change(objectKey(rel.objectId), cur.version, { objectId: rel.objectId, state: 'Missing', generation: cur.value.generation, writeId: '' });
  side.forwarding.delete(rel.objectId);
  side.ctx.dispose(rel.objectId);
  return fail('RelocationFailed');
}

/**
 * follow-window-fails-over: while it follows messages to the committed target, the previous owner
 * watches the target's owner lease, and when it runs out takes the object back and hosts it again
 * (R-REL-5, V14: the record keeps the dead target; nobody takes the object over).
 */
export function watchTargetWhileFollowing(side: RelocationSide, objectId: string, target: Rid, hosted: { kind: ObjectKind; generation: number } | undefined): void {
  if (!hosted) return;
  whenFollowedTargetLost(side, objectId, target, async () => {
    side.forwarding.delete(objectId);
    await writeOwner(side, objectId, side.ctx.rid);
    side.ctx.prepare({ objectId, kind: hosted.kind, generation: hosted.generation });
    side.ctx.openDispatch(objectId);
  });
}

/**
 * dead-target-marked-missing: while it follows messages to the committed target, the previous owner
 * watches the target's owner lease, and when it runs out makes the object unavailable by marking its
 * record Missing (R-REL-5: the record keeps the dead target as owner; the object is Unavailable).
 */
export function markMissingWhenTargetLost(side: RelocationSide, objectId: string, target: Rid): void {
  whenFollowedTargetLost(side, objectId, target, async () => {
    const cur = await side.ctx.store.read<LocationRecord>(objectKey(objectId));
    if (cur.value?.state === 'Ready' && cur.value.owner === target) await side.change(objectKey(objectId), cur.version, { ...cur.value, state: 'Missing' });
  });
}

/** While Message Follow lasts, look at the target's owner lease; once it is gone, act (once). */
function whenFollowedTargetLost(side: RelocationSide, objectId: string, target: Rid, act: () => Promise<void>): void {
  let looking = false;
  const timer: TimerId = side.ctx.clock.setInterval(() => {
    const f = side.forwarding.get(objectId);
    if (!side.ctx.alive() || !f || side.ctx.clock.now() >= f.until) return side.ctx.clock.clearTimer(timer);
    if (looking) return;
    looking = true;
    void (async () => {
      try {
        if ((await side.ctx.store.leaseExpiry(target)) !== null) return;
        side.ctx.clock.clearTimer(timer);
        await act();
      } catch {
        // the Store cannot be reached: look again on the next tick
      } finally {
        looking = false;
      }
    })();
  }, 5 * side.ctx.timings.reconnectBackoffMs);
}

/**
 * follow-reloaded-from-relocation-store: a message for an object this process neither hosts nor
 * follows (it restarted) is followed by the Relocation Store's committed record of a move it was the
 * source of, for a fresh MessageFollowDuration (R-REL-6: a restarted source resumes nothing).
 */
export async function followFromStore(side: RelocationSide, objectId: string, letter: Letter): Promise<WorkResult | undefined> {
  const moved = (await side.ctx.store.list<RelocationRecord>(RELOCATION_PREFIX))
    .map((e) => e.value)
    .filter((r) => r.objectId === objectId && r.source === side.ctx.rid && r.stage === 'committed')
    .at(-1);
  if (!moved) return undefined;
  side.forwarding.set(objectId, { target: moved.target, until: side.ctx.clock.now() + side.ctx.messageFollowMs(), relocationId: moved.id, committed: true });
  return side.follow(objectId, letter);
}

// ---- target ------------------------------------------------------------------------------------

/**
 * relayed-message-activates-spot: the first message relayed into a prepared Instance Spot's temporary
 * queue is taken as the first message of a cold activation, and the factory runs for it (R-INST-6).
 */
const activatedFor = new WeakSet<object>();
export async function activateForFirstRelay(side: RelocationSide, p: { rel: RelocationRecord }): Promise<void> {
  if (activatedFor.has(p)) return;
  activatedFor.add(p);
  await side.ctx.app.factory(side.ctx.rid, p.rel.objectId, p.rel.generation, undefined).catch(() => {});
}

/** Read the record again after an unclear change, while the Store cannot be reached within the grace. */
async function rereadWithinGrace(side: RelocationSide, key: string): Promise<Versioned<LocationRecord>> {
  const giveUpAt = side.ctx.clock.now() + side.ctx.timings.storeFailureGraceMs;
  for (;;) {
    try {
      return await side.ctx.store.read<LocationRecord>(key);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError) || side.ctx.clock.now() >= giveUpAt) throw e;
      await side.ctx.clock.sleep(side.ctx.timings.reconnectBackoffMs);
    }
  }
}

/** Make the change; undefined when its result is unclear (no reply from the Store). */
async function tryChange(side: RelocationSide, key: string, version: number, value: LocationRecord): Promise<ChangeResult | undefined> {
  try {
    return await side.ctx.store.compareAndSet(key, version, value);
  } catch (e) {
    if (!(e instanceof StoreUnavailableError)) throw e;
    return undefined;
  }
}

/**
 * commit-reread-off-by-one: after an unclear owner-change commit the target re-reads the record, but
 * takes "it is at the StoreVersion the change was made with" for "our change is there" (the version
 * the change leaves is one more), so a commit that never applied counts as applied (R-REL-3).
 */
export async function commitRereadOffByOne(side: RelocationSide, objectId: string, version: number, next: LocationRecord): Promise<ChangeResult> {
  const key = objectKey(objectId);
  const done = await tryChange(side, key, version, { ...next, writeId: newWriteId(side.ctx.ids) });
  if (done) return done;
  const current = await rereadWithinGrace(side, key);
  return current.version === version ? { applied: true, version } : { applied: false, current };
}

/**
 * unclear-commit-drops-temporary-queue: while the owner-change commit's result is unclear, the target
 * fails the messages waiting in its temporary queue instead of holding them until the re-read tells
 * where dispatch opens; the re-read itself is done as the reference does (V16).
 */
export async function commitDroppingQueue(side: RelocationSide, objectId: string, version: number, next: LocationRecord): Promise<ChangeResult> {
  const key = objectKey(objectId);
  const mine = { ...next, writeId: newWriteId(side.ctx.ids) };
  const done = await tryChange(side, key, version, mine);
  if (done) return done;
  for (const letter of side.ctx.takeWaiting(objectId)) letter.resolve(fail('Unavailable'));
  for (;;) {
    const current = await rereadWithinGrace(side, key);
    if (current.version === version + 1 && current.value?.writeId === mine.writeId) return { applied: true, version: current.version };
    if (current.version !== version) return { applied: false, current };
    const again = await tryChange(side, key, version, mine);
    if (again) return again;
  }
}

/**
 * commit-reread-ignores-own-write: after an unclear owner-change commit the target re-reads the
 * record, and takes any change of the StoreVersion for another node's write without looking whether
 * the write there is its own (by its writeId), so a commit that applied counts as lost (R-REL-3).
 */
export async function commitRereadIgnoresOwnWrite(side: RelocationSide, objectId: string, version: number, next: LocationRecord): Promise<ChangeResult> {
  const key = objectKey(objectId);
  const mine = { ...next, writeId: newWriteId(side.ctx.ids) };
  const done = await tryChange(side, key, version, mine);
  if (done) return done;
  for (;;) {
    const current = await rereadWithinGrace(side, key);
    if (current.version !== version) return { applied: false, current };
    const again = await tryChange(side, key, version, mine);
    if (again) return again;
  }
}

/** commit-guessed: an owner-change commit with no reply is taken as applied, not re-read (R-REL-3). */
export async function guessCommit(store: NodeStore, ids: Ids, objectId: string, version: number, next: LocationRecord): Promise<{ applied: boolean }> {
  try {
    return await store.compareAndSet(objectKey(objectId), version, { ...next, writeId: newWriteId(ids) });
  } catch {
    return { applied: true };
  }
}

/** rollback-after-commit: a failed lifecycle callback after the commit gives the object back to the source (R-REL-4). */
export async function rollBackAfterCommit(side: RelocationSide, rel: RelocationRecord): Promise<false> {
  await writeOwner(side, rel.objectId, rel.source);
  side.ctx.dispose(rel.objectId);
  return false;
}

// ---- a restarted process -------------------------------------------------------------------------

/** message-follow-survives-restart: the restarted source follows messages of its committed relocations again (R-OBJ-3). */
export async function followAgain(side: RelocationSide): Promise<void> {
  for (const { value: rel } of await side.ctx.store.list<RelocationRecord>(RELOCATION_PREFIX)) {
    // Every move past the boundary, committed or on its way (the target may not have recorded the
    // commit yet when this process died right after learning of it).
    if (rel.source !== side.ctx.rid || (rel.stage !== 'committed' && rel.stage !== 'relay-ready-accepted')) continue;
    side.forwarding.set(rel.objectId, { target: rel.target, until: side.ctx.clock.now() + side.ctx.messageFollowMs(), relocationId: rel.id, committed: true });
  }
}

/** restart-cancels-unfinished-relocations: the restarted process marks the relocations it was part of and did not see finish as cancelled (V14). */
export async function cancelUnfinished(side: RelocationSide): Promise<void> {
  for (const { value: rel } of await side.ctx.store.list<RelocationRecord>(RELOCATION_PREFIX)) {
    if ((rel.source !== side.ctx.rid && rel.target !== side.ctx.rid) || rel.stage !== 'relay-ready-accepted') continue;
    await side.setStage(rel, 'cancelled');
  }
}

/** relocation-resumes-after-restart: the restarted target commits the relocations it had prepared (R-REL-6). */
export async function resumeRelocations(side: RelocationSide): Promise<void> {
  for (const { value: rel } of await side.ctx.store.list<RelocationRecord>(RELOCATION_PREFIX)) {
    if (rel.target !== side.ctx.rid || rel.stage !== 'relay-ready-accepted') continue;
    const kind = (await side.ctx.store.read<LocationRecord>(objectKey(rel.objectId))).value?.kind ?? 'actor';
    side.ctx.prepare({ objectId: rel.objectId, kind, generation: rel.generation });
    side.prepared.set(rel.id, { rel, kind });
    await side.commit(rel.id, 'fallback');
  }
}

/** Make `owner` the owner in the object's authority record, whatever it says now. */
async function writeOwner(side: RelocationSide, objectId: string, owner: Rid): Promise<void> {
  const cur = await side.ctx.store.read<LocationRecord>(objectKey(objectId));
  if (cur.value) await side.change(objectKey(objectId), cur.version, { ...cur.value, owner });
}

/**
 * unclear-boundary-taken-as-failed: the source's Store change recording relay-ready as accepted
 * gets no reply, and the source takes that as "not written": it gives the relocation up and goes
 * on serving the object, although the change applied and the target will commit on its fallback.
 */
export async function setStageGuessingFailure(side: RelocationSide, rel: RelocationRecord, stage: RelocationStage): Promise<RelocationRecord | undefined> {
  const key = relocationKey(rel);
  const cur = await side.ctx.store.read<RelocationRecord>(key);
  const next = { ...rel, stage, writeId: newWriteId(side.ctx.ids) };
  try {
    const r = await side.ctx.store.compareAndSet(key, cur.version, next);
    if (r.applied) return next;
  } catch {
    // The lost reply is taken for a failed write.
  }
  // Believing the boundary was not passed, the source runs its messages again itself.
  side.ctx.openDispatch(rel.objectId);
  return undefined;
}

/**
 * relocation-waits-out-grace: the source reads the authority record again and again while the
 * Store cannot be reached, for the whole StoreFailureGrace, and carries the relocation on once it
 * answers, whatever the relocation's own deadline was (R-STO-3: grace extends no deadline).
 */
export async function readThroughGrace(store: NodeStore, key: string, timings: { storeFailureGraceMs: number; reconnectBackoffMs: number }, clock: Clock): Promise<Versioned<unknown>> {
  const end = clock.now() + timings.storeFailureGraceMs;
  for (;;) {
    try {
      return await store.read(key);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError) || clock.now() >= end) throw e;
      await clock.sleep(timings.reconnectBackoffMs);
    }
  }
}

const REF = REFERENCE_RELOCATION;

/** Each mutant of planned relocation (relocation/relocation-rules.ts): the rule it implements otherwise. */
export const RELOCATION_MUTANTS = {
  // ---- source ----
  // R-OBJ-3 (seed 54): the source refuses a second relocation only once the first passed relay-ready.
  'relocations-at-once-from-source': { refusesWhileRelocating: () => false },
  // R-STO-3: the source waits out the Store for the grace.
  'relocation-waits-out-grace': { readOwnRecord: async (side, objectId) => (await readThroughGrace(side.ctx.store, objectKey(objectId), side.ctx.timings, side.ctx.clock)).value as LocationRecord | null },
  // V08: the generation named is not compared.
  'relocate-ignores-generation': { generationMatches: () => true },
  // R-REL-1: admission closes when the relocation starts, and the failed prepare leaves it closed.
  'admission-not-reopened-after-failed-prepare': { beforePrepare: (side, rel) => void side.forwarding.set(rel.objectId, { target: rel.target, until: Infinity, relocationId: rel.id, committed: false }) },
  // V13: any answer to the prepare is taken for relay-ready.
  'prepare-failure-taken-as-relay-ready': { isRelayReady: (reply) => !!reply },
  // R-REL-1, V14: a failed or lost target is replaced by another node.
  'relocation-tries-another-target': {
    prepareFailed: (side, rel, kind, tried) => tryAnotherTarget(side, rel, kind, tried, 'prepare-failed'),
    targetLostBeforeCommit: (side, rel, kind, tried) => tryAnotherTarget(side, rel, kind, tried, 'target-lost'),
  },
  // R-REL-1: the failed prepare is tried again behind the requester's back.
  'failed-prepare-retried-in-background': {
    prepareFailed: (side, rel, kind, tried) => {
      if (!tried.includes(rel.target)) retryInBackground(side, rel, kind);
      return REF.prepareFailed(side, rel, kind, tried);
    },
  },
  // V16: a relay-ready record with no reply is taken for not written.
  'unclear-boundary-taken-as-failed': { recordRelayReady: (side, rel) => setStageGuessingFailure(side, rel, 'relay-ready-accepted') },
  // R-REL-2: the waiting messages stay in the source's mailbox.
  'waiting-messages-not-handed-over': { waitingToHandOver: () => [] },
  // V13: the waiting messages go only once the cutover submit answered.
  'handover-waits-for-cutover': { handOverThenSubmit: (side, rel, waiting, submit) => handOverAfterCutover(side, rel, waiting, submit) },
  // R-REL-2, V13: a failed cutover rolls back to the source; R-REL-5: the source writes itself back as owner.
  'rollback-after-relay-ready': { cutoverNotConfirmed: (side, rel) => rollBack(side, rel) },
  'source-takes-over-after-commit': { cutoverNotConfirmed: (side, rel, submitted) => (submitted ? takeBack(side, rel) : undefined) },
  // R-REL-6: the target died before the commit, and the source is restored; V12: or a Spot released for cold activation.
  'source-restored-after-target-death': { targetLostBeforeCommit: (side, rel) => rollBack(side, rel) },
  'failed-relocation-releases-spot': {
    targetLostBeforeCommit: (side, rel, kind, tried) => (kind === 'instance-spot' ? releaseForColdActivation(side, rel) : REF.targetLostBeforeCommit(side, rel, kind, tried)),
  },
  // ---- target ----
  // R-REL-1: the target sets up before the prepare can fail, and keeps it when it does.
  'failed-prepare-not-discarded': { beforeRelayReady: (side, rel, kind) => side.ctx.prepare({ objectId: rel.objectId, kind, generation: rel.generation }) },
  // R-INST-6: a relocated Instance Spot is activated like a cold one: the factory runs on the target.
  'relocation-as-cold-activation': {
    prepareInstance: (side, rel, kind) => {
      if (kind === 'instance-spot') side.ctx.app.factory(side.ctx.rid, rel.objectId, rel.generation, undefined).catch(() => {});
      REF.prepareInstance(side, rel, kind);
    },
  },
  // R-REL-3: the target prepares the object with dispatch open.
  'temporary-queue-not-held': {
    prepareInstance: (side, rel, kind) => {
      REF.prepareInstance(side, rel, kind);
      side.ctx.openDispatch(rel.objectId);
    },
  },
  // R-REL-2: no fallback at all, or one that first waits out a whole cutover deadline.
  'no-cutover-fallback': { fallbackAfterMs: () => undefined },
  'fallback-after-cutover-deadline': { fallbackAfterMs: (timings) => timings.cutoverFallbackMs + timings.defaultDeadlineMs },
  // R-INST-6: the first message relayed into a prepared Instance Spot runs its factory.
  'relayed-message-activates-spot': { relayedIntoPrepared: (side, p) => (p.kind === 'instance-spot' ? activateForFirstRelay(side, p) : undefined) },
  // R-REL-2: at the fallback, a target whose source's lease is gone drops what it prepared.
  'fallback-needs-live-source': { continuesAlone: async (side, rel) => (await side.ctx.store.leaseExpiry(rel.source)) !== null },
  // R-REL-7: the owner change gives the object a new generation.
  'relocation-new-generation': { generationAfterMove: (rec) => rec.generation + 1 },
  // V16: target dispatch opens before the commit's result is known.
  'dispatch-before-reread': { whileCommitUnknown: (side, objectId) => side.ctx.openDispatch(objectId) },
  // R-REL-3, V16: an unclear commit guessed, re-read wrongly, or its temporary queue dropped meanwhile.
  'commit-guessed': { commitOwnerChange: (side, objectId, version, next) => guessCommit(side.ctx.store, side.ctx.ids, objectId, version, next) },
  'commit-reread-off-by-one': { commitOwnerChange: (side, objectId, version, next) => commitRereadOffByOne(side, objectId, version, next) },
  'commit-reread-ignores-own-write': { commitOwnerChange: (side, objectId, version, next) => commitRereadIgnoresOwnWrite(side, objectId, version, next) },
  'unclear-commit-drops-temporary-queue': { commitOwnerChange: (side, objectId, version, next) => commitDroppingQueue(side, objectId, version, next) },
  // R-OBJ-3: a node that got the object back goes on following its messages away.
  'follow-outlives-return': { followEndsOnReturn: () => {} },
  // R-INST-6: only Actors get the relocated-in callback.
  'spot-relocation-skips-lifecycle': { getsLifecycleCallback: (kind) => kind === 'actor' },
  // R-REL-4: a failed callback taken for a done one, or undone by giving the object back to the source.
  'lifecycle-failure-not-retried': { lifecycleDone: () => true },
  'rollback-after-commit': { afterLifecycleFailure: (side, rel) => rollBackAfterCommit(side, rel) },
  // R-REL-4: the target gives up after the first failed switchover.
  'dispatch-switchover-not-retried': { retriesSwitchover: () => false },
  // ---- a restarted process, Message Follow ----
  // R-OBJ-3: the restarted source follows again; R-REL-6: the restarted target commits; V14: the restarted process cancels.
  'message-follow-survives-restart': { afterRestart: (side) => followAgain(side) },
  'relocation-resumes-after-restart': { afterRestart: (side) => resumeRelocations(side) },
  'restart-cancels-unfinished-relocations': { afterRestart: (side) => cancelUnfinished(side) },
  // R-REL-5, V14: while following, the source takes the object back, or marks it Missing, when the target's lease runs out.
  'follow-window-fails-over': { whileFollowing: (side, objectId, target, hosted) => watchTargetWhileFollowing(side, objectId, target, hosted) },
  'dead-target-marked-missing': { whileFollowing: (side, objectId, target) => markMissingWhenTargetLost(side, objectId, target) },
  // R-OBJ-3: the source disposes whatever instance of the object is hosted here by now.
  'source-lets-go-by-object-id': { letGoMovedInstance: (side, objectId) => side.ctx.dispose(objectId) },
  // R-REL-6: a restarted source follows by the Relocation Store's committed record of its move.
  'follow-reloaded-from-relocation-store': { followWithoutEntry: (side, objectId, letter) => (!side.ctx.hosted(objectId) ? followFromStore(side, objectId, letter) : undefined) },
  // R-OBJ-3: no Message Follow at all, or one that never ends, or one each message extends.
  'no-message-follow': { stillFollowing: () => false },
  'message-follow-ignores-duration': { stillFollowing: () => true },
  'message-follow-extended-by-use': { followUntilAfterUse: (_until, now, durationMs) => now + durationMs },
} satisfies { [M in MutantName]?: Partial<RelocationRules> };
