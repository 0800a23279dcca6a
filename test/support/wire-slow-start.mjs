// A runtime whose second process is slow to start, for the start barrier's test
// (test/wire-hardening.test.ts): it logs when it is ready and when each scenario starts a topology.
//   node test/support/wire-slow-start.mjs <log folder> <delay ms> <n>
// The n-th process started (from 0) waits <delay ms> before it answers anything (as a runtime that
// loads slowly on a busy machine); the others answer at once. Lines in <log folder>/log:
// "ready <ms>" and "start <ms>".
// It answers open and describe; every other call gets null (the scenarios themselves fail).
import { appendFileSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { description, openResult, write } from './wire-stub.mjs';

const [dir, delay, slow] = process.argv.slice(2);
let index = 0;
for (;;) {
  try {
    closeSync(openSync(join(dir, `process-${index}`), 'wx'));
    break;
  } catch {
    index++;
  }
}
const log = (what) => appendFileSync(join(dir, 'log'), `${what} ${Date.now()}\n`);
const self = description('wire-slow-start');

setTimeout(() => {
  log('ready');
  createInterface({ input: process.stdin }).on('line', (line) => {
    const { id, method } = JSON.parse(line);
    if (method === 'open') return write({ id, result: openResult() });
    if (method === 'describe') return write({ id, result: self });
    if (method === 'start') log('start');
    write({ id, result: null });
  });
}, index === Number(slow) ? Number(delay) : 0);
process.stdin.on('end', () => process.exit(0));
