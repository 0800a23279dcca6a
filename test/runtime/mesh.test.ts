// Protects the mesh rules of the reference runtime end to end, through the Driver methods of
// EmbeddedCluster (impl-reference/harness/embedded-cluster.ts): a started mesh has every peer ready on its own
// connection; node direct runs the handler once, on the named node; a hung (silent) peer is
// not-ready within the liveness deadline (R-CONN-2) without touching other peers (V04); the
// handshake refuses anything without the mesh credential (V05); a moved node is found again through
// the current discovery descriptor (R-CONN-3). The wrong-credential hello is driven at the transport
// level against a MeshNode, since the cluster's transport is private.

import { realClock } from '../../src/driver/clock.ts';
import { cryptoIds } from '../../src/driver/ids.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Gates, Journal, TestApp } from '../../impl-reference/node/app.ts';
import { EmbeddedCluster } from '../../impl-reference/harness/embedded-cluster.ts';
import { MeshNode } from '../../impl-reference/node/mesh-node.ts';
import { proof } from '../../impl-reference/connection/node-context.ts';
import { MemoryStore } from '../../impl-reference/store/memory.ts';
import { NodeStore, StoreReach } from '../../impl-reference/store/node-store.ts';
import { EMBEDDED_TIMINGS } from '../../impl-reference/harness/embedded-cluster.ts';
import { MemoryTransport } from '../../impl-reference/transport/memory.ts';
import type { CloseMode, Frame } from '../../impl-reference/transport/types.ts';
import type { EffectiveTimings, PeerView, Rid } from '../../src/driver/types.ts';

const TIMINGS: EffectiveTimings = { ...EMBEDDED_TIMINGS, heartbeatIntervalMs: 10, livenessDeadlineMs: 150, reconnectBackoffMs: 5, defaultDeadlineMs: 1000 };
const NODES: Rid[] = ['A', 'B', 'C'];
/** Upper bound for anything that should happen "soon"; polls return the moment it holds. */
const SOON_MS = 2000;

/** Re-read a condition every 5 ms until it holds, failing after withinMs. */
async function until<T>(what: string, withinMs: number, probe: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  const end = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() >= end) throw new Error(`${what}: not seen within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Watch a condition for a short bounded window; fail the moment it is violated. */
async function throughout(what: string, windowMs: number, violation: () => Promise<string | undefined>): Promise<void> {
  const end = Date.now() + windowMs;
  for (;;) {
    const v = await violation();
    if (v) throw new Error(`${what}: ${v}`);
    if (Date.now() >= end) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function withMesh(body: (d: EmbeddedCluster) => Promise<void>): Promise<void> {
  const d = new EmbeddedCluster({ timings: TIMINGS });
  try {
    await d.start({ meshes: [{ name: 'm', nodes: NODES }] });
    await body(d);
  } finally {
    await d.close();
  }
}

const pairs = () => NODES.flatMap((a) => NODES.filter((b) => b !== a).map((b) => [a, b] as const));

test('a started mesh of 3 has every peer ready, each on its own connection', async () => {
  await withMesh(async (d) => {
    assert.deepEqual((await d.describe()).timings, TIMINGS, 'the cluster reports the timings it was given');
    const views: PeerView[] = [];
    for (const [a, b] of pairs()) views.push(await d.peer(a, b));
    for (const v of views) {
      assert.equal(v.ready, true, `${v.node}'s peer ${v.peer} is not ready`);
      assert.ok(v.connectionId, `${v.node}->${v.peer} has no connection ID`);
      const handshake = v.history.find((e) => e.event === 'handshake');
      assert.equal(handshake?.verifiedRid, v.peer);
      assert.equal(handshake?.connectionId, v.connectionId);
      assert.equal(v.history.at(-1)?.event, 'ready');
    }
    assert.equal(new Set(views.map((v) => v.connectionId)).size, views.length, 'connection IDs are not distinct');
    for (const rid of NODES) {
      const n = await d.node(rid);
      assert.equal(n.alive, true);
      assert.equal(n.host, 'Ready');
    }
  });
});

test('node direct echo returns a reply, and the handler ran once, on the target', async () => {
  await withMesh(async (d) => {
    const { opId } = await d.submit({ kind: 'node-direct', from: 'A', mesh: 'm', to: 'B', payload: { app: 'echo', value: { n: 7 } } });
    const outcome = await d.outcome(opId, SOON_MS);
    assert.ok(outcome, 'no outcome');
    assert.equal(outcome.status, 'reply');
    assert.deepEqual(outcome.reply, { n: 7 });
    const connectionId = (await d.peer('A', 'B')).connectionId;
    assert.deepEqual(outcome.attempts, [{ target: 'B', accepted: 'yes', reason: 'accepted', connectionId }]);
    const journal = (await d.journal()).filter((e) => 'opId' in e && e.opId === opId);
    const handlers = journal.filter((e) => e.kind === 'handler');
    assert.equal(handlers.length, 1, `handler runs: ${JSON.stringify(handlers)}`);
    assert.equal(handlers[0].node, 'B');
    const results = journal.filter((e) => e.kind === 'result');
    assert.deepEqual(results.map((e) => [e.node, e.kind === 'result' && e.status]), [['A', 'reply']]);
  });
});

