// Figures of the process backend (issue 8): node process start-to-ready, node direct through the
// reference over NATS against raw NATS request/reply in the same run, Location Store commands per
// steady-state Actor message (Redis INFO commandstats, idle traffic subtracted), and the whole
// suite's wall time on it. Measured, never asserted.

import { performance } from 'node:perf_hooks';
import { connect, StringCodec } from 'nats';
import { Redis } from 'ioredis';
import { ProcessCluster } from '../impl-reference/harness/process-cluster.ts';
import { Suite, defaultParallel } from '../src/run/suite.ts';
import { startNatsCluster } from '../src/servers/nats.ts';
import { startRedis } from '../src/servers/redis.ts';

type Line = (what: string, figure: string) => void;

export async function processFigures(line: Line): Promise<void> {
  const redis = await startRedis();
  const nats = await startNatsCluster();
  try {
    await startToReady(line, redis.url, nats.urls);
    for (const inFlight of [1, 64]) await throughReference(line, redis.url, nats.urls, inFlight);
    await directFigures(line, redis.url, nats.urls);
    await storeCommandsPerMessage(line, redis.url, nats.urls);
    const suite = await Suite.load();
    const t = Date.now();
    const parallel = defaultParallel('process');
    const run = await suite.run({ target: { impl: 'reference', backend: 'process', redisUrl: redis.url, natsUrls: nats.urls }, parallel });
    const failed = run.results.filter((r) => r.status !== 'passed').length;
    line(`suite, process backend, --parallel ${parallel} (wall)`, `${((Date.now() - t) / 1000).toFixed(1)} s for ${run.results.length} scenarios (${failed} not passed)`);
  } finally {
    await nats.stop();
    await redis.stop();
  }
}

async function startToReady(line: Line, redisUrl: string, natsUrls: string[]): Promise<void> {
  // Cold: the process is spawned when the node is needed. Spare: it was started when the previous
  // cluster closed (impl-reference/harness/spare-nodes.ts), as between the scenarios of a run.
  const saved = process.env.SPOTCHECK_NODE_SPARES;
  try {
    for (const mode of ['cold', 'spare'] as const) {
      process.env.SPOTCHECK_NODE_SPARES = mode === 'cold' ? '0' : '1';
      const times: number[] = [];
      for (let i = 0; i < 6; i++) {
        const d = new ProcessCluster({ redisUrl, natsUrls });
        const t = performance.now();
        await d.start({ meshes: [{ name: 'bench', nodes: ['A', 'B', 'C'] }] });
        times.push(performance.now() - t);
        await d.close();
      }
      times.shift(); // the first builds the bundle, or has no spares yet
      times.sort((a, b) => a - b);
      line(`three node processes start-to-ready, ${mode} (median of 5)`, `${times[2].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[4].toFixed(0)})`);
    }
  } finally {
    if (saved === undefined) delete process.env.SPOTCHECK_NODE_SPARES;
    else process.env.SPOTCHECK_NODE_SPARES = saved;
  }
}

async function throughReference(line: Line, redisUrl: string, natsUrls: string[], inFlight: number, ms = 1500): Promise<void> {
  const d = new ProcessCluster({ redisUrl, natsUrls });
  try {
    // A queue and workers for every request in flight: the figure is the path, not the refusals.
    await d.start({ meshes: [{ name: 'bench', nodes: ['A', 'B'], nodeOptions: { queueCapacity: 2 * inFlight, workers: inFlight } }] });
    let done = 0;
    const end = Date.now() + ms;
    await Promise.all(new Array(inFlight).fill(0).map(async () => {
      while (Date.now() < end) {
        const { opId } = await d.submit({ kind: 'node-direct', from: 'A', mesh: 'bench', to: 'B', payload: { app: 'echo', value: done } });
        const o = await d.outcome(opId, 5000);
        if (o?.status !== 'reply') throw new Error(`node direct ended ${o?.status}`);
        done++;
      }
    }));
    line(`node direct via the Driver, process nodes over NATS, ${inFlight} in flight`, `${Math.round(done / (ms / 1000)).toLocaleString('en')} /s`);
  } finally {
    await d.close();
  }
}

