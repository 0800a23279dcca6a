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
import type { Caller } from '../caller.ts';
import { changeRecord, newWriteId } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { MeshNode } from '../mesh-node.ts';
import type { Operation } from '../operation.ts';
import { StoreUnavailableError } from '../store/types.ts';
import type { Work } from '../work.ts';

type ObjectMessage = Extract<OperationSpec, { kind: 'object-message' }>;

interface CachedOwner {
  owner: Rid;
  generation: number;
  validUntil: number;
}

export class ObjectCaller {
  private readonly cache = new Map<string, CachedOwner>();

  constructor(
    private readonly node: MeshNode,
    private readonly caller: Caller,
  ) {}

  private get broken() {
    return this.node.broken;
  }

  async create(op: Operation, spec: Extract<OperationSpec, { kind: 'create' }>): Promise<void> {
    const work: Work = { type: 'create', objectId: spec.objectId, kind: spec.objectKind, input: spec.input };
    const end = await this.caller.send(op, spec.on, work);
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
    if (cached && (cached.validUntil > Date.now() || this.broken('owner-cache-never-expires'))) {
      return this.sendToOwner(op, cached.owner, work, spec);
    }
    this.cache.delete(spec.objectId);
    const cur = await this.node.store.read<LocationRecord>(objectKey(spec.objectId));
    const rec = cur.value;
    const intent = !!spec.instanceIntent;

    if (!rec || rec.state === 'Missing') {
      // Instance intent creates only Instance Spots; an Actor or User Spot ref to nothing is NotFound.
      const activates = intent && (spec.objectKind === 'instance-spot' || this.broken('cold-activation-for-all-kinds'));
      if (!activates || this.broken('instance-intent-ignored')) return op.finish('failure', { errorKind: 'NotFound' });
      // Instance intent: a Missing object may be cold-activated - as an Instance Spot only.
      const activate: Work = { type: 'activate', objectId: spec.objectId, payload: spec.payload, factoryInput: spec.factoryInput ?? {} };
      return this.caller.finishFrom(op, await this.caller.send(op, spec.activateOn ?? this.node.rid, activate));
    }

    const ownerLease = rec.owner ? await this.node.store.leaseExpiry(rec.owner) : null;
    const unfinishedActivation =
      rec.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !rec.firstMessageRestored));

    if (unfinishedActivation && intent) {
      if (this.broken('unfinished-activation-new-incarnation')) return this.takeOver(op, spec, cur.version, rec);
      const target = rec.recovery?.targetNode ?? rec.owner!;
      if (ownerLease !== null) return this.caller.finishFrom(op, await this.caller.send(op, target, work));
      // The node the recovery pointer names is gone. The pointer is never a reason to pick another
      // node: cancel exactly this record (same generation, same StoreVersion) and end Unavailable.
      if (this.broken('recovery-pointer-picks-other-node')) return this.resumeHere(op, spec, cur.version, rec, work);
      await changeRecord(this.node.store, objectKey(spec.objectId), cur.version, { objectId: rec.objectId, state: 'Missing', generation: rec.generation, writeId: newWriteId() }, this.broken, this.retry());
      return op.finish('failure', { errorKind: 'Unavailable' });
    }

    if (rec.state !== 'Ready') {
      // Mutant: an Actor or User Spot whose creation stopped is cold-activated like an Instance Spot.
      if (intent && this.broken('cold-activation-for-all-kinds') && ownerLease === null) return this.takeOver(op, spec, cur.version, rec);
      return op.finish('failure', { errorKind: 'Unavailable' });
    }

    if (ownerLease === null) {
      // The Ready owner's lease is invalid: the object is Unavailable. Authority stays as it is.
      if (rec.kind === 'instance-spot' && intent && rec.recovery && this.broken('recovery-pointer-picks-other-node')) {
        return this.resumeHere(op, spec, cur.version, rec, work);
      }
      if (rec.kind === 'instance-spot' && intent && this.broken('lease-expiry-makes-missing')) return this.takeOver(op, spec, cur.version, rec);
      if (rec.kind === 'instance-spot' && this.broken('instance-owner-death-releases-authority')) {
        await changeRecord(this.node.store, objectKey(spec.objectId), cur.version, { objectId: rec.objectId, state: 'Missing', generation: rec.generation, writeId: newWriteId() }, this.broken, this.retry());
      }
      if (this.broken('owner-death-recreates')) return this.takeOver(op, spec, cur.version, rec);
      if (this.broken('object-message-rerouted')) return this.caller.finishFrom(op, await this.caller.send(op, this.node.rid, { type: 'app', payload: spec.payload }));
      return op.finish('failure', { errorKind: 'Unavailable' });
    }

    const validUntil = Math.min(Date.now() + this.node.timings.ownerCacheMs, Date.now() + (ownerLease - (await this.node.store.now())));
    this.cache.set(spec.objectId, { owner: rec.owner!, generation: rec.generation, validUntil });
    return this.sendToOwner(op, rec.owner!, work, spec);
  }

  private async sendToOwner(op: Operation, owner: Rid, work: Work, spec: ObjectMessage): Promise<void> {
    const end = await this.caller.send(op, owner, work);
    const failed = end.kind !== 'result' || !end.completion.ok;
    if (failed && end.kind !== 'deadline' && end.kind !== 'ended') {
      this.cache.delete(spec.objectId); // the next new operation re-reads the owner
      if (this.broken('failed-op-follows-new-owner') && !op.rerun) {
        op.rerun = true;
        return this.route(op, spec);
      }
    }
    this.caller.finishFrom(op, end);
  }

  /** Mutant only: use the recovery pointer to carry the same generation on here. */
  private async resumeHere(op: Operation, spec: ObjectMessage, version: number, rec: LocationRecord, work: Work): Promise<void> {
    const moved: LocationRecord = { ...rec, state: 'Creating', owner: this.node.rid, recovery: { ...rec.recovery!, targetNode: this.node.rid, lifecycle: this.node.lifecycle }, writeId: newWriteId() };
    const r = await changeRecord(this.node.store, objectKey(spec.objectId), version, moved, this.broken, this.retry());
    if (!r.applied) return op.finish('failure', { errorKind: 'Unavailable' });
    this.caller.finishFrom(op, await this.caller.send(op, this.node.rid, work));
  }

  /** Mutants only: make this node the owner of a new incarnation, as failover would. */
  private async takeOver(op: Operation, spec: ObjectMessage, version: number, rec: LocationRecord): Promise<void> {
    await changeRecord(this.node.store, objectKey(spec.objectId), version, { objectId: rec.objectId, state: 'Missing', generation: rec.generation, writeId: newWriteId() }, this.broken, this.retry());
    const activate: Work = { type: 'activate', objectId: spec.objectId, payload: spec.payload, factoryInput: spec.factoryInput ?? {} };
    this.caller.finishFrom(op, await this.caller.send(op, this.node.rid, activate));
  }

  /** Planned relocation: the request goes to the current owner, which runs the protocol. */
  async relocate(op: Operation, spec: Extract<OperationSpec, { kind: 'relocate' }>): Promise<void> {
    try {
      const rec = (await this.node.store.read<LocationRecord>(objectKey(spec.objectId))).value;
      if (!rec || rec.state === 'Missing' || !rec.owner) return op.finish('failure', { errorKind: 'NotFound' });
      const work: Work = { type: 'relocate', objectId: spec.objectId, target: spec.target, ...(spec.generation !== undefined ? { generation: spec.generation } : {}) };
      this.cache.delete(spec.objectId);
      this.caller.finishFrom(op, await this.caller.send(op, rec.owner, work));
    } catch (e) {
      if (!(e instanceof StoreUnavailableError)) throw e;
      op.finish('failure', { errorKind: 'Unavailable' });
    }
  }

  async close(op: Operation, spec: Extract<OperationSpec, { kind: 'close' | 'join' }>): Promise<void> {
    try {
      const rec = (await this.node.store.read<LocationRecord>(objectKey(spec.objectId))).value;
      if (!rec || rec.state === 'Missing' || !rec.owner) return op.finish('failure', { errorKind: 'NotFound' });
      const work: Work =
        spec.kind === 'close'
          ? { type: 'close', objectId: spec.objectId, generation: spec.generation }
          : { type: 'join', objectId: spec.objectId, generation: spec.generation, member: spec.member };
      this.cache.delete(spec.objectId);
      this.caller.finishFrom(op, await this.caller.send(op, rec.owner, work));
    } catch (e) {
      if (!(e instanceof StoreUnavailableError)) throw e;
      op.finish('failure', { errorKind: 'Unavailable' });
    }
  }

  private retry() {
    return { retryForMs: this.node.timings.storeFailureGraceMs, backoffMs: this.node.timings.reconnectBackoffMs };
  }
}
