// The layout's promises, kept: no import cycles between modules (type imports included), and no
// runtime folder of impl-reference/ imports the harness that drives it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { SOURCE_FOLDERS, tsFiles } from '../src/lint/rooms.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** Each module and the local modules it imports (static `import`/`export ... from`, types too). */
function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const file of SOURCE_FOLDERS.flatMap((f) => tsFiles(join(ROOT, f)))) {
    const text = readFileSync(file, 'utf8');
    const deps = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)].map((m) => resolve(dirname(file), m[1]));
    g.set(relative(ROOT, file), deps.map((d) => relative(ROOT, d)));
  }
  return g;
}

test('no module imports itself through others', () => {
  const g = graph();
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (m: string, path: string[]) => {
    if (state.get(m) === 'done') return;
    if (state.get(m) === 'open') {
      cycles.push([...path.slice(path.indexOf(m)), m].join(' -> '));
      return;
    }
    state.set(m, 'open');
    for (const d of g.get(m) ?? []) visit(d, [...path, m]);
    state.set(m, 'done');
  };
  for (const m of g.keys()) visit(m, []);
  assert.deepEqual(cycles, []);
});

test('the runtime does not import the harness that drives it', () => {
  const wrong = [...graph()].flatMap(([m, deps]) =>
    m.startsWith('impl-reference/') && !m.startsWith('impl-reference/harness/') && m !== 'impl-reference/harness/serve.ts'
      ? deps.filter((d) => d.startsWith('impl-reference/harness/') || d.startsWith('src/harness/')).map((d) => `${m} imports ${d}`)
      : [],
  );
  assert.deepEqual(wrong, []);
});
