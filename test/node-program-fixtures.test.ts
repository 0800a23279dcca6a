// Adversarial node programs (test/support/cheating-node.py): a runtime that would have lied under
// exec: cannot under node:, one that keeps its memory across a restart fails the scenario that
// checks a restarted node forgets, on the rule's assertion (not an error), and one whose work
// escapes its process group is stopped and killed all the same.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openWire } from '../adapters/jsonrpc.ts';
import { openNodeProgram } from '../adapters/node-program.ts';
import type { Driver, Outcome } from '../src/driver/types.ts';
import type { Compliance } from '../src/report/compliance.ts';
import { stdioOf, strays } from '../src/harness/stdio-holders.ts';
import { spotcheck, tempDir } from './helpers.ts';

const CHEAT = 'python3 test/support/cheating-node.py';

// The memory the cheat keeps across restarts lives in the temp folder: gone with the test.
after(() => {
  for (const f of readdirSync(tmpdir())) if (f.startsWith('spotcheck-cheating-node-')) rmSync(join(tmpdir(), f), { force: true });
});

async function direct(d: Driver, from: string, to: string, mark: string): Promise<Outcome | null> {
  const { opId } = await d.submit({ kind: 'node-direct', from, mesh: 'm1', to, payload: { app: 'echo', value: mark, mark }, deadlineMs: 500 } as never);
  return d.outcome(opId, 2000);
}

function handlerRunsOn(journal: Awaited<ReturnType<Driver['journal']>>, node: string, mark: string): number {
  return journal.filter((e) => e.kind === 'handler' && e.node === node && (e.input as { mark?: string }).mark === mark).length;
}

test('(a) a runtime that ignores fault requests: under exec: its "crashed" and "hung" nodes answer on; under node: the kit kills and stops them', async () => {
  // exec: the kit asks, the runtime says "done", and the node it was to crash runs the next request.
  const lying = await openWire(`${CHEAT} --exec`);
  await lying.start({ meshes: [{ name: 'm1', nodes: ['A', 'B', 'C'] }] });
  try {
    await lying.fault({ kind: 'crash', node: 'B' });
    assert.equal((await lying.node('B')).alive, true, 'the cheat reports B alive after its "crash"');
    const o = await direct(lying, 'A', 'B', 'after-crash');
    assert.equal(o?.status, 'reply', 'under exec: the crashed node still answers');
    assert.equal(handlerRunsOn(await lying.journal(), 'B', 'after-crash'), 1);
    // (c) asked to hang, it answers on.
    await lying.fault({ kind: 'hang', node: 'C' });
    assert.equal((await direct(lying, 'A', 'C', 'while-hung'))?.status, 'reply', 'under exec: the hung node still answers');
  } finally {
    await lying.close();
  }

  // node: the same code, as one process per node; the kit never asks it to crash.
  const d = openNodeProgram(CHEAT);
  await d.start({ meshes: [{ name: 'm1', nodes: ['A', 'B', 'C'] }] });
  try {
    const pid = (d as unknown as { slots: Map<string, { child: { pid: number } }> }).slots.get('B')!.child.pid;
    await d.fault({ kind: 'crash', node: 'B' });
    const end = Date.now() + 3000;
    while (groupAlive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    assert.equal(groupAlive(pid), false, "B's process group is gone");
    assert.equal((await d.node('B')).alive, false);
    const o = await direct(d, 'A', 'B', 'after-crash');
    assert.notEqual(o?.status, 'reply', `under node: nothing answers for the crashed node (${JSON.stringify(o)})`);
    assert.equal(handlerRunsOn(await d.journal(), 'B', 'after-crash'), 0, 'no journal line from a killed process');

    await d.fault({ kind: 'hang', node: 'C' });
    const c = (d as unknown as { slots: Map<string, { child: { pid: number } }> }).slots.get('C')!.child.pid;
    const { readFileSync } = await import('node:fs');
    assert.equal(readFileSync(`/proc/${c}/stat`, 'utf8').split(') ')[1][0], 'T', 'C is stopped, whatever it would have answered');
    const o2 = await direct(d, 'A', 'C', 'while-hung');
    assert.notEqual(o2?.status, 'reply', `under node: the hung node answers nothing (${JSON.stringify(o2)})`);
    assert.equal(handlerRunsOn(await d.journal(), 'C', 'while-hung'), 0);
  } finally {
    await d.close();
  }
});

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const RESTART_SCENARIO = '@V05 and @assumption:restart and not @liveness'; // reconnect.feature:24

test('(b) a node program that reloads its memory after a restart fails "new connection IDs after a restart" on the assertion; the honest one passes', () => {
  const cheat = spotcheck(['run', '--impl', `node:${CHEAT}`, '--level', 'core', '--tags', RESTART_SCENARIO, '--parallel', '0', '--out', tempDir('cheat-restart')], 180_000);
  const said = `${cheat.stdout}\n${cheat.stderr}`;
  assert.equal(cheat.code, 1, said);
  assert.match(cheat.stdout, /^0 passed, 1 failed/m, said);
  // The rule's own assertion (violated), not an error of the kit or the runtime.
  assert.match(cheat.stdout, /is on connection ID .*, which was used before A restarted/, said);

  const out = tempDir('honest-restart');
  const honest = spotcheck(['run', '--impl', 'node:python3 examples/python-runtime/node.py', '--level', 'core', '--tags', RESTART_SCENARIO, '--parallel', '0', '--out', out], 180_000);
  assert.match(honest.stdout, /^1 passed, 0 failed/m, `${honest.stdout}\n${honest.stderr}`);
  // compliance.json says how the scenario's faults were done: both by the kit, from outside.
  const c = JSON.parse(readFileSync(join(out, 'compliance.json'), 'utf8')) as Compliance;
  const scenario = c.requirements.find((r) => r.id === 'V05')!.scenarios.find((s) => s.status === 'passed')!;
  assert.deepEqual(scenario.faults?.map((f) => [f.kind, f.node, f.how]), [['crash', 'A', 'outside'], ['restart', 'A', 'outside']]);
});

const ESCAPE = `${CHEAT} --escape`;
const LIVENESS_FAULTS = '@V04 and @liveness and not @objects'; // a hung peer, a crashed peer

function state(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2];
  } catch {
    return undefined; // gone
  }
}

