// Mutants of planned relocation and Message Follow (spec 5, 4.2; relocation/relocation.ts): the
// rollbacks, retries and resumptions the spec forbids. Each function acts out one bug; Relocations
// calls it from the decision point where the rule lives. What they use of Relocations is declared
// here, structurally, so this layer imports nothing above it.

import { randomUUID } from 'node:crypto';
import type { ObjectKind, RelocationStage, Rid } from '../../src/driver/types.ts';
import { newWriteId, type ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import { RELOCATION_PREFIX, relocationKey, type RelocationRecord } from '../relocation/records.ts';
import type { NodeStore } from '../store/node-store.ts';
import { fail, type Work, type WorkResult } from '../work.ts';

/** What these mutants use of a node's Relocations (both roles). */
export interface RelocationSide {
  readonly ctx: {
    readonly rid: Rid;
    readonly store: NodeStore;
    readonly timings: { defaultDeadlineMs: number };
    messageFollowMs(): number;
    sendWork(target: Rid, work: Work, deadlineMs: number): Promise<WorkResult | undefined>;
    reopenAdmission(objectId: string): void;
    dispose(objectId: string): void;
    prepare(rec: { objectId: string; kind: ObjectKind; generation: number }): void;
  };
  /** Source side: where messages of an object that moved (or is moving) go. */
  readonly forwarding: {
    set(objectId: string, f: { target: Rid; until: number; relocationId: string; committed: boolean }): unknown;
    delete(objectId: string): unknown;
  };
  /** Target side: relocations prepared here, waiting for cutover. */
  readonly prepared: { set(relocationId: string, p: { rel: RelocationRecord; kind: ObjectKind }): unknown };
  change<T extends { writeId: string }>(key: string, version: number, value: T): Promise<ChangeResult>;
  setStage(rel: RelocationRecord, stage: RelocationStage): Promise<RelocationRecord>;
  toTarget(rel: RelocationRecord, kind: ObjectKind, tried: Rid[]): Promise<WorkResult | undefined>;
  commit(relocationId: string, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined>;
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
  const again: RelocationRecord = { ...rel, id: randomUUID(), target: other, stage: 'preparing' };
  if (after === 'prepare-failed') await side.change(relocationKey(again.id), 0, again);
  return side.toTarget(again, kind, excluded);
}

// ---- target ------------------------------------------------------------------------------------

/** commit-guessed: an owner-change commit with no reply is taken as applied, not re-read (R-REL-3). */
export async function guessCommit(store: NodeStore, objectId: string, version: number, next: LocationRecord): Promise<{ applied: boolean }> {
  try {
    return await store.compareAndSet(objectKey(objectId), version, { ...next, writeId: newWriteId() });
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
    if (rel.source !== side.ctx.rid || rel.stage !== 'committed') continue;
    side.forwarding.set(rel.objectId, { target: rel.target, until: Date.now() + side.ctx.messageFollowMs(), relocationId: rel.id, committed: true });
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
