// An in-process node's calls and events cross the harness boundary as copies (plain-copy.ts): the
// same value structuredClone gives, sharing nothing with the original, and the same error.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainCopy } from '../../impl-reference/kernel/plain-copy.ts';

test('plain data is copied deeply, as structuredClone copies it', () => {
  const v = { a: 1, b: 'x', c: null, d: undefined, e: [1, { f: true }, []], g: { h: { i: -0 } }, 2: 'two' };
  const c = plainCopy(v);
  assert.deepStrictEqual(c, structuredClone(v));
  assert.deepStrictEqual(Object.keys(c), Object.keys(v));
  assert.notStrictEqual(c, v);
  assert.notStrictEqual(c.e, v.e);
  assert.notStrictEqual(c.e[1], v.e[1]);
  assert.notStrictEqual(c.g.h, v.g.h);
  assert.ok(Object.is(c.g.h.i, -0));
  assert.ok('d' in c);
});

test('what is not plain data is structuredClone\'s to copy, or to refuse', () => {
  const shared = { n: 1 };
  const twice = plainCopy({ x: shared, y: shared });
  assert.strictEqual(twice.x, twice.y); // one object, as structuredClone keeps it
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const c = plainCopy(cyclic);
  assert.strictEqual(c.self, c);
  const at = new Date(5);
  const m = plainCopy({ at, map: new Map([[1, 2]]), sparse: [1, , 3] });
  assert.ok(m.at instanceof Date && m.at !== at && m.at.getTime() === 5);
  assert.deepStrictEqual([...m.map], [[1, 2]]);
  assert.ok(!(1 in m.sparse));
  const own = plainCopy(JSON.parse('{"__proto__": {"p": 1}}'));
  assert.deepStrictEqual(Object.getOwnPropertyNames(own), ['__proto__']);
  assert.strictEqual(Object.getPrototypeOf(own), Object.prototype);
  assert.throws(() => plainCopy({ f: () => 1 }), { name: 'DataCloneError' });
  assert.throws(() => plainCopy([Symbol('s')]), { name: 'DataCloneError' });
});
