#!/usr/bin/env node
// The kit is TypeScript run through tsx; register it before loading the CLI.
import { register } from 'tsx/esm/api';

register();
// A reader that stops early (`spotcheck mutants --list | head`) is not an error of the kit.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
