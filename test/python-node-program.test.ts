// The Python example runtime as a node program (examples/python-runtime/node.py, --impl node:):
// one process per node, every fault done by the kit from outside. It must meet level core with
// nothing failed, and compliance.json must show that every crash, hang, restart, link fault and
// impostor was done from outside; only failpoints (inside a protocol step) are the runtime's word.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Compliance } from '../src/report/compliance.ts';
import { ROOT, runOrCi } from './helpers.ts';

const IMPL = 'node:python3 examples/python-runtime/node.py';

test('the Python node program meets level core, with every fault but failpoints done from outside', (t) => {
  // In CI, the run .ci/run made of this same command, three times over (`run --repeat 3 --out
  // reports/ci/python-node-core`, from which it certifies); elsewhere the test makes the run itself.
  const r = runOrCi(t, 'python-node-core', ['--impl', IMPL, '--level', 'core'], 600_000);
  const out = r.out;
  const said = `${r.stdout}\n${r.stderr}`;
  assert.equal(r.code, 0, said);
  assert.match(r.stdout, /^\d+ passed, 0 failed, \d+ not applicable/m, said);
  assert.match(r.stdout, /^level core: met core$/m, said);

  const c = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance;
  const seen = new Map<string, NonNullable<Compliance['requirements'][number]['scenarios'][number]['faults']>>();
  for (const req of c.requirements) for (const s of req.scenarios) if (s.faults) seen.set(`${s.uri}:${s.line}`, s.faults);
  const faults = [...seen.values()].flat();
  const kinds = new Set(faults.filter((f) => f.how === 'outside').map((f) => f.kind));
  for (const k of ['crash', 'hang', 'restart', 'close-connection', 'move', 'impostor']) assert.ok(kinds.has(k), `a ${k} done from outside: ${[...kinds].join(', ')}`);
  for (const f of faults) assert.equal(f.how === 'self-reported', f.kind === 'failpoint', `${f.kind} on ${f.node}: ${f.how}`);

  // docs/runtime-authors.md opens with this run: its figures must be the figures a run gives.
  const doc = readFileSync(join(ROOT, 'docs/runtime-authors.md'), 'utf8');
  const shown = /node\.py" --level core --out \/tmp\/py-node\n# (\d+) passed, 0 failed, (\d+) not applicable/.exec(doc);
  const summary = /^(\d+) passed, 0 failed, (\d+) not applicable/m.exec(r.stdout);
  assert.deepEqual(shown?.slice(1).map(Number), summary?.slice(1).map(Number), 'the first example of docs/runtime-authors.md');
});
