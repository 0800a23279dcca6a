// npm test: every test file, in two groups (issue 24, a fast loop).
//  - Most files spend their time waiting: a suite run on the embedded reference waits out the
//    spec's deadlines, leases and "never" windows, using a quarter to a half of one core (measured
//    per file with /usr/bin/time, 2026-12-07). They run two at a time.
//  - The files below start a process per node, a browser or a whole campaign, and keep a core
//    busy or nearly: they run one at a time, after the others, so that no scenario of theirs waits
//    for a CPU behind another file's (a real-time verdict under a loaded machine may be the
//    machine's, not the runtime's).
//  - The files in VIRTUAL give the same verdicts however busy the machine is: the simulated world
//    (virtual time), the spin models, the checker. They run beside both groups above, two at a time
//    under Linux's SCHED_IDLE policy (chrt --idle 0), taking only the CPU the others leave: a task
//    of the normal policy that wakes preempts them at once. (At nice 19 instead, a CI run's mutation
//    slice beside the real-time runs made two of them miss a 50 ms tolerance.) Where chrt is missing
//    (not Linux) they run at nice 19, a weaker shield. Their output is printed whole when they end, so that no line of theirs
//    cuts into another file's.
// A file not named below is in the first group. Every group always runs; the exit status is
// non-zero if any failed, and the last lines say how each went.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const ALONE = new Set([
  'test/conformance.test.ts', // the whole suite on embedded (CI gives it its own run)
  'test/objects-level.test.ts', // a node program per node, the whole objects level
  'test/python-node-program.test.ts',
  'test/reference-node-program.test.ts',
  'test/node-program.test.ts',
  'test/node-program-fixtures.test.ts',
  'test/node-main.test.ts',
  'test/process.test.ts',
  'test/shard.test.ts', // 85% of a core
  'test/site.test.ts', // Chromium
]);

const VIRTUAL = new Set([
  'test/mutants.test.ts', // every mutant on the simulated world
  'test/models.test.ts', // spin
  'test/nemesis-sim.test.ts',
  'test/sim.test.ts',
  'test/sim-replay.test.ts',
  'test/checker.test.ts',
  'test/checker-campaign.test.ts',
  'test/checker-links.test.ts',
]);

const files = ['test', 'test/runtime', 'test/store', 'test/transport']
  .flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.test.ts')).map((f) => `${d}/${f}`))
  .sort();
const unknown = [...ALONE, ...VIRTUAL].filter((f) => !files.includes(f));
if (unknown.length > 0) {
  console.error(`test/all.mjs: no such test file: ${unknown.join(', ')}`);
  process.exit(2);
}
const groups = [
  { name: 'waiting files, two at a time', files: files.filter((f) => !ALONE.has(f) && !VIRTUAL.has(f)), concurrency: 2 },
  { name: 'busy files, one at a time', files: files.filter((f) => ALONE.has(f)), concurrency: 1 },
];
const virtual = { name: 'load-proof files, two at a time, idle priority', files: files.filter((f) => VIRTUAL.has(f)), concurrency: 2 };

function hasChrt() {
  return spawnSync('chrt', ['--idle', '0', 'true']).status === 0;
}

/** Runs a group's files in one `node --test`; resolves to the line saying how it went. */
function run(g, { idle = false, output = 'inherit' } = {}) {
  const started = Date.now();
  const argv = [process.execPath, '--import', 'tsx', '--test', `--test-concurrency=${g.concurrency}`, ...g.files];
  // Through chrt(1) or nice(1), so that the file processes node --test starts inherit the policy from their first instruction.
  if (idle) argv.unshift(...(hasChrt() ? ['chrt', '--idle', '0'] : ['nice', '-n', '19']));
  const child = spawn(argv[0], argv.slice(1), { cwd: ROOT, stdio: ['ignore', output, output] });
  return new Promise((resolve) => {
    child.once('error', (e) => resolve({ ok: false, line: `npm test: ${g.files.length} ${g.name}: could not start (${e.message})` }));
    child.once('close', (code, signal) => {
      const ok = code === 0;
      resolve({ ok, line: `npm test: ${g.files.length} ${g.name}: ${ok ? 'passed' : `failed (exit ${code ?? signal})`} in ${Math.round((Date.now() - started) / 1000)} s` });
    });
  });
}

// A file, not a pipe: a pipe nobody reads while the other groups print would stall its writer.
const tmp = mkdtempSync(join(tmpdir(), 'spotcheck-npm-test-'));
const virtualOut = join(tmp, 'virtual.tap');
const virtualDone = run(virtual, { idle: true, output: openSync(virtualOut, 'w') });
const said = [];
for (const g of groups) said.push(await run(g));
const v = await virtualDone;
process.stdout.write(readFileSync(virtualOut, 'utf8'));
rmSync(tmp, { recursive: true, force: true });
said.push(v);
for (const { line } of said) console.log(line);
process.exit(said.every((r) => r.ok) ? 0 : 1);
