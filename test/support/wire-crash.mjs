// The reference served over the wire (impl-reference/harness/serve.ts), behind a proxy that crashes on
// purpose: at the <n>th `start` request counted across every process that shares <counter-file>,
// it writes a line on stderr and exits with code 3. For test/wire-hardening.test.ts.
//   node test/support/wire-crash.mjs <counter-file> <n>
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [counter, n] = process.argv.slice(2);
const serve = spawn(process.execPath, ['--import', 'tsx', 'impl-reference/harness/serve.ts'], { stdio: ['pipe', 'inherit', 'inherit'] });
serve.stdin.on('error', () => {});
serve.on('exit', (code) => process.exit(code ?? 1));

createInterface({ input: process.stdin }).on('line', (line) => {
  if (JSON.parse(line).method === 'start') {
    let starts = 0;
    try {
      starts = Number(readFileSync(counter, 'utf8')) || 0;
    } catch {}
    writeFileSync(counter, String(++starts));
    if (starts === Number(n)) {
      process.stderr.write(`wire-crash: start number ${starts} arrived\nwire-crash: crashing on purpose\n`);
      process.exit(3);
    }
  }
  serve.stdin.write(`${line}\n`);
});
process.stdin.on('end', () => serve.stdin.end());
