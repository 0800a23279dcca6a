// A failure taken while the machine was overloaded is said to be so, once, and changes no verdict
// (src/harness/cpu-pressure.ts, loadedFailures in src/cli/main.ts).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpuWaitShare, cpuWaitTotalMs } from '../src/harness/cpu-pressure.ts';
import { loadedFailures } from '../src/cli/summary.ts';
import type { ScenarioResult } from '../src/run/results.ts';

const failed = (share?: number): ScenarioResult => ({ name: 'x', uri: 'f.feature', line: 1, tags: [], status: 'failed', message: 'm', ...(share !== undefined ? { cpuWaitShare: share } : {}) });

test('the share of a window some task waited for a CPU, from two readings', () => {
  assert.equal(cpuWaitShare(1000, 1250, 500), 0.5);
  assert.equal(cpuWaitShare(1000, 3000, 500), 1, 'capped at the whole window');
  assert.equal(cpuWaitShare(undefined, 1250, 500), undefined, 'no reading where the kernel does not say');
  const total = cpuWaitTotalMs();
  if (total !== undefined) assert.ok(total >= 0);
});

test('failures on an overloaded machine get one note; on a quiet one, none', () => {
  assert.equal(loadedFailures([failed(0.1), failed()]), undefined);
  const note = loadedFailures([failed(0.9), failed(0.7), failed(0.1)]);
  assert.match(note ?? '', /^note: 2 of the 3 failed scenario\(s\) ran while the machine was overloaded \(some task waited for a CPU 80% of their time/);
  assert.equal(loadedFailures([{ ...failed(0.9), status: 'passed' }]), undefined, 'a passed scenario needs no note');
});
