// The harness's reader of node evidence files: only new bytes are read, a line still being written
// waits for its end, a line a SIGKILL cut short is never counted, and nodes' lines merge by clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvidenceReader } from '../impl-reference/harness/evidence-reader.ts';

const run = (t: number, node: string, opId: string) => JSON.stringify({ t, journal: { kind: 'handler', node, opId, input: { app: 'echo' } } });
const opIds = (reader: EvidenceReader) => reader.journal().map((e) => ('opId' in e ? e.opId : e.kind));
const call = (t: number, node: string) => JSON.stringify({ t, store: { node, op: 'read', key: 'k', result: 'ok' } });

test('lines come in as they are written, merged across files by their clock, a partial line only once whole', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evidence-reader-'));
  try {
    const a = join(dir, 'A.0.evidence.jsonl');
    const b = join(dir, 'B.0.evidence.jsonl');
    const reader = new EvidenceReader();
    reader.add(a);
    reader.add(b);
    assert.deepEqual(reader.journal(), [], 'files not yet written are no evidence');
    appendFileSync(a, `${run(3, 'A', 'op2')}\n${call(4, 'A')}\n`);
    appendFileSync(b, `${run(1, 'B', 'op1')}\n`);
    assert.deepEqual(opIds(reader), ['op1', 'op2']);
    assert.deepEqual(reader.journal().map((e) => e.seq), [1, 2]);
    const half = run(5, 'B', 'op3');
    appendFileSync(b, half.slice(0, 10));
    assert.equal(reader.journal().length, 2, 'a line still being written is not read yet');
    appendFileSync(b, `${half.slice(10)}\n`);
    assert.deepEqual(opIds(reader), ['op1', 'op2', 'op3']);
    assert.deepEqual(reader.storeLog().map((e) => [e.node, e.seq]), [['A', 1]]);
    // A SIGKILL mid-write leaves a line without its end; the next incarnation writes a new file.
    appendFileSync(a, run(6, 'A', 'op4').slice(0, 20));
    const a1 = join(dir, 'A.1.evidence.jsonl');
    reader.add(a1);
    appendFileSync(a1, `${run(7, 'A', 'op5')}\n`);
    assert.deepEqual(opIds(reader), ['op1', 'op2', 'op3', 'op5']);
    const copy = reader.journal();
    copy.pop();
    assert.equal(reader.journal().length, 4, 'what a caller does to its copy does not change the evidence');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
