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
//
// This file holds a node's moves under way and hands each step to its role: source.ts, target.ts,
// follow.ts (Message Follow); side.ts has what they share.

import type { ObjectKind, RelocationStage, Rid } from '../../src/driver/types.ts';
import { changeRecord, newWriteId } from '../location/authority.ts';
import type { Letter } from '../kernel/work.ts';
import type { WorkResult } from '../kernel/work.ts';
import { follow } from './follow.ts';
import { relocationKey, type RelocationRecord } from '../kernel/relocation-record.ts';
import { REFERENCE_RELOCATION, type RelocationRules, type RuledSide } from './relocation-rules.ts';
import type { Forwarding, Prepared, RelocationContext } from './side.ts';
import { handOver, relocate, toTarget } from './source.ts';
import { cancel, commit, cutover, prepare, relay } from './target.ts';

export type { RelocationContext, RelocationFailpoint } from './side.ts';

// What mutants/relocation.ts uses of this class (its RelocationSide) is not private here.
export class Relocations implements RuledSide {
  readonly forwarding = new Map<string, Forwarding>();
  readonly prepared = new Map<string, Prepared>();
  readonly relocating = new Set<string>();
  /** The rules its roles follow: the reference's, or a kit mutant's in place of one (set by NodeRuntime). */
  rules: RelocationRules = REFERENCE_RELOCATION;

  constructor(readonly ctx: RelocationContext) {}

  change<T extends { writeId: string }>(key: string, version: number, value: T) {
    return changeRecord(this.ctx.store, key, version, { ...value, writeId: newWriteId(this.ctx.ids) }, this.ctx.authorityRules, {
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

  // ---- source (source.ts, follow.ts) -------------------------------------------------------------

  relocate(objectId: string, target: Rid, generation: number | undefined): Promise<WorkResult | undefined> {
    return relocate(this, objectId, target, generation);
  }

  toTarget(rel: RelocationRecord, kind: ObjectKind, tried: Rid[]): Promise<WorkResult | undefined> {
    return toTarget(this, rel, kind, tried);
  }

  /** Relay messages the source had not run into the target's temporary queue. */
  handOver(rel: RelocationRecord, letters: Array<Letter & { resolve(r: WorkResult | undefined): void }>): void {
    handOver(this, rel, letters);
  }

  /** A message for an object this node no longer runs; undefined when it has nothing to follow. */
  follow(objectId: string, letter: Letter): Promise<WorkResult | undefined> | undefined {
    return follow(this, objectId, letter);
  }

  // ---- target (target.ts) -------------------------------------------------------------------------

  prepare(rel: RelocationRecord, kind: ObjectKind): WorkResult {
    return prepare(this, rel, kind);
  }

  cancel(relocationId: string): WorkResult {
    return cancel(this, relocationId);
  }

  relay(relocationId: string, objectId: string, letter: Letter): Promise<WorkResult | undefined> {
    return relay(this, relocationId, objectId, letter);
  }

  cutover(relocationId: string): Promise<WorkResult | undefined> {
    return cutover(this, relocationId);
  }

  commit(relocationId: string, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined> {
    return commit(this, relocationId, how);
  }

  // ---- a process's life ----------------------------------------------------------------------------

  /** A restarted process starts with nothing of the one before it: it resumes nothing. */
  async resumeAfterRestart(): Promise<void> {
    // R-OBJ-3, R-REL-6, V14: Message Follow ends with the process that did it; a relocation whose
    // target died is over, and a relocation it was part of stays where it stopped.
    await this.rules.afterRestart(this);
  }

  stopAll(): void {
    for (const p of this.prepared.values()) this.ctx.clock.clearTimer(p.fallback);
    this.prepared.clear();
    this.forwarding.clear();
    this.relocating.clear();
  }
}
