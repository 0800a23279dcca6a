// The wire adapter: any executable that speaks the Driver contract as JSON-RPC 2.0 over stdio, one
// JSON object per line (docs/wire-protocol.md). The kit starts the command once per process that
// runs scenarios and opens one driver (a cluster of its own) per scenario.
//
// Requests:  {"jsonrpc":"2.0","id":7,"method":"submit","params":{"driver":"d1","args":[{...}]}}
// Responses: {"jsonrpc":"2.0","id":7,"result":{...}}  or  {"jsonrpc":"2.0","id":7,"error":{"code":-32000,"message":"..."}}
// `open` (no driver) returns {"driver": "<id>", "protocol": "<version>"}; every other method is a
// Driver method by name.
//
// The conversation is guarded: every call has a deadline (a call that gets no answer ends the run:
// the implementation is killed, its whole process group, and every later call fails at once); an
// implementation that exits fails the calls waiting on it, with its exit code or signal and its
// last stderr lines, and the next scenario gets a fresh process; a line that is not a response,
// or answers no request, ends the conversation like a hang does. The implementation's stderr is
// kept, per scenario, for the reports (takeScenarioStderr).

import { spawn, type ChildProcess } from 'node:child_process';
import type { Driver } from '../src/driver/types.ts';
import { DEFAULT_CALL_TIMEOUT_MS } from './records.ts';
import { FrameReader, quote, type Frame } from './frames.ts';
import { runtimeEnv } from '../src/harness/runtime-env.ts';
import { checkParams, checkResult, mismatchLine, prepareWireSchema } from './wire-schema.ts';
import { WIRE_PROTOCOL_VERSION } from '../src/driver/schema/lists.ts';
import { killGroup } from '../src/harness/process-group.ts';
import { keepForScenario, noteFault, noteRunEnding, takeScenarioStderr } from '../src/driver/scenario-log.ts';

export { takeScenarioStderr };

export const DRIVER_METHODS = [
  'describe', 'start', 'addChannel', 'setServer', 'addNode', 'configureNode', 'submit', 'outcome', 'cancel', 'shutdown',
  'releaseGate', 'peer', 'node', 'journal', 'lookup', 'relocation', 'session', 'storeLog', 'fault', 'close',
] as const;

/** The version of the wire protocol this kit speaks; `open` must answer it as `protocol` (src/driver/schema/methods.ts). */
export { WIRE_PROTOCOL_VERSION };

/** A call must be answered within this long unless the run says otherwise (--call-timeout). */
export { DEFAULT_CALL_TIMEOUT_MS };

/** Stderr lines kept for the message of an implementation that exits. */
const STDERR_TAIL_LINES = 20;
const STDERR_TAIL_IN_MESSAGE = 5;

/** A failure the implementation reported, or a broken conversation with it; one line. */
export class WireError extends Error {}

/**
 * The conversation cannot go on, and the run must end: a call got no answer within its deadline,
 * or the implementation wrote something that is not a response to a request the kit sent, or
 * speaks another version of the protocol. The implementation was killed. (A runner recognizes it
 * by its class name, WIRE_FATAL_TYPE in src/driver/scenario-log.ts, which survives a worker process
 * boundary.)
 */
export class WireFatal extends WireError {}

/**
 * A message that does not match the wire schema (schema/wire-protocol.schema.json): a result the
 * implementation answered (the call fails, like any failure it reports; the conversation goes on),
 * or a request the kit was about to send (a kit bug; it is not sent). One line: the method, the
 * JSON path and the expected shape.
 */
export class WireSchemaError extends WireError {}

export interface WireOptions {
  /** Deadline of every call, in ms (outcome's own wait is added to it). */
  callTimeoutMs?: number;
}

interface Pending {
  method: string;
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

/** The last lines an implementation wrote on stderr, for the message when it exits. */
class StderrTail {
  private readonly lines: string[] = [];
  private partial = '';

  add(text: string): void {
    const parts = (this.partial + text).split('\n');
    this.partial = parts.pop()!;
    for (const line of parts) this.line(line);
    if (this.partial.length > 4096) {
      this.line(this.partial);
      this.partial = '';
    }
  }

