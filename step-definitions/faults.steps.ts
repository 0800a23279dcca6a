// Faults the kit owns (the nemesis): crash, hang, connection loss, moves, impostors, failpoints.

import { Given, When } from '@cucumber/cucumber';
import type { Rid } from '../src/driver/types.ts';
import { eventually } from './support/eventually.ts';
import type { SpotWorld } from './support/world.ts';

async function noteConnection(world: SpotWorld, node: Rid, peer: Rid): Promise<void> {
  const v = await world.driver.peer(node, peer);
  world.before.set(`${node}->${peer}`, { connectionId: v.connectionId, address: v.address });
}

When('node {rid} crashes', async function (this: SpotWorld, node: Rid) {
  await this.fault({ kind: 'crash', node });
});

When('node {rid} hangs', async function (this: SpotWorld, node: Rid) {
  await this.fault({ kind: 'hang', node });
});

Given("node {rid} hangs and {rid}'s peer {rid} has become not-ready", async function (this: SpotWorld, node: Rid, a: Rid, b: Rid) {
  await this.fault({ kind: 'hang', node });
  const { livenessDeadlineMs } = this.description.timings;
  await eventually(`${a}'s peer ${b} to become not-ready`, 2 * livenessDeadlineMs, async () => !(await this.driver.peer(a, b)).ready);
});

When('the connection from {rid} to {rid} is closed orderly by {rid}', async function (this: SpotWorld, node: Rid, peer: Rid, by: Rid) {
  if (by !== peer) throw new Error('this step closes from the peer side: name the peer as the closer');
  await noteConnection(this, node, peer);
  await this.fault({ kind: 'close-connection', node, peer, mode: 'orderly' });
});

When('the connection from {rid} to {rid} fails with a transport error', async function (this: SpotWorld, node: Rid, peer: Rid) {
  await noteConnection(this, node, peer);
  await this.fault({ kind: 'close-connection', node, peer, mode: 'error' });
});

When(
  'the handler has started on {rid} and then the connection from {rid} to {rid} fails with a transport error',
  async function (this: SpotWorld, started: Rid, node: Rid, peer: Rid) {
    await eventually(`the handler to start on ${started}`, this.description.timings.defaultDeadlineMs, async () =>
      (await this.runsOf()).some((e) => e.node === started),
    );
    await noteConnection(this, node, peer);
    await this.fault({ kind: 'close-connection', node, peer, mode: 'error' });
  },
);

When('node {rid} moves to a new address', async function (this: SpotWorld, node: Rid) {
  for (const nodes of this.meshes.values()) for (const n of nodes) if (n !== node) await noteConnection(this, n, node);
  await this.fault({ kind: 'move', node });
});

When("something without the mesh credential answers at {rid}'s address", async function (this: SpotWorld, node: Rid) {
  for (const nodes of this.meshes.values()) for (const n of nodes) if (n !== node) await noteConnection(this, n, node);
  await this.fault({ kind: 'impostor', node });
});

Given(
  'the connection from {rid} to {rid} will fail after the next operation is written to it',
  async function (this: SpotWorld, node: Rid, peer: Rid) {
    await this.driver.fault({ kind: 'failpoint', name: 'transport.ack-lost-after-write', node, peer });
  },
);
