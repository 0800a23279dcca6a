// The `spotcheck` command line.
// Exit status: 0 every selected scenario passed (or was not applicable); 1 a scenario failed, a
// result changed between repeats, or a mutant survived; 2 bad usage or an implementation that
// could not start. Every error is one line naming what is wrong.

import { siteCommand } from '../site/cli.ts';
import { traceCommand } from '../trace/cli.ts';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BACKENDS, UsageError, checkTarget, openDriver, type Target } from '../driver/load.ts';
import { startRedis, type RedisServer } from '../servers/redis.ts';
import { startNatsCluster, type NatsCluster } from '../servers/nats.ts';
import type { Description } from '../driver/types.ts';
import { buildCompliance } from '../report/compliance.ts';
import { LEVEL_NAMES, lacksForLevel, levelNamed, type LevelName } from '../requirements/levels.ts';
import { mutantNames, runMutants } from '../run/mutants.ts';
import { Progress } from './progress.ts';
import { DEFAULT_PARALLEL, KIT_ROOT, RunAborted, Suite, checkTags, publishReports } from '../run/suite.ts';
import { DEFAULT_CALL_TIMEOUT_MS, takeScenarioStderr } from '../../adapters/jsonrpc.ts';
import { ensureOutDir } from './out-dir.ts';
import type { ScenarioResult } from '../run/results.ts';

const KIT = JSON.parse(readFileSync(join(KIT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

class ExitError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number, 0 or more');
  return n;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}

/** Start the implementation once, to learn what it is and to fail early (exit 2) if it cannot start. */
async function describeTarget(target: Target): Promise<Description> {
  checkTarget(target);
  let driver: Awaited<ReturnType<typeof openDriver>> | undefined;
  try {
    driver = await openDriver(target);
    return await driver.describe();
  } catch (e) {
    throw new ExitError(`the implementation "${target.impl}" could not start: ${(e as Error).message.split('\n')[0]}`, 2);
  } finally {
    await driver?.close().catch(() => {});
    takeScenarioStderr(); // what it wrote while starting belongs to no scenario
  }
}

/** The servers of one run, started for the backend it needs them for and stopped after. */
export interface BackendServers {
  redisUrl?: string;
  natsUrls?: string[];
}

/**
 * Run `fn` with what the backend needs: for redis, a Redis server of this run's own (from
 * SPOTCHECK_REDIS_URL, testcontainers, or the redis-server binary); for process, that and a NATS
 * cluster of three servers (SPOTCHECK_NATS_URLS, testcontainers, or nats-server binaries). Every
 * server started is stopped afterwards, also when the run fails or is interrupted.
 */
async function withBackend<T>(backend: string, progress: Progress, fn: (servers: BackendServers) => Promise<T>): Promise<T> {
  if (backend !== 'redis' && backend !== 'process') return fn({});
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
  };
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`spotcheck: interrupted (${signal}); stopping the servers this run started\n`);
    void stopAll().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    let redis: RedisServer;
    try {
      redis = await startRedis();
    } catch (e) {
      throw new ExitError(`backend ${backend} could not start: ${(e as Error).message.split('\n')[0]}`, 2);
    }
    stops.push(() => redis.stop());
    progress.line(`Location Store: Redis via ${redis.via} at ${redis.url}`);
    const servers: BackendServers = { redisUrl: redis.url };
    if (backend === 'process') {
      let nats: NatsCluster;
      try {
        nats = await startNatsCluster();
      } catch (e) {
        throw new ExitError(`backend process could not start: ${(e as Error).message.split('\n')[0]}`, 2);
      }
      stops.push(() => nats.stop());
      progress.line(`Transport: NATS cluster via ${nats.via} at ${nats.urls.join(', ')}`);
      servers.natsUrls = nats.urls;
    }
    return await fn(servers);
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await stopAll();
  }
}

interface RunOpts {
  impl: string;
  level: LevelName;
  backend: string;
  tags?: string;
  out: string;
  repeat: number;
  parallel: number;
  callTimeout: number;
}

async function runCommand(opts: RunOpts): Promise<number> {
  checkTarget({ impl: opts.impl, backend: opts.backend });
  if (!levelNamed(opts.level)) throw new UsageError(`unknown level "${opts.level}" (known: ${LEVEL_NAMES.join(', ')})`);
  checkTags(opts.tags);
  ensureOutDir(opts.out);
  const progress = new Progress(process.stdout);
  return withBackend(opts.backend, progress, (servers) => runSuite({ impl: opts.impl, backend: opts.backend, callTimeoutMs: opts.callTimeout, ...servers }, opts, progress));
}

