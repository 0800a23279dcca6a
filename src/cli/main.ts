// The `spotcheck` command line.
// Exit status: 0 every selected scenario passed (or was not applicable); 1 a scenario failed, a
// result changed between repeats, or a mutant survived; 2 bad usage or an implementation that
// could not start. Every error is one line naming what is wrong.

// First: registers every adapter (the plug-in point, src/driver/target.ts) before any command is built.
import './adapters.ts';
import { Command, CommanderError } from 'commander';
import { UsageError } from '../driver/target.ts';
import { RunAborted } from '../run/aborted.ts';
import { KIT, ExitError } from './kit.ts';

type SetCode = (code: number) => void;

/**
 * Each command's module, loaded only when the command line names it: a start of `spotcheck merge`
 * does not load the fault campaign, the site or the runtime. `--help` and anything this table does
 * not recognise load them all, so help and commander's errors are the same as ever.
 */
const COMMANDS: Record<string, (program: Command, setCode: SetCode) => Promise<unknown>> = {
  run: async (p, set) => (await import('./run.ts')).runCommandOf(p, set),
  certify: async (p, set) => (await import('./certify.ts')).certifyCommandOf(p, set),
  verify: async (p, set) => (await import('./reports.ts')).verifyCommandOf(p, set),
  merge: async (p, set) => (await import('./reports.ts')).mergeCommandOf(p, set),
  mutants: async (p, set) => (await import('./mutants-command.ts')).mutantsCommandOf(p, set),
  // Living documentation: the site from runs' results, and a rule's trace through the code.
  site: async (p) => (await import('../site/cli.ts')).siteCommand(p),
  trace: async (p) => (await import('../trace/cli.ts')).traceCommand(p),
  // The fault campaign: its verdict (0 valid, 1 invalid, 2 unknown) is the exit status.
  nemesis: async (p, set) => (await import('../nemesis/cli.ts')).nemesisCommand(p, set),
  check: async (p, set) => (await import('../checker/cli.ts')).checkCommand(p, set),
};

/** The commands a command line needs defined: its own, `run` (the default command), or all. */
function commandsFor(argv: string[]): string[] {
  const first = argv[2];
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) return [first];
  const asksHelp = first === 'help' || argv.slice(2).some((a) => ['-h', '--help', '-V', '--version'].includes(a));
  if (!asksHelp && (first === undefined || first.startsWith('-'))) return ['run'];
  return Object.keys(COMMANDS);
}

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const setCode = (c: number) => (code = c);
  const program = new Command('spotcheck')
    .description('Conformance kit for the failure-handling and failover-scope rules')
    .version(KIT.version)
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: (s) => process.stdout.write(s) });
  try {
    for (const name of commandsFor(argv)) await COMMANDS[name]!(program, setCode);
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
