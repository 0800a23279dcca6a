// A runtime that speaks the wire protocol (docs/wire-protocol.md) until one method, then misbehaves,
// for test/wire-hardening.test.ts. Plain JavaScript, so that it starts fast.
//   node test/support/wire-misbehave.mjs <mode> <method> [<token>]
// mode: hang (never answers <method>), garble (writes a line that is not JSON instead of the
// answer), wrong-id (answers an id the kit never sent), protocol=<v> (open states version <v>).
// With <token>, it first starts a long-lived child process whose command line carries the token, so
// a test can see that the whole process group was killed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [mode, method, token] = process.argv.slice(2);
if (token) spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)', `${token}-child`], { stdio: 'ignore' });

const description = {
  name: 'wire-misbehave',
  version: '0.0.1',
  backend: 'embedded',
  capabilities: ['channels', 'node-direct', 'liveness', 'reconnect', 'objects', 'instance-spots', 'store-faults', 'relocation', 'sessions'],
  timings: { heartbeatIntervalMs: 50, livenessDeadlineMs: 300, reconnectBackoffMs: 10, defaultDeadlineMs: 1000, ownerLeaseMs: 600, ownerCacheMs: 400, descriptorRefreshMs: 50, storeFailureGraceMs: 1000, cutoverFallbackMs: 1000, messageFollowMs: 30000 },
  failpoints: [],
};
let next = 0;
const write = (obj) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...obj })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method: m } = JSON.parse(line);
  process.stderr.write(`wire-misbehave: got ${m}\n`);
  if (m === method) {
    if (mode === 'hang') return;
    if (mode === 'garble') return process.stdout.write(`this is not json {${m}\n`);
    if (mode === 'wrong-id') return write({ id: id + 1000, result: null });
  }
  if (m === 'open') return write({ id, result: { driver: `d${++next}`, protocol: mode.startsWith('protocol=') ? mode.slice('protocol='.length) : '1' } });
  if (m === 'describe') return write({ id, result: description });
  write({ id, result: null });
});
process.stdin.on('end', () => process.exit(0));
