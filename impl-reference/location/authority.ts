// Changing an authority record, and what to do when the Store's answer is lost (spec 7, R-STO-1):
// never guess. Re-read the same key, compare with the StoreVersion first used, and retry the same
// change only if it did not apply. Every change carries a writeId so that "it applied" means "our
// write is the one there", not just "the version moved".

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { Broken } from '../mutants/index.ts';
import type { NodeStore } from '../store/node-store.ts';
import { StoreUnavailableError, type Versioned } from '../store/types.ts';

/** Any record that names the write that produced it. */
export interface Written {
  writeId: string;
}

export type ChangeResult<T extends Written = Written> = { applied: true; version: number } | { applied: false; current: Versioned<T> };

export function newWriteId(ids: Ids): string {
  return ids.uuid();
}

/** How long, and how often, an unclear change is re-read while the Store does not answer. */
export interface StoreRetry {
  retryForMs: number;
  backoffMs: number;
  clock: Clock;
}

export async function changeRecord<T extends Written>(
  store: NodeStore,
  key: string,
  expectedVersion: number,
  next: T,
  broken: Broken,
  opts: StoreRetry,
): Promise<ChangeResult<T>> {
  try {
    return await store.compareAndSet(key, expectedVersion, next);
  } catch (e) {
    if (!(e instanceof StoreUnavailableError)) throw e;
  }
  // The change's result is unclear. R-STO-1: it is never guessed, either way (one mutant each).
  if (broken('store-guess-applied')) return { applied: true, version: expectedVersion + 1 };
  if (broken('store-guess-not-applied')) return store.compareAndSet(key, expectedVersion, next);
  const giveUpAt = opts.clock.now() + opts.retryForMs;
  for (;;) {
    try {
      const current = await store.read<T>(key);
      const ours = current.version === expectedVersion + 1 && current.value?.writeId === next.writeId;
      // "It applied" means our write is the one there. The mutant takes any newer version for its own.
      if (ours || (current.version > expectedVersion && broken('unclear-change-judged-by-version'))) {
        return { applied: true, version: current.version };
      }
      if (current.version !== expectedVersion) return { applied: false, current };
      // Did not apply: the same change, with the same StoreVersion, once more.
      return await store.compareAndSet(key, expectedVersion, next);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError) || opts.clock.now() >= giveUpAt) throw e;
      await opts.clock.sleep(opts.backoffMs);
    }
  }
}
