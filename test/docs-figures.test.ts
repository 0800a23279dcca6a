// The figures docs/runtime-authors.md quotes for the Python example runtime, checked against the
// feature files without running anything. test/python-runtime.test.ts and
// test/python-node-program.test.ts check them against real runs, but only in the slow loop: a
// scenario added inside core made them stale once, and only CI said so (stop 28). Here the quick
// loop says it: what a runtime reporting the Python example's capabilities and failpoints can run is
// known from the tags alone (src/requirements/levels.ts needsOfTags).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { needsOfTags, failpointTag } from '../src/requirements/levels.ts';
import { requiredIds } from '../src/requirements/registry.ts';
import { suiteScenarios } from '../src/requirements/suite-scenarios.ts';
import { ROOT } from './helpers.ts';

/** The Python example's CAPABILITIES and FAILPOINTS lists, read from its source. */
function pythonReports(): Set<string> {
  const src = readFileSync(join(ROOT, 'examples/python-runtime/spotpy/cluster.py'), 'utf8');
  const list = (name: string) => {
    const m = new RegExp(`^${name} = \\[([^\\]]*)\\]`, 'm').exec(src);
    assert.ok(m, `examples/python-runtime/spotpy/cluster.py has no ${name} list`);
    return [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]);
  };
  return new Set([...list('CAPABILITIES'), ...list('FAILPOINTS').map(failpointTag)]);
}

test("docs/runtime-authors.md: the Python example's scenario and ID figures follow the feature files", () => {
  const reports = pythonReports();
  const scenarios = suiteScenarios(ROOT).map((s) => ({ ...s, runs: needsOfTags(s.tags).every((n) => reports.has(n)) }));
  const runs = scenarios.filter((s) => s.runs).length;
  const notApplicable = scenarios.length - runs;

  const doc = readFileSync(join(ROOT, 'docs/runtime-authors.md'), 'utf8');
  for (const [example, out] of [['node.py', '/tmp/py-node'], ['runtime.py', '/tmp/py-reports']]) {
    const re = new RegExp(`${example.replace('.', '\\.')}" --level core --out ${out}\\n# (\\d+) passed, 0 failed, (\\d+) not applicable`);
    const shown = re.exec(doc);
    assert.ok(shown, `docs/runtime-authors.md has the ${example} example`);
    assert.deepEqual(shown.slice(1).map(Number), [runs, notApplicable], `the ${example} example of docs/runtime-authors.md: a run gives ${runs} passed, ${notApplicable} not applicable`);
  }

  // Per ID: passed when every scenario of it runs, partial when some do, not-applicable when none.
  const count = { passed: 0, partial: 0, notApplicable: 0 };
  for (const id of requiredIds()) {
    const mine = scenarios.filter((s) => s.tags.includes(`@${id}`));
    const ran = mine.filter((s) => s.runs).length;
    if (ran === 0) count.notApplicable++;
    else if (ran === mine.length) count.passed++;
    else count.partial++;
  }
  const figures = /<!-- figures:python-core -->(\d+) IDs are\s+`passed`, (\d+) `not-applicable`[^<]*?(\d+) `partial`<!-- \/figures -->/.exec(doc);
  assert.ok(figures, 'docs/runtime-authors.md section 8 has its figures:python-core block');
  assert.deepEqual(figures.slice(1).map(Number), [count.passed, count.notApplicable, count.partial], 'section 8 of docs/runtime-authors.md');
});
