// The embedded adapter: the reference runtime (or one of its mutants) in this process.
// The kit reaches implementations only through adapters; step definitions never import
// impl-reference.

import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Driver } from '../src/driver/types.ts';
import { UsageError, type Adapter, type Target } from '../src/driver/target.ts';
import { RedisStore } from '../impl-reference/store/redis.ts';
import { EmbeddedCluster, DriverInputError } from '../impl-reference/harness/embedded-cluster.ts';
import { MUTANTS, mutantNamed, type MutantInfo } from '../impl-reference/mutants/index.ts';

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

export function isReferenceMutant(name: string): boolean {
  return mutantNamed(name) !== undefined;
}

/** `--impl reference` or `mutant:<name>`, the implementations every backend adapter runs. */
export function checkReference(target: Target): void {
  if (target.impl === 'reference') return;
  const name = target.impl.slice('mutant:'.length);
  if (!isReferenceMutant(name)) throw new UsageError(`unknown mutant "${name}" (see: spotcheck mutants --list)`);
}

/** The mutant a target names, if any. */
export function mutantOf(target: Target): string | undefined {
  return target.impl.startsWith('mutant:') ? target.impl.slice('mutant:'.length) : undefined;
}

export const embeddedBackend: Adapter = {
  name: 'embedded',
  kind: 'backend',
  what: 'every node in this process, in-memory Location Store and transport',
  servers: [],
  check: checkReference,
  open: (target) => openEmbedded({ mutant: mutantOf(target) }),
};

export const redisBackend: Adapter = {
  name: 'redis',
  kind: 'backend',
  what: 'every node in this process, on a real Redis Location Store of the run\'s own',
  servers: ['redis'],
  check: checkReference,
  open: (target) => openEmbedded({ mutant: mutantOf(target), redisUrl: target.redisUrl }),
};
