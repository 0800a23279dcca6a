// A runtime that implements exactly the objects level (no relocation, no Sessions, and it refuses
// their calls) is certified `objects` when it is a node program whose faults the kit does from
// outside (test/support/objects-level-node.ts): `run --level objects` exits 0 and says "met
// objects", `certify` writes a certificate that `verify` passes. Before issue 26 no runtime could
// be: V16 sat in the objects level with every scenario needing relocation, so a run like this one
// printed "met core" and still exited 0. The same runtime over exec: is objects-level-exec.test.ts.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Certificate } from '../src/certify/certificate.ts';
import type { Compliance } from '../src/report/compliance.ts';
import { bundledProgram, spotcheck, tempDir } from './helpers.ts';

// Bundled: one process per node, hundreds of starts in a run (helpers.ts).
const OBJECTS_NODE = `node:${bundledProgram('test/support/objects-level-node.ts')}`;

const said = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

test('the objects-level node program: run --level objects exits 0 and meets objects; certify and verify agree', () => {
  const out = tempDir('objects-run');
  const r = spotcheck(['run', '--impl', OBJECTS_NODE, '--level', 'objects', '--out', out], 600_000, { SPOTCHECK_REDIS_VIA: 'binary' });
  assert.equal(r.code, 0, said(r));
  assert.match(r.stdout, /^level objects: met objects$/m);
  assert.match(r.stdout, /^not applicable: \d+ scenarios need relocation, which objects-level-node does not report$/m);
  assert.match(r.stdout, /^not applicable: \d+ scenarios need sessions, which objects-level-node does not report$/m);
  assert.doesNotMatch(r.stdout, /^\[\d+\/\d+\] not applicable/m, 'no line per not-applicable scenario');
  const c = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance;
  assert.equal(c.level.met, 'objects');
  assert.equal(c.requirements.find((x) => x.id === 'V16')!.status, 'not-applicable', 'V16 is about relocation');
  assert.equal(c.requirements.find((x) => x.id === 'R-CRE-1')!.status, 'passed');
  const faults = c.requirements.flatMap((x) => x.scenarios).flatMap((s) => s.faults ?? []);
  assert.ok(faults.some((f) => f.kind === 'crash' && f.how === 'outside'), 'crashes done from outside');
  assert.ok(faults.every((f) => f.how === 'outside' || f.kind === 'failpoint'), 'nothing but failpoints self-reported');

  // certify from that run's report (certify recomputes; running the suite again would show the same).
  const certOut = tempDir('objects-cert');
  const cert = spotcheck(['certify', '--from', join(out, 'compliance.json'), '--out', certOut]);
  assert.equal(cert.code, 0, said(cert));
  assert.match(cert.stdout, /^level objects: met objects$/m);
  const certificate = JSON.parse(readFileSync(join(certOut, 'certificate.json'), 'utf8')) as Certificate;
  assert.deepEqual(certificate.level, { requested: 'objects', met: 'objects', lacks: [] });
  assert.equal(certificate.requirements.find((x) => x.id === 'V06')!.status, 'passed');
  const v = spotcheck(['verify', join(certOut, 'certificate.json')]);
  assert.equal(v.code, 0, said(v));
  assert.match(v.stdout, /level objects met$/m);
});
