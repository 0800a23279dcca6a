// The feature linter's own tests: one small inline feature per rule, checked for exactly the
// problems it should raise. Most pass requiredIds: [] so missing coverage does not add noise.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverage, headingSlug, lintFeatures, parseAssumptions, type Problem } from '../src/lint/lint.ts';
import { requiredIds } from '../src/requirements/registry.ts';
import { needsOfTags } from '../src/requirements/levels.ts';
import { ROOT } from './helpers.ts';

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

// ---- @assumption:<slug> -------------------------------------------------------------------------

const ASSUMED = (tags: string) => `Feature: f
  @V01 ${tags}
  Scenario: s
    Given x
`;

const DOC = `# Assumptions
## What the kit asks that the chapter leaves open
### Select-one tries the heaviest server first
The chapter says which servers are candidates,
not which one is tried first.

Scenarios: \`t.feature:3\`.

### Shutdown
The kit's \`shutdown(rid)\` is an orderly exit.
`;

test('an @assumption tag naming a ### heading of docs/assumptions.md passes', () => {
  const assumptions = parseAssumptions(DOC).map(({ slug, heading }) => ({ slug, heading }));
  assert.deepEqual(lintFeatures([{ uri: 'features/t.feature', text: ASSUMED('@assumption:shutdown @assumption:select-one-tries-the-heaviest-server-first') }], { ...NONE, assumptions }), []);
});

test('an @assumption tag naming no heading is a problem that names the tag', () => {
  const assumptions = parseAssumptions(DOC).map(({ slug, heading }) => ({ slug, heading }));
  assertOne(lintFeatures([{ uri: 'features/t.feature', text: ASSUMED('@assumption:heaviest-first') }], { ...NONE, assumptions }), 2, /@assumption:heaviest-first names no ### heading of docs\/assumptions\.md/);
  // With no headings given, no slug is known.
  assertOne(lint(ASSUMED('@assumption:shutdown')), 2, /@assumption:shutdown names no ### heading/);
});

test('an @assumption tag on a Feature is flagged: scenarios rest on assumptions, files do not', () => {
  const problems = lintFeatures([{ uri: 'features/t.feature', text: `@assumption:shutdown\n${ASSUMED('')}` }], { ...NONE, assumptions: [{ slug: 'shutdown', heading: 'Shutdown' }] });
  assertOne(problems, 1, /@assumption:shutdown is on a Feature/);
});

test("a heading's scenario list and the tags must agree", () => {
  const assumptions = parseAssumptions(DOC);
  const uri = 'features/channel-and-connection/t.feature';
  // Listed (as t.feature:3, the Scenario's line) and tagged there: agreed.
  assert.deepEqual(lintFeatures([{ uri, text: ASSUMED('@assumption:select-one-tries-the-heaviest-server-first') }], { ...NONE, assumptions }), []);
  // Listed, not tagged: the list is wrong.
  assert.deepEqual(lintFeatures([{ uri, text: ASSUMED('') }], { ...NONE, assumptions }), [
    { uri: 'docs/assumptions.md', line: 7, message: '"Select-one tries the heaviest server first" lists t.feature:3, but no scenario or Examples table there carries @assumption:select-one-tries-the-heaviest-server-first' },
  ]);
  // Tagged somewhere the list does not name: the tag is reported where it is.
  const moved = `Feature: f\n\n${ASSUMED('@assumption:select-one-tries-the-heaviest-server-first').split('\n').slice(1).join('\n')}`;
  const problems = lintFeatures([{ uri, text: moved }], { ...NONE, assumptions });
  assert.equal(problems.length, 2, JSON.stringify(problems));
  assert.deepEqual([problems[0].uri, problems[0].line], [uri, 4]);
  assert.match(problems[0].message, /does not list this place under "Select-one tries the heaviest server first"/);
  // A heading with no list (Shutdown) is not checked against one.
  assert.deepEqual(lintFeatures([{ uri, text: ASSUMED('@assumption:select-one-tries-the-heaviest-server-first @assumption:shutdown') }], { ...NONE, assumptions }), []);
});

test('an outline rests on an assumption through its Examples tables', () => {
  const assumptions = [{ slug: 'shutdown', heading: 'Shutdown', scenarios: { line: 1, places: ['t.feature:12'] } }];
  assert.deepEqual(lintFeatures([{ uri: 'features/t.feature', text: OUTLINE('@V01 @assumption:shutdown') }], { ...NONE, assumptions }), []);
  assert.equal(lintFeatures([{ uri: 'features/t.feature', text: OUTLINE('@V01 @assumption:shutdown') }], { ...NONE, assumptions: [{ ...assumptions[0], scenarios: { line: 1, places: ['t.feature:7'] } }] }).length, 2);
});

test('docs/assumptions.md: slugs are GitHub anchors, text and scenario list apart', () => {
  const [first, second] = parseAssumptions(DOC);
  assert.equal(first.slug, 'select-one-tries-the-heaviest-server-first');
  assert.deepEqual(first.paragraphs, ['The chapter says which servers are candidates, not which one is tried first.']);
  assert.deepEqual(first.scenarios, { line: 7, places: ['t.feature:3'] });
  assert.deepEqual([second.slug, second.scenarios], ['shutdown', undefined]);
  assert.equal(headingSlug('ErrorKinds the chapter does not name'), 'errorkinds-the-chapter-does-not-name');
  assert.equal(headingSlug('Does `restart` reset the peers? (No.)'), 'does-restart-reset-the-peers-no');
  // The kit's own file has the heading the brief's example names.
  const kit = parseAssumptions(readFileSync(join(ROOT, 'docs/assumptions.md'), 'utf8')).map((a) => a.slug);
  assert.ok(kit.includes('select-one-tries-the-heaviest-server-first'), kit.join(', '));
});

test('an @assumption tag is no need: it makes nothing not-applicable and counts for no level', () => {
  assert.deepEqual(needsOfTags(['@V01', '@channels', '@assumption:select-one-tries-the-heaviest-server-first', '@failpoint:transport.ack-lost-after-write']), ['channels', 'failpoint:transport.ack-lost-after-write']);
});
