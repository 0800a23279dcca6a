// The clause lint's own tests: a small hand-written spec, feature and clause table per problem
// kind, each checked for exactly the problems it should raise; then the real table (CLAUSES)
// against the real spec and features, where the only problems allowed are clauses with no check;
// and the clause files beside the features (features/**/*.clauses.ts): all loaded, each clause in
// the file the rule of src/requirements/clauses.ts gives it, IDs unique and in order.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clauseCoverage, lintClauses } from '../src/lint/clauses.ts';
import type { Problem } from '../src/lint/lint.ts';
import { CLAUSES, CLAUSE_FILES, allClauses, clauseFile, clausesOf, splitClauseId, type Clause } from '../src/requirements/clauses.ts';
import { REQUIREMENTS } from '../src/requirements/registry.ts';
import { ROOT } from './helpers.ts';

// A spec in the shape of the real one: prose, a table whose cells are separated by a space, bullets.
const SPEC = [
  'Title', // 1
  '', // 2
  "Once accepted, the same operation isn't re-run on a different server. The Framework keeps it.", // 3
  'Confirmed boundary Framework handling', // 4
  "The operation was accepted by the target queue Doesn't re-run the same operation on a different target. Keeps the result.", // 5
  '  • One peer\'s liveness failure doesn\'t put a different ready peer', // 6
  '    or the host state into Error.', // 7
].join('\n');

const FEATURE = `Feature: f

  Background:
    Given a mesh

  @V01 @channels
  Scenario: accepted then lost
    Given a channel
    When A sends a request
    And the connection is lost
    Then the request ends with failure Unavailable
    And the handler ran exactly once, on B
    But nothing else happened

  Scenario Outline: runs on <node>
    When A sends to <node>
    Then the handler ran on <node>

    @R-GEN-2
    Examples: first
      | node |
      | B    |

    Examples: second
      | node |
      | C    |

  Rule: r
    @V02
    Scenario: inside a rule
      * a star step
      Then it stays put
`;

const FILES = [{ uri: 'features/area/t.feature', text: FEATURE }];

function clause(id: string, extra: Partial<Clause> = {}): Clause {
  return {
    id,
    lines: [3],
    words: "Once accepted, the same operation isn't re-run on a different server.",
    says: 'an accepted operation is not run elsewhere',
    checks: [{ feature: 'area/t.feature', scenario: 'accepted then lost', step: 'the handler ran exactly once, on B' }],
    ...extra,
  };
}

function lint(clauses: Record<string, Clause[]>, ids = Object.keys(clauses)): Problem[] {
  return lintClauses(FILES, SPEC, clauses, ids);
}

/** Asserts exactly one problem whose message matches `pattern`; returns it. */
function one(problems: Problem[], pattern: RegExp): Problem {
  assert.equal(problems.length, 1, `expected one problem, got: ${JSON.stringify(problems, null, 1)}`);
  assert.match(problems[0].message, pattern);
  return problems[0];
}

test('a consistent clause table passes', () => {
  assert.deepEqual(
    lint({
      V01: [
        clause('V01.1'),
        // Outline: the step keeps its placeholder; the ID is on one Examples table only.
        clause('V01.2', { checks: [{ feature: 'area/t.feature', scenario: 'accepted then lost', step: 'nothing else happened' }] }),
      ],
      'R-GEN-2': [clause('R-GEN-2.1', { checks: [{ feature: 'area/t.feature', scenario: 'runs on <node>', step: 'the handler ran on <node>' }] })],
      // A scenario inside a Rule; a Then after a * step.
      V02: [clause('V02.1', { checks: [{ feature: 'area/t.feature', scenario: 'inside a rule', step: 'it stays put' }] })],
    }),
    [],
  );
});

test('an ID without clauses is flagged, and clauses under an unknown ID', () => {
  one(lint({ V01: [clause('V01.1')], V02: [] }), /requirement V02 has no clauses/);
  one(lint({ V01: [clause('V01.1')] }, ['V01', 'V03']), /requirement V03 has no clauses/);
  one(lint({ V01: [clause('V01.1')], V99: [clause('V99.1')] }, ['V01']), /listed under V99, which is not a requirement ID/);
});

test('a clause ID of the wrong form, or under another ID, or duplicated is flagged', () => {
  one(lint({ V01: [clause('V01.0')] }), /clause V01\.0 under V01 is not named V01\.<n>/);
  one(lint({ V01: [clause('V01.x')] }), /clause V01\.x under V01 is not named/);
  one(lint({ V01: [clause('V02.1')] }), /clause V02\.1 under V01 is not named V01\.<n>/);
  one(lint({ V01: [clause('V01.1'), clause('V01.1')] }), /clause V01\.1 is listed twice/);
});

