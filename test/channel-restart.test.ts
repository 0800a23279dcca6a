// A node that restarts while a channel changes gets the channel as it is once it runs: the kit hands
// channel membership to every running node (docs/assumptions.md), and a node still starting is not
// running yet, so without a second hand-over it keeps the configuration it was started with. Found by
// the campaign (seed 1129 of the swarm): B was set NotReady while C restarted, and C went on choosing B
// (select-one-candidates, R-CH-1), a fault of the kit's harness, not of the reference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSim } from '../adapters/sim.ts';
import type { OperationSpec, Outcome } from '../src/driver/types.ts';

test('a channel change made while a node restarts reaches that node', async () => {
  const d = openSim({ seed: 3 });
  try {
    await d.start({ meshes: [{ name: 'm', nodes: ['A', 'B', 'C'] }] });
    await d.addChannel({ name: 'ch', kind: 'routemesh', servers: [{ node: 'A' }, { node: 'B' }] });
    await d.fault({ kind: 'crash', node: 'C' });
    // The change is made while C's restart is under way (not awaited first).
    const restart = d.fault({ kind: 'restart', node: 'C' });
    await d.setServer('ch', { node: 'B', state: 'NotReady' });
    await restart;
    // Long enough for C to have its links ready (virtual time: no wall time).
    await d.simulated.clock.sleep(1000);
    const targets: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { opId } = await d.submit({ kind: 'channel-request', from: 'C', channel: 'ch', payload: { app: 'echo', value: i, mark: `r${i}` } } as OperationSpec);
      const o = (await d.outcome(opId, 2000)) as Outcome;
      targets.push(...(o.attempts ?? []).map((a) => a.target));
    }
    assert.ok(targets.length >= 6, `attempts recorded: ${targets.join(',')}`);
    assert.deepEqual([...new Set(targets)], ['A'], `C chose only the Ready server: ${targets.join(',')}`);
  } finally {
    await d.close();
  }
});
