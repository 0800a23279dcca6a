// The published failpoints (src/driver/failpoints.ts), armed by name: one home for every step that
// makes a protocol step fail at an exact instant no outside fault can hit.

import { Given } from '@cucumber/cucumber';
import type { Rid } from '../src/driver/types.ts';
import { type SpotWorld } from './support/world.ts';
import { start } from './support/operations.ts';

Given(
  'the connection from {rid} to {rid} will fail after the next operation is written to it',
  async function (this: SpotWorld, node: Rid, peer: Rid) {
    await this.driver.fault({ kind: 'failpoint', name: 'transport.ack-lost-after-write', node, peer });
  },
);

async function stoppedActivation(world: SpotWorld, objectId: string, on: Rid, failpoint: string): Promise<void> {
  await world.driver.fault({ kind: 'failpoint', name: failpoint, node: on });
  const from = [...world.meshes.values()].flat().find((r) => r !== on)!;
  await start(world, 'the first message', { kind: 'object-message', from, objectId, objectKind: 'instance-spot', payload: { app: 'echo', value: 'first' }, instanceIntent: true, activateOn: on });
  const o = await world.outcomeOf('the first message');
  if (o.status !== 'failure') throw new Error(`the first activation did not stop: ${o.status}`);
}

Given('the first activation of {string} on {rid} stopped before Ready', async function (this: SpotWorld, objectId: string, on: Rid) {
  await stoppedActivation(this, objectId, on, 'activation.fail-before-ready');
});

Given('the first activation of {string} on {rid} stopped before the restore', async function (this: SpotWorld, objectId: string, on: Rid) {
  await stoppedActivation(this, objectId, on, 'activation.fail-before-restore');
});

// One step per failpoint of the relocation protocol, named by where it fires.
Given('the {relocationRole} {rid} {relocationFailpoint}', async function (this: SpotWorld, _role: string, node: Rid, name: string) {
  await this.driver.fault({ kind: 'failpoint', name, node });
});

Given("{rid}'s next Location Store change loses its reply, and then {rid} cannot reach the Store", async function (this: SpotWorld, node: Rid, _again: Rid) {
  await this.driver.fault({ kind: 'failpoint', name: 'store.reply-lost-then-cut-off', node });
});

Given("{rid}'s next Location Store change loses its reply after it applied", async function (this: SpotWorld, node: Rid) {
  await this.driver.fault({ kind: 'failpoint', name: 'store.reply-lost-after-apply', node });
});

Given("{rid}'s next Location Store change fails before it applied", async function (this: SpotWorld, node: Rid) {
  await this.driver.fault({ kind: 'failpoint', name: 'store.fail-before-apply', node });
});

Given("{rid}'s next cold activation stops before the record is Ready", async function (this: SpotWorld, node: Rid) {
  await this.driver.fault({ kind: 'failpoint', name: 'activation.fail-before-ready', node });
});