test("a hung node is seen not-ready by its peers for 'liveness', within the deadline, and no one else is", async () => {
  await withMesh(async (d) => {
    const fault = await d.fault({ kind: 'hang', node: 'B' });
    for (const observer of ['A', 'C']) {
      const v = await until(`${observer} to see B not-ready`, TIMINGS.livenessDeadlineMs + SOON_MS, async () => {
        const view = await d.peer(observer, 'B');
        return !view.ready && view;
      });
      const notReady = v.history.find((e) => e.event === 'not-ready' && e.at >= fault.at);
      assert.ok(notReady, `no not-ready event in ${JSON.stringify(v.history)}`);
      assert.equal(notReady.reason, 'liveness');
      const took = notReady.at - fault.at;
      assert.ok(took <= TIMINGS.livenessDeadlineMs + 50, `${observer} saw B not-ready ${took} ms after the hang`);
    }
    // V04: the other peer connections and the hosts are untouched.
    assert.equal((await d.peer('A', 'C')).ready, true);
    assert.equal((await d.peer('C', 'A')).ready, true);
    assert.equal((await d.node('A')).host, 'Ready');
    assert.equal((await d.node('C')).host, 'Ready');
  });
});

test("an impostor at a node's address is refused: 'handshake-refused', never ready", async () => {
  await withMesh(async (d) => {
    const before = await d.peer('A', 'B');
    const handshakesBefore = before.history.filter((e) => e.event === 'handshake').length;
    await d.fault({ kind: 'impostor', node: 'B' });
    const v = await until("A to refuse the impostor's handshake", SOON_MS, async () => {
      const view = await d.peer('A', 'B');
      return view.history.some((e) => e.reason === 'handshake-refused') && view;
    });
    const refused = v.history.find((e) => e.reason === 'handshake-refused')!;
    assert.equal(refused.address, before.address, 'the impostor answers at the old address');
    assert.notEqual(refused.connectionId, before.connectionId);
    // The old connection failed first (the real B vanished), then every handshake was refused.
    const lost = v.history.find((e) => e.event === 'not-ready');
    assert.equal(lost?.connectionId, before.connectionId);
    assert.equal(lost?.reason, 'transport-error');
    // No handshake is ever accepted after the fault, through several reconnect attempts.
    await throughout('A must not accept the impostor', 10 * TIMINGS.reconnectBackoffMs, async () => {
      const view = await d.peer('A', 'B');
      if (view.ready) return 'A sees B ready';
      const accepted = view.history.filter((e) => e.event === 'handshake').slice(handshakesBefore);
      return accepted.length ? `handshake accepted: ${JSON.stringify(accepted)}` : undefined;
    });
  });
});

test('a move makes peers reconnect to the new address, with a fresh connection', async () => {
  await withMesh(async (d) => {
    const old = { A: await d.peer('A', 'B'), C: await d.peer('C', 'B') };
    await d.fault({ kind: 'move', node: 'B' });
    for (const observer of ['A', 'C'] as const) {
      const v = await until(`${observer} to reach B at its new address`, SOON_MS, async () => {
        const view = await d.peer(observer, 'B');
        return view.ready && view.address !== old[observer].address && view;
      });
      assert.notEqual(v.connectionId, old[observer].connectionId);
      const lost = v.history.find((e) => e.event === 'not-ready' && e.connectionId === old[observer].connectionId);
      assert.equal(lost?.reason, 'orderly-close');
      const handshake = v.history.filter((e) => e.event === 'handshake').at(-1);
      assert.equal(handshake?.address, v.address);
      assert.equal(handshake?.verifiedRid, 'B');
    }
    assert.equal(old.A.address, old.C.address);
    const { opId } = await d.submit({ kind: 'node-direct', from: 'A', mesh: 'm', to: 'B', payload: { app: 'echo', value: 1 } });
    assert.equal((await d.outcome(opId, SOON_MS))?.status, 'reply');
  });
});

// ---- the handshake at the transport level, against one MeshNode --------------------------------

async function lonelyNode(credential: string) {
  const transport = new MemoryTransport();
  const store = new MemoryStore();
  const reach = new StoreReach();
  const node = new MeshNode({
    rid: 'B',
    clock: realClock,
    ids: cryptoIds,
    mesh: 'm',
    credential,
    timings: TIMINGS,
    transport,
    store: new NodeStore('B', store, reach, () => {}),
    app: new TestApp(new Journal(() => {}, realClock), new Gates()),
    queueCapacity: 4,
    workers: 1,
  });
  await node.start();
  // A is a member of the mesh as far as the descriptor list is concerned; we speak for it by hand.
  await store.compareAndSet('node/A', 0, { rid: 'A', mesh: 'm', address: 'mem://A/nowhere' });
  return { transport, store, reach, node };
}

async function dialB(transport: MemoryTransport, node: MeshNode) {
  const conn = await transport.connect(node.address);
  const frames: Frame[] = [];
  const closes: CloseMode[] = [];
  conn.onFrame((f) => frames.push(f));
  conn.onClose((m) => closes.push(m));
  return { conn, frames, closes };
}

