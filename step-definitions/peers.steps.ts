// Evidence about connections and hosts: peer readiness, connection IDs, handshakes, host state.
// Times are measured on the implementation's own clock: from the fault's `at` to the peer event's.

import { Given, Then } from '@cucumber/cucumber';
import type { NotReadyReason, PeerEvent, Rid } from '../src/driver/types.ts';
import { violated } from '../src/checks/violation.ts';
import { expectWithin, intervalDrift, throughout, timerLateness } from './support/eventually.ts';
import { runsOfOp } from './support/evidence.ts';
import { SCHEDULING_TOLERANCE_MS, type SpotWorld } from './support/world.ts';

function faultAt(world: SpotWorld): number {
  if (!world.lastFault) throw new Error('no fault was injected in this scenario');
  return world.lastFault.at;
}

function notReadySince(history: PeerEvent[], at: number): PeerEvent | undefined {
  return history.find((e) => e.event === 'not-ready' && e.at >= at);
}

/** A reconnect is not instant by contract; the kit allows two liveness deadlines plus backoff. */
function reconnectBoundMs(world: SpotWorld): number {
  const t = world.description.timings;
  return 2 * t.livenessDeadlineMs + t.reconnectBackoffMs + SCHEDULING_TOLERANCE_MS;
}

Then("{rid}'s peer {rid} becomes not-ready within the liveness deadline", async function (this: SpotWorld, node: Rid, peer: Rid) {
  const at = faultAt(this);
  const { livenessDeadlineMs } = this.description.timings;
  const limit = livenessDeadlineMs + SCHEDULING_TOLERANCE_MS;
  // How late the kit's own timers for the deadline fire is the machine's load, not the runtime: a
  // one-off timer at the deadline, and one that repeats every heartbeat interval until it (a
  // periodic liveness check is held up by every stall in the window, not only the last).
  const lateness = timerLateness(at + livenessDeadlineMs);
  const drift = intervalDrift(this.description.timings.heartbeatIntervalMs, at + livenessDeadlineMs);
  const event = await expectWithin(`${node}'s peer ${peer} to become not-ready`, limit, async () =>
    notReadySince((await this.driver.peer(node, peer)).history, at),
  );
  // A hung peer keeps its connection open: only the liveness check can see it. A crashed process
  // may be seen either way: silent (a broker-based transport) or as a connection its kernel
  // closed (TCP). The spec asks for not-ready within the deadline, not for how it was noticed.
  if (this.lastFaultKind === 'hang' && event.reason !== 'liveness') violated(`not-ready for "${event.reason}", expected the liveness check of a half-open connection`);
  const late = event.at - at > limit ? Math.max(await lateness.settle(), await drift.settle()) : 0;
  if (event.at - at > limit + late) violated(`not-ready ${event.at - at} ms after the peer went silent; the liveness deadline is ${livenessDeadlineMs} ms (${SCHEDULING_TOLERANCE_MS} ms allowed, and the kit's own timers were ${late} ms late)`);
});

const REASONS: Record<string, NotReadyReason> = { 'an orderly close': 'orderly-close', 'a transport error': 'transport-error' };

Then(
  "{rid}'s peer {rid} was marked not-ready at once, because of {string}",
  async function (this: SpotWorld, node: Rid, peer: Rid, because: string) {
    const reason = REASONS[because];
    if (!reason) throw new Error(`unknown reason "${because}"`);
    const at = faultAt(this);
    // "At once": before a single heartbeat interval has passed, so well before any liveness check.
    const limit = this.description.timings.heartbeatIntervalMs;
    // As for the liveness deadline: how late the kit's own timer fires then is the machine's load.
    const lateness = timerLateness(at + limit);
    const event = await expectWithin(`${node}'s peer ${peer} to become not-ready`, this.description.timings.livenessDeadlineMs * 2, async () =>
      notReadySince((await this.driver.peer(node, peer)).history, at),
    );
    if (event.reason !== reason) violated(`not-ready because of "${event.reason}", expected "${reason}"`);
    const late = event.at - at > limit ? await lateness.settle() : 0;
    if (event.at - at > limit + late) violated(`not-ready ${event.at - at} ms after the ${because}; "at once" allows ${limit} ms (and the kit's own timer was ${late} ms late)`);
  },
);

// A shutdown is not a fault the kit times (the Driver gives no instant for it): its goodbye shows in
// the reason. A node that exits without closing its connections is found only by the liveness check
// (reason "liveness"), one that drops them as broken gives "transport-error".
Then(
  "{rid}'s peer {rid} was marked not-ready because of {string}",
  async function (this: SpotWorld, node: Rid, peer: Rid, because: string) {
    const reason = REASONS[because];
    if (!reason) throw new Error(`unknown reason "${because}"`);
    const event = await expectWithin(`${node}'s peer ${peer} to become not-ready`, this.description.timings.livenessDeadlineMs * 2, async () =>
      lostSinceReady((await this.driver.peer(node, peer)).history),
    );
    if (event.reason !== reason) violated(`not-ready because of "${event.reason}", expected "${reason}"`);
  },
);

