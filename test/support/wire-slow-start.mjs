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
const description = {
  name: 'wire-slow-start',
  version: '0.0.1',
  backend: 'embedded',
  capabilities: ['channels', 'node-direct', 'liveness', 'reconnect', 'objects', 'instance-spots', 'store-faults', 'relocation', 'sessions'],
  timings: { heartbeatIntervalMs: 50, livenessDeadlineMs: 300, reconnectBackoffMs: 10, defaultDeadlineMs: 1000, ownerLeaseMs: 600, ownerCacheMs: 400, descriptorRefreshMs: 50, storeFailureGraceMs: 1000, cutoverFallbackMs: 1000, messageFollowMs: 30000 },
  failpoints: [],
};
let next = 0;
const write = (obj) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...obj })}\n`);

setTimeout(() => {
  log('ready');
  createInterface({ input: process.stdin }).on('line', (line) => {
    const { id, method } = JSON.parse(line);
    if (method === 'open') return write({ id, result: { driver: `d${++next}`, protocol: '1' } });
    if (method === 'describe') return write({ id, result: description });
    if (method === 'start') log('start');
    write({ id, result: null });
  });
}, index === Number(slow) ? Number(delay) : 0);
process.stdin.on('end', () => process.exit(0));
