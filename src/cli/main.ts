// The `spotcheck` command line.
// Exit status: 0 every selected scenario passed (or was not applicable); 1 a scenario failed, a
// result changed between repeats, or a mutant survived; 2 bad usage or an implementation that
// could not start. Every error is one line naming what is wrong.

// First: registers every adapter (the plug-in point, src/driver/target.ts) before any command is built.
import './adapters.ts';
import { availableParallelism } from 'node:os';
import { BackendStartError, withBackendServers, type BackendServers } from '../servers/backend.ts';
import { siteCommand } from '../site/cli.ts';
import { traceCommand } from '../trace/cli.ts';
import { checkCommand } from '../checker/cli.ts';
import { nemesisCommand } from '../nemesis/cli.ts';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { backendNames, UsageError, checkTarget, openDriver, serversFor, type Target } from '../driver/target.ts';
import type { Description } from '../driver/types.ts';
import { buildCompliance } from '../report/compliance.ts';
import { FAILPOINT_TAG_PREFIX, LEVEL_NAMES, lacksForLevel, levelLine, levelNamed, meets, type LevelName } from '../requirements/levels.ts';
import { runMutants } from '../run/mutants.ts';
import { referenceMutants, servedMutant } from '../../adapters/embedded.ts';
import { mutantsCampaignCommand } from './mutants-campaign.ts';
import { Progress } from './progress.ts';
import { DEFAULT_PARALLEL, KIT_ROOT, defaultParallel, RunAborted, Suite, checkTags, publishReports } from '../run/suite.ts';
import { DEFAULT_CALL_TIMEOUT_MS } from '../../adapters/jsonrpc.ts';
import { takeScenarioStderr } from '../driver/scenario-log.ts';
import { ensureOutDir } from './out-dir.ts';
import type { ScenarioResult } from '../run/results.ts';
import { compareScenarioPlaces, parseShard, scenarioKey, shardText, type Shard } from '../run/shard.ts';
import { resultsOf, type Compliance, type RunInfo } from '../report/compliance.ts';
import { MergeRefused, ReportInputError, mergeShards, readReport } from '../report/merge.ts';
import { runEnvironment, serverVersions } from '../certify/servers.ts';
import { buildCertificate, certifiableProblem, type Certificate } from '../certify/certificate.ts';
import { MissingHashError, certificateHashes } from '../certify/kit.ts';
import { changedScenarios, levelSelection } from '../certify/runs.ts';
import { CertificateInputError, readCertificate, verifyCertificate } from '../certify/verify.ts';
import { badgeSvg, endpointBadge } from '../certify/badge.ts';
import { writeFileAtomic, writeJsonAtomic } from '../certify/write.ts';
import { isDeepStrictEqual } from 'node:util';

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

/**
 * The backend's servers for `fn` (src/servers/backend.ts), reported on this run's progress. Without
 * the means to freeze Redis: the scenarios of a run share it, and freezing it for one would stop the
 * others (the process backend cuts every node's relay instead).
 */
async function withBackend<T>(target: Pick<Target, 'impl' | 'backend'>, progress: Progress, fn: (servers: BackendServers) => Promise<T>): Promise<T> {
  try {
    return await withBackendServers(target.backend, serversFor(target), {
      started: (line) => progress.line(line),
      interrupted: (signal) => process.stderr.write(`spotcheck: interrupted (${signal}); stopping the servers this run started\n`),
    }, ({ redisPause: _shared, ...servers }) => fn(servers));
  } catch (e) {
    throw e instanceof BackendStartError ? new ExitError(e.message, 2) : e;
  }
}

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

