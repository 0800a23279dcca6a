// The owner side of Actors and Spots on one node: creation (with creation recovery), Instance Spot
// cold activation (first message stored, restored at the head of the queue), message delivery,
// Close with authority release, membership changes, and timers. Processing happens only while the
// node is owner-eligible (R-STO-3).

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { AppPayload, ObjectKind, Rid } from '../../src/driver/types.ts';
import type { TestApp } from '../node/app.ts';
import { changeRecord, newWriteId, type ChangeResult, type StoreRetry } from '../location/authority.ts';
import type { LeaseKeeper } from '../location/lease.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { Broken } from '../mutants/index.ts';
import { reactivateAsNew, reloadFromRecord, type ObjectHostSide } from '../mutants/objects.ts';
import type { NodeStore } from '../store/node-store.ts';
import { StoreUnavailableError } from '../store/types.ts';
import { fail, ok, type Work, type WorkResult } from '../node/work.ts';
import { Mailbox, type Letter } from './mailbox.ts';
import { Relocations, type RelocationContext, type RelocationFailpoint } from '../relocation/relocation.ts';

export interface HostContext {
  rid: Rid;
  clock: Clock;
  ids: Ids;
  /** This process's incarnation; a restarted process has another. */
  lifecycle: string;
  store: NodeStore;
  lease: LeaseKeeper;
  app: TestApp;
  broken: Broken;
  alive(): boolean;
  /** Take an armed failpoint of this node (activation.*, relocation.*), if any. */
  takeFailpoint(name: ActivationFailpoint | RelocationFailpoint): boolean;
  storeRetry: StoreRetry;
  timings: RelocationContext['timings'];
  messageFollowMs(): number;
  crash(): void;
  sendWork: RelocationContext['sendWork'];
  broadcastLocationUpdate: RelocationContext['broadcastLocationUpdate'];
}

/** What resumeIfUnfinished gives when there is no unfinished activation of this process to resume. */
const NOTHING_TO_RESUME = Symbol('nothing to resume');

export type ActivationFailpoint = 'activation.fail-before-ready' | 'activation.fail-before-restore';

interface Instance {
  objectId: string;
  kind: ObjectKind;
  generation: number;
  mailbox: Mailbox;
  ticker?: TimerId;
}

export class ObjectHost {
  private readonly instances = new Map<string, Instance>();
  /**
   * Objects whose activation this process has begun and not yet hosted (its Creating record may be
   * written while the Store's answer is still on its way). A message that finds no instance of such
   * an object waits for that activation: the Creating record names this node and lifecycle, so it
   * would otherwise be taken for an unfinished activation and resumed, building a second instance
   * of one generation (R-INST-1).
   */
  private readonly activating = new Map<string, Promise<void>>();
  readonly relocations: Relocations;

  constructor(private readonly ctx: HostContext) {
    this.relocations = new Relocations({
      ...ctx,
      hosted: (id) => {
        const inst = this.instances.get(id);
        return inst && { kind: inst.kind, generation: inst.generation };
      },
      takeWaiting: (id) => this.instances.get(id)?.mailbox.drain() ?? [],
      reopenAdmission: () => {},
      holdDispatch: (id) => {
        const inst = this.instances.get(id);
        inst?.mailbox.hold();
        // R-REL-2: past the relay-ready boundary the source runs nothing of the object, its timers
        // neither: the target may own it already, while the source still waits to hear so (a
        // cutover whose answer never comes). The mutants let the instance's timer run on.
        if (inst && !this.ctx.broken('let-go-instance-keeps-timer') && !this.ctx.broken('held-source-keeps-timer')) this.ctx.clock.clearTimer(inst.ticker);
      },
      dispose: (id) => this.dispose(id),
      prepare: (rec) => void this.host({ objectId: rec.objectId, kind: rec.kind, generation: rec.generation, state: 'Ready', writeId: '' }, false),
      post: (id, letter) => this.instances.get(id)?.mailbox.post(letter) ?? Promise.resolve(fail('Unavailable')),
      openDispatch: (id) => this.instances.get(id)?.mailbox.open(),
    });
  }

