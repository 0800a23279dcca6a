// Creation (spec 4.3) and creation recovery: only the node that secured the Creating record runs
// the factory (R-CRE-1); a Creating record whose creator's lease ran out is continued here, same
// object ID, same generation, the stored input (R-CRE-2, V06); the record turns Ready keeping the
// generation it was given.

import type { ObjectKind } from '../../src/driver/types.ts';
import type { LocationRecord } from '../location/records.ts';
import { fail, ok, type WorkResult } from '../kernel/work.ts';
import { HostPart } from './host-context.ts';

export class Creation extends HostPart {
  async create(objectId: string, kind: ObjectKind, input: unknown): Promise<WorkResult | undefined> {
    for (;;) {
      const cur = await this.read(objectId);
      const rec = cur.value;
      if (!rec || rec.state === 'Missing') {
        const next: LocationRecord = { objectId, state: 'Creating', kind, owner: this.ctx.rid, generation: (rec?.generation ?? 0) + 1, creation: { input }, writeId: '' };
        const r = await this.change(objectId, cur.version, next);
        // Only the one that secured the Creating record runs the factory (R-CRE-1).
        if (!this.rules.securedCreatingRecord(r.applied)) continue;
        return this.finishCreation(next, r.applied ? r.version : cur.version + 1);
      }
      if (rec.state !== 'Creating' || rec.kind === 'instance-spot') return fail('AlreadyExists');
      // A Creating record of a node whose lease is valid is that node's creation, not an abandoned one.
      if (rec.owner === this.ctx.rid || (await this.rules.creatorStillCreating(() => this.leaseValid(rec.owner)))) {
        // R-CRE-1 again, for a creation that arrives after the winner wrote its record.
        await this.rules.creationFoundUnderWay(this.side, rec, input);
        return fail('AlreadyExists');
      }
      // The process that was creating it died: creation recovery (R-CRE-2, V06). Continue exactly
      // this record - same object ID, same generation, the stored input - here.
      const next = this.rules.recoveredRecord(rec, this.ctx.rid, input);
      const r = await this.change(objectId, cur.version, next);
      // V06: only the one whose change took the record over continues the creation.
      if (!this.rules.tookOverCreation(r.applied)) continue;
      // V08: the factory runs for the generation of the record it continues.
      return this.finishCreation(next, r.applied ? r.version : cur.version + 1, this.rules.recoveryFactoryGeneration(rec, next));
    }
  }

  private async finishCreation(rec: LocationRecord, version: number, factoryGeneration = rec.generation): Promise<WorkResult | undefined> {
    await this.ctx.app.factory(this.ctx.rid, rec.objectId, factoryGeneration, rec.creation?.input);
    if (!this.ctx.alive()) return undefined; // the process died while creating: no reply, ever
    // The generation was counted when the Creating record was written; turning Ready keeps it.
    rec = this.rules.readyRecord(rec);
    const r = await this.change(rec.objectId, version, { ...rec, state: 'Ready' });
    if (!r.applied) return fail('Unavailable');
    this.host(rec, true);
    return ok({ objectId: rec.objectId, generation: rec.generation, owner: this.ctx.rid });
  }
}
