// The Python example runtime (examples/python-runtime/) against the kit at level core: a runtime in
// another language, plugged in over the wire protocol, that implements the channel-and-connection
// group only. It must meet core, every core requirement must pass on the scenarios inside core, and
// nothing outside core may be counted as passed: the rest is not-applicable, naming what it lacks.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Compliance } from '../src/report/compliance.ts';
import { levelIds, levelNamed, levelNeeds } from '../src/requirements/levels.ts';
import { ROOT, runOrCi } from './helpers.ts';

const IMPL = 'exec:python3 examples/python-runtime/runtime.py';

function python3Version(): string | undefined {
  const r = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? (r.stdout || r.stderr).trim() : undefined;
}

test('the Python runtime meets level core: 14 core requirements shown, everything else not-applicable', (t) => {
  const version = python3Version();
  if (!version) assert.fail('python3 is not on PATH: the Python example runtime (examples/python-runtime) cannot be checked');

  // In CI, the run .ci/run made of this same command, three times over (`run --repeat 3 --out
  // reports/ci/python-core`, from which it certifies); elsewhere the test makes the run itself.
  const r = runOrCi(t, 'python-core', ['--impl', IMPL, '--level', 'core']);
  const out = r.out;
  const said = `${version}\n${r.stdout}\n${r.stderr}`;
  assert.equal(r.code, 0, said);
  assert.match(r.stdout, /^\d+ passed, 0 failed, \d+ not applicable/m, said);
  assert.match(r.stdout, /^level core: met core$/m, said);

  const c = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance;
  assert.equal(c.implementation.name, 'spotcheck-python-runtime');
  assert.deepEqual(c.level, { requested: 'core', met: 'core', lacks: [] });

  const core = levelNamed('core')!;
  const coreIds = levelIds(core);
  assert.equal(coreIds.length, 14);
  const inCore = new Set(levelNeeds(core));

  for (const req of c.requirements) {
    const where = `${req.id}: ${JSON.stringify(req.counts)}`;
    if (coreIds.includes(req.id)) {
      // Every scenario of a core requirement ran and passed, except those that need more than core
      // (an Actor or Session scenario sharing the ID): not-applicable, never passed. Such an ID is
      // "partial" in compliance.json, as the kit's rules say (README, Reading a report).
      assert.equal(req.counts.failed, 0, where);
      assert.ok(req.counts.passed > 0, `${where}: no scenario passed`);
      for (const s of req.scenarios) {
        if (s.status === 'not-applicable') {
          assert.ok(s.lacks && s.lacks.length > 0 && s.lacks.some((n) => !inCore.has(n)), `${req.id}: "${s.name}" is not-applicable for ${s.lacks?.join(', ')}, inside core`);
        } else {
          assert.equal(s.status, 'passed', `${req.id}: "${s.name}" ${s.status}`);
        }
      }
      assert.equal(req.status, req.counts.notApplicable > 0 ? 'partial' : 'passed', where);
    } else {
      assert.equal(req.status, 'not-applicable', where);
      assert.equal(req.counts.passed, 0, where);
    }
  }
  assert.equal(c.summary.passed + c.summary.partial, 14, JSON.stringify(c.summary));
  assert.equal(c.summary.failed, 0, JSON.stringify(c.summary));
  assert.equal(c.summary.notApplicable, c.requirements.length - 14, JSON.stringify(c.summary));

  // docs/runtime-authors.md quotes this run's figures: they must be the figures a run gives.
  const doc = readFileSync(join(ROOT, 'docs/runtime-authors.md'), 'utf8');
  const figures = /<!-- figures:python-core -->(\d+) IDs are\s+`passed`, (\d+) `not-applicable`[^<]*?(\d+) `partial`<!-- \/figures -->/.exec(doc);
  assert.ok(figures, 'docs/runtime-authors.md section 8 has its figures:python-core block');
  assert.deepEqual(figures.slice(1).map(Number), [c.summary.passed, c.summary.notApplicable, c.summary.partial], 'section 8 of docs/runtime-authors.md');
  const n = (s: string) => c.requirements.flatMap((x) => x.scenarios).filter((x, i, all) => x.status === s && all.findIndex((y) => y.uri === x.uri && y.line === x.line) === i).length;
  const top = /runtime\.py" --level core --out \/tmp\/py-reports\n# (\d+) passed, 0 failed, (\d+) not applicable/.exec(doc);
  assert.deepEqual(top?.slice(1).map(Number), [n('passed'), n('not-applicable')], 'the exec: example of docs/runtime-authors.md section 1');
});
