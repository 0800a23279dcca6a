// npm test: every test file, in two groups (issue 24, a fast loop).
//  - Most files spend their time waiting: a suite run on the embedded reference waits out the
//    spec's deadlines, leases and "never" windows, using a quarter to a half of one core (measured
//    per file with /usr/bin/time, 2026-12-07). They run two at a time.
//  - The files below start a process per node, a browser or a whole campaign, and keep a core
//    busy or nearly: they run one at a time, after the others, so that no scenario of theirs waits
//    for a CPU behind another file's (a real-time verdict under a loaded machine may be the
//    machine's, not the runtime's).
// A file not named below is in the first group. Both groups always run; the exit status is
// non-zero if either failed, and the last lines say how each went.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

const files = ['test', 'test/runtime', 'test/store', 'test/transport']
  .flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.test.ts')).map((f) => `${d}/${f}`))
  .sort();
const unknown = [...ALONE].filter((f) => !files.includes(f));
if (unknown.length > 0) {
  console.error(`test/all.mjs: no such test file: ${unknown.join(', ')}`);
  process.exit(2);
}
const groups = [
  { name: 'waiting files, two at a time', files: files.filter((f) => !ALONE.has(f)), concurrency: 2 },
  { name: 'busy files, one at a time', files: files.filter((f) => ALONE.has(f)), concurrency: 1 },
];

const said = [];
let failed = false;
for (const g of groups) {
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${g.concurrency}`, ...g.files], { cwd: ROOT, stdio: 'inherit' });
  const ok = r.status === 0;
  failed ||= !ok;
  said.push(`npm test: ${g.files.length} ${g.name}: ${ok ? 'passed' : `failed (exit ${r.status ?? r.signal})`} in ${Math.round((Date.now() - started) / 1000)} s`);
}
for (const line of said) console.log(line);
process.exit(failed ? 1 : 0);
