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
import { REFERENCE_AUTHORITY, type AuthorityRules } from '../location/authority-rules.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { CallingNode } from '../connection/calling-node.ts';
import type { Operation } from '../kernel/operation.ts';
import type { SendEnd } from '../connection/node-context.ts';
import { REFERENCE_ROUTING, type Found, type ObjectMessage, type RoutingNode, type RoutingRules, type RoutingSide } from './routing-rules.ts';
import { StoreUnavailableError } from '../store/types.ts';
import type { Work } from '../kernel/work.ts';

interface CachedOwner {
  owner: Rid;
  generation: number;
  validUntil: number;
}

export class ObjectCaller implements RoutingSide {
  private readonly cache = new Map<string, CachedOwner>();

  constructor(
    readonly node: CallingNode & RoutingNode,
    private readonly caller: Caller,
    /** The rules of this side (routing-rules.ts): the reference's, or a kit mutant's in place of one. */
    private readonly rules: RoutingRules = REFERENCE_ROUTING,
    /** The Location Store authority's rules (authority-rules.ts), which the caller's changes of a record follow. */
    private readonly authorityRules: AuthorityRules = REFERENCE_AUTHORITY,
  ) {}

  async create(op: Operation, spec: Extract<OperationSpec, { kind: 'create' }>): Promise<void> {
    const work: Work = { type: 'create', objectId: spec.objectId, kind: spec.objectKind, input: spec.input };
    const end = await this.caller.send(op, spec.on, work);
    // R-CRE-2: a creation that got no answer leaves its Creating record to the next operation.
    if (end.kind !== 'result') await this.rules.creationUnanswered(this, spec.objectId, spec.on).catch(() => undefined);
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

  async route(op: Operation, spec: ObjectMessage): Promise<void> {
    const work: Work = { type: 'message', objectId: spec.objectId, payload: spec.payload, instanceIntent: !!spec.instanceIntent, ...(spec.generation !== undefined ? { generation: spec.generation } : {}) };
    // The caller still believes `via` owns the object (a stale cache the scenario names).
    if (spec.via) return this.sendToOwner(op, spec.via, work, spec);
    const cached = this.cache.get(spec.objectId);
    // R-OBJ-2: the cache is trusted until it expires or the owner lease it saw runs out; a ready
    // connection to the cached owner says nothing about its ownership.
    if (cached && this.rules.trustsCachedOwner(cached.validUntil, this.node.clock.now(), this.caller.reachable(cached.owner))) return this.sendToOwner(op, cached.owner, work, spec);
    // R-INST-3: not being in the owner cache is not being Missing; the record says which it is.
    if (!cached && !this.rules.readsRecordOnCacheMiss(!!spec.instanceIntent)) return this.coldActivate(op, spec, spec.activateOn ?? this.node.rid);
    this.cache.delete(spec.objectId);
    const cur = await this.node.store.read<LocationRecord>(objectKey(spec.objectId));
    const rec = cur.value;
    const intent = !!spec.instanceIntent;

    if (!rec || rec.state === 'Missing') {
      // R-INST-1: Instance intent cold-activates a Missing Instance Spot. It creates only Instance
      // Spots (V12); an Actor or User Spot ref to nothing is NotFound.
      if (!this.rules.activatesMissing(intent, spec.objectKind)) return op.finish('failure', { errorKind: 'NotFound' });
      return this.coldActivate(op, spec, spec.activateOn ?? this.node.rid);
    }

    const ownerLease = rec.owner ? await this.node.store.leaseExpiry(rec.owner) : null;
    const found: Found = { spec, work, version: cur.version, rec, intent, ownerAlive: ownerLease !== null };
    // V12: only a first activation whose first message is not restored yet is unfinished.
    const unfinishedActivation = rec.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !this.rules.firstMessageRestored(rec)));
    // R-INST-2, V11: resumed, never replaced by a new incarnation, and only where its pointer names.
    if (unfinishedActivation && intent) return this.rules.unfinishedActivation(this, op, found);
    // V12: an Actor or User Spot whose creation stopped is not cold-activated like an Instance Spot.
    if (rec.state !== 'Ready') return this.rules.notReady(this, op, found);
    // The Ready owner's lease is invalid: the object is Unavailable, authority as it is (R-OBJ-4).
    if (ownerLease === null) return this.rules.ownerLeaseInvalid(this, op, found);

    const validUntil = Math.min(this.node.clock.now() + this.node.timings.ownerCacheMs, this.node.clock.now() + (ownerLease - (await this.node.store.now())));
    this.cache.set(spec.objectId, { owner: rec.owner!, generation: rec.generation, validUntil });
    return this.sendToOwner(op, rec.owner!, work, spec);
  }

  private async sendToOwner(op: Operation, owner: Rid, work: Work, spec: ObjectMessage): Promise<void> {
    // V02: the message names a global object ID; its owner not being ready is no reason to try
    // elsewhere. R-OBJ-2: a failed operation is not resubmitted to a new owner.
    return this.rules.ownerSendEnded(this, op, spec, owner, work, await this.caller.send(op, owner, work));
  }

  forgetOwner(objectId: string): void {
    this.cache.delete(objectId);
  }

  finishFrom(op: Operation, end: SendEnd): void {
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
    return changeRecord(this.node.store, objectKey(objectId), version, { ...next, writeId: newWriteId(this.node.ids) }, this.authorityRules, this.retry());
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
      // V14: a relocation whose source was lost is over for the requester; no other runtime carries it on.
      if (end.kind === 'lost' || end.kind === 'unknown') await this.rules.relocationSourceLost(this, spec.objectId, rec.owner);
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
        // The cancelled record keeps its generation.
        const cancelled = await this.markMissing(spec.objectId, cur.version, { ...rec, generation: this.rules.cancelledGeneration(rec) });
        return cancelled.applied ? op.finish('reply', { reply: { objectId: spec.objectId, generation: rec.generation } }) : op.finish('failure', { errorKind: 'Unavailable' });
      }
      // R-STO-3: an owner whose eligibility ended changes nothing, and nobody changes its object for it.
      if (spec.kind === 'join' && (await this.rules.joinAnsweredByCaller(this, op, spec, cur.version, rec))) return;
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