/**
 * The first not-ready event once the peer had first become ready. Before that the mesh was being
 * started (start returns once every connection is ready), and a runtime may record a connect that
 * failed or a handshake refused on the way there: setting up is not losing a ready peer.
 */
function lostSinceReady(history: PeerEvent[]): PeerEvent | undefined {
  const first = history.findIndex((e) => e.event === 'ready');
  return first < 0 ? undefined : history.slice(first).find((e) => e.event === 'not-ready');
}

Then("{rid}'s peer {rid} stayed ready throughout", async function (this: SpotWorld, node: Rid, peer: Rid) {
  await throughout(`${node}'s peer ${peer}`, this.neverWindow(), async () => {
    const v = await this.driver.peer(node, peer);
    const lost = lostSinceReady(v.history);
    if (lost) return `was not-ready (${lost.reason})`;
    return v.ready ? undefined : 'is not ready';
  });
});

Then('host {rid} is Ready', async function (this: SpotWorld, node: Rid) {
  const v = await this.driver.node(node);
  if (v.host !== 'Ready') violated(`host ${node} is ${v.host}`);
});

Then('a node direct message from {rid} to {rid} still gets a reply', async function (this: SpotWorld, from: Rid, to: Rid) {
  const { opId } = await this.driver.submit({ kind: 'node-direct', from, mesh: this.meshOf(from), to, payload: { app: 'echo', value: 'still here' } });
  const o = await this.driver.outcome(opId, this.description.timings.defaultDeadlineMs + SCHEDULING_TOLERANCE_MS);
  if (o?.status !== 'reply') violated(`${from} to ${to}: ${o ? `${o.status} ${o.errorKind ?? ''}` : 'no result'}`);
  const ran = runsOfOp(await this.driver.journal(), this.evidence, opId).map((e) => e.node);
  if (ran.join() !== to) violated(`the handler ran on [${ran.join(', ')}], expected ${to}`);
});

Then("{rid}'s peer {rid} is ready again on a new connection", async function (this: SpotWorld, node: Rid, peer: Rid) {
  const old = this.before.get(`${node}->${peer}`);
  if (!old?.connectionId) throw new Error(`no earlier connection from ${node} to ${peer} was noted`);
  const v = await expectWithin(`${node}'s peer ${peer} to be ready again`, reconnectBoundMs(this), async () => {
    const p = await this.driver.peer(node, peer);
    return p.ready && p.connectionId !== old.connectionId ? p : undefined;
  });
  // Evidence of a real reconnect: not-ready first, then a verified handshake on a connection ID
  // never used before, and only then ready.
  const ids = v.history.filter((e) => e.event === 'handshake').map((e) => e.connectionId);
  if (new Set(ids).size !== ids.length) violated(`a connection ID was used twice: ${ids.join(', ')}`);
  const lostAt = v.history.findIndex((e) => e.event === 'not-ready' && e.connectionId === old.connectionId);
  const after = v.history.slice(lostAt + 1);
  const hs = after.findIndex((e) => e.event === 'handshake' && e.connectionId === v.connectionId && e.verifiedRid === peer);
  const ready = after.findIndex((e) => e.event === 'ready' && e.connectionId === v.connectionId);
  if (lostAt < 0) violated('the old connection was never marked not-ready');
  if (hs < 0 || ready < hs) violated('the new connection was ready without a verified handshake');
});

Then("{rid}'s peer {rid} is ready again at the new address", async function (this: SpotWorld, node: Rid, peer: Rid) {
  const old = this.before.get(`${node}->${peer}`);
  if (!old?.address) throw new Error(`no earlier address of ${peer} was noted`);
  const v = await expectWithin(`${node}'s peer ${peer} to be ready at a new address`, reconnectBoundMs(this), async () => {
    const p = await this.driver.peer(node, peer);
    return p.ready && p.address !== undefined && p.address !== old.address ? p : undefined;
  });
  // The same logical peer: whatever answers at the new address proved it is ${peer}.
  const hs = v.history.find((e) => e.event === 'handshake' && e.connectionId === v.connectionId);
  if (hs?.verifiedRid !== peer) violated(`the connection at the new address was made without a handshake proving ${peer} (${hs ? `it proved ${hs.verifiedRid ?? 'nothing'}` : 'no handshake'})`);
});

