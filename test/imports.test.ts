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

// Every Cucumber worker loads the support code before its first scenario, through the TypeScript
// loader, one module at a time: TypeBox alone is a few hundred files, and the Driver schema built
// from it was over a third of a worker's start. The closed lists the step support needs are plain
// values (src/driver/schema/lists.ts); only type imports reach the schema, and an adapter that
// needs it (the wire adapters validate messages with it) loads it when it opens. esbuild drops
// type imports, so the static imports in its bundle of the worker's entry points are what a
// worker loads at start.
test("a Cucumber worker's support code does not load TypeBox or the schema built from it at start", async () => {
  const { build } = await import('esbuild');
  const steps = ['step-definitions', 'step-definitions/support'].flatMap((d) => tsFiles(join(ROOT, d)).filter((f) => dirname(f) === join(ROOT, d)));
  const entryPoints = ['src/cli/adapters.ts', 'src/run/wire-hooks.ts', 'src/run/start-barrier.ts', ...steps.map((f) => relative(ROOT, f))];
  const r = await build({ entryPoints, absWorkingDir: ROOT, bundle: true, platform: 'node', format: 'esm', outdir: join(ROOT, '.no-output'), write: false, metafile: true, packages: 'external', logLevel: 'silent' });
  const inputs = r.metafile.inputs;
  const loaded = new Map<string, string>(entryPoints.map((e) => [e, e]));
  const queue = [...entryPoints];
  const wrong: string[] = [];
  for (let m = queue.shift(); m !== undefined; m = queue.shift()) {
    for (const i of inputs[m]?.imports ?? []) {
      if (i.kind !== 'import-statement') continue;
      if (i.path === 'typebox' || i.path.startsWith('typebox/')) wrong.push(`${loaded.get(m)} -> typebox`);
      else if (inputs[i.path] && !loaded.has(i.path)) {
        loaded.set(i.path, `${loaded.get(m)} -> ${i.path}`);
        queue.push(i.path);
      }
    }
  }
  assert.deepEqual(wrong, []);
});
