// The `spotcheck` command line.
// Exit status: 0 every selected scenario passed (or was not applicable); 1 a scenario failed, a
// result changed between repeats, or a mutant survived; 2 bad usage or an implementation that
// could not start. Every error is one line naming what is wrong.

// First: registers every adapter (the plug-in point, src/driver/target.ts) before any command is built.
import './adapters.ts';
import { siteCommand } from '../site/cli.ts';
import { traceCommand } from '../trace/cli.ts';
import { checkCommand } from '../checker/cli.ts';
import { nemesisCommand } from '../nemesis/cli.ts';
import { Command, CommanderError } from 'commander';
import { UsageError } from '../driver/target.ts';
import { RunAborted } from '../run/suite.ts';
import { KIT, ExitError } from './common.ts';
import { runCommandOf } from './run.ts';
import { certifyCommandOf } from './certify.ts';
import { verifyCommandOf, mergeCommandOf } from './reports.ts';
import { mutantsCommandOf } from './mutants-command.ts';

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const setCode = (c: number) => (code = c);
  const program = new Command('spotcheck')
    .description('Conformance kit for the failure-handling and failover-scope rules')
    .version(KIT.version)
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: (s) => process.stdout.write(s) });
  runCommandOf(program, setCode);
  certifyCommandOf(program, setCode);
  verifyCommandOf(program, setCode);
  mergeCommandOf(program, setCode);
  mutantsCommandOf(program, setCode);
  // Living documentation: the site from runs' results, and a rule's trace through the code.
  siteCommand(program);
  traceCommand(program);
  // The fault campaign: its verdict (0 valid, 1 invalid, 2 unknown) is the exit status.
  nemesisCommand(program, setCode);
  checkCommand(program, setCode);
  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      process.stderr.write(`spotcheck: ${e.message.replace(/^error: /, '').split('\n')[0]}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`spotcheck: ${e.message}\n`);
      return 2;
    }
    if (e instanceof RunAborted) {
      // Scenarios may still be running (in worker processes, or in this one): the run ends here.
      // Workers end when this process does, and kill what they started (adapters/jsonrpc.ts).
      process.stderr.write(`spotcheck: ${e.message.split('\n')[0]}\n`);
      process.exit(2);
    }
    if (e instanceof ExitError) {
      process.stderr.write(`spotcheck: ${e.message}\n`);
      return e.code;
    }
    process.stderr.write(`spotcheck: internal error: ${(e as Error).message.split('\n')[0]}\n`);
    if (process.env.SPOTCHECK_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    return 2;
  }
}
