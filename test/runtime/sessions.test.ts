// The Session owner's TCP protocol (impl-reference/sessions/): JSON lines on 127.0.0.1. A line that
// is not a request gets a one-line BadRequest answer and the node goes on serving (the same
// connection, and other clients); a wrong credential is refused and its connection closed; nothing
// is served before authentication; a location update moves only bindings of the same generation;
// close() leaves no socket open. Raw sockets speak to the server directly; the server's port and
// the node are reached through the cluster's internals, which the Driver deliberately hides.

import { test } from 'node:test';
import type { SessionHost } from '../../impl-reference/sessions/session-host.ts';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { EmbeddedCluster, EMBEDDED_TIMINGS } from '../../impl-reference/harness/embedded-cluster.ts';
import type { MeshNode } from '../../impl-reference/node/mesh-node.ts';
import { authProof, MAX_LINE_BYTES } from '../../impl-reference/sessions/protocol.ts';
import type { Outcome } from '../../src/driver/types.ts';

const SOON_MS = 2000;

function nodeOf(d: EmbeddedCluster, rid: string): MeshNode<SessionHost> {
  return d.meshNode(rid) as MeshNode<SessionHost>;
}

async function withCluster(body: (d: EmbeddedCluster) => Promise<void>): Promise<void> {
  const d = new EmbeddedCluster({ timings: EMBEDDED_TIMINGS });
  try {
    await d.start({ meshes: [{ name: 'm', nodes: ['A', 'B'] }] });
    await body(d);
  } finally {
    await d.close();
  }
}

async function run(d: EmbeddedCluster, op: Parameters<EmbeddedCluster['submit']>[0]): Promise<Outcome> {
  const { opId } = await d.submit(op);
  const o = await d.outcome(opId, SOON_MS);
  assert.ok(o, `no outcome for ${op.kind}`);
  return o;
}

