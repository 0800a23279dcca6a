// spotcheck's history checker as a command: `node --import tsx src/checker/cli.ts <history.jsonl>`.
// Exit status 0 valid, 1 invalid, 2 unknown (and 2 for bad usage or an unreadable file, as the
// other spotcheck commands do: nothing was judged).

import { readFileSync } from 'node:fs';
import { checkText, EXIT_STATUS } from './check.ts';
import { formatReport } from './print.ts';

function main(args: string[]): number {
  if (args.length !== 1 || args[0].startsWith('-')) {
    process.stderr.write('spotcheck: usage: check <history.jsonl>\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(args[0], 'utf8');
  } catch (e) {
    process.stderr.write(`spotcheck: cannot read ${args[0]}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
    return 2;
  }
  const report = checkText(text);
  process.stdout.write(formatReport(report, args[0]) + '\n');
  return EXIT_STATUS[report.verdict];
}

process.exitCode = main(process.argv.slice(2));
