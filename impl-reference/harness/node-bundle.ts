// How the harness starts a node process. The node's TypeScript is bundled once per harness process
// with esbuild into one ES module, so that a node starts in about 0.1 s instead of the 0.3 s tsx
// needs to compile its modules on every start (a scenario starts three to five nodes, a restart
// one more). Where esbuild cannot build, nodes start through tsx.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const NODE_MAIN = join(ROOT, 'impl-reference/node/main.ts');

let built: Promise<string[]> | undefined;

/**
 * The command line that starts a node, without its configuration argument.
 * SPOTCHECK_NODE_BUNDLE=0 starts nodes through tsx, without loading esbuild in this process.
 * SPOTCHECK_NODE_ARGS adds options for Node itself, split on spaces (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile every node process; NODE_OPTIONS refuses --cpu-prof).
 */
export async function nodeCommand(): Promise<string[]> {
  const extra = (process.env.SPOTCHECK_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (process.env.SPOTCHECK_NODE_BUNDLE === '0') return [process.execPath, ...extra, '--import', 'tsx', NODE_MAIN];
  built ??= bundle().catch((e: Error) => {
    process.stderr.write(`spotcheck: nodes start through tsx (bundling failed: ${e.message.split('\n')[0]})\n`);
    return ['--import', 'tsx', NODE_MAIN];
  });
  return [process.execPath, ...extra, ...(await built)];
}

async function bundle(): Promise<string[]> {
  const { build, stop } = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'spotcheck-node-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, 'node.mjs');
  await build({
    entryPoints: [NODE_MAIN],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    // Bundled CommonJS dependencies (ioredis, nats) call require: give the module one.
    banner: { js: "import { createRequire as __spotcheckRequire } from 'node:module'; const require = __spotcheckRequire(import.meta.url);" },
  });
  // esbuild's service is a child process of ours; nothing more is built, so it ends now rather
  // than at this process's exit.
  await stop();
  return [outfile];
}