  async handle(work: Exclude<Work, { type: 'app' }>, opId: string): Promise<WorkResult | undefined> {
    try {
      switch (work.type) {
        case 'create':
          return await this.create(work.objectId, work.kind, work.input);
        case 'activate':
          return await this.activate(work.objectId, { opId, payload: work.payload }, work.factoryInput);
        case 'message':
          return await this.message(work.objectId, { opId, payload: work.payload }, work.generation, work.instanceIntent);
        case 'close':
          return await this.close(work.objectId, work.generation);
        case 'join':
          return await this.join(work.objectId, work.generation, work.member);
        case 'relocate':
          return await this.relocations.relocate(work.objectId, work.target, work.generation);
        case 'relocation-prepare':
          return this.relocations.prepare(work.relocation, work.kind);
        case 'relocation-relay':
          return await this.relocations.relay(work.relocationId, work.objectId, work.letter);
        case 'relocation-cutover':
          return await this.relocations.cutover(work.relocationId);
        case 'relocation-cancel':
          return this.relocations.cancel(work.relocationId);
        case 'location-update':
          return ok({});
      }
    } catch (e) {
      if (e instanceof StoreUnavailableError) return fail('Unavailable');
      throw e;
    }
  }

  private read(objectId: string) {
    return this.ctx.store.read<LocationRecord>(objectKey(objectId));
  }

