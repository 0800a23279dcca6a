// The process adapter: the reference runtime (or one of its mutants) with every node an OS process
// of its own, on the run's NATS cluster and Redis (impl-reference/harness/process-cluster.ts).

import type { Driver } from '../src/driver/types.ts';
import { ProcessCluster, type ProcessClusterOptions } from '../impl-reference/harness/process-cluster.ts';
import { prepareNodeBundle } from '../impl-reference/harness/node-bundle.ts';

/** Once per run, before its workers start: what every node process will load (built once). */
export function prepareProcess(): Promise<void> {
  return prepareNodeBundle();
}

export function openProcess(options: ProcessClusterOptions): Driver {
  return new ProcessCluster(options);
}
