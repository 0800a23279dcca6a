// The layout's promises, kept: no import cycles between modules (type imports included), and no
// runtime folder of impl-reference/ imports the harness that drives it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { SOURCE_FOLDERS, tsFiles } from '../src/lint/rooms.ts';
import { isRuntimeFile } from '../src/lint/file-size.ts';

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

/** The runtime's own modules (not the harness that drives it, not the kit's mutants) and their imports. */
function runtimeGraph(): Array<[string, string[]]> {
  const own = (m: string) => isRuntimeFile(m);
  return [...graph()].filter(([m]) => own(m)).map(([m, deps]) => [m, deps.filter(own)]);
}

// Issue 24, runtime by role: a folder of the runtime is an area, and areas are layered; two areas
// that import each other are one area cut in two, and a change to either is a change to both.
test('no two folders of the runtime import each other (type imports included)', () => {
  const arrows = new Map<string, string>();
  for (const [m, deps] of runtimeGraph()) for (const d of deps) if (dirname(m) !== dirname(d)) arrows.set(`${dirname(m)} -> ${dirname(d)}`, `${m} imports ${d}`);
  const pairs = [...arrows.keys()].filter((k) => {
    const [a, b] = k.split(' -> ');
    return a! < b! && arrows.has(`${b} -> ${a}`);
  });
  assert.deepEqual(pairs.map((k) => { const [a, b] = k.split(' -> '); return `${arrows.get(k)}; ${arrows.get(`${b} -> ${a}`)}`; }), []);
});

// The shared kernel (work, operation, the Relocation record, the Application interface) is what
// every area speaks; it speaks of none of them.
test('the runtime kernel imports no other folder of the runtime', () => {
  const wrong = runtimeGraph().filter(([m]) => m.startsWith('impl-reference/kernel/')).flatMap(([m, deps]) => deps.filter((d) => !d.startsWith('impl-reference/kernel/')).map((d) => `${m} imports ${d}`));
  assert.deepEqual(wrong, []);
});
