// Figures of node programs (issue 22), measured in one run and taken in turns so that the machine's
// load moves both sides alike: three nodes start-to-ready, and a minimal scenario (start three
// nodes, one node direct request and its reply, close) of the Python example as a node program
// (--impl node:, one process per node, the kit's relays on every link) against the reference's
// process backend (one process per node over NATS and Redis, spares off: every process cold, as a
// node program's are). The goal is a ratio of at most 1.3. Measured, never asserted.
//
//   node --import tsx bench/node-program.ts [rounds]

import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openNodeProgram } from '../adapters/node-program.ts';
import { ProcessCluster } from '../impl-reference/harness/process-cluster.ts';
import { startNatsCluster } from '../src/servers/nats.ts';
import { startRedis } from '../src/servers/redis.ts';
import type { Driver } from '../src/driver/types.ts';

type Line = (what: string, figure: string) => void;

export const PYTHON_NODE = 'python3 examples/python-runtime/node.py';

interface Times {
  startMs: number;
  scenarioMs: number;
}

async function once(open: () => Driver): Promise<Times> {
  const t0 = performance.now();
  const d = open();
  await d.start({ meshes: [{ name: 'bench', nodes: ['A', 'B', 'C'] }] });
  const started = performance.now();
  const { opId } = await d.submit({ kind: 'node-direct', from: 'A', mesh: 'bench', to: 'B', payload: { app: 'echo', value: 1 } });
  const o = await d.outcome(opId, 5000);
  if (o?.status !== 'reply') throw new Error(`node direct ended ${o?.status ?? 'without an outcome'}`);
  await d.close();
  return { startMs: started - t0, scenarioMs: performance.now() - t0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function nodeProgramFigures(line: Line, rounds = 5): Promise<void> {
  const saved = process.env.SPOTCHECK_NODE_SPARES;
  process.env.SPOTCHECK_NODE_SPARES = '0';
  const redis = await startRedis();
  const nats = await startNatsCluster();
  try {
    const reference = () => new ProcessCluster({ redisUrl: redis.url, natsUrls: nats.urls });
    const node = () => openNodeProgram(PYTHON_NODE);
    await node().describe(); // once per kit process, as in a run
    await once(reference); // the first builds the node bundle
    const ref: Times[] = [];
    const np: Times[] = [];
    for (let i = 0; i < rounds; i++) {
      ref.push(await once(reference));
      np.push(await once(node));
    }
    const r = { start: median(ref.map((t) => t.startMs)), scenario: median(ref.map((t) => t.scenarioMs)) };
    const n = { start: median(np.map((t) => t.startMs)), scenario: median(np.map((t) => t.scenarioMs)) };
    line(`three nodes start-to-ready, reference process backend (median of ${rounds})`, `${r.start.toFixed(0)} ms`);
    line(`three nodes start-to-ready, Python node program (median of ${rounds})`, `${n.start.toFixed(0)} ms`);
    line('  node program / process backend (goal: at most 1.3)', (n.start / r.start).toFixed(2));
    line('minimal scenario (start, one request, close), reference', `${r.scenario.toFixed(0)} ms`);
    line('minimal scenario (start, one request, close), node program', `${n.scenario.toFixed(0)} ms`);
    line('  node program / process backend (goal: at most 1.3)', (n.scenario / r.scenario).toFixed(2));
  } finally {
    await nats.stop();
    await redis.stop();
    if (saved === undefined) delete process.env.SPOTCHECK_NODE_SPARES;
    else process.env.SPOTCHECK_NODE_SPARES = saved;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const line: Line = (what, figure) => console.log(`${what.padEnd(66)} ${figure}`);
  await nodeProgramFigures(line, process.argv[2] ? Number(process.argv[2]) : undefined);
  process.exit(0);
}
