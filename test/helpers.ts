// Helpers for tests that run the real `spotcheck` command as a user would.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folders tempDir made in this test file's process. */
const made: string[] = [];
// Gone when the test file's process ends with every test passed (node:test sets a failure's exit
// code before 'exit'); kept after a failure, where a message may name a report in one of them.
process.once('exit', (code) => {
  if (code !== 0 || process.exitCode) return;
  for (const dir of made) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // a child still writing into it: left for the system's /tmp cleaning
    }
  }
});

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `spotcheck-${prefix}-`));
  made.push(dir);
  return dir;
}

export function spotcheck(args: string[], timeoutMs = 300_000, env: Record<string, string> = {}): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/spotcheck.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, CI: 'true', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** As spotcheck(), without blocking the test process: for runs that mostly wait and may run side by side. */
export function spotcheckAsync(args: string[], timeoutMs = 300_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, failed) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/spotcheck.js'), ...args], { cwd: ROOT, env: { ...process.env, CI: 'true' }, timeout: timeoutMs, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', failed);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
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

/**
 * A run that .ci/run has made already in this CI job, for a test that would make the same run
 * again: CI sets SPOTCHECK_CI_REPORTS to its reports folder, keeps what each such run printed
 * beside its folder (`<name>.stdout.txt`), and runs npm test last, after every run exited 0 (it
 * stops at the first step that does not). Outside CI this is undefined and the test makes the run
 * itself. A CI folder without the run is an error, not a reason to skip.
 */
export function ciRun(name: string): { out: string; stdout: string } | undefined {
  const reports = process.env.SPOTCHECK_CI_REPORTS;
  if (!reports) return undefined;
  const out = join(reports, name);
  const printed = `${out}.stdout.txt`;
  if (!existsSync(join(out, 'compliance.json')) || !existsSync(printed)) throw new Error(`SPOTCHECK_CI_REPORTS is ${reports}, but it has no run ${name} (compliance.json and ${name}.stdout.txt): .ci/run makes it before npm test`);
  return { out, stdout: readFileSync(printed, 'utf8') };
}

/**
 * The run `spotcheck run <args> --out <folder>` makes, or in CI the run .ci/run made of the same
 * command (ciRun): its folder, its exit status and what it printed. The test says which in its
 * diagnostics.
 */
export function runOrCi(t: { diagnostic(message: string): void }, name: string, args: string[], timeoutMs = 300_000): { out: string; code: number | null; stdout: string; stderr: string } {
  const ci = ciRun(name);
  if (ci) {
    t.diagnostic(`the run .ci/run made: ${ci.out}`);
    return { out: ci.out, code: 0, stdout: ci.stdout, stderr: '' };
  }
  const out = tempDir(name);
  return { out, ...spotcheck(['run', ...args, '--out', out], timeoutMs) };
}
