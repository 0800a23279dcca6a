// What a peer link needs from its node, kept narrow so the link can be read (and tested) alone.

import { createHmac } from 'node:crypto';
import type { EffectiveTimings, Rid } from '../src/driver/types.ts';
import type { NodeDescriptor } from './location/records.ts';
import type { Broken } from './mutants/index.ts';
import type { Transport } from './transport/types.ts';

/** Where peers are: the node descriptor list (read from the Location Store). */
export interface DescriptorSource {
  lookup(rid: Rid): NodeDescriptor | undefined;
  /** false while the Store cannot be read (StoreFailureGrace): the list is the last one read in full. */
  readonly fresh: boolean;
}

export interface NodeContext {
  rid: Rid;
  mesh: string;
  credential: string;
  /** Where this node listens. */
  readonly address: string;
  timings: EffectiveTimings;
  transport: Transport;
  discovery: DescriptorSource;
  broken: Broken;
  /** false once the process crashed or hung: it reads and writes nothing. */
  live(): boolean;
  peerFailedLiveness(peer: Rid): void;
  /** A connect failed: the descriptor may be stale, read the list again soon. */
  requestRefresh(): void;
}

/** Proof that the sender holds the mesh credential, bound to its identity and this connection. */
export function proof(credential: string, rid: Rid, connectionId: string): string {
  return createHmac('sha256', credential).update(`${rid}\n${connectionId}`).digest('hex');
}
