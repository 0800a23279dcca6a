// `npm run mutation [-- --area channel,connection] [--incremental] [--concurrency n] [--tags expr]`:
// StrykerJS writes bugs into the reference runtime's own code (src/mutation/areas.ts) and runs, for
// each, the scenarios that reach it (the cucumber runner measures coverage per scenario). Writes
// Stryker's HTML and JSON reports and the kit's summary (score over the runtime, per area and per
// requirement ID, survivors listed) to the out folder; exit 0 when the run finished (the score is a
// figure, not a verdict), unless `--break <percent>` is given and an area scores below it (exit 1,
// one line per such area: CI's guard), 2 on bad usage.

import { Command, InvalidArgumentError } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AREA_NAMES, areaFiles, type Area } from './areas.ts';
import { readStrykerReport, summarize, summaryLines } from './summary.ts';
import { suiteScenarios } from '../requirements/suite-scenarios.ts';
import { KIT_ROOT } from '../run/kit-root.ts';

function areas(value: string): Area[] {
  const list = value.split(',').map((a) => a.trim()).filter(Boolean);
  const unknown = list.filter((a) => !(AREA_NAMES as string[]).includes(a));
  if (unknown.length > 0 || list.length === 0) throw new InvalidArgumentError(`unknown area "${unknown[0] ?? value}" (known: ${AREA_NAMES.join(', ')})`);
  return list as Area[];
}

function percent(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError('must be a percentage from 0 to 100');
  return n;
}

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}

interface Opts {
  area: Area[];
  incremental: boolean;
  concurrency: number;
  tags?: string;
  out: string;
  backend: string;
  break?: number;
}

export function strykerOptions(opts: Opts): Record<string, unknown> {
  const out = resolve(opts.out);
  return {
    testRunner: 'cucumber',
    plugins: ['@stryker-mutator/cucumber-runner', join(KIT_ROOT, 'src/mutation/ignore-switches.mjs')],
    ignorers: ['kit-mutant-switches'],
    cucumber: { ...(opts.tags ? { tags: [opts.tags] } : {}), ...(opts.backend !== 'embedded' ? { profile: opts.backend } : {}) },
    mutate: opts.area.flatMap(areaFiles),
    coverageAnalysis: 'perTest',
    // The step definitions and the runtime are TypeScript, run by tsx in the test runner's process.
    testRunnerNodeArgs: ['--import', 'tsx'],
    concurrency: opts.concurrency,
    // A mutant that makes a scenario hang is a kill by timeout; the kit's own waits are bounded.
    timeoutMS: 20_000,
    timeoutFactor: 2,
    reporters: ['html', 'json', 'progress'],
    htmlReporter: { fileName: join(out, 'mutation.html') },
    jsonReporter: { fileName: join(out, 'mutation.json') },
    incremental: opts.incremental,
    incrementalFile: join(out, 'stryker-incremental.json'),
    tempDirName: join(out, 'tmp'),
    // Stryker copies the project into its sandbox, reports/ too (its own list leaves node_modules and
    // .git out, no longer reports/): every run's reports, which the scenarios never read, and in CI
    // files other steps are still writing.
    ignorePatterns: ['/reports'],
    cleanTempDir: true,
    // typescript 7 (native) has no JS API for Stryker's tsconfig rewriting, and the sandbox needs none.
    tsconfigFile: 'no-tsconfig-rewrite.json',
    // Code that runs when a runtime module loads (the rules tables) is static: each of its mutants runs
    // in a fresh test runner with the whole suite (cucumber.mjs loads the runtime before any scenario
    // under SPOTCHECK_MUTATION, adapters/mutation-preload.ts); ignored, they would hide the rules.
    ignoreStatic: false,
  };
}

async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('npm run mutation --')
    .option('--area <list>', `runtime areas to mutate, comma-separated: ${AREA_NAMES.join(', ')} (default all)`, areas, [...AREA_NAMES])
    .option('--incremental', "reuse the last run's results for code and scenarios that did not change", false)
    .option('--concurrency <n>', 'test runner processes at once', positive, 2)
    .option('--tags <expr>', 'only the scenarios of this Cucumber tag expression (a slice; the score then speaks of them only)')
    .option('--backend <name>', 'the backend the scenarios run on (a profile of cucumber.mjs)', 'sim')
    .option('--out <dir>', 'report folder', 'reports/mutation')
    .option('--break <percent>', 'exit 1 when the score of a mutated area is below this', percent)
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
  let opts: Opts;
  try {
    opts = program.parse(argv, { from: 'user' }).opts<Opts>();
  } catch (e) {
    process.stderr.write(`spotcheck mutation: ${(e as Error).message.replace(/^error: /, '')}\n`);
    return 2;
  }
  mkdirSync(opts.out, { recursive: true });
  // The test runners Stryker starts inherit it: cucumber.mjs then loads the runtime with the support code.
  process.env.SPOTCHECK_MUTATION = '1';
  const { Stryker } = await import('@stryker-mutator/core');
  const started = Date.now();
  await new Stryker(strykerOptions(opts) as never).runMutationTest();
  const seconds = (Date.now() - started) / 1000;
  const report = readStrykerReport(join(opts.out, 'mutation.json'));
  const summary = summarize(report, suiteScenarios(KIT_ROOT));
  const mutants = Object.values(report.files).reduce((n, f) => n + f.mutants.length, 0);
  const run = { areas: opts.area, tags: opts.tags ?? null, backend: opts.backend, incremental: opts.incremental, wallSeconds: seconds, mutants, mutantsPerSecond: mutants / seconds };
  writeFileSync(join(opts.out, 'summary.json'), JSON.stringify({ run, ...summary }, null, 2) + '\n');
  for (const line of summaryLines(summary)) process.stdout.write(`${line}\n`);
  process.stdout.write(`${mutants} mutants in ${seconds.toFixed(0)} s (${run.mutantsPerSecond.toFixed(2)}/s); ${summary.survivors.length} survivors listed in ${join(opts.out, 'summary.json')}; report ${join(opts.out, 'mutation.html')}\n`);
  if (opts.break === undefined) return 0;
  const low = Object.entries(summary.areas).filter(([, t]) => t.score !== null && t.score * 100 < opts.break!);
  for (const [area, t] of low) process.stderr.write(`spotcheck mutation: area ${area} scores ${(t.score! * 100).toFixed(1)}%, below --break ${opts.break}%\n`);
  return low.length > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
