// The wire adapter: any executable that speaks the Driver contract as JSON-RPC 2.0 over stdio, one
// JSON object per line (docs/wire-protocol.md). The kit starts the command once per process that
// runs scenarios and opens one driver (a cluster of its own) per scenario.
//
// Requests:  {"jsonrpc":"2.0","id":7,"method":"submit","params":{"driver":"d1","args":[{...}]}}
// Responses: {"jsonrpc":"2.0","id":7,"result":{...}}  or  {"jsonrpc":"2.0","id":7,"error":{"code":-32000,"message":"..."}}
// `open` (no driver) returns {"driver": "<id>"}; every other method is a Driver method by name.

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Driver } from '../src/driver/types.ts';

export const DRIVER_METHODS = [
  'describe', 'start', 'addChannel', 'setServer', 'addNode', 'configureNode', 'submit', 'outcome', 'cancel', 'shutdown',
  'releaseGate', 'peer', 'node', 'journal', 'lookup', 'relocation', 'session', 'storeLog', 'fault', 'close',
] as const;

/** A failure the implementation reported, or a broken conversation with it; one line. */
export class WireError extends Error {}

interface Pending {
  method: string;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

/** One running implementation process and the JSON-RPC conversation with it. */
class Peer {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private broken?: WireError;

  constructor(readonly command: string) {
    this.child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.on('error', (e) => this.fail(`could not run "${command}": ${e.message}`));
    this.child.on('exit', (code, signal) => this.fail(`"${command}" exited (${signal ?? `code ${code}`})`));
    this.child.stdin!.on('error', () => {}); // reported through 'exit'
    const lines = createInterface({ input: this.child.stdout! });
    lines.on('line', (line) => this.onLine(line));
    this.hold(false);
  }

  /** The process keeps the kit alive only while a request waits for it. */
  private hold(on: boolean): void {
    const stdout = this.child.stdout as unknown as { ref(): void; unref(): void };
    if (on) {
      this.child.ref();
      stdout.ref();
    } else {
      this.child.unref();
      stdout.unref();
    }
  }

  private fail(message: string): void {
    this.broken ??= new WireError(message);
    for (const p of this.pending.values()) p.reject(this.broken);
    this.pending.clear();
  }

  private onLine(line: string): void {
    if (line.trim() === '') return;
    let msg: { id?: unknown; result?: unknown; error?: { message?: unknown } };
    try {
      msg = JSON.parse(line);
    } catch {
      return this.fail(`the implementation wrote a line that is not JSON: ${line.slice(0, 120)}`);
    }
    const p = typeof msg.id === 'number' ? this.pending.get(msg.id) : undefined;
    if (!p) return this.fail(`the implementation answered an unknown request id: ${line.slice(0, 120)}`);
    this.pending.delete(msg.id as number);
    if (this.pending.size === 0) this.hold(false);
    if (msg.error) p.reject(new WireError(`${p.method}: ${String(msg.error.message ?? 'error without a message')}`));
    else if (!('result' in msg)) p.reject(new WireError(`${p.method}: a response with neither result nor error`));
    else p.resolve(msg.result ?? undefined);
  }

  call(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.hold(true);
      this.pending.set(id, { method, resolve, reject });
      this.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  kill(): void {
    this.child.kill();
  }
}

const peers = new Map<string, Peer>();
process.once('exit', () => {
  for (const p of peers.values()) p.kill();
});

/** A Driver served by the command's process (one process per command per kit process). */
export async function openWire(command: string): Promise<Driver> {
  let peer = peers.get(command);
  if (!peer) peers.set(command, (peer = new Peer(command)));
  const { driver } = (await peer.call('open', {})) as { driver: string };
  if (typeof driver !== 'string') throw new WireError('open: the implementation returned no driver id');
  const p = peer;
  return new Proxy({} as Driver, {
    get(_t, name: string) {
      if (!(DRIVER_METHODS as readonly string[]).includes(name)) return undefined;
      return (...args: unknown[]) => p.call(name, { driver, args });
    },
  });
}