async function runSuite(target: Target, opts: RunOpts, progress: Progress): Promise<number> {
  const description = await describeTarget(target);
  progress.line(`spotcheck ${KIT.version}: ${description.name} ${description.version}, backend ${description.backend}, level ${opts.level}${opts.tags ? `, tags ${opts.tags}` : ''}`);
  // A level needs capabilities and failpoints; the run goes on (its report says what passed) but
  // cannot succeed when the implementation lacks one of them.
  const lacks = lacksForLevel(levelNamed(opts.level)!, description);
  if (lacks.length > 0) progress.line(`level ${opts.level} needs ${lacks.join(', ')}, which ${description.name} does not report: the run fails`);
  const suite = await Suite.load();
  const history = new Map<string, { name: string; statuses: string[] }>();
  let last!: Awaited<ReturnType<Suite['run']>>;
  let levelLine = '';
  for (let i = 1; i <= opts.repeat; i++) {
    if (opts.repeat > 1) progress.line(`run ${i} of ${opts.repeat}`);
    const run = await suite.run({ target, tags: opts.tags, out: opts.out, parallel: opts.parallel, onScenario: (r, done, total) => progress.scenario(r, done, total) });
    progress.done();
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
    });
    publishReports(run.reportDir, opts.out, { 'compliance.json': compliance });
    last = run;
    // A --tags selection cannot show a level: each level needs every one of its requirements checked.
    const noLevel = opts.tags ? 'no level met (only the --tags selection ran)' : 'no level met';
    levelLine = `level ${opts.level}: ${compliance.level.met === null ? noLevel : `met ${compliance.level.met}`}`;
  }
  const failed = last.results.filter((r) => r.status === 'failed');
  summarize(progress, last.results, last.durationMs, opts.out);
  progress.line(levelLine);
  let code = failed.length > 0 || lacks.length > 0 ? 1 : 0;
  if (opts.repeat > 1) {
    const changed = [...history].filter(([, h]) => new Set(h.statuses).size > 1 || h.statuses.length !== opts.repeat);
    for (const [key, h] of changed) progress.line(`changed between runs: ${key} ${h.name}: ${h.statuses.join(', ')}`);
    progress.line(`repeat: ${opts.repeat} runs, ${history.size} scenarios, ${changed.length} changed`);
    if (changed.length > 0) code = 1;
  }
  return code;
}

function summarize(progress: Progress, results: ScenarioResult[], durationMs: number, out: string): void {
  const n = (s: string) => results.filter((r) => r.status === s).length;
  for (const r of results.filter((x) => x.status === 'failed')) progress.line(`FAILED ${r.uri}:${r.line} ${r.name}: ${r.message}`);
  progress.line(`${n('passed')} passed, ${n('failed')} failed, ${n('not-applicable')} not applicable (${(durationMs / 1000).toFixed(1)} s); reports in ${out}`);
}

