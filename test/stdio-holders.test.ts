// The stray scan of a node's stdio (src/harness/stdio-holders.ts) looks only at processes started
// no earlier than the node's first: one started before cannot have inherited its fds. This shows the
// filter keeps the node's own holders and leaves older ones out, so a fault never misses a stray.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { holdersOf, startTimeOf, stdioOf } from '../src/harness/stdio-holders.ts';

test('holders of a process stdio: found with no start bound and with its own start time, not with a later one', { skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  const child = spawn('sleep', ['30'], { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    const pid = child.pid!;
    const ends = stdioOf(pid);
    assert.equal(ends.length, 3, 'pipes as fds 0-2');
    const born = startTimeOf(pid);
    assert.ok(born !== undefined && born > 0, `a start time: ${born}`);
    assert.deepEqual(holdersOf(ends), [pid]);
    assert.deepEqual(holdersOf(ends, born), [pid], 'started at the bound: looked at');
    assert.deepEqual(holdersOf(ends, born! + 1), [], 'started before the bound: left out');
  } finally {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
});
