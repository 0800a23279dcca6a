// The campaign's recorder writes a Session read only when it shows something new since the last
// fault: a repeat of the same state and bindings adds nothing session-not-restored can use, but a
// read after any fault or host line is written even when it shows the same, since that is the read
// that tells a restored Session from a lost one.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Driver } from '../src/driver/types.ts';
import type { Clock } from '../src/driver/clock.ts';
import { Recorder } from '../src/nemesis/recorder.ts';
import { parseHistory, type SessionEvent } from '../src/checker/history.ts';
import { checkText } from '../src/checker/check.ts';
import { tempDir } from './helpers.ts';

/** A Driver with only a Session view, in a world whose clock stands still between the kit's steps. */
function fakeDriver(view: { bindings: string[] }, now: { t: number }): Driver {
  const clock = { now: () => now.t } as unknown as Clock;
  return {
    simulated: { clock },
    session: async () => ({
      connections: [{ open: true, sessionId: 's1', heldBy: ['A'], atOwner: { sessionId: 's1', node: 'A', state: 'open', bindings: view.bindings.map((token) => ({ token, state: 'bound' })) } }],
    }),
  } as unknown as Driver;
}

test('a Session read that repeats the last one since a fault is not written; one after a fault is', async () => {
  const path = join(tempDir('recorder'), 'history.jsonl');
  const view = { bindings: ['t1'] };
  const now = { t: 1000 };
  const r = new Recorder(path, fakeDriver(view, now));
  await r.session('c1'); // written: the first
  now.t++;
  await r.session('c1'); // the same: not written
  view.bindings = ['t1', 't2'];
  now.t++;
  await r.session('c1'); // changed: written
  now.t++;
  r.op({ type: 'invoke', process: 'nemesis', op: 'f1', f: 'crash', node: 'A' });
  now.t++;
  await r.session('c1'); // the same as before the fault, but after it: written
  now.t++;
  await r.session('c1'); // a repeat since the fault: not written
  r.close();

  const sessions = parseHistory(readFileSync(path, 'utf8')).events.filter((e): e is SessionEvent => e.type === 'session');
  assert.deepEqual(sessions.map((s) => [s.time, s.bindings]), [[1000, ['t1']], [1002, ['t1', 't2']], [1004, ['t1', 't2']]]);
});

test('session-not-restored still sees a Session read open before a crash and again after it', async () => {
  const path = join(tempDir('recorder'), 'history.jsonl');
  const view = { bindings: ['t1'] };
  const now = { t: 1000 };
  const r = new Recorder(path, fakeDriver(view, now));
  for (let k = 0; k < 3; k++) {
    await r.session('c1');
    now.t++;
  }
  r.op({ type: 'invoke', process: 'nemesis', op: 'f1', f: 'crash', node: 'A' });
  now.t++;
  r.op({ type: 'ok', process: 'nemesis', op: 'f1', f: 'crash', node: 'A' });
  now.t++;
  r.op({ type: 'invoke', process: 'nemesis', op: 'f2', f: 'restart', node: 'A' });
  now.t++;
  r.op({ type: 'ok', process: 'nemesis', op: 'f2', f: 'restart', node: 'A' });
  now.t++;
  await r.session('c1'); // the broken runtime restored it: the same Session, open, on A
  r.close();

  const report = checkText(readFileSync(path, 'utf8'));
  assert.equal(report.verdict, 'invalid', JSON.stringify(report));
  assert.ok(report.violations.some((v) => v.invariant === 'session-not-restored' && /open again/.test(v.message)), JSON.stringify(report.violations));
});
