// spotcheck's history checker as a command: `spotcheck check <history.jsonl>` (registered by
// src/cli/main.ts), or `node --import tsx src/checker/cli.ts <history.jsonl>` on its own.
// Exit status 0 valid, 1 invalid, 2 unknown (and 2 for bad usage or an unreadable file, as the
// other spotcheck commands do: nothing was judged).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { checkText, EXIT_STATUS } from './check.ts';
import { formatReport } from './print.ts';

/** Judge one history file and print the report; the exit status is the verdict's. */
export function checkHistoryFile(path: string): number {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    process.stderr.write(`spotcheck: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
    return 2;
  }
  const report = checkText(text);
  process.stdout.write(formatReport(report, path) + '\n');
  return EXIT_STATUS[report.verdict];
}

/** Registers `check` on the program; the verdict's exit status goes to `setExit`. */
export function checkCommand(program: Command, setExit: (code: number) => void): Command {
  return program
    .command('check')
    .description("judge a history (a nemesis run's history.jsonl, or one written by another tool) against the spec's invariants: exit 0 valid, 1 invalid, 2 unknown")
    .argument('<history>', 'history.jsonl (docs/history.md)')
    .action((file: string) => setExit(checkHistoryFile(file)));
}

function main(args: string[]): number {
  if (args.length !== 1 || args[0].startsWith('-')) {
    process.stderr.write('spotcheck: usage: check <history.jsonl>\n');
    return 2;
  }
  return checkHistoryFile(args[0]);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
