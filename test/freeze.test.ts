// freeze() is how every hang and Store outage from outside is carried out: it must not resolve while
// any thread of the process can still run (SIGSTOP alone returns before the threads stop).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { it } from 'node:test';
import { freeze, thaw } from '../src/harness/freeze.ts';

const states = (pid: number) => readdirSync(`/proc/${pid}/task`).map((tid) => {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  return stat[stat.lastIndexOf(')') + 2];
});

it('freeze(): resolved, every thread of a busy process is stopped; thaw() lets it run again; a gone process is no error', { skip: process.platform !== 'linux' && 'needs /proc' }, async () => {
  // Busy on the CPU (the case where SIGSTOP lands late), with node's worker threads beside it.
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await new Promise((r) => child.once('spawn', r));
    for (let i = 0; i < 20; i++) {
      await freeze(child.pid!);
      const s = states(child.pid!);
      assert.ok(s.every((x) => x === 'T' || x === 't'), `after freeze: ${s.join('')}`);
      thaw(child.pid!);
    }
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
  await freeze(child.pid!);
  thaw(child.pid!);
});
