// The Store contract on RedisStore against a real redis-server (see src/servers/redis.ts for where
// it comes from), plus what only a networked Store has: outages surface as StoreUnavailableError.
// No Redis at all is a failure with NoRedisError's one-line reason, never a silent skip.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { RedisStore } from '../../impl-reference/store/redis.ts';
import { StoreUnavailableError } from '../../impl-reference/store/types.ts';
import { startRedis, type RedisServer } from '../../src/servers/redis.ts';
import { storeContract, until } from './contract.ts';

describe('RedisStore', () => {
  let server: RedisServer;
  let admin: Redis; // a plain client, to remove each test's keys (matters with SPOTCHECK_REDIS_URL)

  before(async () => {
    server = await startRedis();
    console.log(`redis via ${server.via} on ${new URL(server.url).host}`);
    admin = new Redis(server.url, { maxRetriesPerRequest: 1 });
    admin.on('error', () => undefined); // it reconnects by itself after the outage tests
  });
  after(async () => {
    admin?.disconnect();
    await server?.stop();
  });

  /** A store in a namespace of its own, so tests never see each other's keys. */
  function fresh(): { store: RedisStore; cleanup(): Promise<void> } {
    const namespace = `spotcheck-test:${randomUUID()}`;
    const store = new RedisStore({ url: server.url, namespace });
    return {
      store,
      async cleanup() {
        await store.close();
        // SCAN, not KEYS: a server given via SPOTCHECK_REDIS_URL may hold much more than ours.
        let cursor = '0';
        do {
          const [next, keys] = await admin.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 1000);
          if (keys.length) await admin.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      },
    };
  }

  storeContract('RedisStore', async () => fresh());

  /** Asserts that `call` fails with a one-line StoreUnavailableError within 2 s. */
  async function unavailable(what: string, call: Promise<unknown>): Promise<void> {
    const t0 = Date.now();
    await assert.rejects(call, (e: Error) => {
      assert.ok(e instanceof StoreUnavailableError, `${what}: ${e.name}: ${e.message}`);
      assert.doesNotMatch(e.message, /\n/);
      return true;
    });
    assert.ok(Date.now() - t0 < 2000, `${what} took ${Date.now() - t0} ms to fail`);
  }

  describe('outages', () => {
    it('fails fast while the server is paused (hung) and works again after unpause', async (t) => {
      if (!server.pause || !server.unpause) return t.skip(`cannot pause a server given via ${server.via}`);
      const { store, cleanup } = fresh();
      try {
        await store.compareAndSet('k', 0, 'v');
        await server.pause();
        try {
          await Promise.all([unavailable('read', store.read('k')), unavailable('now', store.now())]);
        } finally {
          await server.unpause();
        }
        await until('reads work again', async () => (await store.read('k').catch(() => null))?.version === 1);
        assert.deepEqual(await store.compareAndSet('k', 1, 'w'), { applied: true, version: 2 });
      } finally {
        await cleanup();
      }
    });

    it('fails fast while the server is down and reconnects when it is back on the same port', async (t) => {
      if (!server.down || !server.up) return t.skip(`cannot stop a server given via ${server.via}`);
      const { store, cleanup } = fresh();
      let late: RedisStore | undefined;
      try {
        await store.compareAndSet('k', 0, 'v');
        await server.down();
        try {
          late = new RedisStore({ url: server.url, namespace: `spotcheck-test:${randomUUID()}` });
          await Promise.all([
            unavailable('compareAndSet', store.compareAndSet('k', 1, 'w')),
            unavailable('read on a store made while down', late.read('k')),
          ]);
        } finally {
          await server.up();
        }
        // The server came back empty (no persistence): the key starts over.
        await until('store reconnects', async () => (await store.read('k').catch(() => null))?.version === 0);
        assert.deepEqual(await store.compareAndSet('k', 0, 'again'), { applied: true, version: 1 });
        await until('late store connects', async () => (await late!.read('k').catch(() => null))?.version === 0);
      } finally {
        await late?.close();
        await cleanup();
      }
    });
  });
});
