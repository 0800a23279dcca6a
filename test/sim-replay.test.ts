// A simulated world replays exactly: the same seed and the same Driver calls give the same
// journal, Store log and peer histories, byte for byte, however loaded the machine is; another
// seed gives another run (so the comparison can fail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSim } from '../adapters/sim.ts';
import type { OperationSpec } from '../src/driver/types.ts';

async function script(seed: number): Promise<string> {
  const d = openSim({ seed });
  const clock = d.simulated.clock;
  try {
    await d.start({ meshes: [{ name: 'm', nodes: ['A', 'B', 'C'] }] });
    await d.addChannel({ name: 'ch', kind: 'routemesh', servers: [{ node: 'B' }, { node: 'C' }] });
    const ops: string[] = [];
    const submit = async (spec: OperationSpec) => ops.push((await d.submit(spec)).opId);
    await submit({ kind: 'create', from: 'A', on: 'B', objectId: 'a1', objectKind: 'actor', input: { mark: 'f1' } } as OperationSpec);
    await clock.sleep(20);
    for (let i = 0; i < 6; i++) {
      await submit({ kind: 'channel-request', from: 'A', channel: 'ch', payload: { app: 'echo', value: i, mark: `c${i}` } } as OperationSpec);
      await submit({ kind: 'object-message', from: 'C', objectId: 'a1', objectKind: 'actor', payload: { app: 'echo', value: i, mark: `o${i}` } } as OperationSpec);
    }
    await d.fault({ kind: 'crash', node: 'C' });
    await submit({ kind: 'node-direct', from: 'A', mesh: 'm', to: 'C', payload: { app: 'echo', value: 0, mark: 'd1' } } as OperationSpec);
    await clock.sleep(700);
    await d.fault({ kind: 'restart', node: 'C' });
    await clock.sleep(700);
    const outcomes = await Promise.all(ops.map((op) => d.outcome(op, 2000)));
    const peers = await Promise.all(['B', 'C'].map((p) => d.peer('A', p)));
    return JSON.stringify({ outcomes, journal: await d.journal(), storeLog: await d.storeLog(), peers, record: await d.lookup('a1'), now: clock.now() });
  } finally {
    await d.close();
  }
}

function busy(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) { /* the machine is loaded */ }
}

test('one seed, one run: journal, Store log and peer histories repeat byte for byte', async () => {
  const first = await script(11);
  // Load on the machine between the world's events changes nothing in it.
  const load = setInterval(() => busy(3), 4);
  let second: string;
  try {
    second = await script(11);
  } finally {
    clearInterval(load);
  }
  assert.equal(second, first);
  assert.match(first, /"status":"reply"/, 'the script did something');
  assert.notEqual(await script(12), first, 'another seed, another run');
});
