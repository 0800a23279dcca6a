// What one node process is built from: plain JSON, so any harness in any language can start a node
// of the reference (docs/node-process.md). Nothing here refers to another node's memory: peers are
// found through the Store's node descriptors, and every exchange goes over the transport.

import type { ChannelKind, EffectiveTimings, Rid, ServerState } from '../../src/driver/types.ts';

export interface ChannelConfig {
  name: string;
  kind: ChannelKind;
  servers: Array<{ node: Rid; weight: number; state: ServerState }>;
}

/** What any node is built from, wherever it runs (a process of its own, or the kit's process). */
export interface NodeConfig {
  rid: Rid;
  mesh: string;
  /** The mesh credential (peers prove they hold it in the handshake). */
  credential: string;
  timings: EffectiveTimings;
  queueCapacity: number;
  workers: number;
  messageFollowMs: number;
  /** A mutant of the reference (impl-reference/mutants), or none. */
  mutant?: string;
  /** Channel membership as the kit configured it so far (see docs/assumptions.md). */
  channels: ChannelConfig[];
  /** Gates the kit has already released (a handler waiting on one of them goes on at once). */
  releasedGates: string[];
  /** This node replaces a crashed one of the same RID. */
  restart: boolean;
}

/** A node process's configuration file: a node, and the servers and file it reaches them by. */
export interface NodeProcessConfig extends NodeConfig {
  /** The Location and Relocation Store: a Redis server and the run's key namespace. */
  store: { redisUrl: string; namespace: string };
  /** The transport: NATS servers (the node uses the first) and the run's subject prefix. */
  transport: { natsUrls: string[]; prefix: string };
  /**
   * Where the node appends its evidence (journal entries and its Store calls), one JSON object per
   * line, written synchronously before the node goes on: a SIGKILL cannot lose a recorded run.
   */
  evidenceFile: string;
}
