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
import '../src/cli/adapters.ts'; // registers the adapters (src/driver/target.ts)

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
    // A figure over failed scenarios measures nothing: say why the first one did not pass.
    const first = run.results.find((r) => r.status !== 'passed');
    if (first) line('  first not passed', `${first.uri}:${first.line} ${first.status}: ${(first.failure?.message ?? '').split('\n')[0].slice(0, 300)}`);
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
export async function directFigures(line: Line, redisUrl: string, natsUrls: string[], inFlights = [1, 64]): Promise<void> {
  // This machine's load moves both figures (from one run to the next both moved by a third
  // together), and a ratio of one quiet and one busy moment means nothing. So each pair is measured
  // side by side: both warmed, then short slices in turns, and the pair's ratio is the sum of its
  // slices. Five pairs, each on fresh processes; the median pair ratio is the figure.
  for (const inFlight of inFlights) {
    const pairs: Array<{ inside: number; raw: number }> = [];
    for (let i = 0; i < 5; i++) pairs.push(await pairRound(redisUrl, natsUrls, inFlight));
    const ratios = pairs.map((p) => p.inside / p.raw);
    line(`node direct inside node A, to B over NATS, ${inFlight} in flight (median of 5)`, `${Math.round(median(pairs.map((p) => p.inside))).toLocaleString('en')} /s`);
    line(`raw NATS request/reply across two servers and two processes, ${inFlight} in flight (median of 5)`, `${Math.round(median(pairs.map((p) => p.raw))).toLocaleString('en')} /s`);
    line(`  node direct / raw NATS, ${inFlight} in flight, median of 5 pairs (goal: at least 0.7)`, `${median(ratios).toFixed(2)} (pairs ${ratios.map((r) => r.toFixed(2)).join(' ')})`);
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Both sides run the same warm-up first, long enough for the node's path to be compiled: the
 * figure is the path, not the JIT's warm-up. From fresh processes, node direct at 1 in flight ran
 * 672, 1170, 1338, 1398, 1594, 1780, 1962, 1898, 1936 requests/s in rounds of 0.5 s, and 812 ...
 * 2018 in another (steady from about 2.5 s on: the node runs far more code per request than a bare
 * NATS client, so it takes more requests to compile). With 1 s of warm-up and one 1.5 s turn each,
 * the pairs ranged 0.61-0.97.
 */
const WARM_UP_MS = 3000;
const SLICE_MS = 300;
const SLICES = 4;

/**
 * One pair: node direct from A to B timed inside node A (no Driver in the way), and raw NATS
 * request/reply with requester and responder on two routed servers and in two processes (the
 * responder is bench/raw-responder.ts), as node A and node B are. Requests per second each.
 */
async function pairRound(redisUrl: string, natsUrls: string[], inFlight: number): Promise<{ inside: number; raw: number }> {
  const d = new ProcessCluster({ redisUrl, natsUrls });
  const sc = StringCodec();
  const responder = await startResponder(natsUrls[1], 'bench.echo');
  const requester = await connect({ servers: natsUrls[0], noAsyncTraces: true });
  try {
    await d.start({ meshes: [{ name: 'bench', nodes: ['A', 'B'], nodeOptions: { queueCapacity: 2 * inFlight, workers: inFlight } }] });
    const inside = async (ms: number) => {
      const r = await d.benchDirect('A', 'bench', 'B', inFlight, ms);
      if (r.failed) throw new Error(`node direct inside node A: ${r.failed} of ${r.done + r.failed} requests failed`);
      return { done: r.done, ms: r.ms };
    };
    const raw = async (ms: number) => {
      let done = 0;
      const start = performance.now();
      const end = Date.now() + ms;
      await Promise.all(new Array(inFlight).fill(0).map(async () => {
        while (Date.now() < end) {
          await requester.request('bench.echo', sc.encode(String(done)), { timeout: 2000 });
          done++;
        }
      }));
      return { done, ms: performance.now() - start };
    };
    // The responder's interest reaches the requester's server asynchronously (over the route).
    await eventuallyAnswers(() => requester.request('bench.echo', sc.encode('warm'), { timeout: 500 }));
    await inside(WARM_UP_MS);
    await raw(WARM_UP_MS);
    const sums = { inside: { done: 0, ms: 0 }, raw: { done: 0, ms: 0 } };
    for (let i = 0; i < SLICES; i++) {
      for (const [side, measure] of [['inside', inside], ['raw', raw]] as const) {
        const r = await measure(SLICE_MS);
        sums[side].done += r.done;
        sums[side].ms += r.ms;
      }
    }
    return { inside: sums.inside.done / (sums.inside.ms / 1000), raw: sums.raw.done / (sums.raw.ms / 1000) };
  } finally {
    await requester.close();
    await responder.stop();
    await d.close();
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
    // Not a flat 0: the owner cache lasts ownerCacheMs (500 ms on this backend), and when it expires
    // the next message re-reads the owner (R-OBJ-2), a few commands each time.
    line(`Store commands per steady-state Actor message (${messages} messages in ${took} ms, idle subtracted; the owner cache is re-read every ${(await d.describe()).timings.ownerCacheMs} ms)`, `${Math.max(0, (busy - idle) / messages).toFixed(2)}`);
  } finally {
    await d.close();
    admin.disconnect();
  }
}

// `node --import tsx bench/process.ts --direct [1|64]` prints only the node direct / raw NATS
// pairs, on servers of its own: the figure to watch while working on the node direct path.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv[2] !== '--direct') {
    console.error('usage: node --import tsx bench/process.ts --direct [in-flight ...] (the whole set runs in npm run bench)');
    process.exit(2);
  }
  const inFlights = process.argv.slice(3).map(Number);
  if (inFlights.some((n) => !Number.isSafeInteger(n) || n < 1)) {
    console.error(`bench/process.ts: in-flight counts must be positive integers, got ${process.argv.slice(3).join(' ')}`);
    process.exit(2);
  }
  const redis = await startRedis();
  const nats = await startNatsCluster();
  try {
    await directFigures((what, figure) => console.log(`${what.padEnd(100)} ${figure}`), redis.url, nats.urls, inFlights.length ? inFlights : undefined);
  } finally {
    await nats.stop();
    await redis.stop();
  }
}
