// `spotcheck trace <ID>` on V01: every link of the chain is found from the sources, and agrees with
// what the kit states elsewhere (the clauses' lines, the features' tags, the mutant list).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.ts';
import { formatTrace, traceOf } from '../src/trace/trace.ts';
import { clausesOf } from '../src/requirements/clauses.ts';
import { MUTANTS } from '../impl-reference/mutants/index.ts';
import { MUTANTS_AND_SEAMS } from '../impl-reference/mutants/seams.ts';

const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/trace/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8' });

test('trace V01: spec lines, scenarios, step definitions, Driver methods, deciding code, mutants', async () => {
  const t = await traceOf('V01', ROOT, MUTANTS_AND_SEAMS);
  assert.deepEqual([...new Set(t.spec.flatMap((s) => s.lines))].sort(), [...new Set(clausesOf('V01').flatMap((c) => c.lines))].sort());
  // Scenarios: file:line pointing at a Scenario line carrying @V01 (an outline through its Examples).
  assert.ok(t.scenarios.length >= 5);
  for (const sc of t.scenarios) {
    const lines = readFileSync(join(ROOT, sc.uri), 'utf8').split('\n');
    assert.match(lines[sc.line - 1], /^\s*Scenario( Outline)?:/, `${sc.uri}:${sc.line}`);
    for (const st of sc.steps) assert.equal(st.definitions.length, 1, `${sc.uri}:${st.line} "${st.text}" should match exactly one definition`);
  }
  // A step definition: "node {rid}'s queue is full" fills the queue through the Driver.
  const full = t.stepDefinitions.find((s) => s.pattern === "node {rid}'s queue is full");
  assert.ok(full, 'the queue-full step is used by V01');
  assert.match(readFileSync(join(ROOT, full.at.split(':')[0]), 'utf8').split('\n')[Number(full.at.split(':')[1]) - 1], /queue is full/);
  assert.ok(full.driver.some((u) => u.method === 'configureNode'));
  // Through a helper: sending a channel request submits it via start() in support/operations.ts.
  const send = t.stepDefinitions.find((s) => s.pattern === '{rid} sends a request on channel {string}')!;
  assert.deepEqual(send.driver.map((u) => u.method), ['submit']);
  assert.match(send.driver[0].via[0], /^start \(step-definitions\/support\/operations\.ts:\d+\)$/);
  // Deciding code: the select-one caller asks for the rule the V01 mutants implement otherwise.
  const expected: string[] = MUTANTS.filter((m) => m.breaks.some((c) => c.startsWith('V01.'))).map((m) => m.name);
  assert.deepEqual(t.mutants.map((m) => m.name), expected);
  const decide = t.decides.find((d) => d.mutant === 'reselect-after-acceptance');
  assert.ok(decide && decide.file === 'impl-reference/channel/caller.ts');
  assert.match(readFileSync(join(ROOT, decide.file), 'utf8').split('\n')[decide.line - 1], /this\.rules\.mayChooseAgain\(/);
  assert.ok(t.decides.every((d) => expected.includes(d.mutant)));
  assert.ok(formatTrace(t).includes('features/channel-and-connection/select-one.feature:12'));
});

test('the trace command prints the chain in order; an unknown ID is one line, exit 2', () => {
  const r = cli('V01');
  assert.equal(r.status, 0, r.stderr);
  const order = ['spec lines', 'scenarios', 'step definitions', 'Driver methods', 'reference modules that decide it', 'mutants'].map((h) => r.stdout.indexOf(`\n${h} (`));
  assert.ok(order.every((i, k) => i > 0 && (k === 0 || i > order[k - 1])), r.stdout.slice(0, 400));
  const bad = cli('V99');
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr, 'spotcheck: unknown requirement ID "V99" (the IDs are in src/requirements/registry.ts)\n');
});

test('every rule of every seam has a name of its own: trace finds decision points by the name alone', async () => {
  const { rulesOf } = await import('../impl-reference/mutants/seams.ts');
  const areaOf = new Map<string, string>();
  const twice: string[] = [];
  for (const [area, rules] of Object.entries(rulesOf(undefined))) {
    for (const name of Object.keys(rules)) {
      if (areaOf.has(name)) twice.push(`${name} (${areaOf.get(name)} and ${area})`);
      areaOf.set(name, area);
    }
  }
  assert.deepEqual(twice, []);
});