/** A raw client: every line the server sends, in order, and a way to wait for the next ones. */
class RawClient {
  readonly lines: string[] = [];
  closed = false;
  private buffer = '';
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, nl));
        this.buffer = this.buffer.slice(nl + 1);
      }
      this.wake();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = connect({ host: '127.0.0.1', port }, () => resolve(new RawClient(s)));
      s.once('error', reject);
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves with line n (0-based) as JSON, once it arrived. */
  async line(n: number): Promise<Record<string, unknown>> {
    const end = Date.now() + SOON_MS;
    while (this.lines.length <= n) {
      if (this.closed) throw new Error(`the connection closed after ${this.lines.length} lines: ${this.lines.join(' | ')}`);
      if (Date.now() > end) throw new Error(`line ${n} did not come: ${this.lines.join(' | ')}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 20);
      });
    }
    return JSON.parse(this.lines[n]) as Record<string, unknown>;
  }

  async whenClosed(): Promise<void> {
    const end = Date.now() + SOON_MS;
    while (!this.closed) {
      if (Date.now() > end) throw new Error('the connection was not closed');
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  write(text: string): void {
    this.socket.write(text);
  }
}

test('a line that is not JSON gets a one-line BadRequest answer; the node goes on serving', async () => {
  await withCluster(async (d) => {
    const node = nodeOf(d, 'A');
    const raw = await RawClient.open(node.sessions!.port!);
    const welcome = await raw.line(0);
    assert.equal(welcome.t, 'welcome');
    assert.equal(welcome.node, 'A');

    raw.write('{this is not json\n');
    const answer = await raw.line(1);
    assert.deepEqual([answer.t, answer.errorKind], ['fail', 'BadRequest']);
    assert.equal(raw.lines.length, 2, 'exactly one line answers the bad one');

    raw.write('[1,2,3]\n{"t":"bind"}\n{"t":"nonsense","id":"x1"}\n');
    assert.deepEqual([(await raw.line(2)).errorKind, (await raw.line(3)).errorKind], ['BadRequest', 'BadRequest']);
    const unknown = await raw.line(4);
    assert.deepEqual([unknown.errorKind, unknown.id], ['BadRequest', 'x1']);

    // The same connection is still served.
    raw.write('{"t":"hello","id":"h1","client":"raw"}\n');
    assert.deepEqual(await raw.line(5), { t: 'ok', id: 'h1', session: welcome.session });
    assert.equal(raw.closed, false);

    // The node is alive and serves other clients end to end.
    assert.equal((await d.node('A')).alive, true);
    await run(d, { kind: 'create', from: 'B', objectId: 'a1', objectKind: 'actor', on: 'B', input: {} });
    assert.equal((await run(d, { kind: 'session-connect', client: 'c1', node: 'A' })).status, 'reply');
    assert.equal((await run(d, { kind: 'session-authenticate', client: 'c1' })).status, 'reply');
    const bound = await run(d, { kind: 'session-bind', client: 'c1', objectId: 'a1' });
    assert.equal(bound.status, 'reply');
    const { token } = bound.reply as { token: string };
    const relayed = await run(d, { kind: 'session-relay', client: 'c1', bindingToken: token, payload: { app: 'echo', value: 'still here' } });
    assert.equal(relayed.status, 'reply');
    assert.equal(relayed.reply, 'still here');
    assert.deepEqual(relayed.attempts.map((a) => [a.target, a.accepted]), [['B', 'yes']]);
    raw.socket.destroy();
  });
});

test('a line longer than the limit is answered BadRequest and the connection closed', async () => {
  await withCluster(async (d) => {
    const raw = await RawClient.open(nodeOf(d, 'A').sessions!.port!);
    await raw.line(0);
    raw.write('x'.repeat(MAX_LINE_BYTES + 10));
    assert.equal((await raw.line(1)).errorKind, 'BadRequest');
    await raw.whenClosed();
    assert.equal((await d.node('A')).alive, true);
  });
});

test('a wrong credential is refused and the connection closed; nothing is served before authentication', async () => {
  await withCluster(async (d) => {
    await run(d, { kind: 'create', from: 'B', objectId: 'a1', objectKind: 'actor', on: 'B', input: {} });
    const raw = await RawClient.open(nodeOf(d, 'A').sessions!.port!);
    const welcome = await raw.line(0);
    raw.write('{"t":"bind","id":"b1","objectId":"a1"}\n');
    assert.deepEqual(await raw.line(1), { t: 'fail', id: 'b1', errorKind: 'Unauthenticated' });
    raw.write('{"t":"relay","id":"r1","token":"guessed","payload":{"app":"echo","value":1}}\n');
    assert.deepEqual(await raw.line(2), { t: 'fail', id: 'r1', errorKind: 'Unauthenticated' });
    // A proof made with another credential, over the right nonce.
    raw.write(`${JSON.stringify({ t: 'auth', id: 'a1', proof: authProof('not the credential', String(welcome.nonce)) })}\n`);
    assert.deepEqual(await raw.line(3), { t: 'fail', id: 'a1', errorKind: 'Unauthenticated' });
    await raw.whenClosed();
    const held = nodeOf(d, 'A').sessions!.view(String(welcome.session));
    assert.equal(held?.state, 'ended');
    assert.equal(held?.authenticated, false);
    assert.equal((await d.journal()).filter((e) => e.kind === 'handler').length, 0, 'nothing ran');

    // Through the Driver: the same refusal, and the right credential is accepted.
    await run(d, { kind: 'session-connect', client: 'c1', node: 'A' });
    const refused = await run(d, { kind: 'session-authenticate', client: 'c1', wrongCredential: true });
    assert.deepEqual([refused.status, refused.errorKind], ['failure', 'Unauthenticated']);
    await run(d, { kind: 'session-connect', client: 'c1', node: 'A' });
    assert.equal((await run(d, { kind: 'session-authenticate', client: 'c1' })).status, 'reply');
    const v = await d.session('c1');
    assert.deepEqual(v.connections.map((c) => [c.open, c.closedBy, c.atOwner?.authenticated]), [
      [false, 'owner', false],
      [true, undefined, true],
    ]);
  });
});

test('a location update moves only the bindings of the same generation, on the same connection', async () => {
  await withCluster(async (d) => {
    await run(d, { kind: 'create', from: 'B', objectId: 'a1', objectKind: 'actor', on: 'B', input: {} });
    await run(d, { kind: 'session-connect', client: 'c1', node: 'A' });
    await run(d, { kind: 'session-authenticate', client: 'c1' });
    const { token } = (await run(d, { kind: 'session-bind', client: 'c1', objectId: 'a1' })).reply as { token: string };
    const node = nodeOf(d, 'A');
    node.locationUpdate({ objectId: 'a1', generation: 2, owner: 'A' }); // another incarnation: not applied
    let b = (await d.session('c1')).connections[0].atOwner!.bindings[0];
    assert.deepEqual([b.token, b.route, b.state], [token, 'B', 'bound']);
    node.locationUpdate({ objectId: 'a1', generation: 1, owner: 'A' });
    const v = (await d.session('c1')).connections[0];
    b = v.atOwner!.bindings[0];
    assert.deepEqual([b.token, b.route, b.location, b.state], [token, 'A', { owner: 'A', generation: 1 }, 'bound']);
    assert.deepEqual(b.history.map((e) => e.event), ['bound', 'location-update']);
    const update = await (async () => {
      const end = Date.now() + SOON_MS;
      for (;;) {
        const u = (await d.session('c1')).connections[0].updates[0];
        if (u || Date.now() > end) return u;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    assert.deepEqual(update, { t: 'location-update', token, objectId: 'a1', generation: 1, route: 'A' });
    assert.equal(v.open, true);
  });
});

test('close() closes every Session server and client connection', async () => {
  const d = new EmbeddedCluster({ timings: EMBEDDED_TIMINGS });
  await d.start({ meshes: [{ name: 'm', nodes: ['A'] }] });
  const port = nodeOf(d, 'A').sessions!.port!;
  await run(d, { kind: 'session-connect', client: 'c1', node: 'A' });
  const raw = await RawClient.open(port);
  await raw.line(0);
  await d.close();
  await raw.whenClosed();
  assert.equal((await d.session('c1')).connections[0].open, false);
  await assert.rejects(RawClient.open(port), 'the server no longer listens');
});
