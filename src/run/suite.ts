// Runs the features in this process through Cucumber's API. Support code (step definitions) is
// loaded once and reused, so `--repeat` and the mutant self-test run the suite many times cheaply.

import { mkdirSync, mkdtempSync, renameSync, rmSync, accessSync, constants, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { loadSources, loadSupport, runCucumber, type IRunOptions, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import { parse as parseTagExpression } from '@cucumber/tag-expressions';
import { UsageError, adaptersModule, prepareTarget, type Target } from '../driver/target.ts';
import { WIRE_FATAL_MEDIA_TYPE, WIRE_FATAL_TYPE } from '../driver/scenario-log.ts';
import { RunAborted } from './aborted.ts';
import { KIT_ROOT } from './kit-root.ts';
import { ResultCollector, type ScenarioResult } from './results.ts';
import type { Shard } from './shard.ts';
import type { Envelope } from '@cucumber/messages';
import { availableParallelism, tmpdir } from 'node:os';
import { START_BARRIER_DIR, START_BARRIER_WORKERS } from './worker-env.ts';

/**
 * Scenarios run at once by default. Most of a scenario's time is spent waiting (deadlines, leases,
 * never windows), not computing, so four workers fit a 2-core machine; `--repeat` under load is
 * how that is checked (npm run bench prints it).
 */
export const DEFAULT_PARALLEL = 4;

/**
 * Workers when --parallel is not given. Where every worker brings processes of its own, fewer: an
 * exec: runtime no more than the cores (on 2 cores, 4 workers and 4 runtime processes loading at
 * once made a runtime's 300 ms deadline end 485 ms after submit, CI, twice); the process backend
 * one more than the cores, because its scenarios are mostly never windows and lease waits (on 2
 * cores the suite used 54% of the CPU at 2 workers, 78% at 3: 142.6 s and 106.5 s wall; 3 workers
 * under a busy loop, --repeat 3: 0 changed).
 */
export function defaultParallel(backend: string, impl?: string): number {
  if (backend === 'process') return Math.max(1, Math.min(DEFAULT_PARALLEL, availableParallelism() + 1));
  if (impl?.startsWith('exec:') || impl?.startsWith('node:')) return Math.max(1, Math.min(DEFAULT_PARALLEL, availableParallelism()));
  // A simulated world never waits on the machine: its scenarios only compute, one worker per core.
  if (backend === 'sim') return Math.max(1, Math.min(DEFAULT_PARALLEL, availableParallelism()));
  return DEFAULT_PARALLEL;
}

export { KIT_ROOT };

export interface RunRequest {
  target: Target;
  /** Cucumber tag expression selecting scenarios; empty = all. */
  tags?: string;
  /** Folder for Cucumber's html, json, junit and message reports; none = no report files. */
  out?: string;
  onScenario?: (r: ScenarioResult, done: number, total: number) => void;
  /** Scenarios run at once, each in its own worker process (0 = in this process). */
  parallel?: number;
  /** Run only this shard of the selection (src/run/shard.ts). */
  shard?: Shard;
}

export interface RunResult {
  results: ScenarioResult[];
  startedAt: Date;
  durationMs: number;
  /** Files written into the out folder (moved into place only when the run finished). */
  reportDir?: string;
}

/**
 * The run was ended before its last scenario: the implementation hung, or broke the wire protocol,
 * and was killed (adapters/jsonrpc.ts), or a worker process died with a scenario unfinished.
 * Nothing of the run is published; the message is one line.
 */

export { RunAborted };

const silent = new Writable({ write: (_c, _e, cb) => cb() });

export function checkTags(tags: string | undefined): void {
  if (!tags) return;
  try {
    parseTagExpression(tags);
  } catch (e) {
    throw new UsageError(`malformed tag expression "${tags}": ${(e as Error).message.split('\n')[0]}`);
  }
}

/** Make sure the folder exists and can be written, before anything runs. */
export function checkOutDir(out: string): string {
  const dir = resolve(out);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = mkdtempSync(join(dir, '.spotcheck-probe-'));
    rmSync(probe, { recursive: true });
  } catch (e) {
    throw new UsageError(`cannot write the output folder ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return dir;
}

export class Suite {
  private constructor(private readonly support: ISupportCodeLibrary) {}

  private static loaded?: Promise<Suite>;

  /**
   * The step definitions, loaded once per process. They are ES modules: a second loadSupport finds
   * them in the module cache, registers no step, and every scenario of its runs is undefined (the
   * bench ran the process-backend suite after the embedded one that way: 136 not passed in 6 s).
   */
  static load(): Promise<Suite> {
    Suite.loaded ??= Suite.readSteps();
    return Suite.loaded;
  }

  private static async readSteps(): Promise<Suite> {
    const registry = () => {
      const module = adaptersModule();
      return module ? [relative(KIT_ROOT, module)] : [];
    };
    const support = await loadSupport(
      {
        sources: { paths: ['features/**/*.feature'], defaultDialect: 'en', names: [], tagExpression: '', order: 'defined' },
        // The adapters' registry first (each worker opens its Driver through it), then the wire
        // hooks, so that their After hook runs last (after the Driver closed).
        support: { importPaths: [...registry(), 'src/run/wire-hooks.ts', 'src/run/start-barrier.ts', 'step-definitions/**/*.ts'], requirePaths: [], requireModules: [], loaders: [] },
      },
      { cwd: KIT_ROOT, stdout: silent, stderr: process.stderr },
    );
    return new Suite(support);
  }

  async run(req: RunRequest): Promise<RunResult> {
    checkTags(req.tags);
    await prepareTarget(req.target);
    let staging: string | undefined;
    const files: Record<string, string> = {};
    if (req.out) {
      const dir = checkOutDir(req.out);
      staging = mkdtempSync(join(dir, '.spotcheck-run-'));
      files[join(staging, 'cucumber.html')] = 'html';
      files[join(staging, 'cucumber.json')] = 'json';
      files[join(staging, 'cucumber.xml')] = 'junit';
      files[join(staging, 'cucumber.ndjson')] = 'message';
    }
    const sources: IRunOptions['sources'] = { paths: ['features/**/*.feature'], defaultDialect: 'en', names: [], tagExpression: req.tags ?? '', order: 'defined' };
    // No more workers than scenarios to run: a worker costs seconds of CPU to load the kit before
    // its first scenario (one scenario with --parallel 4 took 16.4 s of CPU, 8.4 s with one worker).
    const workers = Math.min(req.parallel ?? 0, await selectedCount(sources, req.shard));
    const options: IRunOptions = {
      sources,
      support: this.support,
      runtime: {
        dryRun: false,
        failFast: false,
        filterStacktraces: true,
        parallel: workers,
        retry: 0,
        retryTagFilter: '',
        strict: true,
        worldParameters: { ...req.target },
      },
      formats: { stdout: 'summary', files, publish: false, options: { junit: { suiteName: 'spotcheck' } } },
      plugins: {
        specifiers: [
          // The shard is cut from the tag selection before the order is set.
          ...(req.shard ? [fileURLToPath(new URL('./shard-plugin.ts', import.meta.url))] : []),
          fileURLToPath(new URL('./long-first.ts', import.meta.url)),
        ],
        options: req.shard ? { spotcheckShard: { index: req.shard.index, total: req.shard.total } } : {},
      },
    };
    // A scenario that met a hung or garbled implementation ends the run at once (the rest could
    // only wait for the deadline again), whichever worker it ran in.
    let abort!: (e: RunAborted) => void;
    const aborted = new Promise<never>((_, reject) => (abort = reject));
    const collector = new ResultCollector((r, done, total) => {
      if (r.failure?.type === WIRE_FATAL_TYPE) abort(new RunAborted(`${r.failure.message} (scenario ${r.uri}:${r.line})`));
      else req.onScenario?.(r, done, total);
    });
    // A step may have caught the wire's error and failed otherwise; the wire hooks say it anyway.
    const handle = (m: Envelope) => {
      if (m.attachment?.mediaType === WIRE_FATAL_MEDIA_TYPE) abort(new RunAborted(m.attachment.body));
      collector.handle(m);
    };
    const startedAt = new Date();
    // Workers load (and start their runtime processes) before any of them runs a scenario.
    const barrier = workers > 1 ? mkdtempSync(join(tmpdir(), 'spotcheck-start-')) : undefined;
    try {
      // Worker processes load the TypeScript step definitions through tsx as this process does.
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim() };
      if (barrier) Object.assign(env, { [START_BARRIER_DIR]: barrier, [START_BARRIER_WORKERS]: String(workers) });
      const running = runCucumber(options, { cwd: KIT_ROOT, stdout: silent, stderr: process.stderr, env }, handle);
      running.catch(() => {}); // after an abort nobody waits for it
      // A worker process that died mid-scenario (killed, out of memory, a runtime in it that called
      // process.exit) leaves that scenario without a result, and Cucumber's own formatters may then
      // throw on it: the run ends here, naming the scenario, rather than publish a shorter suite.
      const crashed = await Promise.race([running, aborted]).then(
        () => undefined,
        (e: unknown) => (e instanceof RunAborted ? Promise.reject(e) : e),
      );
      const lost = collector.finishLost();
      if (lost.length > 0) {
        const first = lost[0];
        throw new RunAborted(
          `${lost.length} scenario(s) got no result (first ${first.uri}:${first.line} "${first.name}"): ${first.message} (killed, out of memory, or process.exit in the runtime); no report was written`,
        );
      }
      if (crashed !== undefined) throw crashed;
    } catch (e) {
      if (staging) rmSync(staging, { recursive: true, force: true });
      throw e;
    } finally {
      if (barrier) rmSync(barrier, { recursive: true, force: true });
    }
    return { results: collector.results, startedAt, durationMs: Date.now() - startedAt.getTime(), reportDir: staging };
  }
}

/** How many scenarios a run of these sources (and this shard of them) has: the shard plugin keeps the k-th (from 0) where k mod n is i - 1. */
async function selectedCount(sources: IRunOptions['sources'], shard: Shard | undefined): Promise<number> {
  const { plan } = await loadSources(sources, { cwd: KIT_ROOT, stderr: process.stderr });
  if (!shard) return plan.length;
  return plan.length >= shard.index ? Math.floor((plan.length - shard.index) / shard.total) + 1 : 0;
}

/** Move finished report files from the staging folder into `out`, plus extra JSON files. */
export function publishReports(staging: string | undefined, out: string, extra: Record<string, unknown>): void {
  const dir = resolve(out);
  const stage = staging ?? mkdtempSync(join(dir, '.spotcheck-run-'));
  for (const [name, data] of Object.entries(extra)) writeFileSync(join(stage, name), JSON.stringify(data, null, 2) + '\n');
  for (const name of readdirSync(stage)) renameSync(join(stage, name), join(dir, name));
  rmSync(stage, { recursive: true, force: true });
}
