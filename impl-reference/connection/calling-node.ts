// What the calling sides (channel/caller.ts, objects/object-caller.ts) need of their node: its
// identity and clock, where peers are, its links and its own queue. Kept narrow and in the
// connection area, so the calling sides do not import the node that holds them.

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { EffectiveTimings, Rid } from '../../src/driver/types.ts';
import type { Work } from '../kernel/work.ts';
import type { NodeStore } from '../store/node-store.ts';
import type { DescriptorSource } from './node-context.ts';
import type { PeerLink, Submission } from './peer-link.ts';

export interface CallingNode {
  readonly rid: Rid;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly mesh: string;
  readonly timings: EffectiveTimings;
  readonly store: NodeStore;
  readonly discovery: DescriptorSource;
  /** false once the process crashed or hung. */
  live(): boolean;
  link(peer: Rid): PeerLink | undefined;
  otherLinks(): PeerLink[];
  /** Offer work to this node's own inbound queue. */
  submitLocal(opId: string, work: Work): Submission;
  /** The failpoint a send may fire: the acknowledgement of its write to the peer is lost. */
  readonly failpoints: { takeAckLost(peer: Rid): boolean };
}
