// `spotcheck run`: the features against an implementation, reports in --out, the level judged.

import { Command, Option } from 'commander';
import { UsageError, checkTarget, type Target } from '../driver/target.ts';
import { buildCompliance } from '../report/compliance.ts';
import { LEVEL_NAMES, lacksForLevel, levelLine, levelNamed, meets, type LevelName } from '../requirements/levels.ts';
import { Progress } from './progress.ts';
import { DEFAULT_PARALLEL, defaultParallel, Suite, checkTags, publishReports } from '../run/suite.ts';
import { DEFAULT_CALL_TIMEOUT_MS } from '../../adapters/records.ts';
import { ensureOutDir } from './out-dir.ts';
import type { ScenarioResult } from '../run/results.ts';
import { parseShard, shardText, type Shard } from '../run/shard.ts';
import { serverVersions } from '../certify/servers.ts';
import { changedScenarios } from '../certify/runs.ts';
import { KIT, nonNegativeInt, positiveInt, describeTarget, withBackend, runInfo } from './common.ts';
import { earlierFailures, summarize } from './summary.ts';

interface RunOpts {
  impl: string;
  level: LevelName;
  backend: string;
  tags?: string;
  out: string;
  repeat: number;
  /** Unset: defaultParallel(backend, impl). */
  parallel?: number;
  callTimeout: number;
  /** `i/n`: run only this shard of the selection. */
  shard?: string;
  /** Backend sim: the run's seed (each scenario's world is seeded from it and its place). */
  seed?: number;
}

async function runCommand(opts: RunOpts): Promise<number> {
  const shard = opts.shard === undefined ? undefined : parseShard(opts.shard);
  checkTarget({ impl: opts.impl, backend: opts.backend });
  if (opts.seed !== undefined && opts.backend !== 'sim') throw new UsageError('--seed seeds a simulated world: it needs --backend sim');
  if (!levelNamed(opts.level)) throw new UsageError(`unknown level "${opts.level}" (known: ${LEVEL_NAMES.join(', ')})`);
  checkTags(opts.tags);
  ensureOutDir(opts.out);
  const progress = new Progress(process.stdout);
  return withBackend(opts, progress, (servers) => runSuite({ impl: opts.impl, backend: opts.backend, callTimeoutMs: opts.callTimeout, ...(opts.backend === 'sim' ? { seed: opts.seed ?? 1 } : {}), ...servers }, opts, progress, shard));
}

