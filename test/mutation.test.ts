// Mutation testing's own checks (src/mutation/): every file of the runtime is in exactly one area or
// left out with a reason; every "equivalent" note still matches the code it was written about; the
// summary counts a hand-made Stryker report as the issue defines the score; the ignorer keeps
// Stryker out of the kit's mutant switches and nowhere else.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { AREAS, AREA_NAMES, LEFT_OUT, RUNTIME_ROOT } from '../src/mutation/areas.ts';
import { EQUIVALENTS } from '../src/mutation/equivalents.ts';
import { summarize, type StrykerReport } from '../src/mutation/summary.ts';
import { ROOT } from './helpers.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : n.endsWith('.ts') ? [relative(join(ROOT, RUNTIME_ROOT), p).split('\\').join('/')] : [];
  });
}

test('every runtime file is in exactly one area, or left out with a reason', () => {
  const inAreas = AREA_NAMES.flatMap((a) => AREAS[a] as readonly string[]);
  assert.equal(new Set(inAreas).size, inAreas.length, 'a file in two areas');
  const leftOut = (f: string) => Object.keys(LEFT_OUT).some((k) => (k.endsWith('/') ? f.startsWith(k) : f === k));
  const all = files(join(ROOT, RUNTIME_ROOT));
  const nowhere = all.filter((f) => !inAreas.includes(f) && !leftOut(f));
  assert.deepEqual(nowhere, [], 'files of impl-reference/ in no area and not left out');
  const both = all.filter((f) => inAreas.includes(f) && leftOut(f));
  assert.deepEqual(both, [], 'files both in an area and left out');
  const gone = inAreas.filter((f) => !all.includes(f));
  assert.deepEqual(gone, [], 'area entries naming no file');
});

test('every equivalent note still matches its line: a note cannot outlive the code it was written about', () => {
  for (const e of EQUIVALENTS) {
    const lines = readFileSync(join(ROOT, e.file), 'utf8').split('\n');
    assert.ok(lines[e.line - 1]?.includes(e.original), `${e.file}:${e.line} no longer holds "${e.original}" (${e.mutator} -> ${e.replacement}): look again, and move or drop the note`);
    assert.ok(e.why.length > 20, `${e.file}:${e.line}: say why no run can tell the two apart`);
  }
});

test('the summary: score = killed / (killed + survived), timeouts are kills, no coverage and ignored apart, per area and per ID', () => {
  const mutant = (id: string, status: string, line: number, coveredBy: string[] = []) => ({ id, mutatorName: 'ConditionalExpression', replacement: 'true', status, coveredBy, location: { start: { line, column: 1 } } });
  const report: StrykerReport = {
    files: {
      'impl-reference/channel/select-one.ts': {
        source: 'a\nb\nc\n',
        mutants: [mutant('1', 'Killed', 1, ['t1']), mutant('2', 'Timeout', 1, ['t2']), mutant('3', 'Survived', 2, ['t1', 't2']), mutant('4', 'NoCoverage', 3), mutant('5', 'Ignored', 3)],
      },
      'impl-reference/store/memory.ts': { source: 'x\n', mutants: [mutant('6', 'Survived', 1, ['t2']), mutant('7', 'RuntimeError', 1, ['t2'])] },
    },
    testFiles: {
      'features/f.feature': { tests: [{ id: 't1', name: 'one', location: { start: { line: 10 } } }, { id: 't2', name: 'two', location: { start: { line: 20 } } }] },
    },
  };
  const scenarios = [
    { uri: 'features/f.feature', line: 10, tags: ['@V01', '@channels'] },
    { uri: 'features/f.feature', line: 20, tags: ['@R-STO-1', '@store-faults'] },
  ];
  const s = summarize(report, scenarios);
  assert.deepEqual(s.total, { killed: 2, survived: 2, equivalent: 0, conforming: 0, noCoverage: 1, ignored: 1, errors: 1, score: 0.5 });
  assert.equal(s.areas.channel!.score, 2 / 3);
  assert.equal(s.areas.store!.score, 0);
  assert.deepEqual(s.ids.V01, { killed: 1, survived: 1, equivalent: 0, conforming: 0, noCoverage: 0, ignored: 0, errors: 0, score: 0.5 });
  assert.deepEqual(s.survivors.map((x) => `${x.file}:${x.line} ${x.ids.join(',')}`), ['impl-reference/channel/select-one.ts:2 V01,R-STO-1', 'impl-reference/store/memory.ts:1 R-STO-1']);
});

test('the ignorer skips the kit mutant switches and only them', async () => {
  const { strykerPlugins } = (await import('../src/mutation/ignore-switches.mjs')) as { strykerPlugins: Array<{ value: { shouldIgnore(p: unknown): string | undefined } }> };
  const ignore = strykerPlugins[0].value.shouldIgnore;
  const call = (callee: object) => ({ type: 'CallExpression', callee, arguments: [{ type: 'StringLiteral', value: 'x' }] });
  const sw = call({ type: 'MemberExpression', computed: false, object: { type: 'ThisExpression' }, property: { type: 'Identifier', name: 'broken' } });
  const other = call({ type: 'Identifier', name: 'reachable' });
  const path = (node: object, parent?: object, key?: string) => ({ node, key, parentPath: parent ? { node: parent } : undefined });
  assert.ok(ignore(path(sw)));
  assert.ok(ignore(path({ type: 'UnaryExpression', operator: '!', argument: sw })));
  assert.equal(ignore(path(other)), undefined);
  const cond = { type: 'LogicalExpression', operator: '&&', left: { type: 'Identifier', name: 'wasDown' }, right: sw };
  const ifs = { type: 'IfStatement', test: cond, consequent: { type: 'BlockStatement', body: [] }, alternate: { type: 'BlockStatement', body: [] } };
  assert.ok(ignore(path(ifs.consequent, ifs, 'consequent')), "the kit mutant's body");
  assert.equal(ignore(path(ifs.alternate, ifs, 'alternate')), undefined, "the reference's branch is mutated");
  const either = { type: 'IfStatement', test: { type: 'LogicalExpression', operator: '||', left: { type: 'Identifier', name: 'valid' }, right: sw }, consequent: { type: 'BlockStatement', body: [] } };
  assert.equal(ignore(path(either.consequent, either, 'consequent')), undefined, 'a body that runs without the switch is the reference');
  // `s.node === rid && broken(x)` inside a filter: its operands are the switch's, the `&&` is not.
  const own = { type: 'BinaryExpression', operator: '===', left: { type: 'Identifier', name: 'node' }, right: { type: 'Identifier', name: 'rid' } };
  const conj = { type: 'LogicalExpression', operator: '&&', left: own, right: sw };
  assert.ok(ignore(path(own, conj, 'left')), 'the operand beside a switch');
  assert.equal(ignore(path(conj, { type: 'UnaryExpression', operator: '!', argument: conj }, 'argument')), undefined, 'the conjunction itself (its && to ||) is mutated');
  const plain = { type: 'LogicalExpression', operator: '&&', left: own, right: other };
  assert.equal(ignore(path(own, plain, 'left')), undefined, 'an operand beside an ordinary call is mutated');
});

test('npm run mutation: bad usage is one line naming what is wrong, exit 2, before Stryker starts', async () => {
  const { spawnSync } = await import('node:child_process');
  for (const [args, said] of [
    [['--area', 'nowhere'], /unknown area "nowhere"/],
    [['--break', '120'], /must be a percentage from 0 to 100/],
    [['--concurrency', '0'], /must be a whole number of at least 1/],
  ] as const) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/mutation/cli.ts'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, said);
  }
});
