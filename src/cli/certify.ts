// `spotcheck certify`: the level's scenarios run several times with identical results, or reports
// already made (--from), become a certificate and a badge.

import { Command } from 'commander';
import { join } from 'node:path';
import { UsageError, checkTarget, type Target } from '../driver/target.ts';
import { buildCompliance } from '../report/compliance.ts';
import { LEVEL_NAMES, lacksForLevel, levelLine, levelNamed, meets, type LevelName } from '../requirements/levels.ts';
import { Progress } from './progress.ts';
import { DEFAULT_PARALLEL, defaultParallel, Suite, publishReports } from '../run/suite.ts';
import { DEFAULT_CALL_TIMEOUT_MS } from '../../adapters/records.ts';
import { ensureOutDir } from './out-dir.ts';
import type { ScenarioResult } from '../run/results.ts';
import { compareScenarioPlaces, scenarioKey } from '../run/shard.ts';
import { resultsOf, type Compliance } from '../report/compliance.ts';
import { MergeRefused, ReportInputError, mergeShards, readReport } from '../report/merge.ts';
import { serverVersions } from '../certify/servers.ts';
import { buildCertificate, certifiableProblem, type Certificate } from '../certify/certificate.ts';
import { MissingHashError, certificateHashes } from '../certify/kit.ts';
import { changedScenarios, levelSelection } from '../certify/runs.ts';
import { badgeSvg, endpointBadge } from '../certify/badge.ts';
import { writeFileAtomic, writeJsonAtomic } from '../certify/write.ts';
import { isDeepStrictEqual } from 'node:util';
import { KIT, ExitError, nonNegativeInt, positiveInt, describeTarget, withBackend, runInfo } from './common.ts';
import { earlierFailures, summarize } from './summary.ts';

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

/** `certify`. */
export function certifyCommandOf(program: Command, setCode: (code: number) => void): void {
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
      setCode(await certifyCommand(opts));
    });
}
