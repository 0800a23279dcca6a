// The timings of the reference's nodes when each is an OS process: the process backend's
// (harness/process-cluster.ts) and the reference run as a node program's (node/program.ts).

import type { EffectiveTimings } from '../../src/driver/types.ts';

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