  private change(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult> {
    return changeRecord(this.ctx.store, objectKey(objectId), version, { ...next, writeId: newWriteId(this.ctx.ids) }, this.ctx.broken, this.ctx.storeRetry);
  }

  private async leaseValid(node: Rid | undefined): Promise<boolean> {
    if (!node) return false;
    const expiry = await this.ctx.store.leaseExpiry(node);
    return expiry !== null;
  }

  // ---- creation (spec 4.3) ---------------------------------------------------------------------

  private async create(objectId: string, kind: ObjectKind, input: unknown): Promise<WorkResult | undefined> {
    for (;;) {
      const cur = await this.read(objectId);
      const rec = cur.value;
      if (!rec || rec.state === 'Missing') {
        const next: LocationRecord = { objectId, state: 'Creating', kind, owner: this.ctx.rid, generation: (rec?.generation ?? 0) + 1, creation: { input }, writeId: '' };
        const r = await this.change(objectId, cur.version, next);
        // Only the one that secured the Creating record runs the factory (R-CRE-1).
        if (!r.applied && !this.ctx.broken('creation-race-both-run-factory') && !this.ctx.broken('creation-lost-change-runs-factory')) continue;
        return this.finishCreation(next, r.applied ? r.version : cur.version + 1);
      }
      if (rec.state !== 'Creating' || rec.kind === 'instance-spot') return fail('AlreadyExists');
      // A Creating record of a node whose lease is valid is that node's creation, not an abandoned one.
      if (rec.owner === this.ctx.rid || (!this.ctx.broken('creation-ignores-creator-lease') && (await this.leaseValid(rec.owner)))) {
        // R-CRE-1 again, for a creation that arrives after the winner wrote its record.
        if (this.ctx.broken('creation-race-both-run-factory')) await this.ctx.app.factory(this.ctx.rid, objectId, rec.generation, input);
        return fail('AlreadyExists');
      }
      // The process that was creating it died: creation recovery (R-CRE-2, V06). Continue exactly
      // this record - same object ID, same generation, the stored input - here.
      const next: LocationRecord = this.ctx.broken('creation-recovery-new-generation')
        ? { ...rec, owner: this.ctx.rid, generation: rec.generation + 1, creation: { input } }
        : { ...rec, owner: this.ctx.rid };
      const r = await this.change(objectId, cur.version, next);
      // V06: only the one whose change took the record over continues the creation.
      if (!r.applied && !this.ctx.broken('recovery-ignores-lost-takeover')) continue;
      // V08: the factory runs for the generation of the record it continues.
      return this.finishCreation(next, r.applied ? r.version : cur.version + 1, this.ctx.broken('recovery-factory-next-generation') ? rec.generation + 1 : next.generation);
    }
  }

  private async finishCreation(rec: LocationRecord, version: number, factoryGeneration = rec.generation): Promise<WorkResult | undefined> {
    await this.ctx.app.factory(this.ctx.rid, rec.objectId, factoryGeneration, rec.creation?.input);
    if (!this.ctx.alive()) return undefined; // the process died while creating: no reply, ever
    // The generation was counted when the Creating record was written; turning Ready keeps it.
    if (this.ctx.broken('ready-generation-bumped-again')) rec = { ...rec, generation: rec.generation + 1 };
    const r = await this.change(rec.objectId, version, { ...rec, state: 'Ready' });
    if (!r.applied) return fail('Unavailable');
    this.host(rec, true);
    return ok({ objectId: rec.objectId, generation: rec.generation, owner: this.ctx.rid });
  }

  /** What restarted-owner-reloads-from-record uses of this host. */
  private reloading(): ObjectHostSide {
    const { rid, app } = this.ctx;
    return { rid, read: (id) => this.read(id), factory: (id, g, input) => app.factory(rid, id, g, input), rehost: (rec) => this.host(rec, true).mailbox };
  }

  private host(rec: LocationRecord, open: boolean): Instance {
    // One instance per object in a process: one that is replaced is disposed (timer included), never
    // left running unreachable.
    this.dispose(rec.objectId);
    const inst: Instance = {
      objectId: rec.objectId,
      kind: rec.kind!,
      generation: rec.generation,
      mailbox: new Mailbox((letter) => this.deliver(inst, letter), () => this.ctx.lease.whenEligible(), open),
    };
    const tickMs = (rec.creation?.input as { tickMs?: number } | undefined)?.tickMs;
    if (tickMs) {
      inst.ticker = this.ctx.clock.setInterval(() => {
        // Timers run only while this node may act as owner (R-STO-3).
        if (this.ctx.alive() && (this.ctx.lease.eligible() || this.ctx.broken('timer-ignores-eligibility'))) this.ctx.app.timer(this.ctx.rid, inst.objectId, inst.generation);
      }, tickMs);
    }
    this.instances.set(rec.objectId, inst);
    return inst;
  }

  private async deliver(inst: Instance, letter: Letter): Promise<WorkResult> {
    try {
      const value = await this.ctx.app.handle(this.ctx.rid, letter.opId, letter.payload as AppPayload, { objectId: inst.objectId, generation: inst.generation });
      return ok(value);
    } catch {
      return fail('HandlerError');
    }
  }

  private dispose(objectId: string): void {
    const inst = this.instances.get(objectId);
    if (!inst) return;
    // An instance let go (relocated away, closed, no longer confirmed) does nothing more here. The
    // mutant closes its mailbox but forgets its timer.
    if (!this.ctx.broken('let-go-instance-keeps-timer')) this.ctx.clock.clearTimer(inst.ticker);
    inst.mailbox.close();
    this.instances.delete(objectId);
  }

  // ---- messages (spec 4.1, 4.2) ------------------------------------------------------------------

  /**
   * A Session relay (spec 6): unlike a regular message it needs the binding's incarnation. A relay
   * for another generation than the hosted one, or for an incarnation the Location Store no longer
   * names, ends BindingEnded and runs nothing (V09). While relocating (or just relocated away) it
   * follows the move like any message.
   */
  async relay(objectId: string, letter: Letter, generation: number): Promise<WorkResult | undefined> {
    try {
      const inst = this.instances.get(objectId);
      // V09: a binding belongs to one incarnation; a re-created Actor does not take its messages.
      if (inst && inst.generation !== generation && !this.ctx.broken('binding-reused-after-recreation')) return fail('BindingEnded');
      if (!inst) {
        const rec = (await this.read(objectId)).value;
        if (!rec || rec.state === 'Missing' || rec.generation !== generation) return fail('BindingEnded');
      }
      const followed = this.relocations.follow(objectId, letter);
      if (followed) return (await followed) ?? fail('Unavailable');
      return inst ? inst.mailbox.post(letter) : fail('Unavailable');
    } catch (e) {
      if (e instanceof StoreUnavailableError) return fail('Unavailable');
      throw e;
    }
  }

  private async message(objectId: string, letter: Letter, generation: number | undefined, instanceIntent: boolean): Promise<WorkResult | undefined> {
    // Relocating or relocated away: the target's temporary queue, or Message Follow.
    const followed = this.relocations.follow(objectId, letter);
    if (followed) return (await followed) ?? fail('Unavailable');
    const inst = this.instances.get(objectId);
    if (!inst) {
      // An unfinished first activation this very process started resumes here, and only here (V11).
      if (instanceIntent) {
        const resumed = await this.asActivation(objectId, letter, generation, (hosted) => this.resumeIfUnfinished(objectId, letter, hosted));
        if (resumed !== NOTHING_TO_RESUME) return resumed;
      }
      // R-INST-4: an Instance Spot this process does not host is not Missing: no new incarnation here.
      if (instanceIntent && this.ctx.broken('unhosted-instance-spot-reactivated')) return reactivateAsNew(this.reloading(), objectId, letter);
      // R-OBJ-4: named owner in the Store but hosting nothing (a restarted process): it brings nothing back.
      if (this.ctx.broken('restarted-owner-reloads-from-record')) return reloadFromRecord(this.reloading(), objectId, letter);
      return fail('Unavailable'); // not the owner here: the caller does not try elsewhere
    }
    // The target is the logical ID's current Ready object; a generation mismatch alone does not
    // stop the handler (V07).
    if (this.ctx.broken('message-requires-generation') && generation !== undefined && generation !== inst.generation) {
      return fail('GenerationMismatch');
    }
    // R-INST-3: Instance intent to a Ready Instance Spot is an ordinary message: no activation again.
    if (this.ctx.broken('ready-instance-reactivated') && instanceIntent && inst.kind === 'instance-spot') {
      await this.ctx.app.factory(this.ctx.rid, objectId, inst.generation, undefined);
    }
    return inst.mailbox.post(letter);
  }

  // ---- Instance Spot cold activation (spec 4.4) ------------------------------------------------

  /**
   * Note that this process is activating `objectId` until the returned function is called (once
   * the instance is hosted, or the activation went nowhere). Calling it again does nothing.
   */
  private beginActivating(objectId: string): () => void {
    let settle!: () => void;
    const underWay = new Promise<void>((resolve) => (settle = resolve));
    this.activating.set(objectId, underWay);
    return () => {
      if (this.activating.get(objectId) === underWay) this.activating.delete(objectId);
      settle();
    };
  }

  /**
   * Run `activation` as this process's activation of `objectId`; when one is under way here
   * already, `letter` goes behind it instead (as a message, once that one has hosted the instance).
   */
  private async asActivation<T>(
    objectId: string,
    letter: Letter,
    generation: number | undefined,
    activation: (hosted: () => void) => Promise<T>,
  ): Promise<T | WorkResult | undefined> {
    const underWay = this.activating.get(objectId);
    if (underWay && !this.ctx.broken('activation-resumed-while-under-way')) {
      await underWay;
      return this.message(objectId, letter, generation, true);
    }
    const hosted = this.beginActivating(objectId);
    try {
      return await activation(hosted);
    } finally {
      hosted();
    }
  }

  private activate(objectId: string, first: Letter, factoryInput: unknown): Promise<WorkResult | undefined> {
    return this.asActivation(objectId, first, undefined, (hosted) => this.activateHere(objectId, first, factoryInput, hosted));
  }

  /** An unfinished first activation this very process started resumes here, and only here (V11). */
  private async resumeIfUnfinished(objectId: string, later: Letter, hosted: () => void): Promise<WorkResult | undefined | typeof NOTHING_TO_RESUME> {
    const cur = await this.read(objectId);
    const rec = cur.value;
    const p = rec?.recovery;
    const unfinished = rec?.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !rec.firstMessageRestored));
    // V11: the pointer names a node and its lifecycle; the mutant compares the node only, so a restarted process resumes.
    const samePointer = p?.targetNode === this.ctx.rid && (p.lifecycle === this.ctx.lifecycle || this.ctx.broken('recovery-pointer-ignores-lifecycle'));
    if (!rec || !unfinished || !samePointer) return NOTHING_TO_RESUME;
    return this.resumeActivation(rec, cur.version, later, hosted);
  }

  private async activateHere(objectId: string, first: Letter, factoryInput: unknown, hosted: () => void): Promise<WorkResult | undefined> {
    const cur = await this.read(objectId);
    const rec = cur.value;
    if (rec && rec.state !== 'Missing') {
      hosted();
      return this.message(objectId, first, undefined, true);
    }
    // R-INST-5: a cold activation is a new incarnation, with a generation never used before.
    const generation = this.ctx.broken('activation-reuses-generation') && rec ? rec.generation : (rec?.generation ?? 0) + 1;
    const next: LocationRecord = {
      objectId,
      state: 'Creating',
      kind: 'instance-spot',
      owner: this.ctx.rid,
      generation,
      // The first message is stored with the creation record before anything runs.
      creation: { input: factoryInput, ...(this.ctx.broken('first-message-not-stored') ? {} : { firstMessage: { opId: first.opId, payload: first.payload } }) },
      recovery: { root: `activation/${objectId}/${generation}`, replayCursor: 0, targetNode: this.ctx.rid, lifecycle: this.ctx.lifecycle },
      firstMessageRestored: false,
      writeId: '',
    };
    // R-INST-1: only the activation that secured the Creating record builds the object.
    const early = this.ctx.broken('activation-factory-before-creating-record');
    if (early) await this.ctx.app.factory(this.ctx.rid, objectId, generation, factoryInput);
    const r = await this.change(objectId, cur.version, next);
    if (!r.applied && !this.ctx.broken('activation-lost-change-builds-anyway')) {
      hosted();
      return this.message(objectId, first, undefined, true);
    }
    return this.runActivation(next, r.applied ? r.version : cur.version + 1, first, undefined, hosted, early);
  }

  private resumeActivation(rec: LocationRecord, version: number, later: Letter, hosted: () => void): Promise<WorkResult | undefined> {
    const first = rec.creation?.firstMessage as Letter | undefined;
    return this.runActivation(rec, version, first, later, hosted);
  }

  /**
   * Build the instance (factory, same generation, stored input), mark it Ready, then put the stored
   * first message at the head of the queue before anything else is processed (R-INST-7).
   * Resolves with the result of `first`, or of `later` when resuming for a later message.
   */
  private async runActivation(
    rec: LocationRecord,
    version: number,
    first: Letter | undefined,
    later: Letter | undefined,
    hosted: () => void,
    built = false,
  ): Promise<WorkResult | undefined> {
    const inst = this.host(rec, false); // closed mailbox: later messages wait behind the activation
    hosted(); // from here a message finds the instance and waits in its mailbox
    const laterResult = later ? inst.mailbox.post(later) : undefined;
    if (!built) {
      await this.ctx.app.factory(this.ctx.rid, rec.objectId, rec.generation, rec.creation?.input);
      if (!this.ctx.alive()) return undefined;
    }
    if (rec.state === 'Creating') {
      if (this.ctx.takeFailpoint('activation.fail-before-ready')) return this.abandonActivation(rec.objectId);
      const r = await this.change(rec.objectId, version, { ...rec, state: 'Ready', firstMessageRestored: false });
      if (!r.applied) return this.abandonActivation(rec.objectId);
      rec = { ...rec, state: 'Ready', firstMessageRestored: false };
      version = r.version;
      // R-INST-1: one factory run per activation. The mutant falls through into the resume branch.
      if (this.ctx.broken('activation-factory-runs-twice')) {
        await this.ctx.app.factory(this.ctx.rid, rec.objectId, rec.generation, rec.creation?.input);
        if (!this.ctx.alive()) return undefined;
      }
    }
    if (this.ctx.takeFailpoint('activation.fail-before-restore')) return this.abandonActivation(rec.objectId);
    // R-INST-2: the replay cursor counts the stored messages already put back (0: none yet).
    const replayed = later !== undefined && rec.recovery!.replayCursor >= (this.ctx.broken('resume-replay-cursor-off-by-one') ? 0 : 1);
    // R-INST-7: the stored first message goes to the head of the queue, before any later one.
    const firstResult = replayed || !first ? undefined : this.ctx.broken('activation-later-message-first') ? inst.mailbox.post(first) : inst.mailbox.postFirst(first);
    const restored: LocationRecord = { ...rec, firstMessageRestored: true, recovery: { ...rec.recovery!, replayCursor: 1 } };
    const r = await this.change(rec.objectId, version, restored);
    if (!r.applied) return this.abandonActivation(rec.objectId);
    inst.mailbox.open();
    return later ? laterResult : firstResult;
  }

  private abandonActivation(objectId: string): WorkResult {
    this.dispose(objectId);
    return fail('Unavailable');
  }

  // ---- Close and membership (generation checked: V08) -------------------------------------------

  private async close(objectId: string, generation: number): Promise<WorkResult> {
    const cur = await this.read(objectId);
    const rec = cur.value;
    if (!rec || rec.state === 'Missing') return fail('NotFound');
    // V08: Close/Destroy names the generation it ends; a mismatch changes nothing.
    if (rec.generation !== generation && !this.ctx.broken('close-ignores-generation')) return fail('GenerationMismatch');
    if (rec.state !== 'Ready' || rec.owner !== this.ctx.rid) return fail('Unavailable');
    const closing = await this.change(objectId, cur.version, { ...rec, state: 'Closing' });
    if (!closing.applied) return fail('Unavailable');
    this.dispose(objectId);
    // R-INST-5: Close is finished only with the authority release.
    if (this.ctx.broken('close-never-releases-authority')) return ok({ objectId, generation: rec.generation });
    // Authority release: the record reads Missing and keeps the generation it had.
    const released = await this.change(objectId, closing.version, { objectId, state: 'Missing', generation: rec.generation, writeId: '' });
    return released.applied ? ok({ objectId, generation: rec.generation }) : fail('Unavailable');
  }

  private async join(objectId: string, generation: number, member: Rid): Promise<WorkResult> {
    const cur = await this.read(objectId);
    const rec = cur.value;
    if (!rec || rec.state === 'Missing') return fail('NotFound');
    // V08: so does a membership change.
    if (rec.generation !== generation && !this.ctx.broken('membership-ignores-generation')) return fail('GenerationMismatch');
    if (rec.state !== 'Ready' || rec.owner !== this.ctx.rid) return fail('Unavailable');
    const members = [...new Set([...(rec.members ?? []), member])];
    const r = await this.change(objectId, cur.version, { ...rec, members });
    return r.applied ? ok({ objectId, generation: rec.generation, members }) : fail('Unavailable');
  }

  // ---- Store recovery and process end --------------------------------------------------------------

  /** The Store is back: re-confirm every owned object before processing goes on (R-STO-4). */
  async reconfirmOwners(): Promise<void> {
    if (this.ctx.broken('recovery-skips-owner-confirmation')) return;
    for (const inst of [...this.instances.values()]) {
      const rec = (await this.read(inst.objectId)).value;
      if (!rec || rec.owner !== this.ctx.rid || rec.generation !== inst.generation || rec.state !== 'Ready') this.dispose(inst.objectId);
    }
  }

  stopAll(): void {
    this.relocations.stopAll();
    for (const id of [...this.instances.keys()]) this.dispose(id);
  }
}
