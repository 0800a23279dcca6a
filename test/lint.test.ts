// The feature linter's own tests: one small inline feature per rule, checked for exactly the
// problems it should raise. Most pass requiredIds: [] so missing coverage does not add noise.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coverage, lintFeatures, type Problem } from '../src/lint/lint.ts';
import { requiredIds } from '../src/requirements/registry.ts';

const NONE = { requiredIds: [] };

function lint(text: string, opts: { requiredIds?: string[] } = NONE): Problem[] {
  return lintFeatures([{ uri: 'features/t.feature', text }], opts);
}

/** Asserts exactly one problem, on `line`, whose message matches `pattern`. */
function assertOne(problems: Problem[], line: number, pattern: RegExp): void {
  assert.equal(problems.length, 1, `expected one problem, got: ${JSON.stringify(problems)}`);
  assert.equal(problems[0].line, line);
  assert.match(problems[0].message, pattern);
}

const CLEAN = `@channels
Feature: select-one

  @V01 @R-GEN-1
  Scenario: a full queue moves the operation on
    Given a channel
    Then it is accepted once

  Rule: node direct
    @V02 @node-direct
    Scenario: the named node is kept
      Given a node
`;

test('clean feature passes', () => {
  assert.deepEqual(lint(CLEAN), []);
});

test('unknown requirement ID is flagged', () => {
  const problems = lint(`Feature: f
  @V17
  Scenario: s
    Given x
`);
  // Also untagged, since @V17 does not count: two problems, the unknown ID named.
  assert.equal(problems.length, 2);
  assert.equal(problems[0].line, 2);
  assert.match(problems[0].message, /@V17 is not a requirement ID/);
  assert.match(problems[1].message, /Scenario "s" has no requirement tag/);
});

test('untagged scenario is flagged', () => {
  assertOne(lint(`Feature: f
  @V01
  Scenario: tagged
    Given x

  Scenario: bare
    Given y
`), 6, /Scenario "bare" has no requirement tag/);
});

test('requirement tag on a Feature is flagged, and does not cover its scenarios', () => {
  const problems = lint(`@V01
Feature: f
  @V02
  Scenario: s
    Given x
`, { requiredIds: ['V01'] });
  assert.equal(problems.length, 2, JSON.stringify(problems));
  assert.equal(problems[0].line, 1);
  assert.match(problems[0].message, /@V01 is on a Feature: tag scenarios or their Examples tables/);
  assert.match(problems[1].message, /required ID V01 has no scenario/);
});

test('requirement tag on a Rule is flagged', () => {
  assertOne(lint(`Feature: f
  @R-GEN-1
  Rule: r
    @V01
    Scenario: s
      Given x
`), 2, /@R-GEN-1 is on a Rule/);
});

const OUTLINE = (secondTableTags: string) => `Feature: f
  @channels
  Scenario Outline: candidates
    Given a <kind> channel

    @R-CH-1
    Examples: route mesh
      | kind      |
      | routemesh |

    ${secondTableTags}
    Examples: client server
      | kind         |
      | clientserver |
`;

test('outline whose Examples tables are all tagged passes', () => {
  assert.deepEqual(lint(OUTLINE('@V01')), []);
});

test('outline tags count for every table', () => {
  const text = `Feature: f
  @V01
  Scenario Outline: o
    Given <x>

    Examples:
      | x |
      | 1 |

    Examples:
      | x |
      | 2 |
`;
  assert.deepEqual(lint(text), []);
  assert.equal(coverage([{ uri: 'o', text }]).get('V01'), 2);
});

test('outline with one untagged Examples table is flagged', () => {
  assertOne(lint(OUTLINE('')), 12, /Examples "client server" of Scenario Outline "candidates" has no requirement tag/);
});

test('typo in a capability tag is flagged', () => {
  assertOne(lint(`@chanels
Feature: f
  @V01
  Scenario: s
    Given x
`), 1, /unknown tag @chanels/);
});

test('required ID with no scenario is flagged', () => {
  const problems = lint(`Feature: f
  @V01
  Scenario: s
    Given x
`, { requiredIds: ['V01', 'R-CONN-2'] });
  assert.deepEqual(problems, [{ uri: 'requirements', line: 0, message: 'required ID R-CONN-2 has no scenario' }]);
});

test('by default the registry required IDs are checked', () => {
  const problems = lint(CLEAN, {});
  // CLEAN covers V01, V02 and R-GEN-1; every other required ID of the registry is reported.
  assert.equal(problems.length, requiredIds().length - 3);
  assert.ok(problems.every((p) => p.uri === 'requirements' && p.line === 0));
  assert.ok(!problems.some((p) => /\b(V01|V02|R-GEN-1)\b/.test(p.message)));
});

test('parse error is reported with its line, not thrown', () => {
  const problems = lint(`Feature: f
  @V01
  Scenario: s
    Given x
  this line is not gherkin
`);
  assert.ok(problems.length >= 1);
  assert.equal(problems[0].uri, 'features/t.feature');
  assert.equal(problems[0].line, 5);
  assert.match(problems[0].message, /^parse error: .*this line is not gherkin/);
});

test('coverage counts each Examples row as a scenario', () => {
  const counts = coverage([{ uri: 'a', text: OUTLINE('@V01 @R-CH-1') }, { uri: 'b', text: CLEAN }]);
  assert.equal(counts.get('R-CH-1'), 2); // one row per table, outline-and-table duplicate counted once
  assert.equal(counts.get('V01'), 2); // one row in a, one scenario in b
  assert.equal(counts.get('V16'), 0);
  assert.equal(counts.size, 52);
});