async function mutantsCommand(opts: { backend: string; only?: string; out: string; list?: boolean; parallel: number; wire?: boolean; concurrency: number; callTimeout: number }): Promise<number> {
  if (opts.wire && opts.backend !== 'embedded') throw new UsageError(`--wire serves each mutant as a runtime of its own; --backend ${opts.backend} cannot be used with it`);
  const names = mutantNames();
  if (opts.list) {
    for (const name of names) process.stdout.write(`${name}\n`);
    return 0;
  }
  const only = opts.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((n) => !names.includes(n)) ?? [];
  if (unknown.length > 0) throw new UsageError(`unknown mutant "${unknown[0]}" (see: spotcheck mutants --list)`);
  if (!(BACKENDS as readonly string[]).includes(opts.backend)) throw new UsageError(`unknown backend "${opts.backend}" (known: ${BACKENDS.join(', ')})`);
  ensureOutDir(opts.out);
  const progress = new Progress(process.stdout);
  const suite = await Suite.load();
  const started = Date.now();
  const results = await withBackend(opts.backend, progress, (servers) => runMutants(suite, {
    backend: opts.backend,
    ...servers,
    only,
    parallel: opts.parallel,
    concurrency: opts.concurrency,
    wire: opts.wire,
    callTimeoutMs: opts.callTimeout,
    onMutant: (r, done, total) =>
      progress.line(r.notExpressible ? `[${done}/${total}] NOT RUN  ${r.name} (breaks ${r.breaks.join(', ')}): no form on backend ${opts.backend}: ${r.notExpressible}` :
        `[${done}/${total}] ${r.killed ? 'killed  ' : 'SURVIVED'} ${r.name} (breaks ${r.breaks.join(', ')}; ` +
          (r.kills.length ? `seen: ${r.kills.map((k) => `${k.broke} by ${k.uri}:${k.stepLine} "${k.step}"`).join('; ')}` : 'no assertion of its rules saw it') +
          (r.killed || r.notCounted.length === 0 ? ')' : `; ${r.notCounted.length} scenario(s) failed without an assertion, e.g. ${r.notCounted[0].failure.kind}: ${r.notCounted[0].failure.message})`),
      ),
  }));
  publishReports(undefined, opts.out, { 'mutants.json': results });
  const notRun = results.filter((r) => r.notExpressible);
  const survivors = results.filter((r) => !r.killed && !r.notExpressible);
  const notRunText = notRun.length ? `, ${notRun.length} with no form on backend ${opts.backend} (${notRun.map((r) => r.name).join(', ')})` : '';
  progress.line(`${results.length - survivors.length - notRun.length} killed, ${survivors.length} survived${notRunText} (${((Date.now() - started) / 1000).toFixed(1)} s); ${join(opts.out, 'mutants.json')}`);
  return survivors.length > 0 ? 1 : 0;
}

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const program = new Command('spotcheck')
    .description('Conformance kit for the failure-handling and failover-scope rules')
    .version(KIT.version)
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: (s) => process.stdout.write(s) });
  program
    .command('run', { isDefault: true })
    .description('run the features against an implementation and write reports')
    .option('--impl <name>', 'implementation: reference, mutant:<name> or exec:<command>', 'reference')
    .option('--level <name>', `conformance level the implementation must show: ${LEVEL_NAMES.join(', ')}`, 'full')
    .addOption(new Option('--backend <name>', 'embedded (in-memory Store), redis (a real Redis Store) or process (a process per node on NATS and Redis)').default('embedded'))
    .option('--tags <expression>', 'Cucumber tag expression selecting scenarios, e.g. "@V01 or @R-CH-1"')
    .option('--out <dir>', 'folder for the reports', 'reports')
    .option('--repeat <n>', 'run the selection n times and report any scenario whose result changed', positiveInt, 1)
    .option('--parallel <n>', 'scenarios run at once, each in a worker process (0: all in this process)', nonNegativeInt, DEFAULT_PARALLEL)
    .option('--call-timeout <ms>', 'exec: implementations: a call over the wire without an answer this long ends the run (exit 2)', positiveInt, DEFAULT_CALL_TIMEOUT_MS)
    .action(async (opts: RunOpts) => {
      code = await runCommand(opts);
    });
  program
    .command('mutants')
    .description('run the suite against every mutant of the reference and check each one is caught')
    .option('--backend <name>', 'backend', 'embedded')
    .option('--only <names>', 'comma-separated mutant names')
    .option('--parallel <n>', "each mutant's scenarios run this many at once, each in a worker process (0: all in this process)", nonNegativeInt, 2)
    .option('--out <dir>', 'folder for mutants.json', 'reports')
    .option('--concurrency <n>', 'mutants run at once', positiveInt, 2)
    .option('--wire', 'serve each mutant over the wire protocol (JSON-RPC over stdio), as a runtime in another process')
    .option('--call-timeout <ms>', 'with --wire: a call without an answer this long ends the run (exit 2)', positiveInt, DEFAULT_CALL_TIMEOUT_MS)
    .option('--list', 'list the mutants and exit')
    .action(async (opts) => {
      code = await mutantsCommand(opts);
    });
  // Living documentation: the site from runs' results, and a rule's trace through the code.
  siteCommand(program);
  traceCommand(program);
  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      process.stderr.write(`spotcheck: ${e.message.replace(/^error: /, '').split('\n')[0]}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`spotcheck: ${e.message}\n`);
      return 2;
    }
    if (e instanceof RunAborted) {
      // Scenarios may still be running (in worker processes, or in this one): the run ends here.
      // Workers end when this process does, and kill what they started (adapters/jsonrpc.ts).
      process.stderr.write(`spotcheck: ${e.message.split('\n')[0]}\n`);
      process.exit(2);
    }
    if (e instanceof ExitError) {
      process.stderr.write(`spotcheck: ${e.message}\n`);
      return e.code;
    }
    process.stderr.write(`spotcheck: internal error: ${(e as Error).message.split('\n')[0]}\n`);
    if (process.env.SPOTCHECK_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    return 2;
  }
}
