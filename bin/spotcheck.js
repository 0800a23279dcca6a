#!/usr/bin/env node
// The kit is TypeScript run through tsx; register it before loading the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
