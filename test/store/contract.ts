// The Store contract: what every Store implementation (memory, Redis) must do, as node:test cases.
// A test file calls storeContract() with a factory giving a fresh, empty store per test.

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { Store } from '../../impl-reference/store/types.ts';

export interface MadeStore {
  store: Store;
  cleanup(): Promise<void>;
}

/** Polls `f` every 10 ms until it returns true; fails after `ms` (no fixed long sleeps). */
export async function until(what: string, f: () => Promise<boolean>, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function storeContract(name: string, make: () => Promise<MadeStore>): void {
  describe(`Store contract: ${name}`, () => {
    let made: MadeStore;
    let store: Store;
    beforeEach(async () => {
      made = await make();
      store = made.store;
    });
    afterEach(async () => made.cleanup());

    it('reads a never-written key as {value: null, version: 0}', async () => {
      assert.deepEqual(await store.read('nobody/here'), { value: null, version: 0 });
    });

    it('creates a key with CAS on version 0, at version 1', async () => {
      assert.deepEqual(await store.compareAndSet('k', 0, 'v'), { applied: true, version: 1 });
      assert.deepEqual(await store.read('k'), { value: 'v', version: 1 });
    });

    it('rejects a stale or future version, returns the current entry and writes nothing', async () => {
      await store.compareAndSet('k', 0, 'a');
      await store.compareAndSet('k', 1, 'b');
      for (const stale of [0, 1, 3]) {
        assert.deepEqual(await store.compareAndSet('k', stale, 'c'),
          { applied: false, current: { value: 'b', version: 2 } }, `expected ${stale}`);
      }
      assert.deepEqual(await store.read('k'), { value: 'b', version: 2 });
    });

    it('lets exactly one of 20 concurrent CAS with the same expected version apply', async () => {
      await store.compareAndSet('race', 0, 'start');
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.compareAndSet('race', 1, i)));
      const winners = results.flatMap((r, i) => (r.applied ? [i] : []));
      assert.equal(winners.length, 1, `applied: ${winners.join(',')}`);
      for (const r of results) {
        if (!r.applied) assert.deepEqual(r.current, { value: winners[0], version: 2 });
      }
      assert.deepEqual(await store.read('race'), { value: winners[0], version: 2 });
    });

    it('keeps counting versions through a null write (tombstone, no ABA)', async () => {
      await store.compareAndSet('t', 0, 'x');
      assert.deepEqual(await store.compareAndSet('t', 1, null), { applied: true, version: 2 });
      assert.deepEqual(await store.read('t'), { value: null, version: 2 });
      assert.deepEqual(await store.compareAndSet('t', 0, 'again'), { applied: false, current: { value: null, version: 2 } });
      assert.deepEqual(await store.compareAndSet('t', 2, 'again'), { applied: true, version: 3 });
      assert.deepEqual(await store.read('t'), { value: 'again', version: 3 });
    });

    it('lists only live keys under the prefix, in key order, with versions', async () => {
      const put = async (key: string, ...values: unknown[]) => {
        for (const [i, v] of values.entries()) await store.compareAndSet(key, i, v);
      };
      await put('users/b', 'b1', 'b2');
      await put('users/a2', 'a2');
      await put('users/a10', 'a10');
      await put('users/B', 'B');
      await put('users/gone', 'g', null); // tombstone
      await put('usersX', 'not under users/');
      await put('other/a', 'other');
      assert.deepEqual(await store.list('users/'), [
        { key: 'users/B', value: 'B', version: 1 },
        { key: 'users/a10', value: 'a10', version: 1 },
        { key: 'users/a2', value: 'a2', version: 1 },
        { key: 'users/b', value: 'b2', version: 2 },
      ]);
      assert.deepEqual(await store.list('nothing/'), []);
      assert.deepEqual((await store.list('')).map((e) => e.key),
        ['other/a', 'users/B', 'users/a10', 'users/a2', 'users/b', 'usersX']);
    });

    it('hands out copies: mutating what was written or read does not change the store', async () => {
      const written = { list: [1, 2], inner: { n: 1 } };
      await store.compareAndSet('obj', 0, written);
      written.list.push(3);
      written.inner.n = 99;
      const read = (await store.read<typeof written>('obj')).value!;
      assert.deepEqual(read, { list: [1, 2], inner: { n: 1 } });
      read.inner.n = 7;
      const [listed] = await store.list<typeof written>('obj');
      listed.value.list.length = 0;
      const failed = await store.compareAndSet<typeof written>('obj', 0, written);
      assert.ok(!failed.applied);
      failed.current.value!.inner.n = 5;
      assert.deepEqual(await store.read('obj'), { value: { list: [1, 2], inner: { n: 1 } }, version: 1 });
    });

    it('round-trips nested JSON values exactly, and falsy values are not tombstones', async () => {
      const value = {
        a: [1, -2.5, 3e-7, Number.MAX_SAFE_INTEGER, true, false, null, '', 'ü€ 😀 "q" \\ \n'],
        deep: { b: { c: { d: [[], {}, [{ e: 'f' }]] } } },
        empty: {},
      };
      await store.compareAndSet('json', 0, value);
      assert.deepEqual(await store.read('json'), { value, version: 1 });
      for (const [i, falsy] of [0, false, '', [], 'null'].entries()) {
        await store.compareAndSet(`falsy/${i}`, 0, falsy);
        assert.deepEqual(await store.read(`falsy/${i}`), { value: falsy, version: 1 });
      }
      assert.equal((await store.list('falsy/')).length, 5);
    });

    it('times leases on its own clock: expiry ≈ now()+ttl, gone after it passes', async () => {
      assert.equal(await store.leaseExpiry('node-x'), null);
      const before = await store.now();
      const { expiresAt } = await store.renewLease('node-x', 150);
      const after = await store.now();
      // Redis rounds TIME and PTTL to whole ms: allow 2 ms either way.
      assert.ok(expiresAt >= before + 150 - 2 && expiresAt <= after + 150 + 2, `${before} ${expiresAt} ${after}`);
      const seen = await store.leaseExpiry('node-x');
      assert.ok(seen !== null && Math.abs(seen - expiresAt) <= 2, `leaseExpiry ${seen} vs ${expiresAt}`);
      await until('lease expires', async () => (await store.leaseExpiry('node-x')) === null);
      assert.ok((await store.now()) >= expiresAt - 2, 'lease reported gone before its expiry');
    });

    it('extends a lease when it is renewed again', async () => {
      const first = (await store.renewLease('node-y', 150)).expiresAt;
      const second = (await store.renewLease('node-y', 1500)).expiresAt;
      assert.ok(second > first);
      await until('store clock passes the first expiry', async () => (await store.now()) > first + 10);
      const seen = await store.leaseExpiry('node-y');
      assert.ok(seen !== null && Math.abs(seen - second) <= 2, `leaseExpiry ${seen} vs ${second}`);
      assert.equal(await store.leaseExpiry('node-z'), null, 'leases are per holder');
    });

    it('keeps the expiry the last renewal set, also after it has passed', async () => {
      assert.equal(await store.leaseGranted('node-g'), null, 'never renewed');
      await store.renewLease('node-g', 1500);
      const { expiresAt } = await store.renewLease('node-g', 100);
      assert.equal(await store.leaseGranted('node-g'), expiresAt, 'the last renewal, even when it is shorter');
      await until('lease expires', async () => (await store.leaseExpiry('node-g')) === null);
      assert.equal(await store.leaseGranted('node-g'), expiresAt, 'still there once it passed');
      assert.equal(await store.leaseGranted('node-h'), null, 'per holder');
    });
    // The Relocation Store is a key space of the same Store: its records move through stages by
    // compare-and-set, so a stale writer (a rollback after the boundary, say) can never win.
    it('Relocation Store: a relocation record moves through its stages by compare-and-set', async () => {
      const key = 'rel/r1';
      const rec = (stage: string) => ({ id: 'r1', objectId: 'a1', generation: 1, source: 'B', target: 'C', stage, writeId: stage });
      assert.deepEqual(await store.compareAndSet(key, 0, rec('preparing')), { applied: true, version: 1 });
      assert.deepEqual(await store.compareAndSet(key, 1, rec('relay-ready-accepted')), { applied: true, version: 2 });
      // A writer still holding version 1 (it never saw the boundary) cannot cancel or roll back.
      const late = await store.compareAndSet(key, 1, rec('cancelled'));
      assert.equal(late.applied, false);
      assert.deepEqual(await store.compareAndSet(key, 2, rec('committed')), { applied: true, version: 3 });
      assert.deepEqual(await store.read(key), { value: rec('committed'), version: 3 });
      assert.deepEqual((await store.list('rel/')).map((e) => [e.key, e.version]), [[key, 3]]);
    });

    it('Relocation Store: an accept racing a cancel on the same record: exactly one applies', async () => {
      const key = 'rel/r2';
      await store.compareAndSet(key, 0, { stage: 'preparing', writeId: 'p' });
      const results = await Promise.all([
        store.compareAndSet(key, 1, { stage: 'relay-ready-accepted', writeId: 'a' }),
        store.compareAndSet(key, 1, { stage: 'cancelled', writeId: 'c' }),
      ]);
      assert.equal(results.filter((r) => r.applied).length, 1);
    });
  });
}
