// What a peer link needs from its node, kept narrow so the link can be read (and tested) alone.

import { createHmac } from 'node:crypto';
import type { EffectiveTimings, Rid } from '../src/driver/types.ts';
import type { Broken } from './mutants.ts';
import type { Transport } from './transport/types.ts';

export interface Descriptor {
  rid: Rid;
  mesh: string;
  address: string;
}

/** The discovery source: where each node currently listens. */
export class Discovery {
  private readonly byRid = new Map<Rid, Descriptor>();
  publish(d: Descriptor): void {
    this.byRid.set(d.rid, { ...d });
  }
  lookup(rid: Rid): Descriptor | undefined {
    const d = this.byRid.get(rid);
    return d && { ...d };
  }
  inMesh(mesh: string): Descriptor[] {
    return [...this.byRid.values()].filter((d) => d.mesh === mesh).map((d) => ({ ...d }));
  }
}

export interface NodeContext {
  rid: Rid;
  mesh: string;
  credential: string;
  timings: EffectiveTimings;
  transport: Transport;
  discovery: Discovery;
  broken: Broken;
  /** false once the process crashed or hung: it reads and writes nothing. */
  live(): boolean;
  peerFailedLiveness(peer: Rid): void;
}

/** Proof that the sender holds the mesh credential, bound to its identity and this connection. */
export function proof(credential: string, rid: Rid, connectionId: string): string {
  return createHmac('sha256', credential).update(`${rid}\n${connectionId}`).digest('hex');
}
