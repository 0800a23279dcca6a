// Helpers for tests that run the real `spotcheck` command as a user would.

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `spotcheck-${prefix}-`));
}

export function spotcheck(args: string[], timeoutMs = 300_000): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/spotcheck.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, CI: 'true' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A node program written in TypeScript, bundled once per test process with esbuild into one
 * CommonJS file, as `node <file>`: each node then starts in about 0.2 s of CPU instead of 0.75 s
 * through tsx (measured on this 2-core machine). A suite run starts hundreds of nodes; through tsx,
 * on a loaded machine, one took longer than the kit's 10 s to answer `open`.
 */
export function bundledProgram(entry: string): string {
  const outfile = join(tempDir('program'), `${entry.replace(/[^A-Za-z0-9]+/g, '-')}.cjs`);
  const r = spawnSync(join(ROOT, 'node_modules/.bin/esbuild'), [entry, '--bundle', '--platform=node', '--format=cjs', '--target=node20', `--outfile=${outfile}`, '--log-level=error'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`esbuild could not bundle ${entry}: ${r.stderr.trim().split('\n')[0]}`);
  return `node ${outfile}`;
}
