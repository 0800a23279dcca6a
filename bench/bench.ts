// `npm run bench`: the figures the issues ask for, measured, not asserted.
//   0. the suite's honesty: clauses, clauses checked, mutants per clause
//   1. wall time of the conformance suite on the embedded backend, per feature group and in all
//   2. Location Store compare-and-set throughput: in memory, and on a real Redis of the run's own
//   3. node direct request/reply throughput through the reference mesh (in-memory transport)
//   4. the simulated backend (bench/sim.ts): the suite, the mutants, the reference campaign's
//      operations per second, and the campaign's kill rate against every mutant
//   5. the process backend (bench/process.ts): node start-to-ready, node direct over NATS against raw
//      NATS, Store commands per steady-state Actor message, the whole suite's wall time
// Every loop is bounded in count and time. Figures vary run to run (±20-30% on this machine).

import { randomUUID } from 'node:crypto';
import { openDriver } from '../src/driver/target.ts';
import { DEFAULT_PARALLEL, Suite } from '../src/run/suite.ts';
import { referenceMutants } from '../adapters/embedded.ts';
import { CLAUSES, allClauses } from '../src/requirements/clauses.ts';
import { clauseCoverage } from '../src/lint/clauses.ts';
import { startRedis } from '../src/servers/redis.ts';
import { MemoryStore } from '../impl-reference/store/memory.ts';
import { RedisStore } from '../impl-reference/store/redis.ts';
import type { Store } from '../impl-reference/store/types.ts';
import { processFigures } from './process.ts';
import { simFigures } from './sim.ts';
import { benchSite, printSiteFigures } from './site.ts';
import { benchCertify, printCertifyFigures } from './certify.ts';
import '../src/cli/adapters.ts'; // registers the adapters (src/driver/target.ts)

const line = (what: string, figure: string) => console.log(`${what.padEnd(58)} ${figure}`);

function honesty(): void {
  const { total, checked, pending } = clauseCoverage(CLAUSES);
  line('clauses (the spec\'s sentences the 52 IDs are made of)', `${total}`);
  line('  with a check (a step that sees it broken)', `${checked} (${pending.length} pending: ${pending.join(' ') || 'none'})`);
  const mutants = referenceMutants();
  const per = new Map(allClauses().map((c) => [c.id, 0]));
  for (const m of mutants) for (const b of m.breaks) per.set(b, (per.get(b) ?? 0) + 1);
  const counts = [...per.values()];
  const without = [...per].filter(([, n]) => n === 0).map(([id]) => id);
  line('mutants of the reference', `${mutants.length}`);
  line('  clauses broken by at least one mutant', `${counts.filter((n) => n > 0).length} of ${total}`);
  line('  mutants per clause (mean, max)', `${(counts.reduce((a, b) => a + b, 0) / total).toFixed(2)}, ${Math.max(...counts)}`);
  if (without.length) line('  clauses no mutant breaks yet', without.join(' '));
}

async function suiteTimes(): Promise<void> {
  const suite = await Suite.load();
  const started = Date.now();
  const run = await suite.run({ target: { impl: 'reference', backend: 'embedded' }, parallel: DEFAULT_PARALLEL });
  const wall = Date.now() - started;
  const failed = run.results.filter((r) => r.status !== 'passed').length;
  line(`suite, embedded, --parallel ${DEFAULT_PARALLEL} (wall)`, `${(wall / 1000).toFixed(1)} s for ${run.results.length} scenarios (${failed} not passed)`);
  const groups = new Map<string, number>();
  for (const r of run.results) groups.set(r.uri.split('/')[1], (groups.get(r.uri.split('/')[1]) ?? 0) + 1);
  for (const [group, n] of groups) line(`  ${group}`, `${n} scenarios`);
  // Each issue's group on its own, as the issues ask (foundation; + Location Store; + relocation).
  for (const [label, tags] of GROUPS) {
    const t = Date.now();
    const r = await suite.run({ target: { impl: 'reference', backend: 'embedded' }, tags, parallel: DEFAULT_PARALLEL });
    line(`  ${label} (wall)`, `${((Date.now() - t) / 1000).toFixed(1)} s, ${r.results.length} scenarios`);
  }
}

const GROUPS: Array<[string, string]> = [
  ['channel and connection group', '@channels or @node-direct or @liveness or @reconnect'],
  ['foundation + Location Store groups', 'not @relocation and not @sessions'],
];

async function casThroughput(name: string, store: Store, inFlight: number, ms = 1500): Promise<void> {
  const key = `bench/${randomUUID()}`;
  const versions = new Array(inFlight).fill(0);
  let done = 0;
  const end = Date.now() + ms;
  // Each lane works on its own key, so every CAS applies (the cost of a successful change).
  await Promise.all(
    versions.map(async (_v, lane) => {
      let version = 0;
      while (Date.now() < end) {
        const r = await store.compareAndSet(`${key}/${lane}`, version, { lane, n: done, writeId: 'w' });
        if (!r.applied) throw new Error('a CAS lost against itself');
        version = r.version;
        done++;
      }
    }),
  );
  line(`Store CAS, ${name}, ${inFlight} in flight`, `${Math.round(done / (ms / 1000)).toLocaleString('en')} /s`);
}

async function meshThroughput(inFlight: number, ms = 1500): Promise<void> {
  const d = await openDriver({ impl: 'reference', backend: 'embedded' });
  try {
    await d.start({ meshes: [{ name: 'bench', nodes: ['A', 'B'] }] });
    let done = 0;
    const end = Date.now() + ms;
    await Promise.all(
      new Array(inFlight).fill(0).map(async () => {
        while (Date.now() < end) {
          const { opId } = await d.submit({ kind: 'node-direct', from: 'A', mesh: 'bench', to: 'B', payload: { app: 'echo', value: done } });
          const o = await d.outcome(opId, 5000);
          if (o?.status !== 'reply') throw new Error(`node direct ended ${o?.status}`);
          done++;
        }
      }),
    );
    line(`node direct request/reply, embedded mesh, ${inFlight} in flight`, `${Math.round(done / (ms / 1000)).toLocaleString('en')} /s`);
  } finally {
    await d.close();
  }
}

async function main(): Promise<void> {
  console.log(`spotcheck bench (${new Date().toISOString()}, node ${process.version})`);
  honesty();
  await suiteTimes();
  await simFigures(line);
  const memory = new MemoryStore();
  await casThroughput('in memory', memory, 1);
  await casThroughput('in memory', memory, 64);
  await memory.close();
  const redis = await startRedis();
  try {
    const store = new RedisStore({ url: redis.url, namespace: `bench:${randomUUID()}` });
    line('Redis', `via ${redis.via}`);
    await casThroughput('Redis (Lua)', store, 1);
    await casThroughput('Redis (Lua)', store, 64);
    await store.close();
  } finally {
    await redis.stop();
  }
  await meshThroughput(1);
  await meshThroughput(64);
  await processFigures(line);
  printSiteFigures(await benchSite(), line);
  printCertifyFigures(line, await benchCertify());
}

main().catch((e) => {
  console.error(`bench: ${(e as Error).message.split('\n')[0]}`);
  process.exitCode = 1;
});
