// The owner side of Actors and Spots on one node: creation (with creation recovery), Instance Spot
// cold activation (first message stored, restored at the head of the queue), message delivery,
// Close with authority release, membership changes, and timers. Processing happens only while the
// node is owner-eligible (R-STO-3).

import type { AppPayload, Rid } from '../../src/driver/types.ts';
import { changeRecord, newWriteId, type ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import { StoreUnavailableError } from '../store/types.ts';
import { fail, ok, type Work, type WorkResult } from '../kernel/work.ts';
import { Relocations } from '../relocation/relocation.ts';
import { ColdActivation, NOTHING_TO_RESUME } from './activation.ts';
import { Closing } from './closing.ts';
import { Creation } from './creation.ts';
import type { HostContext, HostedObjects, Instance } from './host-context.ts';
import { REFERENCE_HOST, type HostRules, type HostSide } from './host-rules.ts';
import { Mailbox, type Letter } from './mailbox.ts';

export type { ActivationFailpoint, HostContext } from './host-context.ts';
export type { HostRules } from './host-rules.ts';

export class ObjectHost implements HostedObjects {
  private readonly instances = new Map<string, Instance>();
  readonly relocations: Relocations;
  /** The owner side's rules (host-rules.ts): the reference's, or a kit mutant's in place of one. */
  readonly rules: HostRules;
  /** What the rules may use of this host. */
  readonly side: HostSide;
  private readonly creation = new Creation(this);
  private readonly activation = new ColdActivation(this);
  private readonly closing = new Closing(this);

  constructor(readonly ctx: HostContext) {
    this.rules = ctx.hostRules ?? REFERENCE_HOST;
    const { rid, app } = ctx;
    this.side = { rid, read: (id) => this.read(id), factory: (id, g, input) => app.factory(rid, id, g, input), alive: () => ctx.alive(), rehost: (rec) => this.host(rec, true).mailbox };
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
        // cutover whose answer never comes).
        if (inst && this.rules.heldInstanceStopsTimer()) this.ctx.clock.clearTimer(inst.ticker);
        // This instance, and not one hosted here later under the same ID, is what the move lets go.
        return () => {
          if (inst && this.instances.get(id) === inst) this.dispose(id);
        };
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
          return await this.creation.create(work.objectId, work.kind, work.input);
        case 'activate':
          return await this.activation.activate(work.objectId, { opId, payload: work.payload }, work.factoryInput);
        case 'message':
          return await this.message(work.objectId, { opId, payload: work.payload }, work.generation, work.instanceIntent);
        case 'close':
          return await this.closing.close(work.objectId, work.generation);
        case 'join':
          return await this.closing.join(work.objectId, work.generation, work.member);
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

  read(objectId: string) {
    return this.ctx.store.read<LocationRecord>(objectKey(objectId));
  }

  change(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult> {
    return changeRecord(this.ctx.store, objectKey(objectId), version, { ...next, writeId: newWriteId(this.ctx.ids) }, this.ctx.authorityRules, this.ctx.storeRetry);
  }

  async leaseValid(node: Rid | undefined): Promise<boolean> {
    if (!node) return false;
    const expiry = await this.ctx.store.leaseExpiry(node);
    return expiry !== null;
  }

  // ---- hosted instances (creation: creation.ts; cold activation: activation.ts) ----------------

  host(rec: LocationRecord, open: boolean): Instance {
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
        if (this.rules.timerFires(this.ctx.alive(), this.ctx.lease.eligible())) this.ctx.app.timer(this.ctx.rid, inst.objectId, inst.generation);
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

  dispose(objectId: string): void {
    const inst = this.instances.get(objectId);
    if (!inst) return;
    // An instance let go (relocated away, closed, no longer confirmed) does nothing more here.
    if (this.rules.letGoInstanceStopsTimer()) this.ctx.clock.clearTimer(inst.ticker);
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
      if (inst && this.rules.bindingEnded(inst.generation, generation)) return fail('BindingEnded');
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

  async message(objectId: string, letter: Letter, generation: number | undefined, instanceIntent: boolean): Promise<WorkResult | undefined> {
    // Relocating or relocated away: the target's temporary queue, or Message Follow.
    const followed = this.relocations.follow(objectId, letter);
    if (followed) return (await followed) ?? fail('Unavailable');
    const inst = this.instances.get(objectId);
    if (!inst) {
      // An unfinished first activation this very process started resumes here, and only here (V11).
      if (instanceIntent) {
        const resumed = await this.activation.asActivation(objectId, letter, generation, (hosted) => this.activation.resumeIfUnfinished(objectId, letter, hosted));
        if (resumed !== NOTHING_TO_RESUME) return resumed;
      }
      // R-OBJ-4: named owner in the Store but hosting nothing (a restarted process): it brings nothing
      // back, and (R-INST-4) an Instance Spot it does not host is not Missing: no new incarnation
      // here. Not the owner here: the caller does not try elsewhere.
      return this.rules.notHostedHere(this.side, objectId, letter, instanceIntent);
    }
    // The target is the logical ID's current Ready object; a generation mismatch alone does not
    // stop the handler (V07).
    const refused = this.rules.refusesMessage(inst.generation, generation);
    if (refused) return refused;
    // R-INST-3: Instance intent to a Ready Instance Spot is an ordinary message: no activation again.
    const activating = this.rules.intentToHosted(this.side, inst, instanceIntent);
    if (activating) await activating;
    return inst.mailbox.post(letter);
  }

  // ---- Store recovery and process end --------------------------------------------------------------

  /**
   * The Store is back: re-confirm every owned object before processing goes on (R-STO-4). An
   * instance whose record no longer names this node and its generation is let go. A Creating record
   * that does is this process's own first activation still under way (only a cold activation hosts
   * its instance before the record is Ready, activation.ts): it goes on. Letting it go would lose the
   * stored first message, as the activation marks the record Ready and restored with no instance
   * left to run it.
   */
  async reconfirmOwners(): Promise<void> {
    if (!this.rules.reconfirmsOwners()) return;
    for (const inst of [...this.instances.values()]) {
      const rec = (await this.read(inst.objectId)).value;
      // The record still names this instance: this node, and the generation it hosts.
      const named =
        !!rec &&
        rec.owner === this.ctx.rid &&
        rec.generation === inst.generation;
      if (!named || (rec.state !== 'Ready' && rec.state !== 'Creating')) this.dispose(inst.objectId);
    }
  }

  stopAll(): void {
    this.relocations.stopAll();
    for (const id of [...this.instances.keys()]) this.dispose(id);
  }
}
