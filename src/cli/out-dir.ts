// Every output folder the CLI takes is checked before anything runs, and never by a recursive
// mkdir: Node's recursive mkdir loops for ever where mkdir answers ENOENT for a folder whose parent
// exists (e.g. /proc/x). The folder's first existing ancestor must be a writable folder; the
// missing folders are then made one at a time, and a probe shows files can be made inside.

import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../driver/target.ts';

function why(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const text: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOENT: 'a folder cannot be made there',
    ENOTDIR: 'not a folder',
    ENOSPC: 'no space left on the device',
    EEXIST: 'exists and is not a folder',
  };
  return err.code ? `${text[err.code] ?? 'cannot be written'} (${err.code})` : String(err.message).split('\n')[0];
}

/** Make sure `out` is a folder the run can write, making it if needed; a one-line UsageError if not. */
export function ensureOutDir(out: string): string {
  const dir = resolve(out);
  const fail = (reason: string): never => {
    throw new UsageError(`cannot write the output folder ${dir}: ${reason}`);
  };
  // Walk up to the first ancestor that exists; everything below it is to be made.
  const missing: string[] = [];
  let existing = dir;
  for (;;) {
    try {
      if (!statSync(existing).isDirectory()) fail(existing === dir ? 'it is not a folder' : `${existing} is not a folder`);
      break;
    } catch (e) {
      if (e instanceof UsageError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') fail(`${existing}: ${why(e)}`);
      const parent = dirname(existing);
      if (parent === existing) fail(`${existing}: ${why(e)}`);
      missing.unshift(existing);
      existing = parent;
    }
  }
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch (e) {
    fail(`${existing}: ${why(e)}`);
  }
  // Folders made here are removed again if the folder turns out not to be writable after all.
  const made: string[] = [];
  const undo = () => {
    for (const folder of made.reverse()) rmSync(folder, { recursive: true, force: true });
  };
  try {
    for (const folder of missing) {
      try {
        mkdirSync(folder);
        made.push(folder);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(folder, { throwIfNoEntry: false })?.isDirectory()) continue;
        fail(folder === dir ? why(e) : `${folder}: ${why(e)}`);
      }
    }
    try {
      const probe = mkdtempSync(join(dir, '.spotcheck-probe-'));
      rmSync(probe, { recursive: true });
    } catch (e) {
      fail(why(e));
    }
  } catch (e) {
    undo();
    throw e;
  }
  return dir;
}
