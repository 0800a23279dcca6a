// The node-program adapter (--impl "node:<cmd>", docs/node-program.md) with the Python example's
// node program: one OS process per node, each in a group of its own, faults from outside, the
// journal as the kit received it, and nothing left running after close. A bad command is one
// line and exit 2.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openNodeProgram } from '../adapters/node-program.ts';
import type { NodeProgramCluster } from '../adapters/node-program/cluster.ts';
import { takeScenarioFaults } from '../src/driver/scenario-log.ts';
import type { Driver, Outcome } from '../src/driver/types.ts';
import { spotcheck } from './helpers.ts';

const NODE = 'python3 examples/python-runtime/node.py';

/** Processes whose command line names the node program and whose parent is this test process's tree. */
function pidsOf(pgids: number[]): number[] {
  return pgids.filter((p) => {
    try {
      process.kill(-p, 0);
      return true;
    } catch {
      return false;
    }
  });
}

function groups(driver: Driver): number[] {
  const c = driver as unknown as { slots: Map<string, { child?: { pid?: number } }> };
  return [...c.slots.values()].map((s) => s.child?.pid).filter((p): p is number => p !== undefined);
}

async function echo(d: Driver, from: string, to: string, mark: string): Promise<Outcome | null> {
  const { opId } = await d.submit({ kind: 'node-direct', from, mesh: 'm1', to, payload: { app: 'echo', value: mark, mark } } as never);
  return d.outcome(opId, 3000);
}

test('a node program: one process per node, a reply, crash by SIGKILL, restart as a new incarnation, nothing left after close', async () => {
  const d = openNodeProgram(NODE);
  const description = await d.describe();
  assert.equal(description.name, 'spotcheck-python-runtime');
  await d.start({ meshes: [{ name: 'm1', nodes: ['A', 'B', 'C'] }] });
  const started = groups(d);
  assert.equal(started.length, 3);
  assert.equal(new Set(started).size, 3, 'a process per node');
  try {
    const o = await echo(d, 'A', 'B', 'one');
    assert.equal(o?.status, 'reply');
    assert.equal(o?.reply, 'one');
    const runs = (await d.journal()).filter((e) => e.kind === 'handler');
    assert.deepEqual(runs.map((e) => e.node), ['B']);

    takeScenarioFaults();
    await d.fault({ kind: 'crash', node: 'B' });
    assert.equal((await d.node('B')).alive, false);
    await waitFor(async () => pidsOf([started[1]]).length === 0, 3000); // B's process group is gone
    const old = (await d.peer('C', 'B')).connectionId;
    await d.fault({ kind: 'restart', node: 'B' });
    assert.equal((await d.node('B')).alive, true);
    // C finds out on its own (liveness: the kit's relay went silent), then reconnects to the new process.
    const { timings } = await d.describe();
    await waitFor(async () => {
      const v = await d.peer('C', 'B');
      return v.ready && v.connectionId !== old;
    }, 3 * timings.livenessDeadlineMs + 1000);
    const again = await echo(d, 'C', 'B', 'two');
    assert.equal(again?.status, 'reply', JSON.stringify(again));
    const lines = (d as NodeProgramCluster).evidenceLines().filter((e) => e.kind === 'handler' && e.node === 'B');
    assert.deepEqual(lines.map((e) => e.incarnation), [1, 2], 'the restarted node’s lines are told apart');
    const faults = takeScenarioFaults();
    assert.deepEqual(faults.map((f) => [f.kind, f.how]), [['crash', 'outside'], ['restart', 'outside']]);
  } finally {
    const all = groups(d);
    await d.close();
    assert.deepEqual(pidsOf(all), [], 'nothing left running');
  }
});

test('a node program: a hang is SIGSTOP (its peer finds it out by liveness), a connection closed by the kit\'s relay', async () => {
  const d = openNodeProgram(NODE);
  const { timings } = await d.describe();
  await d.start({ meshes: [{ name: 'm1', nodes: ['A', 'B', 'C'] }] });
  try {
    const before = await d.peer('A', 'C');
    await d.fault({ kind: 'close-connection', node: 'A', peer: 'C', mode: 'error' });
    await waitFor(async () => (await d.peer('A', 'C')).history.some((h) => h.event === 'not-ready' && h.connectionId === before.connectionId), 1000);
    const lost = (await d.peer('A', 'C')).history.find((h) => h.event === 'not-ready' && h.connectionId === before.connectionId);
    assert.equal(lost?.reason, 'transport-error');

    await d.fault({ kind: 'hang', node: 'B' });
    const pid = groups(d)[1];
    const { readFileSync } = await import('node:fs');
    assert.equal(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0], 'T', 'B is stopped');
    await waitFor(async () => !(await d.peer('A', 'B')).ready, 2 * timings.livenessDeadlineMs);
    const h = (await d.peer('A', 'B')).history.at(-1);
    assert.equal(h?.reason, 'liveness');
  } finally {
    const all = groups(d);
    await d.close();
    assert.deepEqual(pidsOf(all), []);
  }
});

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a node: command that cannot run is one line and exit 2', () => {
  const r = spotcheck(['run', '--impl', 'node:/nonexistent/node-program', '--level', 'core', '--parallel', '0'], 60_000);
  assert.equal(r.code, 2, `${r.stdout}\n${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /node-program/);
});

test('node: with no command is a usage error', () => {
  const r = spotcheck(['run', '--impl', 'node:', '--level', 'core'], 60_000);
  assert.equal(r.code, 2);
  assert.match(r.stderr.trim(), /^.*--impl node: needs a command/);
});

test('a protocol-1 runtime given as node: is refused in one line naming both versions, exit 2', () => {
  const r = spotcheck(['run', '--impl', 'node:python3 examples/python-runtime/runtime.py', '--level', 'core', '--parallel', '0'], 60_000);
  assert.equal(r.code, 2, `${r.stdout}\n${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /speaks protocol "1"; a node program speaks protocol "2"/);
});
