// The wire schema (src/driver/schema/): the shipped JSON Schema and the tables of
// docs/wire-protocol.md do not drift from the source; the exec adapter accepts results that match
// and rejects ones that do not with one line naming the method, the JSON path and the expected
// shape; a request of the kit's own that does not match is never sent.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { generatedFiles } from '../src/driver/schema/generate.ts';
import { SCHEMA_ID, wireSchemaDocument } from '../src/driver/schema/document.ts';
import { METHODS } from '../src/driver/schema/methods.ts';
import { checkParams, checkResult, mismatchLine } from '../adapters/wire-schema.ts';
import { tempDir } from './helpers.ts';
import { DRIVER_METHODS, WireSchemaError, openWire } from '../adapters/jsonrpc.ts';

test('schema/ and the tables of docs/wire-protocol.md are what src/driver/schema/ makes (else: npm run schema)', () => {
  for (const f of generatedFiles()) {
    assert.ok(f.current !== undefined, `${f.file} is missing: run npm run schema`);
    assert.ok(f.current === f.text, `${f.file} differs from what src/driver/schema/ makes: run npm run schema`);
  }
});

test('the docs hold both generated tables, and a changed table is seen as drift', () => {
  const docs = generatedFiles().find((f) => f.file === 'docs/wire-protocol.md')!;
  for (const m of ['<!-- generated:methods -->', '<!-- generated:types -->']) assert.ok(docs.current!.includes(m), m);
  for (const name of Object.keys(METHODS)) assert.ok(docs.text.includes(`| \`${name}\` |`), `the methods table lists ${name}`);
  const edited = docs.current!.replace('| `submit` |', '| `submitted` |');
  assert.notEqual(edited, docs.text);
});

test('the shipped document is valid JSON Schema 2020-12 with params and result for every method the adapter calls', () => {
  const doc = wireSchemaDocument();
  const ajv = new Ajv2020({ strict: true });
  ajv.addSchema(doc);
  for (const m of ['open', ...DRIVER_METHODS]) {
    for (const part of ['params', 'result']) assert.ok(ajv.getSchema(`${SCHEMA_ID}#/$defs/${m}.${part}`), `${m}.${part}`);
  }
  assert.deepEqual(Object.keys(METHODS).sort(), ['open', ...DRIVER_METHODS].sort());
});

const outcome = { opId: 'op1', status: 'reply', reply: 1, attempts: [{ target: 'B', accepted: 'yes', reason: 'accepted', connectionId: 'c1' }] };

test('a valid result is accepted, and an invalid one is named by method, JSON path and expected shape', () => {
  assert.equal(checkResult('outcome', outcome), undefined);
  assert.equal(checkResult('outcome', null), undefined);
  assert.equal(checkResult('start', null), undefined);

  const bad = checkResult('outcome', { ...outcome, attempts: [{ target: 'B', accepted: 'maybe', reason: 'x' }] });
  assert.ok(bad);
  const line = mismatchLine('outcome', 'result', bad);
  assert.equal(
    line,
    'outcome: the implementation\'s outcome result does not match the schema (schema/wire-protocol.schema.json) at $.result.attempts[0].accepted: expected Acceptance ("yes" | "no" | "unknown"), got "maybe"',
  );
  assert.ok(!line.includes('\n'));

  const missing = checkResult('outcome', { opId: 'op1', attempts: [] })!;
  assert.equal(missing.path, '$.result.status');
  assert.match(missing.expected, /OutcomeStatus/);

  // Outcomes are open (extra fields are a rule matter, R-GEN-4.2); other shapes are closed.
  assert.equal(checkResult('outcome', { ...outcome, retryable: true }), undefined);
  const misspelt = checkResult('journal', [{ seq: 1, at: 2, kind: 'timer', node: 'A', objectId: 'o', generation: 1, generaton: 1 }])!;
  assert.equal(misspelt.path, '$.result[0].generaton');
  assert.match(misspelt.expected, /no property of that name/);

  const journal = checkResult('journal', [{ seq: 1, at: 2.5, kind: 'timer', node: 'A', objectId: 'o', generation: 1.5 }])!;
  assert.deepEqual([journal.path, journal.expected], ['$.result[0].generation', 'integer']);

  const wrongKind = checkParams('fault', { driver: 'd1', args: [{ kind: 'explode', node: 'A' }] })!;
  assert.equal(wrongKind.path, '$.params.args[0].kind');
  assert.match(wrongKind.expected, /"crash" \| "hang"/);
});

/** A runtime that answers open well, and describe with a Description that lacks its timings. */
function fakeRuntime(): string {
  const dir = tempDir('schema');
  const file = join(dir, 'runtime.mjs');
  writeFileSync(
    file,
    `import { createInterface } from 'node:readline';
const outcome = ${JSON.stringify(outcome)};
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method } = JSON.parse(line);
  const result =
    method === 'open' ? { driver: 'd1', protocol: '1' }
    : method === 'describe' ? { name: 'fake', version: '0', backend: 'none', capabilities: ['channels'], failpoints: [] }
    : method === 'outcome' ? outcome
    : method === 'peer' ? { node: 'A', peer: 'B', ready: 'yes', history: [] }
    : null;
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\\n');
});
process.stdin.on('end', () => process.exit(0));
`,
  );
  return `node ${file}`;
}

test('over the wire: a matching result passes, a mismatching one fails the call with one line, and the conversation goes on', async () => {
  const driver = await openWire(fakeRuntime(), { callTimeoutMs: 10_000 });
  assert.deepEqual(await driver.outcome('op1', 0), outcome);
  await assert.rejects(driver.describe(), (e: Error) => {
    assert.ok(e instanceof WireSchemaError);
    assert.equal(
      e.message,
      "describe: the implementation's describe result does not match the schema (schema/wire-protocol.schema.json) at $.result.timings: expected EffectiveTimings {heartbeatIntervalMs, livenessDeadlineMs, reconnectBackoffMs, defaultDeadlineMs, ownerLeaseMs, ownerCacheMs, descriptorRefreshMs, storeFailureGraceMs, cutoverFallbackMs, messageFollowMs}, got nothing (the property is missing; Description {name, version, backend, capabilities, timings, failpoints} requires it)",
    );
    return true;
  });
  await assert.rejects(driver.peer('A', 'B'), /^Error: peer: .* at \$\.result\.ready: expected boolean, got "yes"$/);
  // A request of the kit's own that does not match is a kit bug: it is not sent, the call fails.
  await assert.rejects(driver.submit({ kind: 'node-direct', from: 'A', mesh: 'm1', to: 'B' } as never), (e: Error) => {
    assert.ok(e instanceof WireSchemaError);
    assert.match(e.message, /^submit: the kit's submit request \(a kit bug\) does not match the schema .* at \$\.params\.args\[0\]\.payload: expected AppPayload/);
    return true;
  });
  await driver.close();
});