  private line(line: string): void {
    const l = line.replace(/\r$/, '');
    if (l.trim() === '') return;
    this.lines.push(l);
    if (this.lines.length > STDERR_TAIL_LINES) this.lines.shift();
  }

  /** The last few lines, on one line. */
  last(): string {
    const lines = [...this.lines, ...(this.partial.trim() ? [this.partial] : [])].slice(-STDERR_TAIL_IN_MESSAGE);
    return lines.length === 0 ? 'its stderr was empty' : `its last stderr: ${lines.map((l) => quote(l)).join(' | ')}`;
  }
}



/** One running implementation process and the JSON-RPC conversation with it. */
class Peer {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly reader = new FrameReader();
  private readonly stderr = new StderrTail();
  private nextId = 1;
  /** Why the conversation is over; a WireFatal ends the run, any other error only this process. */
  broken?: WireError;
  private exited = false;

  constructor(
    readonly command: string,
    private readonly callTimeoutMs: number,
  ) {
    // A process group of its own (detached), so that the implementation and everything it started
    // can be killed together.
    this.child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: runtimeEnv() });
    this.child.on('error', (e) => this.fail(new WireError(`could not run "${command}": ${e.message}`)));
    // The leader is gone: whatever it left in its group goes too, so its pipes close.
    this.child.on('exit', () => {
      this.exited = true;
      killGroup(this.child.pid);
    });
    this.child.on('close', (code, signal) => {
      this.exited = true;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const waiting = [...this.pending.values()].map((p) => p.method);
      this.fail(new WireError(`the implementation "${command}" ${how}${waiting.length ? ` while ${waiting.join(', ')} waited for an answer` : ''}; ${this.stderr.last()}`));
    });
    this.child.stdin!.on('error', () => {}); // reported through 'close'
    this.child.stdout!.on('data', (chunk: Buffer) => this.frames(this.reader.push(chunk)));
    this.child.stdout!.on('end', () => this.frames(this.reader.end()));
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (text: string) => {
      this.stderr.add(text);
      keepForScenario(text);
      if (process.env.SPOTCHECK_DEBUG) process.stderr.write(text);
    });
    this.hold(false);
    // While the implementation starts: compile the schema's validators, once per kit process.
    prepareWireSchema();
  }

  /** The process keeps the kit alive only while a request waits for it. */
  private hold(on: boolean): void {
    for (const h of [this.child, this.child.stdout, this.child.stderr] as unknown as Array<{ ref(): void; unref(): void }>) {
      if (on) h.ref();
      else h.unref();
    }
  }

  private fail(error: WireError): void {
    this.broken ??= error;
    if (this.broken instanceof WireFatal) killGroup(this.child.pid);
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(this.broken);
    }
    this.pending.clear();
    this.hold(false);
  }

  private frames(frames: Frame[]): void {
    for (const f of frames) {
      if (this.broken) return;
      if (f.kind === 'error') return this.fail(new WireFatal(f.error));
      // Protocol 1 has no notifications: an implementation that sends one speaks something else.
      if (f.kind === 'notification') return this.fail(new WireFatal(`the implementation sent a notification, which protocol "${WIRE_PROTOCOL_VERSION}" has none of: ${quote(f.text)}`));
      const p = this.pending.get(f.message.id);
      if (!p) return this.fail(new WireFatal(`the implementation answered an unknown request id ${f.message.id}: ${quote(f.text)}`));
      this.pending.delete(f.message.id);
      clearTimeout(p.timer);
      if (this.pending.size === 0) this.hold(false);
      if (f.message.error) p.reject(new WireError(`${p.method}: ${f.message.error.message}`));
      else {
        // open's result is checked by openWire, after the protocol version (whose mismatch has a message of its own).
        const mismatch = p.method === 'open' ? undefined : checkResult(p.method, f.message.result);
        if (mismatch) p.reject(new WireSchemaError(mismatchLine(p.method, 'result', mismatch)));
        else p.resolve(f.message.result ?? undefined);
      }
    }
  }

  /** No answer in time: the implementation is hung, and the run cannot go on with it. */
  private timedOut(method: string, waitedMs: number): void {
    this.fail(new WireFatal(`the implementation did not answer ${method} within ${waitedMs} ms (--call-timeout); it was killed, with every process it started`));
  }

  call(method: string, params: Record<string, unknown>, extraWaitMs = 0): Promise<unknown> {
    if (this.broken) return Promise.reject(this.broken);
    const mismatch = checkParams(method, params);
    if (mismatch) return Promise.reject(new WireSchemaError(mismatchLine(method, 'request', mismatch)));
    const id = this.nextId++;
    const limit = this.callTimeoutMs + extraWaitMs;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.hold(true);
      const timer = setTimeout(() => this.timedOut(method, limit), limit);
      this.pending.set(id, { method, resolve, reject, timer });
      this.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  /** A crashed process is replaced for the next scenario; a hung or garbled one ends the run. */
  get replaceable(): boolean {
    return this.exited && !(this.broken instanceof WireFatal);
  }

  kill(): void {
    killGroup(this.child.pid);
  }
}

