// A runtime that speaks the wire protocol (docs/wire-protocol.md) until one method, then misbehaves,
// for test/wire-hardening.test.ts. Plain JavaScript, so that it starts fast.
//   node test/support/wire-misbehave.mjs <mode> <method> [<token>]
// mode: hang (never answers <method>), garble (writes a line that is not JSON instead of the
// answer), wrong-id (answers an id the kit never sent), protocol=<v> (open states version <v>).
// With <token>, it first starts a long-lived child process whose command line carries the token, so
// a test can see that the whole process group was killed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { description, openResult, write } from './wire-stub.mjs';

const [mode, method, token] = process.argv.slice(2);
if (token) spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)', `${token}-child`], { stdio: 'ignore' });

const self = description('wire-misbehave');

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method: m } = JSON.parse(line);
  process.stderr.write(`wire-misbehave: got ${m}\n`);
  if (m === method) {
    if (mode === 'hang') return;
    if (mode === 'garble') return process.stdout.write(`this is not json {${m}\n`);
    if (mode === 'wrong-id') return write({ id: id + 1000, result: null });
  }
  if (m === 'open') return write({ id, result: openResult(mode.startsWith('protocol=') ? mode.slice('protocol='.length) : undefined) });
  if (m === 'describe') return write({ id, result: self });
  write({ id, result: null });
});
process.stdin.on('end', () => process.exit(0));
