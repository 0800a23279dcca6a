// What every command line needs before it knows its command: the kit's name and version, and the
// error that ends a command with a given exit status. Kept apart from common.ts so that main.ts and
// the light commands (merge, verify) load no servers, runtime or Cucumber to have them.

import { readFileSync } from 'node:fs';

export const KIT = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

export class ExitError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}
