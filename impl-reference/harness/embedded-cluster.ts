// The embedded backend: every node of the reference in this one process, over the in-memory
// transport, with the Store in memory or on the Redis it is given. Its nodes are the same nodes the
// process backend starts as processes, under the same harness (node-cluster.ts); only where they run
// differs (in-process-host.ts).

import type { EffectiveTimings, Rid } from '../../src/driver/types.ts';
import type { MeshNode } from '../node/mesh-node.ts';
import { MemoryStore } from '../store/memory.ts';
import type { Store } from '../store/types.ts';
import { DriverInputError, VERSION } from './errors.ts';
import { InProcessHost, MACHINE, type InProcessWorld } from './in-process-host.ts';
import { InProcessNode } from './in-process-node.ts';
import { NodeCluster } from './node-cluster.ts';

export { DriverInputError, VERSION };

/** Short timings so the suite is fast; every "within the deadline" check reads them back. */
export const EMBEDDED_TIMINGS: EffectiveTimings = {
  heartbeatIntervalMs: 50,
  livenessDeadlineMs: 300,
  reconnectBackoffMs: 10,
  defaultDeadlineMs: 1000,
  ownerLeaseMs: 600,
  ownerCacheMs: 400,
  descriptorRefreshMs: 50,
  storeFailureGraceMs: 1000,
  // The spec's values: the 1,000 ms cutover fallback and a 30 s MessageFollowDuration.
  cutoverFallbackMs: 1000,
  messageFollowMs: 30_000,
};

export interface ClusterOptions {
  mutant?: string;
  timings?: Partial<EffectiveTimings>;
  /** The Location Store; in memory unless given. */
  store?: Store;
  /** Close the given store with the cluster. */
  closeStore?: boolean;
  /** The backend name describe() reports. */
  backend?: string;
  /** What the nodes run on (default: the machine; src/sim/ gives a simulated world). */
  world?: InProcessWorld;
}

export class EmbeddedCluster extends NodeCluster {
  constructor(options: ClusterOptions = {}) {
    const world = options.world ?? MACHINE;
    // The in-memory Store's leases run on the world's clock, like everything else in it.
    const store = options.store ?? new MemoryStore(() => world.clock.now());
    super(new InProcessHost(options.backend ?? 'embedded', { ...EMBEDDED_TIMINGS, ...options.timings }, store, !options.store || options.closeStore === true, world), options.mutant);
  }

  /** A node itself, for the kit's own unit tests of the reference (never for step definitions). */
  meshNode(rid: Rid): MeshNode {
    const handle = this.handleOf(rid);
    if (!(handle instanceof InProcessNode)) throw new DriverInputError(`${rid} is not a node in this process`);
    return handle.meshNode;
  }
}
