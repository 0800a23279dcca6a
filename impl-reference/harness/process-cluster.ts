// The process backend: every node of the reference is an OS process of its own (node/main.ts) on a
// real NATS cluster and a real Redis, under the same harness as the embedded backend
// (node-cluster.ts); process-host.ts starts the processes and carries out faults from outside them.

import type { EffectiveTimings } from '../../src/driver/types.ts';
import type { RedisPause } from '../../src/servers/redis.ts';
import { DriverInputError } from './errors.ts';
import { NodeCluster } from './node-cluster.ts';
import { ProcessHost } from './process-host.ts';

/**
 * Timings for nodes that are processes on a 2-core machine: long enough that scheduling and a
 * NATS hop never look like a silent peer, short enough for a quick suite. The liveness deadline
 * and the owner lease stay under the spec's 1,000 ms cutover fallback, as on the embedded backend:
 * some rules can only be seen broken when a lost source is noticed, or its lease has run out,
 * before the fallback (V14, R-REL-2). The lease is as long as that allows: a hung owner is seen
 * not-ready (600 ms) while its lease still holds for at least 100 ms more (it renews every 237 ms),
 * which V02's "owner not ready" scenario needs (at 800 ms, under load, the lease sometimes ran out
 * first and the message ended Unavailable without being sent). The spec's fixed values (1,000 ms
 * cutover fallback, 30 s MessageFollowDuration) are the spec's.
 */
export const PROCESS_TIMINGS: EffectiveTimings = {
  heartbeatIntervalMs: 100,
  livenessDeadlineMs: 600,
  reconnectBackoffMs: 20,
  defaultDeadlineMs: 2000,
  ownerLeaseMs: 950,
  ownerCacheMs: 500,
  descriptorRefreshMs: 100,
  storeFailureGraceMs: 2500,
  cutoverFallbackMs: 1000,
  messageFollowMs: 30_000,
};

export interface ProcessClusterOptions {
  redisUrl: string;
  natsUrls: string[];
  mutant?: string;
  /** How to freeze Redis from outside; without it, "Store down for every node" cuts every relay. */
  redisPause?: RedisPause;
}

export class ProcessCluster extends NodeCluster {
  constructor(options: ProcessClusterOptions) {
    if (options.natsUrls.length === 0) throw new DriverInputError('the process backend needs NATS servers');
    super(new ProcessHost({ redisUrl: options.redisUrl, natsUrls: options.natsUrls, redisPause: options.redisPause }, { ...PROCESS_TIMINGS }), options.mutant);
  }
}