const peers = new Map<string, Peer>();
/** Once a conversation broke in a way that ends the run, every later open fails with the same error. */
let fatal: WireFatal | undefined;

process.once('exit', () => {
  for (const p of peers.values()) p.kill();
});

/** How long a call may wait beyond the deadline: outcome(opId, waitMs) waits on purpose. */
function ownWait(method: string, args: unknown[]): number {
  return method === 'outcome' && typeof args[1] === 'number' && args[1] > 0 ? args[1] : 0;
}

/** A Driver served by the command's process (one process per command per kit process). */
export async function openWire(command: string, options: WireOptions = {}): Promise<Driver> {
  if (fatal) throw fatal;
  let peer = peers.get(command);
  if (peer?.broken instanceof WireFatal) throw peer.broken;
  if (peer?.replaceable) {
    peer.kill();
    peer = undefined;
  }
  if (!peer) peers.set(command, (peer = new Peer(command, options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS)));
  const p = peer;
  let opened: { driver?: unknown; protocol?: unknown };
  try {
    opened = ((await p.call('open', {})) ?? {}) as typeof opened;
  } catch (e) {
    if (e instanceof WireFatal) noteRunEnding((fatal = e));
    throw e;
  }
  if (typeof opened.driver !== 'string') throw new WireError('open: the implementation returned no driver id');
  if (opened.protocol !== WIRE_PROTOCOL_VERSION) {
    p.kill();
    fatal = new WireFatal(
      opened.protocol === undefined
        ? `the implementation states no protocol version in open's result; this kit speaks protocol "${WIRE_PROTOCOL_VERSION}"`
        : `the implementation speaks protocol ${quote(JSON.stringify(opened.protocol))}, this kit speaks protocol "${WIRE_PROTOCOL_VERSION}"`,
    );
    peers.delete(command);
    noteRunEnding(fatal);
    throw fatal;
  }
  const mismatch = checkResult('open', opened);
  if (mismatch) throw new WireSchemaError(mismatchLine('open', 'result', mismatch));
  const driver = opened.driver;
  return new Proxy({} as Driver, {
    get(_t, name: string) {
      if (!(DRIVER_METHODS as readonly string[]).includes(name)) return undefined;
      return (...args: unknown[]) => {
        // Every fault of an exec: runtime is the runtime's own account: the kit asked, it said done.
        if (name === 'fault') noteSelfReported(args[0]);
        return p.call(name, { driver, args }, ownWait(name, args)).catch((e: unknown) => {
          if (e instanceof WireFatal) noteRunEnding((fatal ??= e));
          throw e;
        });
      };
    },
  });
}

function noteSelfReported(fault: unknown): void {
  const f = (fault ?? {}) as { kind?: unknown; node?: unknown; peer?: unknown };
  noteFault({
    kind: String(f.kind),
    ...(typeof f.node === 'string' ? { node: f.node } : {}),
    ...(typeof f.peer === 'string' ? { peer: f.peer } : {}),
    how: 'self-reported',
    means: 'the runtime was asked over the wire (protocol 1) and answered that it was done',
  });
}
