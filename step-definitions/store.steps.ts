// The Location Store failing: outages (for everyone or one node), lost replies, and what nodes do
// meanwhile and afterwards, read from the Store access log, peer state and the journal.

import { Given, Then, When } from '@cucumber/cucumber';
import type { Rid, StoreLogEntry } from '../src/driver/types.ts';
import { eventually, expectWithin, throughout } from './support/eventually.ts';
import { runsOfOp } from './support/evidence.ts';
import { type SpotWorld } from './support/world.ts';
import { violated } from '../src/checks/violation.ts';

When('the Location Store stops answering {rid}', async function (this: SpotWorld, node: Rid) {
  await this.fault({ kind: 'store-down', node });
  this.marks.set('store log at outage', (await this.driver.storeLog()).length);
});

When('the Location Store answers {rid} again', async function (this: SpotWorld, node: Rid) {
  const r = await this.driver.fault({ kind: 'store-up', node });
  this.marks.set('store back', r.at);
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

When('{rid} has failed to read the descriptor list', async function (this: SpotWorld, node: Rid) {
  const mark = this.marks.get('store log at outage') ?? 0;
  const { descriptorRefreshMs } = this.description.timings;
  // Whether the node polls the list or watches it, it has noticed the outage once one of its Store
  // calls failed; the kit does not prescribe which call.
  await eventually(`${node} to find the Location Store unreachable`, 4 * descriptorRefreshMs + this.description.timings.heartbeatIntervalMs, async () =>
    (await this.driver.storeLog()).slice(mark).some((e) => e.node === node && e.result === 'unavailable'),
  );
});

When('node {rid} joins mesh {string}', async function (this: SpotWorld, rid: Rid, mesh: string) {
  this.meshes.set(mesh, [...(this.meshes.get(mesh) ?? []), rid]);
  await this.driver.addNode(mesh, rid);
});

Then("{rid}'s peer {rid} becomes ready", async function (this: SpotWorld, node: Rid, peer: Rid) {
  const t = this.description.timings;
  await expectWithin(`${node}'s peer ${peer} to be ready`, 4 * t.descriptorRefreshMs + 2 * t.livenessDeadlineMs, async () => (await this.driver.peer(node, peer)).ready);
});

Then('{rid} makes no connection to {rid}', async function (this: SpotWorld, node: Rid, peer: Rid) {
  await throughout(`${node}'s connection to ${peer}`, this.neverWindow(), async () => {
    const v = await this.driver.peer(node, peer);
    return v.history.some((e) => e.event === 'handshake') ? `${node} connected to ${peer}, which is outside its last descriptor list` : undefined;
  });
});

Given('the connections of {rid} are noted', async function (this: SpotWorld, node: Rid) {
  for (const nodes of this.meshes.values())
    for (const peer of nodes) {
      if (peer === node) continue;
      const v = await this.driver.peer(node, peer);
      this.before.set(`${node}->${peer}`, { connectionId: v.connectionId, address: v.address });
    }
});

Then("{rid}'s connections to {rids} are the ones noted", async function (this: SpotWorld, node: Rid, peers: Rid[]) {
  for (const peer of peers) {
    const noted = this.before.get(`${node}->${peer}`);
    if (!noted?.connectionId) throw new Error(`no connection from ${node} to ${peer} was noted`);
    const v = await this.driver.peer(node, peer);
    if (!v.ready || v.connectionId !== noted.connectionId) violated(`${node}'s connection to ${peer} was replaced (${noted.connectionId} -> ${v.connectionId ?? 'none'})`);
    const lost = v.history.find((e) => e.event === 'not-ready');
    if (lost) violated(`${node}'s peer ${peer} was not-ready (${lost.reason})`);
  }
});

/**
 * A Store call that reads the object's authority record: a read of its key, or a list of a prefix
 * that holds it (a runtime may re-confirm all its objects at once). How it reads is not the rule.
 */
function readsRecord(e: StoreLogEntry, objectId: string): boolean {
  const key = `obj/${objectId}`;
  return (e.op === 'read' && e.key === key) || (e.op === 'list' && key.startsWith(e.key));
}

// ---- unclear results (R-STO-1) -----------------------------------------------------------------

Then(
  'after its unclear change {rid} re-read {string} with the StoreVersion first used before changing it again',
  async function (this: SpotWorld, node: Rid, objectId: string) {
    await this.outcomeOf(this.lastOp);
    const key = `obj/${objectId}`;
    const log = (await this.driver.storeLog()).filter((e) => e.node === node && e.key === key);
    const at = log.findIndex((e) => e.op === 'change' && e.result === 'unclear');
    if (at < 0) violated(`${node} made no change of ${key} with an unclear result`);
    const unclear = log[at];
    const next = log[at + 1];
    if (!next || next.op !== 'read') violated(`after the unclear change ${node} did ${next ? `a ${next.op}` : 'nothing'}, not a re-read`);
    const applied = next.version === unclear.expectedVersion! + 1;
    const then = log[at + 2];
    if (applied && then?.op === 'change' && then.expectedVersion === unclear.expectedVersion) violated('the change had applied, and was made again');
    if (!applied && next.version === unclear.expectedVersion && then && (then.op !== 'change' || then.expectedVersion !== unclear.expectedVersion)) {
      violated(`the change had not applied; ${node} did not retry it with StoreVersion ${unclear.expectedVersion}`);
    }
  },
);

// ---- StoreFailureGrace and recovery (R-STO-3, R-STO-4) --------------------------------------------

Then(
  'no timer or message of {string} ran on {rid} from its lease running out until the Store answers again',
  async function (this: SpotWorld, objectId: string, node: Rid) {
    const since = this.marks.get('lease ran out');
    if (since === undefined) throw new Error('the scenario did not wait for the lease to run out');
    const later = this.op('the later message').opId;
    await throughout(`${objectId} on ${node}`, this.neverWindow(), async () => {
      const j = await this.driver.journal();
      const timer = j.find((e) => e.kind === 'timer' && e.objectId === objectId && e.node === node && e.at > since);
      if (timer) return `a timer ran ${timer.at - since} ms after the owner lease ran out`;
      const run = j.find((e) => (e.kind === 'handler' && e.objectId === objectId && e.node === node && e.at > since) || runsOfOp([e], this.evidence, later).length > 0);
      return run ? `a message ran ${run.at - since} ms after the owner lease ran out` : undefined;
    });
  },
);

When('a timer of {string} has run on {rid} since the Store answered again', async function (this: SpotWorld, objectId: string, node: Rid) {
  const back = this.marks.get('store back')!;
  const t = this.description.timings;
  await eventually(`a timer of ${objectId} on ${node}`, t.ownerLeaseMs + t.defaultDeadlineMs, async () =>
    (await this.driver.journal()).some((e) => e.kind === 'timer' && e.objectId === objectId && e.node === node && e.at >= back),
  );
});

Then(
  '{rid} re-read {string} from the Location Store before its first timer after the Store answered again',
  async function (this: SpotWorld, node: Rid, objectId: string) {
    const back = this.marks.get('store back')!;
    const timer = (await this.driver.journal()).find((e) => e.kind === 'timer' && e.objectId === objectId && e.node === node && e.at >= back)!;
    const reads = (await this.driver.storeLog()).filter((e: StoreLogEntry) => e.node === node && readsRecord(e, objectId) && e.result === 'ok' && e.at >= back);
    if (!reads.some((e) => e.at <= timer.at)) violated(`${node} processed ${objectId} again without re-reading its record`);
  },
);

When('the Store log is marked', async function (this: SpotWorld) {
  this.marks.set('store log', (await this.driver.storeLog()).length);
});

Then('{rid} read the record of {string} from the Location Store since the mark', async function (this: SpotWorld, node: Rid, objectId: string) {
  await this.outcomeOf();
  const mark = this.marks.get('store log') ?? 0;
  const reads = (await this.driver.storeLog()).slice(mark).filter((e) => e.node === node && readsRecord(e, objectId));
  if (reads.length === 0) violated(`${node} used its cached owner of ${objectId} and did not re-read the Location Store`);
});
