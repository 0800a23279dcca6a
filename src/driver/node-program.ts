// The node program contract's start configuration (docs/node-program.md, `start`): what the kit
// tells each process of a node program when it starts it. One type for both ends: the kit's side
// (adapters/node-program/cluster.ts) builds it, the reference's program (impl-reference/node/
// program-node.ts) reads it, so the two cannot drift apart.

import type { ChannelSpec, NodeOptions } from './schema/topology.ts';
import type { Rid } from './schema/basics.ts';

export interface StartConfig {
  rid: Rid;
  mesh: string;
  /** 1 for the first process of this RID, one more for each restart: the kit's count, for the node's logs. */
  incarnation: number;
  /** The mesh credential every member proves its RID with. */
  credential: string;
  /** Where to listen: a host and port 0 (any free port); the node answers the address it got. */
  listen: string;
  /** Every other node of the mesh, at the address of the kit's relay for that link. */
  peers: Record<Rid, string>;
  nodeOptions: NodeOptions;
  channels: ChannelSpec[];
  /** Gates of the test application already released (they stay open for every incarnation). */
  releasedGates: string[];
  /** The Location Store, for a program that serves objects (level objects and up): the kit's relay to its Redis, and the cluster's key namespace. */
  store?: { address: string; namespace: string };
  /** MessageFollowDuration for this run of the topology, when it sets one (0 turns Message Follow off); else the timings'. */
  messageFollowMs?: number;
}