/** Node direct inside a node against raw NATS request/reply, 1 and 64 in flight. */
export async function directFigures(line: Line, redisUrl: string, natsUrls: string[]): Promise<void> {
  // The two are measured in turns, three times each, and compared by their medians: this
  // machine's load moves both, and a ratio from one quiet and one busy moment means nothing.
  for (const inFlight of [1, 64]) {
    const inside: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < 3; i++) {
      inside.push(await insideNode(redisUrl, natsUrls, inFlight));
      raw.push(await rawNats(natsUrls, inFlight));
    }
    const [a, b] = [median(inside), median(raw)];
    line(`node direct inside node A, to B over NATS, ${inFlight} in flight (median of 3)`, `${Math.round(a).toLocaleString('en')} /s`);
    line(`raw NATS request/reply across two servers, ${inFlight} in flight (median of 3)`, `${Math.round(b).toLocaleString('en')} /s`);
    line(`  node direct / raw NATS, ${inFlight} in flight (goal: at least 0.7)`, (a / b).toFixed(2));
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Node direct requests per second from A to B, timed inside node A (no Driver in the way). */
async function insideNode(redisUrl: string, natsUrls: string[], inFlight: number, ms = 1500): Promise<number> {
  const d = new ProcessCluster({ redisUrl, natsUrls });
  try {
    await d.start({ meshes: [{ name: 'bench', nodes: ['A', 'B'], nodeOptions: { queueCapacity: 2 * inFlight, workers: inFlight } }] });
    const r = await d.benchDirect('A', 'bench', 'B', inFlight, ms);
    if (r.failed) throw new Error(`node direct inside node A: ${r.failed} of ${r.done + r.failed} requests failed`);
    return r.done / (r.ms / 1000);
  } finally {
    await d.close();
  }
}

/** Raw NATS request/reply per second, requester and responder on two routed servers. */
async function rawNats(urls: string[], inFlight: number, ms = 1500): Promise<number> {
  const sc = StringCodec();
  const responder = await connect({ servers: urls[1], noAsyncTraces: true });
  const requester = await connect({ servers: urls[0], noAsyncTraces: true });
  try {
    responder.subscribe('bench.echo', { callback: (_e, m) => m.respond(m.data) });
    await responder.flush();
    await requester.request('bench.echo', sc.encode('warm'), { timeout: 2000 }).catch(() => undefined);
    let done = 0;
    const end = Date.now() + ms;
    await Promise.all(new Array(inFlight).fill(0).map(async () => {
      while (Date.now() < end) {
        await requester.request('bench.echo', sc.encode(String(done)), { timeout: 2000 });
        done++;
      }
    }));
    return done / (ms / 1000);
  } finally {
    await requester.close();
    await responder.close();
  }
}

/** Commands Redis ran, from INFO commandstats. */
async function commands(admin: Redis): Promise<number> {
  const info = await admin.info('commandstats');
  return [...info.matchAll(/calls=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
}

async function storeCommandsPerMessage(line: Line, redisUrl: string, natsUrls: string[], messages = 200): Promise<void> {
  const admin = new Redis(redisUrl);
  const d = new ProcessCluster({ redisUrl, natsUrls });
  try {
    await d.start({ meshes: [{ name: 'bench', nodes: ['A', 'B'] }] });
    const send = async (spec: Parameters<ProcessCluster['submit']>[0]) => {
      const { opId } = await d.submit(spec);
      const o = await d.outcome(opId, 5000);
      if (o?.status !== 'reply') throw new Error(`${spec.kind} ended ${o?.status}`);
    };
    await send({ kind: 'create', from: 'A', objectId: 'bench-a1', objectKind: 'actor', on: 'B', input: {} });
    const message = () => send({ kind: 'object-message', from: 'A', objectId: 'bench-a1', objectKind: 'actor', payload: { app: 'echo', value: 1 } });
    await message(); // warms A's owner cache
    // Idle traffic (lease renewals, descriptor reads) over the same time, subtracted.
    const idleStart = await commands(admin);
    const t = Date.now();
    for (let i = 0; i < messages; i++) await message();
    const took = Date.now() - t;
    const busy = (await commands(admin)) - idleStart;
    const quietStart = await commands(admin);
    await new Promise((r) => setTimeout(r, took));
    const idle = (await commands(admin)) - quietStart;
    line(`Store commands per steady-state Actor message (${messages} messages, idle subtracted)`, `${Math.max(0, (busy - idle) / messages).toFixed(2)}`);
  } finally {
    await d.close();
    admin.disconnect();
  }
}
