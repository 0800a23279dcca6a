// The in-memory transport copies a frame as JSON would carry it (json-copy.ts): the same value as
// JSON.parse(JSON.stringify(frame)), or no fast copy at all where that takes JSON itself.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonCopy } from '../../impl-reference/transport/json-copy.ts';

const viaJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

test('plain frames copy to what a JSON round trip gives', () => {
  const shared = { s: 1 };
  const cases: unknown[] = [
    { t: 'relay', id: 'x', payload: { a: [1, 'b', null, true, { c: -0 }] }, none: undefined, f: () => 1, n: NaN, inf: -Infinity, 10: 'ten', 2: 'two' },
    [undefined, () => 1, Symbol('s'), 1.5, 'é\u{1F600}\uD800', [], {}],
    { a: shared, b: shared },
  ];
  for (const v of cases) {
    const c = jsonCopy(v);
    assert.ok(c, JSON.stringify(v));
    assert.deepStrictEqual(c.value, viaJson(v));
    assert.deepStrictEqual(Object.keys(c.value as object), Object.keys(viaJson(v) as object));
    assert.ok(Object.is((c.value as { payload?: { a: [unknown, unknown, unknown, unknown, { c: number }] } }).payload?.a[4].c ?? 0, 0));
  }
  const c = jsonCopy({ a: shared, b: shared })!.value as { a: object; b: object };
  assert.notStrictEqual(c.a, c.b);
  assert.notStrictEqual(c.a, shared);
});

test('what JSON treats otherwise is left to JSON', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  for (const v of [cyclic, { at: new Date(0) }, { n: 1n }, { m: new Map() }, { toJSON: () => 1 }, JSON.parse('{"__proto__": 1}'), 'text', 5, null, undefined]) {
    assert.strictEqual(jsonCopy(v), undefined);
  }
});
