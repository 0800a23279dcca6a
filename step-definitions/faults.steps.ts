// Faults the kit owns (the nemesis): crash, hang, restart, connection loss, moves, impostors, and
// the Location Store going away. Failpoints, which fire inside a protocol step, are failpoints.steps.ts.

import { Given, When } from '@cucumber/cucumber';
import type { Rid } from '../src/driver/types.ts';
import { violated } from '../src/checks/violation.ts';
import { eventually } from './support/eventually.ts';
import { SCHEDULING_TOLERANCE_MS, SETUP_BOUND_MS, SPEC_CUTOVER_FALLBACK_MS, type SpotWorld } from './support/world.ts';
import { noteConnection } from './support/probes.ts';

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

When("another member of the mesh, proving to be {rid}, answers at {rid}'s address", async function (this: SpotWorld, as: Rid, node: Rid) {
  for (const nodes of this.meshes.values()) for (const n of nodes) if (n !== node) await noteConnection(this, n, node);
  await this.fault({ kind: 'impostor', node, as });
});

When("something without the mesh credential answers at {rid}'s address", async function (this: SpotWorld, node: Rid) {
  for (const nodes of this.meshes.values()) for (const n of nodes) if (n !== node) await noteConnection(this, n, node);
  await this.fault({ kind: 'impostor', node });
});

When('node {rid} has died', { timeout: 2 * SETUP_BOUND_MS }, async function (this: SpotWorld, node: Rid) {
  // A failpoint crash fires at a protocol step of an operation in flight: a relocation learns of its
  // commit within its deadline, or through the cutover fallback, which the spec fixes at 1,000 ms.
  // That the node died is the scenario's precondition, not the rule it checks: bounded by the setup
  // bound too (a process backend on a machine at load average 15 took longer than 3 s), and the
  // step's own time limit lies past it so that the kit says what it waited for.
  const { defaultDeadlineMs } = this.description.timings;
  await eventually(`node ${node} to die`, Math.max(SETUP_BOUND_MS, defaultDeadlineMs + SPEC_CUTOVER_FALLBACK_MS), async () => !(await this.driver.node(node)).alive);
});

// A restart starts a node again: not a rule's timing, bounded by the backend (topology.steps.ts).
When('node {rid} restarts', { timeout: 60_000 }, async function (this: SpotWorld, node: Rid) {
  await this.fault({ kind: 'restart', node });
});

When('the Location Store stops answering {rid}', async function (this: SpotWorld, node: Rid) {
  // Marked before the fault: a node may fail its first Store call while the log is being read.
  this.marks.set('store log at outage', (await this.driver.storeLog()).length);
  await this.fault({ kind: 'store-down', node });
});

// A late Store makes two calls made close together both read before either writes, whatever the
// distance between the kit and the runtime (over the wire, two submits arrive some milliseconds apart).
When('the Location Store answers {rid} and {rid} {int} ms late', async function (this: SpotWorld, a: Rid, b: Rid, ms: number) {
  for (const node of [a, b]) {
    await this.fault({ kind: 'store-slow', node, ms });
    this.marks.set(`calls late for ${node}, ms`, ms);
  }
});

// Late answers: what a node writes is in the Store at once, and the node hears so only later. That
// is the stretch in which the Store and the node disagree about what the node itself did.
When("the Location Store's answers to {rid} come {int} ms late", async function (this: SpotWorld, node: Rid, ms: number) {
  await this.fault({ kind: 'store-slow', node, ms, replies: true });
  this.marks.set(`answers late to ${node}, ms`, ms);
});

// A renewal the Store took after the answers became late was answered late. Its answer has reached
// the node once the Store has taken another renewal `ms` or more after it: answers come in order,
// each `ms` after the Store gave it. Both renewals are read from the Store by the kit (the owner's
// lease expiry on the object's record), never from the node.
Given('{rid} has heard a late answer to a renewal of the owner lease of {string}', async function (this: SpotWorld, node: Rid, objectId: string) {
  const ms = this.marks.get(`answers late to ${node}, ms`);
  if (ms === undefined) throw new Error(`the scenario did not make the Location Store's answers to ${node} late`);
  const leaseUntil = async () => {
    const r = await this.driver.lookup(objectId);
    if (r.owner !== node || r.leaseUntil === undefined) violated(`${objectId} is not owned by ${node} with a lease (owner ${r.owner ?? 'none'})`);
    return r.leaseUntil;
  };
  const before = await leaseUntil();
  const { ownerLeaseMs } = this.description.timings;
  // A runtime renews well within its lease, or it would lose it: two renewals and the lateness fit in this.
  const within = 2 * ownerLeaseMs + ms + SCHEDULING_TOLERANCE_MS;
  const late = await eventually(`a renewal of ${node}'s owner lease after its answers became late`, within, async () => {
    const until = await leaseUntil();
    return until > before ? until : undefined;
  });
  await eventually(`a renewal of ${node}'s owner lease ${ms} ms after that one`, within, async () => ((await leaseUntil()) >= late + ms ? true : undefined));
});

