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
