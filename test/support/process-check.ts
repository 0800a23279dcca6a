// The process backend's checks, run by test/process.test.ts in a process of their own that ends
// with an explicit exit: the test's verdict never waits on how a Node process winds down.
// Prints one JSON line: {"ok": true} or {"ok": false, "error": "..."}.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ProcessCluster } from '../../impl-reference/harness/process-cluster.ts';
import { startNatsCluster } from '../../src/servers/nats.ts';
import { startRedis } from '../../src/servers/redis.ts';
import { Redis } from 'ioredis';

process.env.SPOTCHECK_NODE_BUNDLE = '0';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function state(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0];
  } catch {
    return '?';
  }
}

/** Whether the Redis at `url` answers PING within 500 ms, on a fresh connection. */
async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 500, commandTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function checks(): Promise<void> {
  const redis = await startRedis();
  const nats = await startNatsCluster();
  try {
    assert.ok(redis.pauseBy, `the Redis this check started (${redis.via}) can be frozen`);
    const cluster = new ProcessCluster({ redisUrl: redis.url, natsUrls: nats.urls, redisPause: redis.pauseBy });
    try {
      await cluster.start({ meshes: [{ name: 'm1', nodes: ['A', 'B', 'C'] }] });
      const pids = cluster.pids();
      assert.equal(new Set(Object.values(pids)).size, 3, 'three nodes, three processes');
      for (const pid of Object.values(pids)) assert.ok(alive(pid) && pid !== process.pid);

      // A handler that ran on B before B was killed stays in the journal.
      const { opId } = await cluster.submit({ kind: 'node-direct', from: 'A', mesh: 'm1', to: 'B', payload: { app: 'block', gate: 'g', value: 'x', mark: 'test-1' } as never });
      const ran = async () => (await cluster.journal()).some((e) => e.kind === 'handler' && e.node === 'B' && e.opId === opId);
      for (let i = 0; i < 100 && !(await ran()); i++) await new Promise((r) => setTimeout(r, 20));
      assert.ok(await ran(), 'the handler started on B');
      await cluster.fault({ kind: 'crash', node: 'B' });
      assert.equal(alive(pids.B), false, 'a crash is the process killed');
      assert.ok(await ran(), 'what B recorded before the SIGKILL is still in the journal');

      await cluster.fault({ kind: 'hang', node: 'C' });
      // The signal is delivered asynchronously: the process is stopped within moments.
      for (let i = 0; i < 50 && state(pids.C) !== 'T'; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(state(pids.C), 'T', 'a hang is the process stopped');

      // The Store down for every node is Redis itself frozen, from outside, and thawed by store-up.
      assert.ok(await answers(redis.url), 'Redis answers before the outage');
      await cluster.fault({ kind: 'store-down' });
      assert.equal(await answers(redis.url), false, 'Redis answers nobody during the outage');
      await cluster.fault({ kind: 'store-up' });
      assert.ok(await answers(redis.url), 'Redis answers again after store-up');

      await cluster.fault({ kind: 'restart', node: 'B' });
      const restarted = cluster.pids().B;
      assert.notEqual(restarted, pids.B, 'a restart is a new process');
      assert.ok(alive(restarted));
      await assert.rejects(cluster.fault({ kind: 'restart', node: 'A' }), /only a crashed node can be restarted/);
      await cluster.fault({ kind: 'store-down' }); // left frozen: close() thaws it (checked below)
    } finally {
      const pids = Object.values(cluster.pids());
      await cluster.close();
      for (const pid of pids) assert.equal(alive(pid), false, `node process ${pid} is gone after close()`);
      assert.ok(await answers(redis.url), 'close() thawed the Redis it had frozen');
    }
  } finally {
    await nats.stop();
    await redis.stop();
  }
}

checks().then(
  () => {
    process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
    process.exit(0);
  },
  (e: Error) => {
    process.stdout.write(`${JSON.stringify({ ok: false, error: e.message.split('\n')[0] })}\n`);
    process.exit(1);
  },
);
