// The wire adapter, hardened (docs/wire-protocol.md): a call without an answer ends the run with
// one line and kills the implementation's whole process group; an implementation that exits fails
// only the scenario it was in, with its exit code and last stderr lines, and the next scenario
// gets a fresh process; lines that are not responses are one line quoting them; the protocol
// version is checked; an output folder that cannot be made is one line, at once. The frame reader
// is fuzzed. Every run here uses a short --call-timeout, so that no test waits long.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { FrameReader, type Frame } from '../adapters/frames.ts';
import { spotcheck, tempDir } from './helpers.ts';

const MISBEHAVE = 'node test/support/wire-misbehave.mjs';

/** The lines the kit itself wrote on stderr. */
function ours(stderr: string): string[] {
  return stderr.trim().split('\n').filter((l) => l.startsWith('spotcheck:'));
}

/** Command lines of running processes that carry `token`. */
function processesWith(token: string): string[] {
  const r = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((l) => l.includes(token) && !l.includes('ps -eo'));
}

/**
 * Waits until no process carries `token` (worker processes end just after the kit does, and kill
 * what they started on the way out), at most `withinMs`; returns what is still running.
 */
async function leftRunning(token: string, withinMs = 5000): Promise<string[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const left = processesWith(token);
    if (left.length === 0 || Date.now() > until) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function uniqueToken(name: string): string {
  return `spotcheck-test-${name}-${process.pid}-${Date.now()}`;
}

test('a hung implementation ends the run: exit 2, one line naming the call and the wait, nothing left running', async () => {
  const token = uniqueToken('hang');
  const out = tempDir('wire-hang');
  const started = Date.now();
  const r = spotcheck(['run', '--impl', `exec:${MISBEHAVE} hang start ${token}`, '--tags', '@V01', '--parallel', '1', '--call-timeout', '3000', '--out', out], 60_000);
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.equal(ours(r.stderr).length, 1, r.stderr);
  assert.match(ours(r.stderr)[0], /did not answer start within 3000 ms \(--call-timeout\); it was killed/);
  assert.ok(Date.now() - started < 40_000, 'the run ended soon after the deadline');
  assert.deepEqual(await leftRunning(token), [], 'the implementation and the process it started were killed');
  assert.deepEqual(readdirSync(out), [], 'nothing of the aborted run was published');
});

test('exec:sleep (never answers open) is exit 2 with one line, and is killed', async () => {
  const seconds = `1000.${process.pid}${Date.now() % 1000}`; // a command line no other process has
  const r = spotcheck(['run', '--impl', `exec:sleep ${seconds}`, '--call-timeout', '1500', '--out', tempDir('wire-hang')], 60_000);
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.equal(ours(r.stderr).length, 1, r.stderr);
  assert.match(ours(r.stderr)[0], /could not start: the implementation did not answer open within 1500 ms \(--call-timeout\); it was killed/);
  assert.deepEqual(await leftRunning(`sleep ${seconds}`), []);
});

test('an implementation that crashes in the second scenario fails that scenario only, naming its exit code and stderr; the next scenarios run on a fresh process', () => {
  const dir = tempDir('wire-crash');
  const out = join(dir, 'reports');
  const r = spotcheck(['run', '--impl', `exec:node test/support/wire-crash.mjs ${join(dir, 'starts')} 2`, '--tags', '@V01', '--parallel', '1', '--call-timeout', '20000', '--out', out], 120_000);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const progress = r.stdout.split('\n').filter((l) => /^\[\d+\/\d+\]/.test(l));
  assert.ok(progress.length >= 3, r.stdout);
  assert.match(progress[0], /^\[1\/\d+\] passed/);
  assert.match(progress[1], /^\[2\/\d+\] FAILED/);
  for (const later of progress.slice(2)) assert.match(later, /passed/, r.stdout);
  const failed = r.stdout.split('\n').filter((l) => l.startsWith('FAILED '));
  assert.equal(failed.length, 1, r.stdout);
  assert.match(failed[0], /exited with code 3 while start waited for an answer; its last stderr: wire-crash: start number 2 arrived \| wire-crash: crashing on purpose/);
  // Its stderr is kept with the reports, attached to the scenario.
  const stderrLogs = readFileSync(join(out, 'cucumber.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('"fileName":"stderr.log"'))
    .map((l) => (JSON.parse(l) as { attachment: { body: string } }).attachment.body);
  assert.deepEqual(stderrLogs, ['wire-crash: start number 2 arrived\nwire-crash: crashing on purpose\n']);
});

test('lines that are not responses to the requests sent are one line quoting them, exit 2', async () => {
  const token = uniqueToken('garble');
  for (const [mode, says] of [
    [`garble start ${token}`, /^spotcheck: the implementation wrote a line that is not JSON: this is not json \{start \(scenario /],
    ['wrong-id describe', /could not start: the implementation answered an unknown request id 1002: \{"jsonrpc":"2.0","id":1002,"result":null\}$/],
    ['protocol=2 open', /could not start: the implementation speaks protocol "2", this kit speaks protocol "1"$/],
  ] as const) {
    const r = spotcheck(['run', '--impl', `exec:${MISBEHAVE} ${mode}`, '--tags', '@V01', '--parallel', '1', '--call-timeout', '5000', '--out', tempDir('wire-garble')], 60_000);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.equal(ours(r.stderr).length, 1, r.stderr);
    assert.match(ours(r.stderr)[0], says);
  }
  assert.deepEqual(await leftRunning(token), []);
});

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
        assert.ok(f.kind === 'message' || f.kind === 'notification' || f.kind === 'error');
        if (f.kind === 'error') assert.ok(!f.error.includes('\n'), 'an error is one line');
      }
      assert.deepEqual(cut, whole);
    }),
    { numRuns: 500 },
  );
});
