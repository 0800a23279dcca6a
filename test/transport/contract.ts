// The transport contract: what every Transport (memory, NATS) must do for the rules above it
// (docs/transport.md), as node:test cases. A test file calls transportContract() with a factory
// giving a fresh pair of transports per test: listeners are made on `server`, connections dialled
// from `client` (for NATS, two clients on different servers of a cluster, so traffic crosses routes).

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { CloseMode, Connection, Frame, Listener, Transport } from '../../impl-reference/transport/types.ts';

export interface TransportPair {
  /** Where the listeners are. */
  server: Transport;
  /** Where connections are dialled from (may be the same transport as `server`). */
  client: Transport;
  /** Awaited after each listen(): e.g. the listener's subscription is in place (not: known cluster-wide). */
  listening?(listener: Listener): Promise<void>;
  cleanup(): Promise<void>;
}

export interface ContractOptions {
  /** How long "this never happens" is watched for. */
  quietMs: number;
  /** How long something that must happen may take. */
  waitMs: number;
  /**
   * Cases this implementation is known not to meet, by test name, with the reason: they still run
   * but as `todo` (reported, not failing), so a deviation is visible in every run.
   */
  deviations?: Record<string, string>;
}

export interface Watched {
  conn: Connection;
  frames: Frame[];
  closes: CloseMode[];
  /** Resolves once `n` frames have arrived in all (bounded). */
  frameCount(n: number): Promise<Frame[]>;
  /** Resolves with the first close event (bounded). */
  nextClose(): Promise<CloseMode>;
}

