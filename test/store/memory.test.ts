// The Store contract on the in-memory Store (the embedded backend).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../../impl-reference/store/memory.ts';
import { storeContract } from './contract.ts';

storeContract('MemoryStore', async () => {
  const store = new MemoryStore();
  return { store, cleanup: () => store.close() };
});

// list() reads a key index (memory.ts) instead of testing and sorting every key: the same entries in
// the same order as that did, for keys of any characters (multi-byte, astral, lone surrogates).
test('MemoryStore list() gives what a scan and a bytewise sort of every key gives', async () => {
  const chars = ['a', 'b', '/', 'é', '\u{1F600}', '\uD83D', '\uDE00', '\uFFFD', '\uE000', 'z'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % chars.length;
  const word = (n: number) => Array.from({ length: n }, () => chars[next()]).join('');
  const store = new MemoryStore();
  const written = new Map<string, string | null>();
  for (let i = 0; i < 400; i++) {
    const key = word(1 + (i % 4));
    const value = i % 7 === 0 ? null : `v${i}`;
    const cur = await store.read(key);
    await store.compareAndSet(key, cur.version, value);
    written.set(key, value);
  }
  for (let i = 0; i < 60; i++) {
    const prefix = i === 0 ? '' : word(1 + (i % 3));
    const expected = [...written].filter(([k, v]) => v !== null && k.startsWith(prefix)).map(([k]) => ({ k, b: Buffer.from(k) }));
    expected.sort((x, y) => Buffer.compare(x.b, y.b));
    assert.deepStrictEqual((await store.list(prefix)).map((e) => e.key), expected.map((e) => e.k), `prefix ${JSON.stringify(prefix)}`);
  }
  const plain = new MemoryStore();
  for (const key of ['b/2', 'a/1', 'b/1', 'é', 'b', 'ba']) await plain.compareAndSet(key, 0, 1);
  assert.deepStrictEqual((await plain.list('b')).map((e) => e.key), ['b', 'b/1', 'b/2', 'ba']);
});
