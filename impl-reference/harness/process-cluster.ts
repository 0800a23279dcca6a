// The process backend: every node of the reference is an OS process of its own (node/main.ts) on a
// real NATS cluster and a real Redis, under the same harness as the embedded backend
// (node-cluster.ts); process-host.ts starts the processes and carries out faults from outside them.

import type { RedisPause } from '../../src/servers/redis.ts';
import { DriverInputError } from './errors.ts';
import { NodeCluster } from './node-cluster.ts';
import { ProcessHost } from './process-host.ts';

// The timings live with the node (node/process-timings.ts): a node program of the reference uses them too.
export { PROCESS_TIMINGS } from '../node/process-timings.ts';
import { PROCESS_TIMINGS } from '../node/process-timings.ts';

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