const hello = (credential: string, connectionId: string) => ({
  t: 'hello',
  mesh: 'm',
  from: 'A',
  to: 'B',
  connectionId,
  proof: proof(credential, 'A', connectionId),
});

test('a hello with the wrong credential is refused by the node: no welcome, the connection is closed', async () => {
  const { transport, node } = await lonelyNode('right');
  try {
    const wrong = await dialB(transport, node);
    wrong.conn.send(hello('wrong', 'c-wrong'));
    await until('B to close the connection', SOON_MS, () => wrong.closes.length > 0);
    assert.deepEqual(wrong.closes, ['orderly']);
    assert.equal(wrong.frames.some((f) => f.t === 'welcome'), false, 'B welcomed a wrong credential');

    // Control: the same hello with the mesh credential is welcomed, and B proves its own identity.
    const right = await dialB(transport, node);
    right.conn.send(hello('right', 'c-right'));
    const welcome = await until('a welcome', SOON_MS, () => right.frames.find((f) => f.t === 'welcome'));
    assert.equal(welcome.rid, 'B');
    assert.equal(welcome.proof, proof('right', 'B', 'c-right'));
    right.conn.send({ t: 'submit', opId: 'op-1', from: 'A', work: { type: 'app', payload: { app: 'echo', value: 7 } } });
    const result = await until('a result', SOON_MS, () => right.frames.find((f) => f.t === 'result'));
    assert.deepEqual(result, { t: 'result', opId: 'op-1', ok: true, value: 7 });
    assert.deepEqual(right.closes, []);
  } finally {
    node.crash();
  }
});

test('nothing is served on a connection before its handshake', async () => {
  const { transport, node } = await lonelyNode('right');
  try {
    const c = await dialB(transport, node);
    c.conn.send({ t: 'submit', opId: 'op-1', from: 'A', payload: { app: 'echo', value: 7 } });
    c.conn.send({ t: 'ping' });
    await new Promise((r) => setTimeout(r, 20)); // "never happens": a short bounded window
    assert.deepEqual(c.frames, []);
    assert.equal(node.view().queue.running + node.view().queue.depth, 0);
  } finally {
    node.crash();
  }
});

// KNOWN BUG (reported, not fixed here): MeshNode.onHello sends 'refuse' and closes at once, and the
// memory transport drops frames written before a close, so the refused side never reads 'refuse':
// its PeerLink takes the close of a handshaking connection as a plain failure and records nothing.
test("the refused side of a hello records 'handshake-refused'", async () => {
  const { transport, store, reach, node: b } = await lonelyNode('right');
  const a = new MeshNode({
    rid: 'A',
    clock: realClock,
    ids: cryptoIds,
    mesh: 'm',
    credential: 'wrong',
    timings: TIMINGS,
    transport,
    store: new NodeStore('A', store, reach, () => {}),
    app: new TestApp(new Journal(() => {}, realClock), new Gates()),
    queueCapacity: 4,
    workers: 1,
  });
  try {
    await a.start();
    void a.connectPeers(); // never resolves: B is never ready for A
    await until("A to record B's refusal", 300, () =>
      a.peerView('B').history.some((e) => e.reason === 'handshake-refused'),
    );
  } finally {
    a.crash();
    b.crash();
  }
});

test('a restarted node starts with no failpoint armed: a Store failpoint its old process never reached is gone', async () => {
  const c = new EmbeddedCluster({ timings: TIMINGS });
  try {
    await c.start({ meshes: [{ name: 'm', nodes: ['A', 'B'] }] });
    await c.fault({ kind: 'failpoint', node: 'B', name: 'store.reply-lost-after-apply' });
    await c.fault({ kind: 'crash', node: 'B' });
    // The restart writes B's descriptor to the Store: with the failpoint still armed it would fail.
    await c.fault({ kind: 'restart', node: 'B' });
    assert.equal((await c.node('B')).alive, true);
    const log = await c.storeLog();
    assert.equal(log.filter((e) => e.node === 'B' && e.result === 'unclear').length, 0, 'no Store reply was lost');
  } finally {
    await c.close();
  }
});

test("a node's own stall is not a peer's silence: after the loop was blocked past the liveness deadline, every peer stays ready", async () => {
  await withMesh(async (d) => {
    // Every node of the embedded mesh shares this loop: block it for twice the liveness deadline,
    // as a loaded machine or a long pause would. Pings were due meanwhile, and are queued, unread.
    const until = Date.now() + 2 * TIMINGS.livenessDeadlineMs;
    while (Date.now() < until) {
      /* the stall */
    }
    await throughout('peers after a stall', 3 * TIMINGS.heartbeatIntervalMs + 50, async () => {
      for (const [a, b] of pairs()) {
        const v = await d.peer(a, b);
        const lost = v.history.find((e) => e.event === 'not-ready');
        if (lost) return `${a}'s peer ${b} went not-ready (${lost.reason}) after ${a}'s own stall`;
      }
      return undefined;
    });
  });
});
