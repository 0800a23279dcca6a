// Instance Spot cold activation (spec 4.4): the first message to a Missing Instance Spot stores
// itself with a Creating record that names this node and its lifecycle, the factory builds the
// object, the record turns Ready, and the stored first message goes to the head of the queue before
// any later one (R-INST-7). An activation this very process left unfinished resumes here, and only
// here (V11); one still under way takes later messages behind it (R-INST-1).

import type { LocationRecord } from '../location/records.ts';
import { fail, type WorkResult } from '../kernel/work.ts';
import { HostPart } from './host-context.ts';
import type { Letter } from './mailbox.ts';

/** What resumeIfUnfinished gives when there is no unfinished activation of this process to resume. */
export const NOTHING_TO_RESUME = Symbol('nothing to resume');

export class ColdActivation extends HostPart {
  /**
   * Objects whose activation this process has begun and not yet hosted (its Creating record may be
   * written while the Store's answer is still on its way). A message that finds no instance of such
   * an object waits for that activation: the Creating record names this node and lifecycle, so it
   * would otherwise be taken for an unfinished activation and resumed, building a second instance
   * of one generation (R-INST-1).
   */
  private readonly activating = new Map<string, Promise<void>>();

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
  async asActivation<T>(
    objectId: string,
    letter: Letter,
    generation: number | undefined,
    activation: (hosted: () => void) => Promise<T>,
  ): Promise<T | WorkResult | undefined> {
    const underWay = this.activating.get(objectId);
    if (underWay && this.rules.waitsForActivationUnderWay()) {
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

  activate(objectId: string, first: Letter, factoryInput: unknown): Promise<WorkResult | undefined> {
    return this.asActivation(objectId, first, undefined, (hosted) => this.activateHere(objectId, first, factoryInput, hosted));
  }

  /** An unfinished first activation this very process started resumes here, and only here (V11). */
  async resumeIfUnfinished(objectId: string, later: Letter, hosted: () => void): Promise<WorkResult | undefined | typeof NOTHING_TO_RESUME> {
    const cur = await this.read(objectId);
    const rec = cur.value;
    const p = rec?.recovery;
    const unfinished = rec?.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !rec.firstMessageRestored));
    // V11: the pointer names a node and its lifecycle: a restarted process on the same node resumes nothing.
    const samePointer = !!p && this.rules.pointerNamesThisProcess(p, this.ctx.rid, this.ctx.lifecycle);
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
    const generation = this.rules.newIncarnationGeneration(rec?.generation);
    const next: LocationRecord = {
      objectId,
      state: 'Creating',
      kind: 'instance-spot',
      owner: this.ctx.rid,
      generation,
      // The first message is stored with the creation record before anything runs.
      creation: this.rules.activationCreation(factoryInput, first),
      recovery: { root: `activation/${objectId}/${generation}`, replayCursor: 0, targetNode: this.ctx.rid, lifecycle: this.ctx.lifecycle },
      firstMessageRestored: false,
      writeId: '',
    };
    // R-INST-1: only the activation that secured the Creating record builds the object, after it.
    const early = this.rules.buildBeforeCreatingRecord(this.side, next);
    if (early) await early;
    const r = await this.change(objectId, cur.version, next);
    if (!this.rules.activationSecured(r.applied)) {
      hosted();
      return this.message(objectId, first, undefined, true);
    }
    return this.runActivation(next, r.applied ? r.version : cur.version + 1, first, undefined, hosted, early !== undefined);
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
      // R-INST-1: one factory run per activation.
      const rebuilt = this.rules.activationReady(this.side, rec);
      if (rebuilt && !(await rebuilt)) return undefined;
    }
    if (this.ctx.takeFailpoint('activation.fail-before-restore')) return this.abandonActivation(rec.objectId);
    // R-INST-2: the replay cursor counts the stored messages already put back (0: none yet).
    const replayed = later !== undefined && this.rules.firstMessageReplayed(rec.recovery!.replayCursor);
    // R-INST-7: the stored first message goes to the head of the queue, before any later one.
    const firstResult = replayed || !first ? undefined : this.rules.restoreFirstMessage(inst.mailbox, first);
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
}
