// Files are written whole or not at all: into a temporary file beside the target, then renamed
// over it (a rename within one folder is atomic), so a reader never sees half a certificate.

import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function writeFileAtomic(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

export function writeJsonAtomic(path: string, data: unknown): void {
  writeFileAtomic(path, JSON.stringify(data, null, 2) + '\n');
}
