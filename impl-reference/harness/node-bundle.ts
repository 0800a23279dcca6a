// How the harness starts a node process. The node's TypeScript is bundled once per harness process
// with esbuild into one CommonJS file, so that a node does not spend its start compiling TypeScript
// through tsx on every start (a scenario starts three to five nodes, a restart one more). Where
// esbuild cannot build, nodes start through tsx. A run with worker processes builds it once, before
// the workers start (prepareNodeBundle), and they inherit its path: every worker (and, under
// `spotcheck mutants`, every mutant's workers) building its own cost CPU just as the first scenarios
// start their nodes, and on 2 cores three nodes then took up to 8 s to be ready.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeEnv } from '../../src/harness/runtime-env.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const NODE_MAIN = join(ROOT, 'impl-reference/node/main.ts');

let built: Promise<string[]> | undefined;

/** The bundle a parent process built for its workers (prepareNodeBundle). */
const INHERITED = 'SPOTCHECK_NODE_BUNDLE_FILE';

/**
 * Build the bundle in this process now, and hand its path to every process started from here on
 * (cucumber's workers inherit the environment). Nothing happens when nodes start through tsx.
 */
export async function prepareNodeBundle(): Promise<void> {
  if (process.env.SPOTCHECK_NODE_BUNDLE === '0') return;
  const argv = await nodeCommand();
  const file = argv.find((a) => a.endsWith('.cjs'));
  if (file) process.env[INHERITED] = file;
}

/**
 * The command line that starts a node, without its configuration argument.
 * SPOTCHECK_NODE_BUNDLE=0 starts nodes through tsx, without loading esbuild in this process.
 * SPOTCHECK_NODE_ARGS adds options for Node itself, split on spaces (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile every node process; NODE_OPTIONS refuses --cpu-prof).
 */
export async function nodeCommand(): Promise<string[]> {
  const extra = (process.env.SPOTCHECK_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (process.env.SPOTCHECK_NODE_BUNDLE === '0') return [process.execPath, ...extra, '--import', 'tsx', NODE_MAIN];
  const inherited = process.env[INHERITED];
  if (!built && inherited && existsSync(inherited)) built = Promise.resolve([inherited]);
  built ??= bundle().catch((e: Error) => {
    process.stderr.write(`spotcheck: nodes start through tsx (bundling failed: ${e.message.split('\n')[0]})\n`);
    return ['--import', 'tsx', NODE_MAIN];
  });
  return [process.execPath, ...extra, ...(await built)];
}

/** The environment of a node process: the kit's, less its tsx loader (src/harness/runtime-env.ts). */
export function nodeEnv(): NodeJS.ProcessEnv {
  return runtimeEnv();
}

async function bundle(): Promise<string[]> {
  const { build, stop } = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'spotcheck-node-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  // CommonJS, not an ES module: Node loads the same code in about 0.2 s of CPU instead of 0.3 s
  // (measured on this 2-core machine), and the process backend is CPU-bound, starting hundreds of
  // nodes per run. The node's code uses neither import.meta nor top-level await.
  const outfile = join(dir, 'node.cjs');
  await build({
    entryPoints: [NODE_MAIN],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  // esbuild's service is a child process of ours; nothing more is built, so it ends now rather
  // than at this process's exit.
  await stop();
  return [outfile];
}
