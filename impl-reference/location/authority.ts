// Changing an authority record, and what to do when the Store's answer is lost (spec 7, R-STO-1):
// never guess. Re-read the same key, compare with the StoreVersion first used, and retry the same
// change only if it did not apply. Every change carries a writeId so that "it applied" means "our
// write is the one there", not just "the version moved". Those rules are asked of authority-rules.ts.

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { NodeStore } from '../store/node-store.ts';
import { StoreUnavailableError } from '../store/types.ts';
import type { AuthorityRules, ChangeResult, Written } from './authority-rules.ts';

export type { ChangeResult, Written } from './authority-rules.ts';

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
  authorityRules: AuthorityRules,
  opts: StoreRetry,
): Promise<ChangeResult<T>> {
  try {
    return await store.compareAndSet(key, expectedVersion, next);
  } catch (e) {
    if (!(e instanceof StoreUnavailableError)) throw e;
  }
  // The change's result is unclear. R-STO-1: it is never guessed, either way: read the key again.
  return authorityRules.changeUnanswered({ store, key, expectedVersion, next, reread: () => reread(store, key, expectedVersion, next, authorityRules, opts) });
}

async function reread<T extends Written>(store: NodeStore, key: string, expectedVersion: number, next: T, authorityRules: AuthorityRules, opts: StoreRetry): Promise<ChangeResult<T>> {
  const giveUpAt = opts.clock.now() + opts.retryForMs;
  for (;;) {
    try {
      const current = await store.read<T>(key);
      // "It applied" means our write is the one there (R-STO-1.3), not that the version moved.
      if (authorityRules.writeIsOurs(current, expectedVersion, next)) return { applied: true, version: current.version };
      if (current.version !== expectedVersion) return { applied: false, current };
      // Did not apply: the same change, with the same StoreVersion, once more.
      return await store.compareAndSet(key, expectedVersion, next);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError) || opts.clock.now() >= giveUpAt) throw e;
      await opts.clock.sleep(opts.backoffMs);
    }
  }
}
