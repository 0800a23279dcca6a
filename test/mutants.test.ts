// The suite can fail: every mutant of the reference is caught on the IDs it breaks, and every
// required ID is broken by at least one mutant. (The reference itself passing is conformance.test.ts.)
// On the simulated world: the same reference code and the same scenarios in virtual time, about
// 20-40 s here against about 12 minutes on the embedded backend, where the suite waits out every
// deadline and "never" window in real time (docs/simulation.md). The kill on the real-time backends
// is measured with `spotcheck mutants --backend embedded|redis|process` (docs/node-process.md).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { requirementOf, type MutantResult } from '../src/run/mutants.ts';
import { requiredIds } from '../src/requirements/registry.ts';
import { spotcheck, tempDir } from './helpers.ts';

test('every mutant is killed on the IDs it breaks', () => {
  const out = tempDir('mutants');
  const r = spotcheck(['mutants', '--backend', 'sim', '--out', out], 10 * 60_000);
  const results = JSON.parse(readFileSync(join(out, 'mutants.json'), 'utf8')) as MutantResult[];
  const survivors = results.filter((m) => !m.killed).map((m) => `${m.name} (breaks ${m.breaks}, seen ${m.seen})`);
  assert.deepEqual(survivors, [], `mutants that survived:\n${survivors.join('\n')}`);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  for (const m of results) for (const b of m.breaks) assert.ok(m.seen.includes(b), `${m.name}: no assertion saw ${b}`);
  const broken = new Set(results.flatMap((m) => m.breaks.map(requirementOf)));
  const unbroken = requiredIds().filter((id) => !broken.has(id));
  assert.deepEqual(unbroken, [], `required IDs with no mutant: ${unbroken.join(', ')}`);
});
