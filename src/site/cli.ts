// `spotcheck site --out <dir> <compliance.json | certificate.json>...`. siteCommand registers the
// subcommand on the kit's commander program (src/cli/main.ts wires it); run directly, this file is
// the same command on its own: `node --import tsx src/site/cli.ts --out <dir> <file>...`.
// Bad input is one line and exit 2, as everywhere in the kit.

import { Command } from 'commander';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../driver/target.ts';
import { MUTANTS } from '../../impl-reference/mutants/index.ts';
import { buildSite } from './build.ts';
import { SiteInputError } from './inputs.ts';

export function siteCommand(program: Command): Command {
  return program
    .command('site')
    .description('build a static site (matrix, diff, one page per rule) from compliance.json or certificate.json files; opens from disk')
    .argument('<files...>', 'compliance.json or certificate.json files, one per run')
    .requiredOption('--out <dir>', 'folder for the site (replaced if it holds a site built before)')
    .option('--mutation <summary.json>', "a summary of npm run mutation: each rule page shows its score and survivors, and links Stryker's report")
    .action((files: string[], opts: { out: string; mutation?: string }) => {
      try {
        const r = buildSite({ out: opts.out, files, mutants: MUTANTS, ...(opts.mutation ? { mutation: opts.mutation } : {}) });
        process.stdout.write(`site: ${r.runs} run(s), ${r.pages} pages, ${(r.bytes / 1024).toFixed(0)} KiB of HTML in ${opts.out}; open ${resolve(r.out, 'index.html')}\n`);
      } catch (e) {
        // The kit's main turns a UsageError into "spotcheck: <line>" and exit 2.
        if (e instanceof SiteInputError) throw new UsageError(e.message);
        throw e;
      }
    });
}

/** The command on its own program, for running this file directly. */
export async function runAlone(name: string, register: (p: Command) => Command, argv: string[]): Promise<number> {
  const program = new Command('spotcheck').exitOverride().configureOutput({ writeErr: () => {} });
  register(program);
  try {
    await program.parseAsync([name, ...argv], { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.help' || code === 'commander.version') return 0;
    process.stderr.write(`spotcheck: ${(e as Error).message.replace(/^error: /, '').split('\n')[0]}\n`);
    return 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runAlone('site', siteCommand, process.argv.slice(2));
}
