// Operations the application starts: channel requests (select-one) and node direct messages,
// and what the application does to them afterwards (cancel, release a gate).

import { When } from '@cucumber/cucumber';
import type { AppPayload, OperationSpec, Rid } from '../src/driver/types.ts';
import { eventually } from './support/eventually.ts';
import type { SpotWorld } from './support/world.ts';

/** "echoes", "blocks on gate "g"", "fails": what the test application's handler will do. */
function payloadFor(handler: string, value: unknown): AppPayload {
  if (handler === 'echoes') return { app: 'echo', value };
  if (handler === 'fails') return { app: 'fail', value };
  const gate = /^blocks on gate "([^"]+)"$/.exec(handler);
  if (gate) return { app: 'block', gate: gate[1], value };
  throw new Error(`unknown handler behaviour: ${handler}`);
}

async function start(world: SpotWorld, name: string, spec: OperationSpec): Promise<void> {
  const { opId } = await world.driver.submit(spec);
  world.ops.set(name, { opId, deadlineMs: spec.deadlineMs ?? world.description.timings.defaultDeadlineMs });
  world.lastOp = name;
}

function channelRequest(from: Rid, channel: string, handler: string, deadlineMs?: number): OperationSpec {
  const spec: OperationSpec = { kind: 'channel-request', from, channel, payload: payloadFor(handler, `to ${channel}`) };
  if (deadlineMs !== undefined) spec.deadlineMs = deadlineMs;
  return spec;
}

When('{rid} sends a request on channel {string}', async function (this: SpotWorld, from: Rid, channel: string) {
  await start(this, 'the request', channelRequest(from, channel, 'echoes'));
});

When('{rid} sends a request on channel {string} that {handler}', async function (this: SpotWorld, from: Rid, channel: string, handler: string) {
  await start(this, 'the request', channelRequest(from, channel, handler));
});

When(
  '{rid} sends a request on channel {string} that {handler}, with a deadline of {int} ms',
  async function (this: SpotWorld, from: Rid, channel: string, handler: string, deadlineMs: number) {
    await start(this, 'the request', channelRequest(from, channel, handler, deadlineMs));
  },
);

When('{rid} sends {int} requests on channel {string}', async function (this: SpotWorld, from: Rid, n: number, channel: string) {
  for (let i = 1; i <= n; i++) await start(this, `request ${i}`, channelRequest(from, channel, 'echoes'));
});

function direct(world: SpotWorld, from: Rid, to: Rid, handler: string): OperationSpec {
  return { kind: 'node-direct', from, mesh: world.meshOf(from), to, payload: payloadFor(handler, `to ${to}`) };
}

When('{rid} sends a node direct message to {rid}', async function (this: SpotWorld, from: Rid, to: Rid) {
  await start(this, 'the request', direct(this, from, to, 'echoes'));
});

When('{rid} sends a node direct message to {rid} that {handler}', async function (this: SpotWorld, from: Rid, to: Rid, handler: string) {
  await start(this, 'the request', direct(this, from, to, handler));
});

When('the handler has started on {rid}', async function (this: SpotWorld, node: Rid) {
  await eventually(`the handler of the request to start on ${node}`, this.description.timings.defaultDeadlineMs, async () =>
    (await this.runsOf()).some((e) => e.node === node),
  );
});

When('the request is cancelled', async function (this: SpotWorld) {
  await this.driver.cancel(this.op().opId);
});

When('the request has timed out and then the gate {string} is released', async function (this: SpotWorld, gate: string) {
  const outcome = await this.outcomeOf();
  if (outcome.status !== 'timeout') throw new Error(`expected the request to time out, it ended with ${outcome.status}`);
  await this.driver.releaseGate(gate);
});

When('the gate {string} is released', async function (this: SpotWorld, gate: string) {
  await this.driver.releaseGate(gate);
});

When('every queue-filling operation is released', async function (this: SpotWorld) {
  for (const nodes of this.meshes.values()) for (const n of nodes) await this.driver.releaseGate(`fill-${n}`);
});

When('node {rid} shuts down', async function (this: SpotWorld, node: Rid) {
  await this.driver.shutdown(node);
});

When('nothing more happens', function () {
  // An Examples row whose boundary needs no further event.
});
