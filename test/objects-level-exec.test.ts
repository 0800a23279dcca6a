// The runtime of exactly the objects level (objects-level.test.ts) over exec: (test/support/
// objects-level-runtime.ts: it acts its crashes and hangs out itself) shows core only, and with one
// objects rule broken (a mutant served in it) its failure is the first reason given. A file of its
// own: an exec: run mostly waits (npm test runs it beside other such files), where the node
// program's run keeps a core busy.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Compliance } from '../src/report/compliance.ts';
import { spotcheck, tempDir } from './helpers.ts';

const OBJECTS_EXEC = 'exec:node --import tsx test/support/objects-level-runtime.ts';
// Breaks R-CRE-1 (two racing creations both run the factory): an objects rule, no relocation in it.
const MUTANT = 'creation-race-both-run-factory';

const said = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

test('the objects-level runtime over exec:, one objects rule broken: exit 1, its failure first, then its self-reported faults', () => {
  const out = tempDir('objects-broken');
  const env = { SPOTCHECK_SERVE_MUTANT: MUTANT };
  const r = spotcheck(['run', '--impl', OBJECTS_EXEC, '--level', 'objects', '--out', out], 600_000, env);
  assert.equal(r.code, 1, said(r));
  assert.match(r.stdout, /^level objects: not met \(met core\): features\/object-routing-and-creation\/\S+\.feature:\d+ failed$/m);
  const c = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance;
  assert.ok(c.level.why?.some((w) => /scenarios inside objects had faults only the runtime reported \(.*crash/.test(w)), JSON.stringify(c.level.why));
  const cert = spotcheck(['certify', '--from', join(out, 'compliance.json'), '--out', join(out, 'cert')]);
  assert.equal(cert.code, 1, said(cert));
  assert.match(cert.stdout, /^level objects: not met \(met core\)/m);
});
