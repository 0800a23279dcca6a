// The embedded adapter: the reference runtime (or one of its mutants) in this process.
// The kit reaches implementations only through adapters; step definitions never import
// impl-reference.

import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Driver } from '../src/driver/types.ts';
import { RedisStore } from '../impl-reference/store/redis.ts';
import { EmbeddedCluster, DriverInputError } from '../impl-reference/harness/embedded-cluster.ts';
import { MUTANTS, type MutantInfo } from '../impl-reference/mutants/index.ts';
import { isReferenceMutant } from './records.ts';

export { DriverInputError };

/**
 * All nodes in this process. The Location Store is in memory, or (with redisUrl) a real Redis
 * server: each Driver gets a namespace of its own, so scenarios never see each other's keys.
 */
export function openEmbedded(options: { mutant?: string; redisUrl?: string } = {}): Driver {
  if (!options.redisUrl) return new EmbeddedCluster({ mutant: options.mutant });
  const store = new RedisStore({ url: options.redisUrl, namespace: `spotcheck:${randomUUID()}` });
  return new EmbeddedCluster({ mutant: options.mutant, store, closeStore: true, backend: 'redis' });
}

export function referenceMutants(): MutantInfo[] {
  return MUTANTS.map((m) => ({ ...m, breaks: [...m.breaks] }));
}

/**
 * The exec: command that serves one mutant over the wire protocol, as a runtime in another process
 * would be (impl-reference/harness/serve.ts, the mutant selected by its environment).
 */
export function servedMutant(name: string): string {
  return `exec:SPOTCHECK_SERVE_MUTANT=${name} ${process.execPath} --import tsx ${fileURLToPath(new URL('../impl-reference/harness/serve.ts', import.meta.url))}`;
}