/** Records a connection's frames and close events from now on. */
export function watch(conn: Connection, waitMs: number): Watched {
  const frames: Frame[] = [];
  const closes: CloseMode[] = [];
  let waiters: Array<() => void> = [];
  const wake = () => {
    const ws = waiters;
    waiters = [];
    for (const w of ws) w();
  };
  conn.onFrame((f) => {
    frames.push(f);
    wake();
  });
  conn.onClose((m) => {
    closes.push(m);
    wake();
  });
  const until = <T>(what: string, ready: () => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} not seen within ${waitMs} ms`)), waitMs);
      const check = () => {
        const v = ready();
        if (v === undefined) return void waiters.push(check);
        clearTimeout(timer);
        resolve(v);
      };
      check();
    });
  return {
    conn,
    frames,
    closes,
    frameCount: (n) => until(`${n} frames (have ${frames.length})`, () => (frames.length >= n ? frames : undefined)),
    nextClose: () => until('close event', () => closes[0]),
  };
}

export function transportContract(name: string, make: () => Promise<TransportPair>, opts: ContractOptions): void {
  const { quietMs, waitMs } = opts;
  const quiet = () => new Promise((r) => setTimeout(r, quietMs));
  /** it(), or a todo when this implementation is known to deviate from the case. */
  const clause = (title: string, fn: () => Promise<void>) => {
    const deviation = opts.deviations?.[title];
    if (deviation) it(title, { todo: `known deviation of ${name}: ${deviation}` }, fn);
    else it(title, fn);
  };

  describe(`Transport contract: ${name}`, () => {
    let pair: TransportPair;
    beforeEach(async () => {
      pair = await make();
    });
    afterEach(async () => pair.cleanup());

    async function listen(onConnection: (conn: Connection) => void, rid = 'B'): Promise<Listener> {
      const listener = await pair.server.listen(pair.server.newAddress(rid), onConnection);
      await pair.listening?.(listener);
      return listener;
    }

    /** A connected pair of ends, watched from the start. */
    async function connected(): Promise<{ client: Watched; server: Watched; listener: Listener }> {
      let server: Watched | undefined;
      const listener = await listen((conn) => (server = watch(conn, waitMs)));
      const client = watch(await pair.client.connect(listener.address), waitMs);
      assert.ok(server, 'the listener had the connection when connect() resolved');
      return { client, server, listener };
    }

    clause('connect to an address nobody listens at rejects', async () => {
      const t0 = Date.now();
      await assert.rejects(pair.client.connect(pair.server.newAddress('nobody')), /connection refused/);
      assert.ok(Date.now() - t0 < waitMs, `rejected only after ${Date.now() - t0} ms`);
    });

    clause('a connection has an id; each connection its own', async () => {
      const a = await connected();
      const b = await connected();
      for (const end of [a.client, a.server, b.client, b.server]) {
        assert.equal(typeof end.conn.id, 'string');
        assert.ok(end.conn.id.length > 0);
      }
      assert.equal(new Set([a.client.conn.id, b.client.conn.id]).size, 2, 'two connections share a client-side id');
      assert.equal(new Set([a.server.conn.id, b.server.conn.id]).size, 2, 'two connections share a server-side id');
      assert.notEqual(a.client.conn.id, b.server.conn.id);
    });

    clause('both ends of a connection share its id', async () => {
      const { client, server } = await connected();
      assert.equal(client.conn.id, server.conn.id);
    });

    clause("the handshake: the hello's connectionId comes back in the welcome, on the same connection", async () => {
      // What PeerLink and MeshNode do: the caller names the connection, the listener answers on it.
      const { client, server } = await connected();
      server.conn.onFrame((f) => {
        server.frames.push(f);
        if (f.t === 'hello') server.conn.send({ t: 'welcome', connectionId: f.connectionId });
      });
      client.conn.send({ t: 'hello', connectionId: client.conn.id });
      const [welcome] = await client.frameCount(1);
      assert.deepEqual(welcome, { t: 'welcome', connectionId: client.conn.id });
      assert.deepEqual(server.frames, [{ t: 'hello', connectionId: client.conn.id }]);
    });

    clause('a frame is data: serialized at send(), JSON only, never delivered within send()', async () => {
      const { client, server } = await connected();
      const frame = { t: 'submit', payload: { value: 1 }, fn: () => 1, missing: undefined, when: new Date(0) };
      client.conn.send(frame);
      frame.payload.value = 2;
      assert.equal(server.frames.length, 0, 'delivered within send()');
      const [got] = await server.frameCount(1);
      assert.deepEqual(got, { t: 'submit', payload: { value: 1 }, when: '1970-01-01T00:00:00.000Z' });
    });

    clause('1,000 frames each way arrive in order', async () => {
      const { client, server } = await connected();
      for (let i = 0; i < 1000; i++) {
        client.conn.send({ t: 'c', i });
        server.conn.send({ t: 's', i });
      }
      const [atServer, atClient] = await Promise.all([server.frameCount(1000), client.frameCount(1000)]);
      assert.deepEqual(atServer.map((f) => f.i), Array.from({ length: 1000 }, (_, i) => i));
      assert.deepEqual(atClient.map((f) => f.i), Array.from({ length: 1000 }, (_, i) => i));
      await quiet();
      assert.equal(server.frames.length + client.frames.length, 2000, 'a frame arrived twice');
    });

    clause("close('orderly'): what was written arrives, then 'orderly'; the closer hears nothing; nothing crosses after", async () => {
      const { client, server } = await connected();
      for (let i = 0; i < 100; i++) client.conn.send({ t: 'before', i });
      client.conn.close('orderly');
      client.conn.send({ t: 'after-close' });
      assert.equal(await server.nextClose(), 'orderly');
      assert.deepEqual(server.frames.map((f) => f.i), Array.from({ length: 100 }, (_, i) => i),
        'the frames written before the close, all and in order, before the close event');
      server.conn.send({ t: 'reply-after-close' });
      await quiet();
      assert.deepEqual(server.closes, ['orderly']);
      assert.deepEqual(client.closes, [], 'the closing side got a close event for its own close');
      assert.equal(server.frames.length, 100, 'a frame written after the close arrived');
      assert.deepEqual(client.frames, [], 'a frame crossed to the closed side');
    });

    clause("close('error'): the other side hears 'error', the closer nothing", async () => {
      const { client, server } = await connected();
      server.conn.close('error');
      assert.equal(await client.nextClose(), 'error');
      client.conn.send({ t: 'to-the-closed' });
      await quiet();
      assert.deepEqual(client.closes, ['error']);
      assert.deepEqual(server.closes, []);
      assert.deepEqual(server.frames, []);
    });

    clause("failAfterNextWrite(): that frame is delivered, then both sides hear 'error', and a reply is lost", async () => {
      const { client, server } = await connected();
      // The server answers at once, from inside the delivery of the frame.
      server.conn.onFrame((f) => {
        server.frames.push(f);
        server.conn.send({ t: 'reply', to: f.t });
      });
      client.conn.send({ t: 'first' });
      await client.frameCount(1); // the reply to 'first' crossed: the connection works
      client.conn.failAfterNextWrite();
      client.conn.send({ t: 'last' });
      client.conn.send({ t: 'too-late' });
      const [serverClose, clientClose] = await Promise.all([server.nextClose(), client.nextClose()]);
      assert.equal(serverClose, 'error');
      assert.equal(clientClose, 'error');
      await quiet();
      assert.deepEqual(server.frames.map((f) => f.t), ['first', 'last'], 'exactly the armed frame crosses, and nothing after it');
      assert.deepEqual(client.frames.map((f) => f.to), ['first'], 'the reply to the armed frame crossed a failed connection');
      assert.deepEqual(server.closes, ['error']);
      assert.deepEqual(client.closes, ['error']);
    });

    clause('failAfterNextWrite() applies to the next frame written by that end only', async () => {
      const { client, server } = await connected();
      client.conn.failAfterNextWrite();
      server.conn.send({ t: 'from-the-other-side' });
      await client.frameCount(1);
      await quiet();
      assert.deepEqual(client.closes, [], 'a frame of the other side set off the failpoint');
      client.conn.send({ t: 'armed' });
      assert.equal(await server.nextClose(), 'error');
      assert.deepEqual(server.frames.map((f) => f.t), ['armed']);
    });

    clause('abandon(): the other side hears nothing, and nothing crosses either way', async () => {
      const { client, server } = await connected();
      client.conn.send({ t: 'before' });
      await server.frameCount(1);
      client.conn.abandon();
      client.conn.send({ t: 'from-the-dead' });
      const late: Frame[] = [];
      client.conn.onFrame((f) => late.push(f)); // a handler set after abandon() reads nothing either
      server.conn.send({ t: 'to-the-dead' });
      await quiet();
      assert.deepEqual(server.frames.map((f) => f.t), ['before']);
      assert.deepEqual(server.closes, [], 'an abandoned connection must look half-open: no close event');
      assert.deepEqual(client.frames, []);
      assert.deepEqual(late, []);
      assert.deepEqual(client.closes, []);
    });

    clause('50 concurrent connections keep their frames apart and in order', async () => {
      const accepted: Watched[] = [];
      const listener = await listen((conn) => {
        const w = watch(conn, waitMs);
        accepted.push(w);
        conn.onFrame((f) => {
          w.frames.push(f);
          conn.send({ t: 'echo', n: f.n, i: f.i }); // echo on the connection it came in on
        });
      });
      const clients = await Promise.all(Array.from({ length: 50 }, async () => watch(await pair.client.connect(listener.address), waitMs)));
      assert.equal(accepted.length, 50);
      clients.forEach((c, n) => {
        for (let i = 0; i < 20; i++) c.conn.send({ t: 'x', n, i });
      });
      await Promise.all(clients.map((c) => c.frameCount(20)));
      clients.forEach((c, n) => {
        assert.deepEqual(c.frames.map((f) => `${f.n}:${f.i}`), Array.from({ length: 20 }, (_, i) => `${n}:${i}`));
      });
      for (const a of accepted) {
        assert.equal(new Set(a.frames.map((f) => f.n)).size, 1, 'frames of two connections arrived on one');
      }
      assert.equal(new Set(clients.map((c) => c.conn.id)).size, 50);
    });

    clause('a closed listener: connect rejects, and connections it accepted before live on', async () => {
      const { client, server, listener } = await connected();
      listener.close();
      await assert.rejects(pair.client.connect(listener.address), /connection refused/);
      // MeshNode.move() listens elsewhere, then closes the old connections orderly: they still work.
      client.conn.send({ t: 'still-there' });
      server.conn.send({ t: 'so-am-i' });
      await Promise.all([server.frameCount(1), client.frameCount(1)]);
      server.conn.close('orderly');
      assert.equal(await client.nextClose(), 'orderly');
    });

    clause('listening twice at one address throws; a new address after close works', async () => {
      const listener = await listen(() => {});
      // A transport that binds asynchronously (TCP) rejects instead of throwing.
      await assert.rejects(async () => pair.server.listen(listener.address, () => {}), /address in use/);
      listener.close();
      const again = await listen(() => {});
      assert.notEqual(again.address, listener.address, 'newAddress() gave an address twice');
      const conn = await pair.client.connect(again.address);
      conn.close('orderly');
      again.close();
    });
  });
}
