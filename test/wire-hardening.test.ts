// The wire adapter's frame reader (adapters/frames.ts), fuzzed: whatever chunks stdout arrives in,
// the same messages; whatever bytes, no exception, only messages and one-line errors. And an
// output folder that cannot be made is one line, at once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spotcheck } from './helpers.ts';
import fc from 'fast-check';
import { FrameReader, type Frame } from '../adapters/frames.ts';

test('an output folder that cannot be made (/proc/x) is one line and exit 2, at once, for every command', () => {
  for (const args of [['run'], ['mutants', '--only', 'reselect-after-acceptance']]) {
    const started = Date.now();
    const r = spotcheck([...args, '--out', '/proc/x'], 20_000);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], /^spotcheck: cannot write the output folder \/proc\/x: /);
    assert.ok(Date.now() - started < 15_000);
  }
});

// ---- the frame reader ---------------------------------------------------------------------------

const json = fc.jsonValue({ maxDepth: 3, stringUnit: 'grapheme' }) as fc.Arbitrary<unknown>;
const response = fc.oneof(
  fc.record({ id: fc.nat(), result: json }),
  fc.record({ id: fc.nat(), error: fc.record({ code: fc.integer(), message: fc.string({ minLength: 1, unit: 'binary' }).filter((m) => m.trim() !== '' && !m.includes('\n')) }) }),
);

/** Cut `bytes` at the given places (any order, duplicates allowed). */
function chunked(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const c of [...at, bytes.length]) {
    chunks.push(bytes.subarray(from, c));
    from = c;
  }
  return chunks;
}

function readAll(chunks: Uint8Array[]): Frame[] {
  const reader = new FrameReader();
  return [...chunks.flatMap((c) => reader.push(c)), ...reader.end()];
}

test('fuzz: valid frames, cut anywhere (inside a UTF-8 character too), give the same messages', () => {
  fc.assert(
    fc.property(fc.array(response, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), (messages, cuts, crlf) => {
      const text = messages.map((m) => JSON.stringify({ jsonrpc: '2.0', ...m }) + (crlf ? '\r\n' : '\n')).join('');
      const frames = readAll(chunked(new TextEncoder().encode(text), cuts));
      assert.deepEqual(frames.filter((f) => f.kind === 'error'), []);
      const got = frames.map((f) => (f.kind === 'message' ? f.message : undefined));
      assert.deepEqual(got, messages.map((m) => JSON.parse(JSON.stringify(m)) as unknown));
    }),
    { numRuns: 300 },
  );
});

test('fuzz: arbitrary bytes, cut anywhere, never make the reader throw, and give the same frames however they are cut', () => {
  const noise = fc.array(fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.constantFrom('\n', '\r\n', '{"id":1,"result":2}\n', '{"id":', '"\u00e9\u{1F600}', 'null\n', '[]\n').map((s) => new TextEncoder().encode(s))), { maxLength: 12 });
  fc.assert(
    fc.property(noise, fc.array(fc.nat(), { maxLength: 20 }), (parts, cuts) => {
      const bytes = new Uint8Array(parts.flatMap((p) => [...p]));
      const whole = readAll([bytes]);
      const cut = readAll(chunked(bytes, cuts));
      for (const f of cut) {
        assert.ok(f.kind === 'message' || f.kind === 'error');
        if (f.kind === 'error') assert.ok(!f.error.includes('\n'), 'an error is one line');
      }
      assert.deepEqual(cut, whole);
    }),
    { numRuns: 500 },
  );
});
