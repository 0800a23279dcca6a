// A node of the reference as an OS process. Start it with its configuration file as the one
// argument: `node --import tsx impl-reference/node/main.ts <config.json>`. It speaks the control
// interface (control.ts) as JSON lines on stdin/stdout; stderr is its log. It exits when stdin
// ends (the harness is gone), so no node outlives the run that started it.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { NodeProcessConfig } from './config.ts';
import { CONTROL_METHODS, type ControlEvent, type ControlMethod } from './control.ts';
import { NodeRuntime } from './runtime.ts';

function send(message: object): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function fatal(message: string): never {
  process.stderr.write(`spotcheck node: ${message}\n`);
  process.exit(2);
}

const path = process.argv[2];
if (!path) fatal('usage: main.ts <config.json>');
let config: NodeProcessConfig;
try {
  config = JSON.parse(readFileSync(path, 'utf8')) as NodeProcessConfig;
} catch (e) {
  fatal(`cannot read the configuration ${path}: ${(e as Error).message}`);
}

// A failpoint that crashes the node crashes the process: no goodbye, nothing flushed.
const runtime = new NodeRuntime(config, (event: ControlEvent) => send(event), () => process.kill(process.pid, 'SIGKILL'));

async function handle(line: string): Promise<void> {
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
  void runtime.close().finally(() => process.exit(0));
});

runtime.start().catch((e: Error) => fatal(`could not start ${config.rid}: ${e.message}`));