test('lines out of range are flagged', () => {
  const p = one(lint({ V01: [clause('V01.1', { lines: [3, 8] })] }), /clause V01\.1: line\(s\) 8 out of range \(the spec has 7 lines\)/);
  assert.equal(p.uri, 'spec');
  one(lint({ V01: [clause('V01.1', { lines: [0] })] }), /clause V01\.1: line\(s\) 0 out of range/);
  one(lint({ V01: [clause('V01.1', { lines: [] })] }), /clause V01\.1 names no spec lines/);
});

test('words that are not on their lines are flagged', () => {
  // Paraphrased, not verbatim.
  one(lint({ V01: [clause('V01.1', { words: 'Once accepted, the operation is never re-run elsewhere.' })] }), /clause V01\.1: its words are not on line\(s\) 3/);
  // Verbatim, but on another line than the one named.
  one(lint({ V01: [clause('V01.1', { lines: [5] })] }), /clause V01\.1: its words are not on line\(s\) 5/);
  // A line listed that holds none of the words.
  const p = one(lint({ V01: [clause('V01.1', { lines: [1, 3] })] }), /clause V01\.1: line 1 holds none of its words/);
  assert.equal(p.line, 1);
});

test('whitespace is normalised and words may run over several lines', () => {
  const words = "One  peer's liveness failure doesn't put a different ready peer\n or the host state into Error.";
  assert.deepEqual(lint({ V01: [clause('V01.1', { lines: [6, 7], words })] }), []);
  // Part of one sentence.
  assert.deepEqual(lint({ V01: [clause('V01.1', { lines: [6], words: "doesn't put a different ready peer" })] }), []);
});

test('table rows match with cells joined by " | " or the spec\'s space, and in part', () => {
  const row = (words: string) => lint({ V01: [clause('V01.1', { lines: [5], words })] });
  assert.deepEqual(row("The operation was accepted by the target queue | Doesn't re-run the same operation on a different target."), []);
  assert.deepEqual(row("The operation was accepted by the target queue Doesn't re-run the same operation on a different target."), []);
  // A row quoted in part: the first cell, then a later part of the row.
  assert.deepEqual(row('The operation was accepted by the target queue | Keeps the result.'), []);
  // Parts out of order, or a first cell that does not start the row, do not match.
  one(row("Keeps the result. | Doesn't re-run the same operation on a different target."), /its words are not on line\(s\) 5/);
  one(row('accepted by the target queue | Keeps the result.'), /its words are not on line\(s\) 5/);
  one(row('The operation was accepted by the target queue | Keeps no result.'), /its words are not on line\(s\) 5/);
});

test('a clause with no check is flagged', () => {
  const p = one(lint({ V04: [clause('V04.3', { checks: [] })] }), /^clause V04\.3 has no check$/);
  assert.equal(p.line, 0);
});

test('a check naming a missing feature, scenario or step is flagged', () => {
  const check = (feature: string, scenario: string, step: string) => lint({ V01: [clause('V01.1', { checks: [{ feature, scenario, step }] })] });
  one(check('area/nope.feature', 'accepted then lost', 'the handler ran exactly once, on B'), /clause V01\.1: check names feature area\/nope\.feature, which does not exist/);
  one(check('area/t.feature', 'accepted then found', 'the handler ran exactly once, on B'), /clause V01\.1: no scenario "accepted then found" in area\/t\.feature/);
  // Step text is compared exactly: a near miss is not the step.
  const p = one(check('area/t.feature', 'accepted then lost', 'the handler ran exactly once on B'), /clause V01\.1: step "the handler ran exactly once on B" is not in scenario "accepted then lost"/);
  assert.equal(p.uri, 'features/area/t.feature');
  assert.equal(p.line, 7);
  // A Background step is not the scenario's.
  one(check('area/t.feature', 'accepted then lost', 'a mesh'), /step "a mesh" is not in scenario/);
});

test('a check whose step is a Given or When (or an And after one) is flagged', () => {
  const check = (step: string) => lint({ V01: [clause('V01.1', { checks: [{ feature: 'area/t.feature', scenario: 'accepted then lost', step }] })] });
  const given = one(check('a channel'), /clause V01\.1: step "a channel" is a Given that is not part of a Then/);
  assert.equal(given.line, 8);
  one(check('A sends a request'), /step "A sends a request" is a When that is not part of a Then/);
  one(check('the connection is lost'), /step "the connection is lost" is a And that is not part of a Then/);
  // A * step first in its scenario follows no Then.
  one(lint({ V02: [clause('V02.1', { checks: [{ feature: 'area/t.feature', scenario: 'inside a rule', step: 'a star step' }] })] }), /step "a star step" is a \* that is not part of a Then/);
});

test("a check from a scenario that does not carry the clause's ID is flagged", () => {
  // Tagged @V01, not @V02.
  one(lint({ V02: [clause('V02.1')] }), /clause V02\.1: scenario "accepted then lost" does not carry @V02/);
  // An outline: the ID must be on the outline or on one of its Examples tables.
  const outline = { feature: 'area/t.feature', scenario: 'runs on <node>', step: 'the handler ran on <node>' };
  one(lint({ V01: [clause('V01.1', { checks: [outline] })] }), /clause V01\.1: scenario "runs on <node>" does not carry @V01/);
});