async function runSuite(target: Target, opts: RunOpts, progress: Progress, shard?: Shard): Promise<number> {
  const description = await describeTarget(target);
  const servers = await serverVersions(target);
  progress.line(`spotcheck ${KIT.version}: ${description.name} ${description.version}, backend ${description.backend}, level ${opts.level}${opts.tags ? `, tags ${opts.tags}` : ''}${shard ? `, shard ${shardText(shard)}` : ''}`);
  // A level needs capabilities and failpoints; the run goes on (its report says what passed) but
  // cannot succeed when the implementation lacks one of them.
  const lacks = lacksForLevel(levelNamed(opts.level)!, description);
  if (lacks.length > 0) progress.line(`level ${opts.level} needs ${lacks.join(', ')}, which ${description.name} does not report: the run fails`);
  const suite = await Suite.load();
  const history = new Map<string, { name: string; statuses: string[] }>();
  const runs: ScenarioResult[][] = [];
  let last!: Awaited<ReturnType<Suite['run']>>;
  let levelText = '';
  let levelMeets = false;
  for (let i = 1; i <= opts.repeat; i++) {
    if (opts.repeat > 1) progress.line(`run ${i} of ${opts.repeat}`);
    const run = await suite.run({ target, tags: opts.tags, out: opts.out, parallel: opts.parallel ?? defaultParallel(opts.backend, opts.impl), shard, onScenario: (r, done, total) => progress.scenario(r, done, total) });
    progress.done();
    if (i < opts.repeat) earlierFailures(progress, i, run.results);
    runs.push(run.results);
    for (const r of run.results) {
      const key = `${r.uri}:${r.line}`;
      const h = history.get(key) ?? { name: r.name, statuses: [] };
      h.statuses.push(r.status);
      history.set(key, h);
    }
    const compliance = buildCompliance({
      kit: { name: KIT.name, version: KIT.version },
      implementation: { name: description.name, version: description.version, backend: description.backend },
      description,
      level: opts.level,
      startedAt: run.startedAt,
      durationMs: run.durationMs,
      results: run.results,
      run: runInfo({ tags: opts.tags ?? null, levelOnly: null, shard, results: run.results, repeat: i, changed: changedScenarios(runs).length, description, servers }),
    });
    publishReports(run.reportDir, opts.out, { 'compliance.json': compliance });
    last = run;
    // A level is a claim about the whole suite: a --tags selection or one shard cannot show one
    // (merge the shards, or run everything); such a run is judged on its scenarios alone.
    const partialSelection = opts.tags ? 'only the --tags selection ran' : shard ? `shard ${shardText(shard)} only: merge the shards to judge it` : undefined;
    levelMeets = partialSelection !== undefined || meets(compliance.level.met, opts.level);
    levelText = levelLine({ requested: opts.level, met: compliance.level.met, reasons: compliance.level.why, partialSelection });
  }
  const failed = last.results.filter((r) => r.status === 'failed');
  summarize(progress, last.results, last.durationMs, opts.out, description.name);
  progress.line(levelText);
  // A run that does not meet the level it was asked for does not exit 0.
  let code = failed.length > 0 || lacks.length > 0 || !levelMeets ? 1 : 0;
  if (opts.repeat > 1) {
    const changed = [...history].filter(([, h]) => new Set(h.statuses).size > 1 || h.statuses.length !== opts.repeat);
    for (const [key, h] of changed) progress.line(`changed between runs: ${key} ${h.name}: ${h.statuses.join(', ')}`);
    progress.line(`repeat: ${opts.repeat} runs, ${history.size} scenarios, ${changed.length} changed`);
    if (changed.length > 0) code = 1;
  }
  return code;
}

/** `run`, the default command. */
export function runCommandOf(program: Command, setCode: (code: number) => void): void {
  program
    .command('run', { isDefault: true })
    .description('run the features against an implementation and write reports')
    .option('--impl <name>', 'implementation: reference, mutant:<name>, exec:<command> or node:<command> (one process per node, faults from outside)', 'reference')
    .option('--level <name>', `conformance level the implementation must show: ${LEVEL_NAMES.join(', ')}`, 'full')
    .addOption(new Option('--backend <name>', 'embedded (in-memory Store), redis (a real Redis Store), process (a process per node on NATS and Redis) or sim (the embedded nodes in a simulated world: virtual time, seeded)').default('embedded'))
    .option('--tags <expression>', 'Cucumber tag expression selecting scenarios, e.g. "@V01 or @R-CH-1"')
    .option('--out <dir>', 'folder for the reports', 'reports')
    .option('--repeat <n>', 'run the selection n times and report any scenario whose result changed', positiveInt, 1)
    .option('--parallel <n>', `scenarios run at once, each in a worker process (0: all in this process; default ${DEFAULT_PARALLEL}, for exec: runtimes no more than the cores, on the process backend one more)`, nonNegativeInt)
    .option('--call-timeout <ms>', 'exec: implementations: a call over the wire without an answer this long ends the run (exit 2)', positiveInt, DEFAULT_CALL_TIMEOUT_MS)
    .option('--shard <i/n>', 'run only the i-th of n parts of the selection (split by scenario, the same on every machine)')
    .option('--seed <n>', 'backend sim: the seed of the run (each scenario\'s world is seeded from it and the scenario\'s place; default 1)', nonNegativeInt)
    .action(async (opts: RunOpts) => {
      setCode(await runCommand(opts));
    });
}
