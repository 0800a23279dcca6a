// The calling side of Actor and Spot operations: find the owner through the Location Store (or
// the owner cache), send the operation to that one node, and never anywhere else.
// - An owner whose lease is invalid, or that does not answer, means Unavailable: nothing is
//   re-routed, re-created or restored elsewhere (R-OBJ-1, R-OBJ-4, R-INST-4, V10).
// - The owner cache is trusted until it expires or the owner lease it saw runs out; then the next
//   new operation re-reads. A failed operation is not resubmitted to a new owner (R-OBJ-2).
// - Instance intent cold-activates only a Missing Instance Spot (R-INST-1, V12); an unfinished first
//   activation is resumed only by the node and lifecycle its recovery pointer names, and otherwise
//   that exact record is cancelled (R-INST-2, V11).

import type { OperationSpec, Rid } from '../../src/driver/types.ts';
import type { Caller } from '../channel/caller.ts';
import { changeRecord, newWriteId, type ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { MeshNode } from '../node/mesh-node.ts';
import { finishRelocation, reselectLikeChannel, resumeHere, rewriteThenUnavailable, rollBackCreation, takeOver, waitForOwner, writeMembership } from '../mutants/objects.ts';
import { rerunOnce } from '../mutants/rerun.ts';
import type { Operation } from '../node/operation.ts';
import { StoreUnavailableError } from '../store/types.ts';
import type { Work } from '../node/work.ts';

type ObjectMessage = Extract<OperationSpec, { kind: 'object-message' }>;

interface CachedOwner {
  owner: Rid;
  generation: number;
  validUntil: number;
}

export class ObjectCaller {
  private readonly cache = new Map<string, CachedOwner>();

  constructor(
    readonly node: MeshNode,
    private readonly caller: Caller,
  ) {}

  private get broken() {
    return this.node.broken;
  }

  async create(op: Operation, spec: Extract<OperationSpec, { kind: 'create' }>): Promise<void> {
    const work: Work = { type: 'create', objectId: spec.objectId, kind: spec.objectKind, input: spec.input };
    const end = await this.caller.send(op, spec.on, work);
    // R-CRE-2: a creation that got no answer leaves its Creating record to the next operation.
    if (end.kind !== 'result' && this.broken('failed-create-rolls-back')) await rollBackCreation(this, spec.objectId, spec.on).catch(() => undefined);
    this.caller.finishFrom(op, end);
  }

  async message(op: Operation, spec: ObjectMessage): Promise<void> {
    try {
      await this.route(op, spec);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError)) throw e;
      op.finish('failure', { errorKind: 'Unavailable' });
    }
  }

  private async route(op: Operation, spec: ObjectMessage): Promise<void> {
    const work: Work = { type: 'message', objectId: spec.objectId, payload: spec.payload, instanceIntent: !!spec.instanceIntent, ...(spec.generation !== undefined ? { generation: spec.generation } : {}) };
    // The caller still believes `via` owns the object (a stale cache the scenario names).
    if (spec.via) return this.sendToOwner(op, spec.via, work, spec);
    const cached = this.cache.get(spec.objectId);
    // R-OBJ-2: the cache is trusted until it expires or the owner lease it saw runs out.
    if (cached && (cached.validUntil > this.node.clock.now() || this.broken('owner-cache-never-expires'))) {
      return this.sendToOwner(op, cached.owner, work, spec);
    }
    // R-OBJ-2 again: a ready connection to the cached owner says nothing about its ownership.
    if (cached && this.broken('owner-cache-trusts-ready-connection') && this.caller.reachable(cached.owner)) return this.sendToOwner(op, cached.owner, work, spec);
    // R-INST-3: not being in the owner cache is not being Missing; the record says which it is.
    if (!cached && spec.instanceIntent && this.broken('intent-cache-miss-activates')) return this.coldActivate(op, spec, spec.activateOn ?? this.node.rid);
    this.cache.delete(spec.objectId);
    const cur = await this.node.store.read<LocationRecord>(objectKey(spec.objectId));
    const rec = cur.value;
    const intent = !!spec.instanceIntent;

    if (!rec || rec.state === 'Missing') {
      // Instance intent creates only Instance Spots (V12); an Actor or User Spot ref to nothing is NotFound.
      const activates = intent && (spec.objectKind === 'instance-spot' || this.broken('cold-activation-for-all-kinds'));
      // R-INST-1: Instance intent cold-activates a Missing Instance Spot.
      if (!activates || this.broken('instance-intent-ignored')) return op.finish('failure', { errorKind: 'NotFound' });
      return this.coldActivate(op, spec, spec.activateOn ?? this.node.rid);
    }

    const ownerLease = rec.owner ? await this.node.store.leaseExpiry(rec.owner) : null;
    // V12: only a first activation whose first message is not restored yet is unfinished. The mutant
    // takes the recovery pointer, which the Ready record keeps, for the sign of an unfinished one.
    const restored = rec.firstMessageRestored && !(rec.recovery && this.broken('recovery-pointer-means-unfinished'));
    const unfinishedActivation = rec.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !restored));

    if (unfinishedActivation && intent) {
      // R-INST-2: an unfinished first activation is resumed, never replaced by a new incarnation.
      if (this.broken('unfinished-activation-new-incarnation')) return takeOver(this, op, spec, cur.version, rec);
      const target = rec.recovery?.targetNode ?? rec.owner!;
      if (ownerLease !== null) return this.finishOn(op, target, work);
      // The node the recovery pointer names is gone. The pointer is never a reason to pick another
      // node: cancel exactly this record (same generation, same StoreVersion) and end Unavailable (V11).
      if (this.broken('recovery-pointer-picks-other-node')) return resumeHere(this, op, spec, cur.version, rec, work);
      await this.markMissing(spec.objectId, cur.version, rec);
      return op.finish('failure', { errorKind: 'Unavailable' });
    }

    if (rec.state !== 'Ready') {
      // V12: an Actor or User Spot whose creation stopped is not cold-activated like an Instance Spot.
      if (intent && this.broken('cold-activation-for-all-kinds') && ownerLease === null) return takeOver(this, op, spec, cur.version, rec);
      return op.finish('failure', { errorKind: 'Unavailable' });
    }

    if (ownerLease === null) {
      // The Ready owner's lease is invalid: the object is Unavailable. Authority stays as it is;
      // nothing is resumed, re-created, released or run elsewhere. One rule per line:
      const instanceIntent = rec.kind === 'instance-spot' && intent;
      // R-INST-4: the operation ends Unavailable now; it does not wait for an owner to come back.
      if (instanceIntent && this.broken('instance-intent-waits-for-owner')) return waitForOwner(this, op, spec.objectId, work);
      // V10: nor is the Instance Spot closed because its owner lease is gone.
      if (rec.kind === 'instance-spot' && this.broken('ownerless-instance-spot-closed')) return rewriteThenUnavailable(this, op, spec.objectId, cur.version, { ...rec, state: 'Closing' });
      // R-OBJ-4: the owner recorded stays the node whose lease ran out, and so does the generation.
      if (this.broken('dead-owner-reassigned-to-caller')) return rewriteThenUnavailable(this, op, spec.objectId, cur.version, { ...rec, owner: this.node.rid });
      if (this.broken('dead-owner-fenced-by-generation')) return rewriteThenUnavailable(this, op, spec.objectId, cur.version, { ...rec, generation: rec.generation + 1 });
      // V11: the recovery pointer is used only by the node and lifecycle it names.
      if (instanceIntent && rec.recovery && this.broken('recovery-pointer-picks-other-node')) return resumeHere(this, op, spec, cur.version, rec, work);
      // V10: an expired owner lease does not make an Instance Spot Missing.
      if (instanceIntent && this.broken('lease-expiry-makes-missing')) return takeOver(this, op, spec, cur.version, rec);
      // R-INST-4: an Instance Spot's authority is not released when its owner dies.
      if (rec.kind === 'instance-spot' && this.broken('instance-owner-death-releases-authority')) await this.markMissing(spec.objectId, cur.version, rec);
      // R-OBJ-4: no new incarnation elsewhere.
      if (this.broken('owner-death-recreates')) return takeOver(this, op, spec, cur.version, rec);
      // R-OBJ-1: the message runs nowhere else.
      if (this.broken('object-message-rerouted')) return this.finishOn(op, this.node.rid, { type: 'app', payload: spec.payload });
      return op.finish('failure', { errorKind: 'Unavailable' });
    }

    const validUntil = Math.min(this.node.clock.now() + this.node.timings.ownerCacheMs, this.node.clock.now() + (ownerLease - (await this.node.store.now())));
    this.cache.set(spec.objectId, { owner: rec.owner!, generation: rec.generation, validUntil });
    return this.sendToOwner(op, rec.owner!, work, spec);
  }

  private async sendToOwner(op: Operation, owner: Rid, work: Work, spec: ObjectMessage): Promise<void> {
    const end = await this.caller.send(op, owner, work);
    const failed = end.kind !== 'result' || !end.completion.ok;
    // V02: the message names a global object ID; its owner not being ready is no reason to try elsewhere.
    if (end.kind === 'not-ready' && this.broken('object-message-reselects-before-acceptance')) return reselectLikeChannel(this, op, owner, work);
    if (failed && end.kind !== 'deadline' && end.kind !== 'ended') {
      // The next new operation re-reads the owner (R-OBJ-2); the mutant forgets to drop the entry.
      if (!this.broken('owner-cache-kept-after-failure')) this.cache.delete(spec.objectId);
      // R-OBJ-2: the failed operation is not resubmitted to a new owner. The mutant routes it again, once.
      if (this.broken('failed-op-follows-new-owner') && rerunOnce(op)) return this.route(op, spec);
    }
    this.caller.finishFrom(op, end);
  }

  // ---- steps of the above (the mutants in mutants/objects.ts use them too) -----------------------

  /** Send the operation to `target` and end it with how that send ended. */
  async finishOn(op: Operation, target: Rid, work: Work): Promise<void> {
    this.caller.finishFrom(op, await this.caller.send(op, target, work));
  }

  /** Cold-activate the object on `on` with this message as its stored first message. */
  coldActivate(op: Operation, spec: ObjectMessage, on: Rid): Promise<void> {
    const activate: Work = { type: 'activate', objectId: spec.objectId, payload: spec.payload, factoryInput: spec.factoryInput ?? {} };
    return this.finishOn(op, on, activate);
  }

  /** Change the object's authority record from `version`, never guessing an unclear result. */
  change(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult> {
    return changeRecord(this.node.store, objectKey(objectId), version, { ...next, writeId: newWriteId(this.node.ids) }, this.broken, this.retry());
  }

  /** Cancel exactly the record read at `version`: Missing, keeping its generation. */
  markMissing(objectId: string, version: number, rec: LocationRecord): Promise<ChangeResult> {
    return this.change(objectId, version, { objectId: rec.objectId, state: 'Missing', generation: rec.generation, writeId: '' });
  }

  /** Planned relocation: the request goes to the current owner, which runs the protocol. */
  async relocate(op: Operation, spec: Extract<OperationSpec, { kind: 'relocate' }>): Promise<void> {
    try {
      const rec = (await this.node.store.read<LocationRecord>(objectKey(spec.objectId))).value;
      if (!rec || rec.state === 'Missing' || !rec.owner) return op.finish('failure', { errorKind: 'NotFound' });
      const work: Work = { type: 'relocate', objectId: spec.objectId, target: spec.target, ...(spec.generation !== undefined ? { generation: spec.generation } : {}) };
      this.cache.delete(spec.objectId);
      const end = await this.caller.send(op, rec.owner, work);
      this.caller.finishFrom(op, end);
      // V14: a relocation whose source was lost is over for the requester; no other runtime carries it
      // on. The mutant finishes it from here.
      if ((end.kind === 'lost' || end.kind === 'unknown') && this.broken('requester-finishes-relocation')) await finishRelocation(this, spec.objectId, rec.owner);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError)) throw e;
      op.finish('failure', { errorKind: 'Unavailable' });
    }
  }

  async close(op: Operation, spec: Extract<OperationSpec, { kind: 'close' | 'join' }>): Promise<void> {
    try {
      const cur = await this.node.store.read<LocationRecord>(objectKey(spec.objectId));
      const rec = cur.value;
      if (!rec || rec.state === 'Missing' || !rec.owner) return op.finish('failure', { errorKind: 'NotFound' });
      // R-CRE-2: a creation whose process died is re-checked by the next operation. A Close of it
      // cancels exactly that record (same generation, the StoreVersion read), never another one.
      if (spec.kind === 'close' && rec.state === 'Creating' && (await this.node.store.leaseExpiry(rec.owner)) === null) {
        if (rec.generation !== spec.generation) return op.finish('failure', { errorKind: 'GenerationMismatch' });
        // The cancelled record keeps its generation. The mutant rolls it back to the one before the creation.
        const cancelled = await this.markMissing(spec.objectId, cur.version, this.broken('creation-cancel-rolls-back-generation') ? { ...rec, generation: rec.generation - 1 } : rec);
        return cancelled.applied ? op.finish('reply', { reply: { objectId: spec.objectId, generation: rec.generation } }) : op.finish('failure', { errorKind: 'Unavailable' });
      }
      // R-STO-3: an owner whose eligibility ended changes nothing, and nobody changes its object for
      // it. The mutant writes a membership change to the record itself when the owner lease is invalid.
      if (spec.kind === 'join' && this.broken('membership-written-by-caller') && (await this.node.store.leaseExpiry(rec.owner)) === null) return writeMembership(this, op, spec, cur.version, rec);
      const work: Work =
        spec.kind === 'close'
          ? { type: 'close', objectId: spec.objectId, generation: spec.generation }
          : { type: 'join', objectId: spec.objectId, generation: spec.generation, member: spec.member };
      this.cache.delete(spec.objectId);
      await this.finishOn(op, rec.owner, work);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError)) throw e;
      op.finish('failure', { errorKind: 'Unavailable' });
    }
  }

  private retry() {
    return { retryForMs: this.node.timings.storeFailureGraceMs, backoffMs: this.node.timings.reconnectBackoffMs, clock: this.node.clock };
  }
}
