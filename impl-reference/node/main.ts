// A node of the reference as an OS process. Start it with its configuration file as the one
// argument: `node --import tsx impl-reference/node/main.ts <config.json>`; or with none, and name
// the file on the first line of stdin, {"config": "<path>"} (the harness starts spares that way:
// their code is loaded before a scenario needs them). It speaks the control
// interface (control.ts) as JSON lines on stdin/stdout; stderr is its log. It exits when stdin
// ends (the harness is gone), so no node outlives the run that started it.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { NodeProcessConfig } from './config.ts';
import { CONTROL_METHODS, type ControlEvent, type ControlMethod } from './control.ts';
import { NodeRuntime } from './runtime.ts';
import { rulesOf } from '../mutants/seams.ts';
import { processParts } from './process-parts.ts';

function send(message: object): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function fatal(message: string): never {
  process.stderr.write(`spotcheck node: ${message}\n`);
  process.exit(2);
}

let runtime: NodeRuntime | undefined;

/** Read the configuration and start the node; the process ends if it cannot. */
function boot(path: string): void {
  let config: NodeProcessConfig;
  try {
    config = JSON.parse(readFileSync(path, 'utf8')) as NodeProcessConfig;
  } catch (e) {
    fatal(`cannot read the configuration ${path}: ${(e as Error).message}`);
  }
  // A failpoint that crashes the node crashes the process: no goodbye, nothing flushed.
  runtime = new NodeRuntime(config, processParts(config), rulesOf(config.mutant), (event: ControlEvent) => send(event), () => process.kill(process.pid, 'SIGKILL'));
  runtime.start().catch((e: Error) => fatal(`could not start ${config.rid}: ${e.message}`));
}

async function handle(line: string): Promise<void> {
  if (!runtime) {
    // Started without an argument (a spare the harness started ahead): the first line names the
    // configuration, {"config": "<path>"}.
    let path: unknown;
    try {
      path = (JSON.parse(line) as { config?: unknown }).config;
    } catch {
      // not JSON: named below
    }
    if (typeof path !== 'string') fatal(`the first line must name the configuration, {"config": "<path>"}; got: ${line.slice(0, 200)}`);
    return boot(path);
  }
  let req: { id?: unknown; method?: unknown; params?: unknown };
  try {
    req = JSON.parse(line);
  } catch {
    return send({ event: 'error', message: `control line is not JSON: ${line.slice(0, 200)}` });
  }
  if (typeof req.method !== 'string' || !CONTROL_METHODS.includes(req.method as ControlMethod)) {
    return send({ id: req.id, error: `unknown control method ${JSON.stringify(req.method)}` });
  }
  try {
    const result = await runtime.handle(req.method as ControlMethod, (req.params ?? {}) as never);
    send({ id: req.id, result: result ?? null });
  } catch (e) {
    send({ id: req.id, error: (e as Error).message });
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => void handle(line));
lines.on('close', () => {
  if (!runtime) process.exit(0);
  void runtime.close().finally(() => process.exit(0));
});

if (process.argv[2]) boot(process.argv[2]);
