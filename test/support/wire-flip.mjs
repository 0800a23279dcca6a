// The reference served over the wire (impl-reference/harness/serve.ts), whose behaviour changes between
// certify runs, deterministically: a process started after an earlier one ran a scenario serves the
// mutant <name> instead. With --parallel 1, certify starts one process to ask what the
// implementation is (it runs no scenario) and one per run, so run 1 is the reference and every later
// run is the mutant. For the refusal case of test/certify.test.ts.
//   node test/support/wire-flip.mjs <marker-file> <mutant>
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [marker, mutant] = process.argv.slice(2);
const env = existsSync(marker) ? { ...process.env, SPOTCHECK_SERVE_MUTANT: mutant } : process.env;
const serve = spawn(process.execPath, ['--import', 'tsx', 'impl-reference/harness/serve.ts'], { env, stdio: ['pipe', 'inherit', 'inherit'] });
serve.stdin.on('error', () => {});
serve.on('exit', (code) => process.exit(code ?? 1));

createInterface({ input: process.stdin }).on('line', (line) => {
  if (JSON.parse(line).method === 'start' && !existsSync(marker)) writeFileSync(marker, 'a scenario ran\n');
  serve.stdin.write(`${line}\n`);
});
process.stdin.on('end', () => serve.stdin.end());
