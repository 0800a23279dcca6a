// Meshes, nodes, channels and queues: the Given side of every scenario.

import { Given, When } from '@cucumber/cucumber';
import type { ChannelKind, ChannelServerSpec, Rid } from '../src/driver/types.ts';
import { eventually } from './support/eventually.ts';
import { SETUP_BOUND_MS, type SpotWorld } from './support/world.ts';

Given('MessageFollowDuration is {int} ms', function (this: SpotWorld, ms: number) {
  if (this.meshes.size > 0) throw new Error('MessageFollowDuration must be set before the mesh starts');
  this.messageFollowMs = ms;
});

/** When (kit clock) the relocation of an object was first seen at each stage, and its owner change. */
/**
 * Starting nodes is not a rule's timing: on the process backend a loaded machine may take seconds
 * to start node processes, and the backend itself bounds a start (and says which node did not
 * come up). Past cucumber's 10 s default, a slow start failed a scenario on its first step with a
 * bare timeout instead.
 */
const START = { timeout: 60_000 };

When('node {rid} joins mesh {string}', START, async function (this: SpotWorld, rid: Rid, mesh: string) {
  this.meshes.set(mesh, [...(this.meshes.get(mesh) ?? []), rid]);
  await this.driver.addNode(mesh, rid);
});

Given('a RouteMesh {string} with nodes {rids}', START, async function (this: SpotWorld, mesh: string, nodes: Rid[]) {
  this.meshes.set(mesh, nodes);
  await this.driver.start({ meshes: [{ name: mesh, nodes }], ...(this.messageFollowMs !== undefined ? { messageFollowMs: this.messageFollowMs } : {}) });
});

Given(
  'a {channelKind} channel {string} served by {servers}',
  async function (this: SpotWorld, kind: ChannelKind, name: string, servers: ChannelServerSpec[]) {
    await this.driver.addChannel({ name, kind, servers: kind === 'clientserver' ? servers.map(({ node }) => ({ node })) : servers });
  },
);

Given('server {rid} of channel {string} has weight {int}', async function (this: SpotWorld, node: Rid, channel: string, weight: number) {
  await this.driver.setServer(channel, { node, weight });
});

Given('server {rid} of channel {string} is not Ready', async function (this: SpotWorld, node: Rid, channel: string) {
  await this.driver.setServer(channel, { node, state: 'NotReady' });
});

Given('every node is running', async function (this: SpotWorld) {
  // Not a no-op: every peer connection of every mesh must be ready.
  for (const nodes of this.meshes.values())
    for (const a of nodes)
      for (const b of nodes) if (a !== b && !(await this.driver.peer(a, b)).ready) throw new Error(`${a}'s peer ${b} is not ready`);
});

// The step's own time limit lies past its bound, so that a queue not filled in time is said in the
// kit's words ("node B's queue to be full: not seen within ..."), not as Cucumber's step timeout.
Given("node {rid}'s queue is full", { timeout: 2 * SETUP_BOUND_MS }, async function (this: SpotWorld, node: Rid) {
  // Fill it the way an application would: operations that block until their gate opens.
  await this.driver.configureNode(node, { workers: 1, queueCapacity: 1 });
  const from = [...this.meshes.values()].flat().find((r) => r !== node)!;
  const view = await this.driver.node(node);
  // configureNode applies "at once" (Driver contract): a runtime that ignored it would be filled to
  // its own size, and the scenario would test a queue other than the one it names.
  if (view.queue.workers !== 1 || view.queue.capacity !== 1) throw new Error(`configureNode(${node}, workers 1, queueCapacity 1) was not applied: the node reports ${view.queue.workers} worker(s), capacity ${view.queue.capacity}`);
  const needed = view.queue.workers - view.queue.running + view.queue.capacity - view.queue.depth;
  for (let i = 0; i < needed; i++) {
    const { opId } = await this.driver.submit({
      kind: 'node-direct',
      from,
      mesh: this.meshOf(node),
      to: node,
      payload: { app: 'block', gate: `fill-${node}`, value: i },
    });
    this.fillers.push(opId);
  }
  // A precondition, not a rule's timing: bounded by the setup bound, at least the runtime's deadline.
  await eventually(`node ${node}'s queue to be full`, Math.max(SETUP_BOUND_MS, this.description.timings.defaultDeadlineMs), async () => {
    const q = (await this.driver.node(node)).queue;
    return q.depth >= q.capacity && q.running >= q.workers;
  });
});