test('(c, d) a node whose work runs in a process that left its group: the kit stops and kills that process too, and holds its links', async () => {
  const d = openNodeProgram(ESCAPE);
  await d.start({ meshes: [{ name: 'm1', nodes: ['A', 'B', 'C'] }] });
  const slots = (d as unknown as { slots: Map<string, { child: { pid: number } }> }).slots;
  const escaped = new Map<string, number>();
  try {
    for (const rid of ['A', 'B', 'C']) {
      const leader = slots.get(rid)!.child.pid;
      const away = strays(stdioOf(leader), leader);
      assert.equal(away.length, 1, `the cheat's node ${rid} runs in one process outside its group`);
      escaped.set(rid, away[0]);
    }
    // (c) hang: a SIGSTOP to the group alone would leave C's worker answering.
    await d.fault({ kind: 'hang', node: 'C' });
    assert.equal(state(escaped.get('C')!), 'T', "C's escaped worker is stopped");
    const o = await direct(d, 'A', 'C', 'while-hung');
    assert.notEqual(o?.status, 'reply', `nothing answers for the hung node (${JSON.stringify(o)})`);
    assert.equal(handlerRunsOn(await d.journal(), 'C', 'while-hung'), 0);
    // (d) crash: a SIGKILL to the group alone would leave B's worker and its timers going.
    await d.fault({ kind: 'crash', node: 'B' });
    const end = Date.now() + 3000;
    while (state(escaped.get('B')!) && state(escaped.get('B')!) !== 'Z' && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    assert.ok([undefined, 'Z'].includes(state(escaped.get('B')!)), "B's escaped worker is dead");
  } finally {
    await d.close();
  }
  for (const [rid, pid] of escaped) assert.ok([undefined, 'Z'].includes(state(pid)), `nothing of ${rid} is left running after close`);
});

test('(c, d) the hung and crashed peer scenarios: the exec: cheat fails both on the assertion; the escaping node program passes both, the kit having reached its worker', () => {
  const lying = spotcheck(['run', '--impl', `exec:${CHEAT} --exec`, '--level', 'core', '--tags', LIVENESS_FAULTS, '--parallel', '0', '--out', tempDir('cheat-liveness-exec')], 180_000);
  const said = `${lying.stdout}\n${lying.stderr}`;
  assert.equal(lying.code, 1, said);
  assert.match(lying.stdout, /^0 passed, 2 failed/m, said);
  // The rule's own assertion: the "hung" and the "crashed" peer stayed ready, answering on.
  assert.match(lying.stdout, /FAILED .*A hung peer.*: A's peer B to become not-ready: not seen within/, said);
  assert.match(lying.stdout, /FAILED .*A crashed peer.*: C's peer B to become not-ready: not seen within/, said);

  const escaping = spotcheck(['run', '--impl', `node:${ESCAPE}`, '--level', 'core', '--tags', LIVENESS_FAULTS, '--parallel', '0', '--out', tempDir('cheat-liveness-node')], 180_000);
  assert.match(escaping.stdout, /^2 passed, 0 failed/m, `${escaping.stdout}\n${escaping.stderr}`);
});
