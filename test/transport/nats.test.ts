// The transport contract on NatsTransport against a real 3-server NATS cluster (see
// src/servers/nats.ts for where it comes from), with the two ends of every connection on different
// servers, so every frame crosses a route; plus the cluster's own checks. No NATS at all is a
// failure with NoNatsError's one-line reason, never a silent skip.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { NatsTransport, type NatsListener } from '../../impl-reference/transport/nats.ts';
import type { Connection, Listener } from '../../impl-reference/transport/types.ts';
import { routesPerServer, startNatsCluster, type NatsCluster } from '../../src/servers/nats.ts';
import { transportContract, watch } from './contract.ts';

describe('NatsTransport', () => {
  let cluster: NatsCluster;
  const runId = `test-${process.pid}`;

  before(async () => {
    cluster = await startNatsCluster();
    console.log(`nats via ${cluster.via}: ${cluster.urls.map((u) => new URL(u).host).join(', ')}`);
  });
  after(async () => {
    await cluster?.stop();
  });

  /** A transport whose client uses server `i` (the others only if that one fails). */
  const on = (i: number) => new NatsTransport([cluster.urls[i], ...cluster.urls.filter((_, j) => j !== i)], { runId });

  let nextPair = 0;
  transportContract('NatsTransport (ends on different servers)', async () => {
    // Each test a different pair of servers, so every route is crossed in both directions.
    const n = cluster.urls.length;
    const s = nextPair++ % n;
    const server = on(s);
    const client = on((s + 1) % n);
    await Promise.all([server.ready(), client.ready()]);
    assert.notEqual(server.connectedServer, client.connectedServer);
    return {
      server,
      client,
      // Only the listener's own server is awaited: connect() copes with interest still spreading.
      listening: (l: Listener) => (l as NatsListener).ready,
      cleanup: async () => void (await Promise.all([server.close(), client.close()])),
    };
  }, { quietMs: 200, waitMs: 3000 });

  it('the cluster formed: every server reports a route to each of the two others', async (t) => {
    if (!cluster.monitorUrls) return t.skip(`no monitoring URLs for servers given via ${cluster.via}`);
    assert.deepEqual(await routesPerServer(cluster.monitorUrls), cluster.urls.map(() => 2));
  });

  it('connect right after listen(), not even awaiting ready, succeeds across servers 30 times out of 30', async () => {
    // Without connect()'s retry on "no responders", about 2 in 5 of these fail: interest in the
    // new listener's subject has not reached the dialer's server yet (docs/transport.md).
    const a = on(0);
    const b = on(2);
    try {
      await Promise.all([a.ready(), b.ready()]);
      for (let i = 0; i < 30; i++) {
        let accepted: Connection | undefined;
        const listener = b.listen(b.newAddress(`L${i}`), (c) => (accepted = c));
        const conn = await a.connect(listener.address);
        const server = watch(accepted!, 2000);
        conn.send({ t: 'hello', i });
        assert.deepEqual(await server.frameCount(1), [{ t: 'hello', i }]);
        conn.close('orderly');
        listener.close();
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('probe(): true once a listener answers from another server, false where nothing listens', async () => {
    const a = on(1);
    const b = on(0);
    try {
      const listener = b.listen(b.newAddress('P'), () => assert.fail('a probe made a connection'));
      await listener.ready;
      assert.equal(await a.probe(listener.address, 2000), true);
      assert.equal(await a.probe(b.newAddress('nobody'), 200), false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("transport.close(): the other side hears nothing (like a dead process); a second close() is harmless", async () => {
    const a = on(0);
    const b = on(1);
    try {
      let accepted: Connection | undefined;
      const listener = b.listen(b.newAddress('C'), (c) => (accepted = c));
      await listener.ready;
      const conn = watch(await a.connect(listener.address), 2000);
      const server = watch(accepted!, 2000);
      conn.conn.send({ t: 'x' });
      await server.frameCount(1);
      await a.close();
      await a.close();
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(server.closes, []);
      await assert.rejects(a.connect(listener.address), /connection refused/);
    } finally {
      await b.close();
    }
  });

  it('a paused (hung) listener: connect rejects within the open timeout', async (t) => {
    if (!cluster.pause || !cluster.unpause) return t.skip(`cannot pause servers given via ${cluster.via}`);
    const a = new NatsTransport([cluster.urls[0]], { runId, openTimeoutMs: 500 });
    const b = new NatsTransport([cluster.urls[2]], { runId, connection: { reconnect: false } });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const listener = b.listen(b.newAddress('H'), () => {});
      await listener.ready;
      assert.equal(await a.probe(listener.address, 2000), true);
      await cluster.pause(2);
      try {
        const t0 = Date.now();
        await assert.rejects(a.connect(listener.address), /connection refused/);
        assert.ok(Date.now() - t0 < 1500, `took ${Date.now() - t0} ms`);
      } finally {
        await cluster.unpause(2);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('stop() leaves no nats-server process (or container) of ours, and a second stop() is harmless', async () => {
    await cluster.stop();
    await cluster.stop();
    for (const pid of cluster.pids ?? []) {
      assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, `nats-server ${pid} still runs`);
    }
    if (cluster.via === 'binary') {
      // And nothing listens with our client ports on its command line.
      const ports = cluster.urls.map((u) => new URL(u).port);
      const ps = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
      const ours = ps.split('\n').filter((l) => /nats-server/.test(l) && ports.some((p) => l.includes(`-p ${p} `)));
      assert.deepEqual(ours, []);
    }
    if (cluster.via === 'testcontainers') {
      const { getContainerRuntimeClient } = await import('testcontainers');
      const client = await getContainerRuntimeClient();
      for (const id of cluster.containerIds ?? []) {
        const left = await client.container.getById(id).inspect().then(() => true, () => false);
        assert.equal(left, false, `container ${id.slice(0, 12)} is still there`);
      }
    }
  });
});