When('node {rid} leaves the descriptor list', async function (this: SpotWorld, node: Rid) {
  await this.fault({ kind: 'deregister', node });
});

When('the Location Store answers {rid} again', async function (this: SpotWorld, node: Rid) {
  const r = await this.driver.fault({ kind: 'store-up', node });
  this.marks.set('store back', r.at);
});

// A node renews its owner lease well within the lease, or it would lose it: one renewal at least
// falls in an owner lease after the outage began. The kit reads the failed call from the Store log.
When('{rid} has failed to renew its owner lease', async function (this: SpotWorld, node: Rid) {
  const mark = this.marks.get('store log at outage') ?? 0;
  const { ownerLeaseMs } = this.description.timings;
  await eventually(`${node} to fail a renewal of its owner lease`, ownerLeaseMs + SCHEDULING_TOLERANCE_MS, async () =>
    (await this.driver.storeLog()).slice(mark).some((e) => e.node === node && e.op === 'lease' && e.key === node && e.result === 'unavailable'),
  );
});

// The Store took a renewal of the node's owner lease after it answered again: the lease expiry the
// object's record shows (the Store's own account, never the node's) moved on after this step began.
// A runtime renews well within its lease, or it would lose it: one renewal falls in an owner lease.
When('{rid} has renewed its owner lease since the Store answered again, as {string} shows', async function (this: SpotWorld, node: Rid, objectId: string) {
  if (this.marks.get('store back') === undefined) throw new Error(`the scenario did not make the Location Store answer ${node} again`);
  const leaseUntil = async () => {
    const r = await this.driver.lookup(objectId);
    if (r.owner !== node) violated(`${objectId} is not owned by ${node} (owner ${r.owner ?? 'none'})`);
    return r.leaseUntil ?? 0;
  };
  const before = await leaseUntil();
  const { ownerLeaseMs } = this.description.timings;
  await eventually(`a renewal of ${node}'s owner lease after the Store answered again`, ownerLeaseMs + SCHEDULING_TOLERANCE_MS, async () => (await leaseUntil()) > before);
});

When('{rid} has failed to read the descriptor list', async function (this: SpotWorld, node: Rid) {
  const mark = this.marks.get('store log at outage') ?? 0;
  const { descriptorRefreshMs } = this.description.timings;
  // Whether the node polls the list or watches it, it has noticed the outage once one of its Store
  // calls failed; the kit does not prescribe which call.
  await eventually(`${node} to find the Location Store unreachable`, 4 * descriptorRefreshMs + this.description.timings.heartbeatIntervalMs, async () =>
    (await this.driver.storeLog()).slice(mark).some((e) => e.node === node && e.result === 'unavailable'),
  );
});

When('node {rid} has restarted and its peers are ready', { timeout: 60_000 }, async function (this: SpotWorld, node: Rid) {
  const peers = [...this.meshes.values()].find((n) => n.includes(node))!.filter((p) => p !== node);
  // A peer may not have noticed the crash yet: its connection to the dead process still looks
  // ready. Ready again means ready on a connection made after the restart.
  const before = new Map<Rid, string | undefined>();
  for (const p of peers) before.set(p, (await this.driver.peer(p, node)).connectionId);
  await this.fault({ kind: 'restart', node });
  // A restarted process connects again through discovery; bounded like any reconnect.
  const t = this.description.timings;
  const bound = 2 * t.livenessDeadlineMs + t.descriptorRefreshMs + t.reconnectBackoffMs + SCHEDULING_TOLERANCE_MS;
  await eventually(`${node} and its peers to be ready again`, bound, async () => {
    for (const p of peers) {
      const theirs = await this.driver.peer(p, node);
      if (!theirs.ready || theirs.connectionId === before.get(p) || !(await this.driver.peer(node, p)).ready) return false;
    }
    return true;
  });
});
