// `spotcheck trace <ID>`: traceCommand registers it on the kit's commander program (src/cli/main.ts
// wires it); run directly, `node --import tsx src/trace/cli.ts <ID>` is the same command alone.

import type { Command } from 'commander';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../driver/target.ts';
import { MUTANTS_AND_SEAMS } from '../../impl-reference/mutants/seams.ts';
import { runAlone } from '../site/cli.ts';
import { formatTrace, traceOf, UnknownIdError } from './trace.ts';

const KIT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function traceCommand(program: Command): Command {
  return program
    .command('trace')
    .description('print, from the code: spec lines -> scenarios -> step definitions -> Driver methods -> reference modules -> mutants of one requirement ID')
    .argument('<id>', 'a requirement ID, e.g. V01 or R-GEN-2')
    .option('--json', 'print the trace as JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      try {
        const t = await traceOf(id, KIT_ROOT, MUTANTS_AND_SEAMS);
        process.stdout.write(opts.json ? `${JSON.stringify(t, null, 2)}\n` : formatTrace(t));
      } catch (e) {
        if (e instanceof UnknownIdError) throw new UsageError(e.message);
        throw e;
      }
    });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runAlone('trace', traceCommand, process.argv.slice(2));
}