/** How a report was made (compliance.json's `run`): merge and certify need it. */
function runInfo(input: {
  tags: string | null;
  levelOnly: LevelName | null;
  shard?: Shard;
  results: ScenarioResult[];
  repeat: number;
  changed: number;
  description: Description;
  servers: RunInfo['servers'];
}): RunInfo {
  return {
    selection: { tags: input.tags, levelOnly: input.levelOnly, shard: input.shard ? { index: input.shard.index, total: input.shard.total } : null },
    scenarios: input.results.map((r) => scenarioKey(r)).sort(),
    repeat: input.repeat,
    changed: input.changed,
    description: input.description,
    servers: input.servers,
    environment: [runEnvironment()],
  };
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

/**
 * Not-applicable scenarios in a few lines (each scenario is in the report): one per capability
 * lacking, `not applicable: 33 scenarios need relocation, which X does not report` (a scenario that
 * lacks two capabilities counts under both), and one line for the scenarios that lack failpoints only.
 */
export function notApplicableLines(results: ScenarioResult[], implementation: string): string[] {
  const byCapability = new Map<string, number>();
  const failpoints = new Set<string>();
  let onlyFailpoints = 0;
  for (const r of results) {
    if (r.status !== 'not-applicable') continue;
    const lacks = r.lacks ?? ['(unstated)'];
    const capabilities = lacks.filter((l) => !l.startsWith(FAILPOINT_TAG_PREFIX));
    for (const c of capabilities) byCapability.set(c, (byCapability.get(c) ?? 0) + 1);
    for (const f of lacks.filter((l) => l.startsWith(FAILPOINT_TAG_PREFIX))) failpoints.add(f.slice(FAILPOINT_TAG_PREFIX.length));
    if (capabilities.length === 0) onlyFailpoints++;
  }
  const n = (count: number) => `${count} scenario${count === 1 ? ' needs' : 's need'}`;
  const lines = [...byCapability].map(([c, count]) => `not applicable: ${n(count)} ${c}, which ${implementation} does not report`);
  if (onlyFailpoints > 0) lines.push(`not applicable: ${n(onlyFailpoints)} failpoints ${implementation} does not report (${[...failpoints].join(', ')})`);
  return lines;
}

/** The last run's failures are summarized at the end; an earlier run's would be lost with its reports. */
function earlierFailures(progress: Progress, run: number, results: ScenarioResult[]): void {
  for (const r of results.filter((x) => x.status === 'failed')) progress.line(`run ${run}: FAILED ${r.uri}:${r.line} ${r.name}: ${r.message}`);
}

/** Failures on the machine's clock while the machine was overloaded: said once, changing no verdict. */
export const LOADED_SHARE = 0.5;

export function loadedFailures(results: ScenarioResult[]): string | undefined {
  const failed = results.filter((r) => r.status === 'failed');
  const loaded = failed.filter((r) => (r.cpuWaitShare ?? 0) >= LOADED_SHARE);
  if (loaded.length === 0) return undefined;
  const mean = loaded.reduce((a, r) => a + r.cpuWaitShare!, 0) / loaded.length;
  return (
    `note: ${loaded.length} of the ${failed.length} failed scenario(s) ran while the machine was overloaded ` +
    `(some task waited for a CPU ${(mean * 100).toFixed(0)}% of their time, /proc/pressure/cpu): a real-time verdict there may be the machine's; ` +
    `run them again on a quieter machine (--tags, --repeat) before taking them for the runtime's`
  );
}

function summarize(progress: Progress, results: ScenarioResult[], durationMs: number, out: string, implementation: string): void {
  const n = (s: string) => results.filter((r) => r.status === s).length;
  for (const r of results.filter((x) => x.status === 'failed')) progress.line(`FAILED ${r.uri}:${r.line} ${r.name}: ${r.message}`);
  const loaded = loadedFailures(results);
  if (loaded) progress.line(loaded);
  for (const line of notApplicableLines(results, implementation)) progress.line(line);
  progress.line(`${n('passed')} passed, ${n('failed')} failed, ${n('not-applicable')} not applicable (${(durationMs / 1000).toFixed(1)} s); reports in ${out}`);
}

interface CertifyOpts {
  impl?: string;
  level?: string;
  backend?: string;
  runs?: number;
  out: string;
  from?: string[];
  /** Unset: defaultParallel(backend, impl). */
  parallel?: number;
  callTimeout: number;
}

const DEFAULT_CERTIFY_RUNS = 3;

/**
 * `spotcheck certify`: the scenarios of the level, run `--runs` times (default 3) with identical
 * results each time, become certificate.json, badge.json and badge.svg in the out folder; or, with
 * `--from`, reports already made (one whole run, or every shard of one) do. Exit 0 when the level
 * requested was met, 1 when it was not (the certificate says so) or a result changed between runs
 * (no certificate then), 2 on bad usage or input.
 */
async function certifyCommand(opts: CertifyOpts): Promise<number> {
  if (opts.level !== undefined && !levelNamed(opts.level)) throw new UsageError(`unknown level "${opts.level}" (known: ${LEVEL_NAMES.join(', ')})`);
  if (opts.from) {
    const given = (['impl', 'backend', 'runs'] as const).filter((k) => opts[k] !== undefined);
    if (given.length > 0) throw new UsageError(`--from takes the implementation, backend and runs from its reports; leave out --${given[0]}`);
    ensureOutDir(opts.out);
    checkCertificateHashes();
    return certifyFrom(opts.from, opts.level as LevelName | undefined, opts.out);
  }
  if (opts.impl === undefined) throw new UsageError('certify needs --impl <name>, or --from <compliance.json...>');
  // Before anything runs: a certificate says what it was checked against, or is not written.
  checkCertificateHashes();
  const level = (opts.level ?? 'full') as LevelName;
  const backend = opts.backend ?? 'embedded';
  const runs = opts.runs ?? DEFAULT_CERTIFY_RUNS;
  const impl = opts.impl;
  checkTarget({ impl, backend });
  ensureOutDir(opts.out);
  const progress = new Progress(process.stdout);
  return withBackend({ impl, backend }, progress, async (servers) => {
    const target: Target = { impl, backend, callTimeoutMs: opts.callTimeout, ...servers };
    const description = await describeTarget(target);
    const versions = await serverVersions(target);
    const tags = levelSelection(levelNamed(level)!);
    progress.line(`spotcheck ${KIT.version} certify: ${description.name} ${description.version}, backend ${description.backend}, level ${level}, ${runs} run(s)`);
    const lacks = lacksForLevel(levelNamed(level)!, description);
    if (lacks.length > 0) progress.line(`level ${level} needs ${lacks.join(', ')}, which ${description.name} does not report: it cannot be met`);
    const suite = await Suite.load();
    const started = new Date();
    const all: ScenarioResult[][] = [];
    let last!: Awaited<ReturnType<Suite['run']>>;
    for (let i = 1; i <= runs; i++) {
      progress.line(`run ${i} of ${runs}`);
      // Only the last run's report files are kept.
      last = await suite.run({ target, tags: tags || undefined, out: i === runs ? opts.out : undefined, parallel: opts.parallel ?? defaultParallel(backend, impl), onScenario: (r, done, total) => progress.scenario(r, done, total) });
      progress.done();
      if (i < runs) earlierFailures(progress, i, last.results);
      all.push(last.results);
    }
    const durationMs = Date.now() - started.getTime();
    const changed = changedScenarios(all);
    const compliance = buildCompliance({
      kit: { name: KIT.name, version: KIT.version },
      implementation: { name: description.name, version: description.version, backend: description.backend },
      description,
      level,
      startedAt: started,
      durationMs,
      results: last.results,
      run: runInfo({ tags: null, levelOnly: level, results: last.results, repeat: runs, changed: changed.length, description, servers: versions }),
    });
    publishReports(last.reportDir, opts.out, { 'compliance.json': compliance });
    summarize(progress, last.results, durationMs, opts.out, description.name);
    if (changed.length > 0) {
      for (const c of changed) progress.line(`changed between runs: ${c.key} ${c.name}: ${c.statuses.join(', ')}`);
      progress.line(`no certificate: ${changed.length} of ${new Set(all.flat().map((r) => scenarioKey(r))).size} scenarios changed between the ${runs} runs`);
      return 1;
    }
    return writeCertificate(buildCertificate(compliance, { startedAt: started.toISOString(), durationMs }), opts.out, progress);
  });
}

function checkCertificateHashes(): void {
  try {
    certificateHashes();
  } catch (e) {
    if (e instanceof MissingHashError) throw new ExitError(e.message, 2);
    throw e;
  }
}

/** A certificate from reports already made: one whole run, or every shard of one (merged here). */
function certifyFrom(files: string[], level: LevelName | undefined, out: string): number {
  let compliance: Compliance;
  let label: string;
  try {
    const reports = files.map((f) => readReport(f));
    if (reports.length === 1) {
      compliance = reports[0].compliance;
      label = reports[0].file;
    } else {
      compliance = mergeShards(reports);
      label = `the ${reports.length} shards`;
    }
  } catch (e) {
    if (e instanceof ReportInputError || e instanceof MergeRefused) throw new UsageError(e.message);
    throw e;
  }
  if (compliance.kit.name !== KIT.name || compliance.kit.version !== KIT.version)
    throw new UsageError(`${label}: made by ${compliance.kit.name} ${compliance.kit.version}, but this is ${KIT.name} ${KIT.version}: certify with the kit that ran it`);
  const problem = certifiableProblem(compliance);
  if (problem) throw new UsageError(`${label}: cannot be certified: ${problem}`);
  if (level !== undefined && level !== compliance.level.requested) throw new UsageError(`${label}: ran for level ${compliance.level.requested}, not ${level}`);
  // Statuses, counts and the level met are taken from the scenarios, by this kit's rules.
  const again = buildCompliance({
    kit: compliance.kit,
    implementation: compliance.implementation,
    description: compliance.run!.description,
    level: compliance.level.requested,
    startedAt: new Date(compliance.startedAt),
    durationMs: compliance.durationMs,
    results: resultsOf(compliance),
    run: compliance.run,
  });
  // (The order of scenarios within an ID is the order they finished in, and is not compared.)
  const inOrder = (c: Compliance) => c.requirements.map((r) => ({ ...r, scenarios: [...r.scenarios].sort(compareScenarioPlaces) }));
  if (!isDeepStrictEqual(inOrder(again), inOrder(compliance))) throw new UsageError(`${label}: its requirements do not follow from its scenarios: not a report this kit wrote`);
  for (const key of ['summary', 'level'] as const) {
    if (!isDeepStrictEqual(again[key], compliance[key])) throw new UsageError(`${label}: its ${key} do not follow from its scenarios: not a report this kit wrote`);
  }
  const progress = new Progress(process.stdout);
  return writeCertificate(buildCertificate(again, { startedAt: again.startedAt, durationMs: again.durationMs }), out, progress);
}

/** badge.json, badge.svg, then certificate.json, each written whole (temp file, then rename). */
function writeCertificate(cert: Certificate, out: string, progress: Progress): number {
  const dir = ensureOutDir(out);
  const badge = endpointBadge(cert.level, cert.backend.name);
  writeJsonAtomic(join(dir, 'badge.json'), badge);
  writeFileAtomic(join(dir, 'badge.svg'), badgeSvg(badge));
  writeJsonAtomic(join(dir, 'certificate.json'), cert);
  const failed = cert.compliance.requirements.some((r) => r.status === 'failed');
  const met = meets(cert.level.met, cert.level.requested);
  progress.line(levelLine({ requested: cert.level.requested, met: cert.level.met, reasons: cert.level.why }));
  progress.line(`certificate: ${cert.implementation.name} ${cert.implementation.version} (${cert.backend.name}), level ${cert.level.requested} ${met ? 'met' : 'not met'}, ${cert.runs} run(s) agreed; ${join(out, 'certificate.json')}`);
  return met && !failed ? 0 : 1;
}

function verifyCommand(file: string): number {
  let cert: Certificate;
  try {
    cert = readCertificate(file);
  } catch (e) {
    if (e instanceof CertificateInputError) throw new UsageError(e.message);
    throw e;
  }
  const problems = verifyCertificate(cert);
  for (const p of problems) process.stdout.write(`${p}\n`);
  if (problems.length > 0) {
    process.stdout.write(`${file}: ${problems.length} mismatch${problems.length > 1 ? 'es' : ''} with this kit (${KIT.name} ${KIT.version})\n`);
    return 1;
  }
  process.stdout.write(`${file}: matches this kit (${KIT.name} ${KIT.version}): ${cert.implementation.name} ${cert.implementation.version} (${cert.backend.name}), level ${cert.level.requested} ${meets(cert.level.met, cert.level.requested) ? 'met' : 'not met'}\n`);
  return 0;
}

function mergeCommand(files: string[], opts: { out: string }): number {
  let merged: Compliance;
  try {
    merged = mergeShards(files.map((f) => readReport(f)));
  } catch (e) {
    if (e instanceof ReportInputError || e instanceof MergeRefused) throw new UsageError(e.message);
    throw e;
  }
  const dir = ensureOutDir(opts.out);
  writeJsonAtomic(join(dir, 'compliance.json'), merged);
  const run = merged.run!;
  process.stdout.write(
    `merged ${files.length} shard(s) of ${merged.implementation.name} ${merged.implementation.version} (${merged.implementation.backend}): ${run.scenarios.length} scenarios; ` +
      `${levelLine({ requested: merged.level.requested, met: merged.level.met, reasons: merged.level.why })}; ${join(opts.out, 'compliance.json')}\n`,
  );
  return 0;
}

/**
 * Mutants run at once. On the process backend every worker starts node processes of its own, and
 * more workers than cores starve them: with 2 mutants of 2 workers each on 2 cores, three nodes
 * took up to 8 s to be ready and scenarios failed on their first step, not on a rule.
 */
function defaultMutantConcurrency(backend: string, parallel: number): number {
  // In this process (parallel 0) one run at a time: the kit's clock is one per process (a simulated world's).
  if (parallel === 0) return 1;
  if (backend !== 'process') return 2;
  return Math.max(1, Math.floor(availableParallelism() / Math.max(1, parallel)));
}

/**
 * Workers per mutant when --parallel is not given: 2, or on the simulated backend none (all in this
 * process): its scenarios take milliseconds, a worker process a second to start.
 */
function defaultMutantParallel(backend: string): number {
  return backend === 'sim' ? 0 : 2;
}

async function mutantsCommand(opts: { backend: string; only?: string; out: string; list?: boolean; parallel?: number; wire?: boolean; concurrency?: number; callTimeout: number; campaign?: string; ops?: number; jobs?: number }): Promise<number> {
  if (opts.wire && opts.backend !== 'embedded') throw new UsageError(`--wire serves each mutant as a runtime of its own; --backend ${opts.backend} cannot be used with it`);
  const mutants = referenceMutants();
  const names: string[] = mutants.map((m) => m.name);
  if (opts.list) {
    for (const name of names) process.stdout.write(`${name}\n`);
    return 0;
  }
  const only = opts.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((n) => !names.includes(n)) ?? [];
  if (unknown.length > 0) throw new UsageError(`unknown mutant "${unknown[0]}" (see: spotcheck mutants --list)`);
  if (!backendNames().includes(opts.backend)) throw new UsageError(`unknown backend "${opts.backend}" (known: ${backendNames().join(', ')})`);
  if (opts.campaign !== undefined) return mutantsCampaignCommand({ ...opts, campaign: opts.campaign, only }, new Progress(process.stdout));
  const parallel = opts.parallel ?? defaultMutantParallel(opts.backend);
  if (parallel === 0 && (opts.concurrency ?? 1) > 1) throw new UsageError('--concurrency above 1 needs workers (--parallel 1 or more): runs in this process go one at a time');
  ensureOutDir(opts.out);
  const progress = new Progress(process.stdout);
  const suite = await Suite.load();
  const started = Date.now();
  const results = await withBackend({ impl: 'reference', backend: opts.backend }, progress, (servers) => runMutants(suite, {
    backend: opts.backend,
    ...servers,
    only,
    parallel,
    concurrency: opts.concurrency ?? defaultMutantConcurrency(opts.backend, parallel),
    mutants,
    ...(opts.wire ? { serve: servedMutant } : {}),
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
      code = await runCommand(opts);
    });
  program
    .command('certify')
    .description("run the level's scenarios several times and write certificate.json and a badge; or make them from reports (--from)")
    .option('--impl <name>', 'implementation: reference, mutant:<name>, exec:<command> or node:<command> (one process per node, faults from outside)')
    .option('--level <name>', `level to certify: ${LEVEL_NAMES.join(', ')} (default full)`)
    .option('--backend <name>', 'embedded (default), redis or process')
    .option('--runs <n>', `times the selection runs; every result must be the same each time (default ${DEFAULT_CERTIFY_RUNS})`, positiveInt)
    .option('--out <dir>', 'folder for certificate.json, badge.json, badge.svg and the reports', 'reports')
    .option('--from <files...>', 'make the certificate from compliance.json reports: one whole run, or every shard of one')
    .option('--parallel <n>', `scenarios run at once, each in a worker process (0: all in this process; default ${DEFAULT_PARALLEL}, for exec: runtimes no more than the cores, on the process backend one more)`, nonNegativeInt)
    .option('--call-timeout <ms>', 'exec: implementations: a call over the wire without an answer this long ends the run (exit 2)', positiveInt, DEFAULT_CALL_TIMEOUT_MS)
    .action(async (opts: CertifyOpts) => {
      code = await certifyCommand(opts);
    });
  program
    .command('verify')
    .description('check a certificate against this kit (hashes, version, level) and itself (statuses, counts)')
    .argument('<certificate>', 'certificate.json')
    .action((file: string) => {
      code = verifyCommand(file);
    });
  program
    .command('merge')
    .description('combine the compliance.json of every shard of a run (run --shard i/n) into one')
    .argument('<files...>', 'compliance.json of each shard')
    .requiredOption('--out <dir>', 'folder for the merged compliance.json')
    .action((files: string[], opts: { out: string }) => {
      code = mergeCommand(files, opts);
    });
  program
    .command('mutants')
    .description('run the suite against every mutant of the reference and check each one is caught')
    .option('--backend <name>', 'backend', 'embedded')
    .option('--only <names>', 'comma-separated mutant names')
    .option('--parallel <n>', "each mutant's scenarios run this many at once, each in a worker process (0: all in this process; default 2, on the sim backend 0)", nonNegativeInt)
    .option('--out <dir>', 'folder for mutants.json', 'reports')
    .option('--concurrency <n>', 'mutants run at once (default 2; on the process backend, as many as leave one worker per core)', positiveInt)
    .option('--wire', 'serve each mutant over the wire protocol (JSON-RPC over stdio), as a runtime in another process')
    .option('--call-timeout <ms>', 'with --wire: a call without an answer this long ends the run (exit 2)', positiveInt, DEFAULT_CALL_TIMEOUT_MS)
    .option('--list', 'list the mutants and exit')
    .option('--campaign <duration>', 'backend sim: no scenarios; the fault campaign alone against each mutant (seeds 1, 2, ... each its own swarm) for at most this long, e.g. 60s')
    .option('--ops <n>', 'with --campaign: operations of each seed (default 1000)', positiveInt)
    .option('--jobs <n>', 'with --campaign: worker processes, all on one mutant at a time (default: one per core)', positiveInt)
    .action(async (opts) => {
      code = await mutantsCommand(opts);
    });
  // Living documentation: the site from runs' results, and a rule's trace through the code.
  siteCommand(program);
  traceCommand(program);
  // The fault campaign: its verdict (0 valid, 1 invalid, 2 unknown) is the exit status.
  nemesisCommand(program, (c) => (code = c));
  checkCommand(program, (c) => (code = c));
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
