// The registry must be the shared requirement list, in the kit's own words: same IDs, same
// order. Features, mutants and reports all key on these IDs, so drift here breaks all of them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KNOWN_CAPABILITY_TAGS, REQUIREMENTS, requirementById } from '../src/requirements/registry.ts';

const LIST_URL = new URL('../../shared/requirements.md', import.meta.url);

// Every ID is required now: each has a scenario and a mutant the suite kills.
const PLANNED: string[] = [];

/** IDs from the first cell of the list's table rows (prose mentions like `V01`..`V16` are skipped). */
function sharedIds(): string[] {
  const where = fileURLToPath(LIST_URL);
  if (!fs.existsSync(where)) {
    assert.fail(`shared requirement list not found: looked for ${where} (the project root's ../shared/requirements.md)`);
  }
  const text = fs.readFileSync(where, 'utf8');
  return [...text.matchAll(/^\|\s*(V\d\d|R-[A-Z]+-\d+)\s*\|/gm)].map((m) => m[1]);
}

test('registry IDs equal the shared list, in order', () => {
  const ids = sharedIds();
  assert.equal(ids.length, 52, 'the shared list itself should hold 52 IDs');
  assert.deepEqual(REQUIREMENTS.map((r) => r.id), ids);
});

test('no duplicate IDs', () => {
  const seen = new Set<string>();
  for (const r of REQUIREMENTS) {
    assert.ok(!seen.has(r.id), `duplicate ID ${r.id}`);
    seen.add(r.id);
  }
});

test('every entry is complete', () => {
  const capabilities: readonly string[] = KNOWN_CAPABILITY_TAGS;
  for (const r of REQUIREMENTS) {
    assert.ok(r.statement.trim().length > 0, `${r.id}: empty statement`);
    assert.ok(!r.statement.includes('\n'), `${r.id}: statement must be one line`);
    assert.match(r.section, /^\d+(\.\d+)?(, \d+(\.\d+)?)*$/, `${r.id}: section "${r.section}"`);
    assert.ok(capabilities.includes(r.capability), `${r.id}: unknown capability "${r.capability}"`);
  }
});

test('every ID is required (none is still planned)', () => {
  assert.deepEqual(REQUIREMENTS.filter((r) => !r.required).map((r) => r.id).sort(), [...PLANNED].sort());
});

test('requirementById finds bare IDs only', () => {
  assert.equal(requirementById('R-CH-2')?.capability, 'node-direct');
  assert.equal(requirementById('@R-CH-2'), undefined);
  assert.equal(requirementById('V17'), undefined);
});