Then("{rid} refuses the handshake and its peer {rid} stays not-ready", async function (this: SpotWorld, node: Rid, peer: Rid) {
  const at = faultAt(this);
  const before = this.before.get(`${node}->${peer}`);
  await expectWithin(`${node} to refuse a handshake at ${peer}'s address`, reconnectBoundMs(this), async () =>
    (await this.driver.peer(node, peer)).history.some((e) => e.at >= at && e.event === 'not-ready' && e.reason === 'handshake-refused'),
  );
  await throughout(`${node}'s peer ${peer}`, this.neverWindow(), async () => {
    const v = await this.driver.peer(node, peer);
    if (v.ready) return 'is ready with something that did not prove the mesh credential';
    const hs = v.history.find((e) => e.event === 'handshake' && e.connectionId !== before?.connectionId && e.at >= at);
    return hs ? `completed a handshake on ${hs.connectionId}` : undefined;
  });
});

// A window, not a pause: the peer is watched for a whole liveness deadline, in which its node keeps
// trying to reconnect (what a node does meanwhile, a handshake left unanswered, need not be an event).
Then("{rid}'s peer {rid} stays not-ready for a liveness deadline", async function (this: SpotWorld, node: Rid, peer: Rid) {
  await throughout(`${node}'s peer ${peer}`, this.description.timings.livenessDeadlineMs, async () =>
    (await this.driver.peer(node, peer)).ready ? 'is ready with a peer that answers nothing' : undefined,
  );
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

/**
 * The connection IDs of both directions between `node` and each other node of its mesh, as the
 * Driver shows them: every connection made in their histories (or made from `since` on), and the
 * current one.
 */
async function connectionsOf(world: SpotWorld, node: Rid, since = -Infinity): Promise<Array<{ label: string; ids: string[] }>> {
  const out: Array<{ label: string; ids: string[] }> = [];
  const peers = [...world.meshes.values()].find((n) => n.includes(node))?.filter((p) => p !== node) ?? [];
  for (const peer of peers) {
    for (const [from, to] of [[node, peer], [peer, node]]) {
      const v = await world.driver.peer(from, to);
      // Connections made (a handshake, ready): a not-ready heard late may still name an old one.
      const made = v.history.filter((e) => e.at >= since && (e.event === 'handshake' || e.event === 'ready'));
      const ids = new Set(made.map((e) => e.connectionId).filter((id): id is string => !!id));
      if (v.connectionId) ids.add(v.connectionId);
      out.push({ label: `${from}'s peer ${to}`, ids: [...ids] });
    }
  }
  return out;
}

Given('the connection IDs of {rid} are noted', async function (this: SpotWorld, node: Rid) {
  const used = new Set((await connectionsOf(this, node)).flatMap((c) => c.ids));
  if (used.size === 0) throw new Error(`${node} has no connection to note`);
  this.usedConnectionIds.set(node, used);
});

Then('no connection of {rid} or to it reuses a connection ID noted before', async function (this: SpotWorld, node: Rid) {
  // V05: a previous connection ID is not reused, not even by a process that started again under the
  // same RID (its counters start again; the mesh's other nodes remember).
  const used = this.usedConnectionIds.get(node);
  if (!used) throw new Error(`the connection IDs of ${node} were not noted`);
  // The peers' histories still hold the connections to the process that died: only what was
  // made from the restart on is looked at.
  for (const { label, ids } of await connectionsOf(this, node, faultAt(this))) {
    const reused = ids.filter((id) => used.has(id));
    if (reused.length) violated(`${label} is on connection ID ${reused.join(', ')}, which was used before ${node} restarted`);
  }
});

Then("{rid}'s connections to {rids} are the ones noted", async function (this: SpotWorld, node: Rid, peers: Rid[]) {
  for (const peer of peers) {
    const noted = this.before.get(`${node}->${peer}`);
    if (!noted?.connectionId) throw new Error(`no connection from ${node} to ${peer} was noted`);
    const v = await this.driver.peer(node, peer);
    if (!v.ready || v.connectionId !== noted.connectionId) violated(`${node}'s connection to ${peer} was replaced (${noted.connectionId} -> ${v.connectionId ?? 'none'})`);
    const lost = lostSinceReady(v.history);
    if (lost) violated(`${node}'s peer ${peer} was not-ready (${lost.reason})`);
  }
});

Then("{rid}'s peer {rid} is dropped once {rid} reads the list again", async function (this: SpotWorld, node: Rid, peer: Rid, _reader: Rid) {
  // Only the needed change: the connection to a node the list no longer has is ended, once the
  // node has read the full list (a refresh period), plus a liveness deadline to notice.
  const t = this.description.timings;
  await expectWithin(`${node} to drop its connection to ${peer}`, 4 * t.descriptorRefreshMs + t.livenessDeadlineMs + SCHEDULING_TOLERANCE_MS, async () => !(await this.driver.peer(node, peer)).ready);
});
