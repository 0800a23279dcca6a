// Figures of the process backend (issue 8): node process start-to-ready, node direct through the
// reference over NATS against raw NATS request/reply in the same run, Location Store commands per
// steady-state Actor message (Redis INFO commandstats, idle traffic subtracted), and the whole
// suite's wall time on it. Measured, never asserted.

import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
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
  // The two are measured in turns, five times each, and each turn's pair gives a ratio: this
  // machine's load moves both (from one run to the next both figures moved by a third together),
  // and a ratio of one quiet and one busy moment means nothing. The median pair ratio is the figure.
  for (const inFlight of [1, 64]) {
    const inside: number[] = [];
    const raw: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < 5; i++) {
      inside.push(await insideNode(redisUrl, natsUrls, inFlight));
      raw.push(await rawNats(natsUrls, inFlight));
      ratios.push(inside[i] / raw[i]);
    }
    line(`node direct inside node A, to B over NATS, ${inFlight} in flight (median of 5)`, `${Math.round(median(inside)).toLocaleString('en')} /s`);
    line(`raw NATS request/reply across two servers and two processes, ${inFlight} in flight (median of 5)`, `${Math.round(median(raw)).toLocaleString('en')} /s`);
    line(`  node direct / raw NATS, ${inFlight} in flight, median of 5 pairs (goal: at least 0.7)`, `${median(ratios).toFixed(2)} (pairs ${ratios.map((r) => r.toFixed(2)).join(' ')})`);
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Both sides of the comparison run the same warm-up first. Measured cold, a fresh node process
 * ran 1,397 then 2,334 then 2,723 requests/s in three 2 s rounds (1 in flight): the figure was
 * the JIT's warm-up, not the path.
 */
const WARM_UP_MS = 1000;

/** Node direct requests per second from A to B, timed inside node A (no Driver in the way). */
async function insideNode(redisUrl: string, natsUrls: string[], inFlight: number, ms = 1500): Promise<number> {
  const d = new ProcessCluster({ redisUrl, natsUrls });
  try {
    await d.start({ meshes: [{ name: 'bench', nodes: ['A', 'B'], nodeOptions: { queueCapacity: 2 * inFlight, workers: inFlight } }] });
    // Fresh processes run the path cold (interpreted, then compiled): the same warm-up as raw NATS.
    await d.benchDirect('A', 'bench', 'B', inFlight, WARM_UP_MS);
    const r = await d.benchDirect('A', 'bench', 'B', inFlight, ms);
    if (r.failed) throw new Error(`node direct inside node A: ${r.failed} of ${r.done + r.failed} requests failed`);
    return r.done / (r.ms / 1000);
  } finally {
    await d.close();
  }
}

/**
 * Raw NATS request/reply per second, requester and responder on two routed servers and in two
 * processes (the responder is bench/raw-responder.ts), as node A and node B are.
 */
async function rawNats(urls: string[], inFlight: number, ms = 1500): Promise<number> {
  const sc = StringCodec();
  const responder = await startResponder(urls[1], 'bench.echo');
  const requester = await connect({ servers: urls[0], noAsyncTraces: true });
  try {
    // The responder's interest reaches the requester's server asynchronously (over the route).
    await eventuallyAnswers(() => requester.request('bench.echo', sc.encode('warm'), { timeout: 500 }));
    const run = async (forMs: number): Promise<number> => {
      let done = 0;
      const end = Date.now() + forMs;
      await Promise.all(new Array(inFlight).fill(0).map(async () => {
        while (Date.now() < end) {
          await requester.request('bench.echo', sc.encode(String(done)), { timeout: 2000 });
          done++;
        }
      }));
      return done;
    };
    await run(WARM_UP_MS);
    return (await run(ms)) / (ms / 1000);
  } finally {
    await requester.close();
    await responder.stop();
  }
}

async function eventuallyAnswers(ask: () => Promise<unknown>, withinMs = 5000): Promise<void> {
  const end = Date.now() + withinMs;
  for (;;) {
    try {
      await ask();
      return;
    } catch (e) {
      if (Date.now() > end) throw new Error(`raw NATS responder did not answer within ${withinMs} ms: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

async function startResponder(url: string, subject: string): Promise<{ stop(): Promise<void> }> {
  const file = fileURLToPath(new URL('./raw-responder.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', file, url, subject], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`raw NATS responder exited (${code}) before it was ready`)));
  });
  return {
    async stop() {
      child.stdin!.end();
      const t = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(t);
    },
  };
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
