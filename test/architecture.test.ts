// The map in docs/architecture.md is the code's (generated from the imports), and the floors hold:
// no import goes up a floor unless it is a known debt, and a debt that is gone is taken off the
// list (src/lint/rooms.ts), so the list only shrinks.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { MAP_FILE, mapFileNow } from '../src/lint/architecture.ts';
import { arrows, DEBT, goesUp, roomOf, ROOMS } from '../src/lint/rooms.ts';
import { isRuntimeFile, OVERSIZE, RUNTIME_LINE_LIMIT, SWITCHES_LEFT, switchCalls } from '../src/lint/file-size.ts';
import { ROOT } from './helpers.ts';

/** Every .ts file under dir, relative to the project root. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [relative(ROOT, p)] : [];
  });
}

test('docs/architecture.md shows the rooms and arrows the code has (npm run architecture)', () => {
  const text = readFileSync(MAP_FILE, 'utf8');
  assert.equal(text, mapFileNow(ROOT, text), 'docs/architecture.md is stale: run npm run architecture');
});

test('no import goes up a floor but the known debts, and every debt listed is still there', () => {
  const all = arrows(ROOT);
  const up = [...all].filter(([k]) => goesUp(k));
  const fresh = up.filter(([k]) => DEBT[k] === undefined).map(([k, files]) => `${k} (${files.join(', ')})`);
  assert.deepEqual(fresh, [], 'imports that go up a floor: turn them around, or (if they must stay for now) list them in DEBT with why');
  const gone = Object.keys(DEBT).filter((k) => !all.has(k) || !goesUp(k));
  assert.deepEqual(gone, [], 'debts paid: take them off DEBT in src/lint/rooms.ts');
});

test('nothing in src/ below the CLI imports an adapter or the reference: the kit knows runtimes only through the Driver seam', () => {
  const below = [...arrows(ROOT)].filter(([k]) => {
    const [from, to] = k.split(' -> ');
    const kitRoom = ROOMS.find((r) => r.name === from)!.paths.every((p) => p.startsWith('src/')) && from !== 'cli';
    return kitRoom && ['adapters', 'runtime', 'mutants', 'reference harness'].includes(to!);
  });
  assert.deepEqual(below.map(([k, files]) => `${k} (${files.join(', ')})`), []);
});

test('every source file is in a room', () => {
  const homeless = ['src', 'impl-reference', 'adapters', 'step-definitions', 'bench', 'features'].flatMap((f) => tsFiles(join(ROOT, f))).filter((f) => !roomOf(f));
  assert.deepEqual(homeless, []);
});

test(`no runtime file over ${RUNTIME_LINE_LIMIT} lines but the listed debts, and every debt listed is still over`, () => {
  const lines = new Map(tsFiles(join(ROOT, 'impl-reference')).filter(isRuntimeFile).map((f) => [f, readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1]));
  const over = [...lines].filter(([f, n]) => n > RUNTIME_LINE_LIMIT && OVERSIZE[f] === undefined).map(([f, n]) => `${f} (${n})`);
  assert.deepEqual(over, [], `split these by role (or, for now, list them in OVERSIZE in src/lint/file-size.ts with the split they wait for)`);
  const paid = Object.keys(OVERSIZE).filter((f) => !((lines.get(f) ?? 0) > RUNTIME_LINE_LIMIT));
  assert.deepEqual(paid, [], 'these are no longer over the limit (or are gone): take them off OVERSIZE');
});

test("the runtime asks broken('<mutant>') only where it still did, never more often: areas turn into seams, and the list only shrinks", () => {
  const calls = new Map(tsFiles(join(ROOT, 'impl-reference')).filter(isRuntimeFile).map((f) => [f, switchCalls(readFileSync(join(ROOT, f), 'utf8'))]));
  const more = [...calls].filter(([f, n]) => n > (SWITCHES_LEFT[f] ?? 0)).map(([f, n]) => `${f} (${n}, listed ${SWITCHES_LEFT[f] ?? 0})`);
  assert.deepEqual(more, [], 'a kit mutant is another implementation of a rule (impl-reference/mutants/seams.ts), not a new switch');
  const fewer = Object.entries(SWITCHES_LEFT).filter(([f, n]) => (calls.get(f) ?? 0) < n).map(([f, n]) => `${f} (${calls.get(f) ?? 0}, listed ${n})`);
  assert.deepEqual(fewer, [], 'switches turned into seams: lower their count in SWITCHES_LEFT (src/lint/file-size.ts), or take the file off');
});
