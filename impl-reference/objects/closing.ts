// Close with authority release, and membership changes (spec 4, V08): each names the generation
// it acts on, and a mismatch changes nothing; Close is finished only once the record reads Missing,
// keeping the generation it had (R-INST-5).

import type { Rid } from '../../src/driver/types.ts';
import { fail, ok, type WorkResult } from '../kernel/work.ts';
import { HostPart } from './host-context.ts';

export class Closing extends HostPart {
  async close(objectId: string, generation: number): Promise<WorkResult> {
    const cur = await this.read(objectId);
    const rec = cur.value;
    if (!rec || rec.state === 'Missing') return fail('NotFound');
    // V08: Close/Destroy names the generation it ends; a mismatch changes nothing.
    if (this.rules.mismatchStopsClose(rec.generation, generation)) return fail('GenerationMismatch');
    if (rec.state !== 'Ready' || rec.owner !== this.ctx.rid) return fail('Unavailable');
    const closing = await this.change(objectId, cur.version, { ...rec, state: 'Closing' });
    if (!closing.applied) return fail('Unavailable');
    this.dispose(objectId);
    // R-INST-5: Close is finished only with the authority release: the record reads Missing and
    // keeps the generation it had.
    if (!this.rules.closeReleasesAuthority()) return ok({ objectId, generation: rec.generation });
    const released = await this.change(objectId, closing.version, { objectId, state: 'Missing', generation: rec.generation, writeId: '' });
    return released.applied ? ok({ objectId, generation: rec.generation }) : fail('Unavailable');
  }

  async join(objectId: string, generation: number, member: Rid): Promise<WorkResult> {
    const cur = await this.read(objectId);
    const rec = cur.value;
    if (!rec || rec.state === 'Missing') return fail('NotFound');
    // V08: so does a membership change.
    if (this.rules.mismatchStopsMembership(rec.generation, generation)) return fail('GenerationMismatch');
    if (rec.state !== 'Ready' || rec.owner !== this.ctx.rid) return fail('Unavailable');
    const members = [...new Set([...(rec.members ?? []), member])];
    const r = await this.change(objectId, cur.version, { ...rec, members });
    return r.applied ? ok({ objectId, generation: rec.generation, members }) : fail('Unavailable');
  }
}