test('clauseCoverage counts clauses and those with a check', () => {
  assert.deepEqual(clauseCoverage({ V01: [clause('V01.1'), clause('V01.2', { checks: [] })], V02: [clause('V02.1')] }), { total: 3, checked: 2, pending: ['V01.2'] });
});

test('a clause with no check must say what it waits for, and a checked one is not pending', () => {
  assert.deepEqual(lint({ V04: [clause('V04.3', { checks: [], pending: 'needs a scenario where ...' })] }), []);
  one(lint({ V01: [clause('V01.1', { pending: 'stale' })] }), /^clause V01\.1 has checks and is still marked pending$/);
});

// ---- the real table ---------------------------------------------------------------------------------

const SPEC_FILE = fileURLToPath(new URL('../../shared/spec/failure-handling-and-failover-scope.txt', import.meta.url));

function readFeatures(): { uri: string; text: string }[] {
  const dir = path.join(ROOT, 'features');
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => rel.endsWith('.feature'))
    .sort()
    .map((rel) => ({ uri: path.posix.join('features', rel.split(path.sep).join('/')), text: fs.readFileSync(path.join(dir, rel), 'utf8') }));
}

test('CLAUSES covers every registry ID, in registry order', () => {
  assert.deepEqual(Object.keys(CLAUSES), REQUIREMENTS.map((r) => r.id));
  assert.equal(allClauses().length, Object.values(CLAUSES).flat().length);
  assert.deepEqual(clausesOf('V05').map((c) => c.id).slice(0, 2), ['V05.1', 'V05.2']);
  assert.deepEqual(clausesOf('V99'), []);
});

test('the real clause table agrees with the spec and the features (unchecked clauses say what they wait for)', (t) => {
  if (!fs.existsSync(SPEC_FILE)) assert.fail(`spec not found: looked for ${SPEC_FILE} (the project root's ../shared/spec/)`);
  const problems = lintClauses(readFeatures(), fs.readFileSync(SPEC_FILE, 'utf8'), CLAUSES, REQUIREMENTS.map((r) => r.id));
  assert.deepEqual(problems.map((p) => `${p.uri}:${p.line}: ${p.message}`), []);
  const { total, checked, pending } = clauseCoverage(CLAUSES);
  t.diagnostic(`${total} clauses, ${checked} checked, ${pending.length} pending: ${pending.join(' ')}`);
});

// ---- the clause files beside the features -------------------------------------------------------

test('every clause file under features/ is loaded, and every loaded file is there', () => {
  const onDisk = fs
    .readdirSync(path.join(ROOT, 'features'), { recursive: true, encoding: 'utf8' })
    .filter((rel) => rel.endsWith('.clauses.ts'))
    .map((rel) => rel.split(path.sep).join('/'))
    .sort();
  assert.deepEqual(Object.keys(CLAUSE_FILES).sort(), onDisk);
  assert.equal(allClauses().length, Object.values(CLAUSE_FILES).flat().length, 'every clause of every file is in the table');
});

test('clause IDs are unique, and each requirement\'s clauses run in number order', () => {
  const ids = Object.values(CLAUSE_FILES).flat().map((c) => c.id);
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
  for (const [req, list] of Object.entries(CLAUSES)) {
    const numbers = list.map((c) => splitClauseId(c.id));
    assert.ok(numbers.every(([r]) => r === req), `${req}: a clause of another requirement`);
    assert.ok(numbers.every(([, n], i) => Number.isInteger(n) && n > (i === 0 ? 0 : numbers[i - 1][1])), `${req}: ${list.map((c) => c.id).join(' ')}`);
  }
});

test('each clause lives beside the feature of its first check, or in pending.clauses.ts with no check', () => {
  const misplaced = Object.entries(CLAUSE_FILES).flatMap(([file, list]) =>
    list
      .filter((c) => (c.checks.length === 0 ? file !== 'pending.clauses.ts' : c.checks[0].feature.replace(/\.feature$/, '.clauses.ts') !== file))
      .map((c) => `${c.id} is in features/${file}`),
  );
  assert.deepEqual(misplaced, []);
  assert.equal(clauseFile('V01.1'), 'features/channel-and-connection/select-one.clauses.ts');
  assert.equal(clauseFile('V99.1'), undefined);
});

test('within a clause file, clauses run in registry order and then by number', () => {
  const rank = new Map(REQUIREMENTS.map((r, i) => [r.id, i]));
  for (const [file, list] of Object.entries(CLAUSE_FILES)) {
    const keys = list.map((c) => splitClauseId(c.id)).map(([r, n]) => (rank.get(r) ?? -1) * 1000 + n);
    assert.deepEqual(keys, [...keys].sort((a, b) => a - b), `features/${file}: ${list.map((c) => c.id).join(' ')}`);
  }
});
