// A handle on one node running as an OS process: it spawns the node, speaks its control interface
// (JSON lines on stdin/stdout) and performs the process faults from outside: SIGKILL for a crash,
// SIGSTOP for a hang. A call to a node that does not answer ends with an error naming the call, so
// the harness never waits forever.

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

import { freeze, thaw } from './freeze.ts';
import type { NodeHandle, NodeState, ReadyEvent } from './node-handle.ts';

export type { ReadyEvent };
export type ProcessState = NodeState;

export class NodeProcessError extends Error {}

const STDERR_LINES = 20;

/**
 * A node process started ahead of need: its code loads while the harness has nothing for it, and it
 * waits for the path of its configuration on its first stdin line (node/main.ts). It does not keep
 * the harness process alive, and it ends when the harness does (its stdin closes).
 */
export class SpareProcess {
  readonly child: ChildProcess;

  constructor(argv: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env });
    this.child.stdin!.on('error', () => {});
    for (const h of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as Array<{ unref?: () => void } | null>) h?.unref?.();
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Taken for a node: from now on it counts, like any process the harness started. */
  adopt(): ChildProcess {
    for (const h of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as Array<{ ref?: () => void } | null>) h?.ref?.();
    return this.child;
  }
}

/** How a node's process comes to be: spawned now with its configuration, or a spare given it. */
export type NodeLaunch = { argv: string[]; env?: NodeJS.ProcessEnv } | { spare: SpareProcess; config: string };

export class NodeProcess implements NodeHandle {
  private readonly child: ChildProcess;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout; method: string }>();
  private readonly stderrTail: string[] = [];
  private exitInfo?: string;
  state: ProcessState = 'starting';
  readonly ready: Promise<ReadyEvent>;

  constructor(
    readonly name: string,
    launch: NodeLaunch,
    private readonly onEvent: (event: { event: string } & Record<string, unknown>) => void,
    startTimeoutMs: number,
  ) {
    this.child = 'spare' in launch ? launch.spare.adopt() : spawn(launch.argv[0], launch.argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env: launch.env ?? process.env });
    this.child.stdin!.on('error', () => {});
    createInterface({ input: this.child.stderr! }).on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > STDERR_LINES) this.stderrTail.shift();
    });
    let readyResolve!: (e: ReadyEvent) => void;
    let readyReject!: (e: Error) => void;
    this.ready = new Promise((res, rej) => ((readyResolve = res), (readyReject = rej)));
    this.ready.catch(() => {});
    const startTimer = setTimeout(() => readyReject(new NodeProcessError(`node ${name} was not ready within ${startTimeoutMs} ms${this.lastWords()}`)), startTimeoutMs);
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(line);
      } catch {
        this.stderrTail.push(`(stdout, not JSON) ${line.slice(0, 200)}`);
        return;
      }
      if (typeof msg.id === 'number') return this.settle(msg);
      if (msg.event === 'ready') {
        clearTimeout(startTimer);
        this.state = 'running';
        readyResolve(msg as unknown as ReadyEvent);
        return;
      }
      if (typeof msg.event === 'string') this.onEvent(msg as { event: string });
    });
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(startTimer);
      this.exitInfo = signal ? `signal ${signal}` : `exit code ${code}`;
      this.state = 'dead';
      readyReject(new NodeProcessError(`node ${name} ended before it was ready (${this.exitInfo})${this.lastWords()}`));
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject(new NodeProcessError(`node ${name} ended (${this.exitInfo}) before answering ${p.method}`));
        this.pending.delete(id);
      }
    };
    // A spare may have ended before it was taken: its exit is not heard again.
    if (this.child.exitCode !== null || this.child.signalCode !== null) queueMicrotask(() => exited(this.child.exitCode, this.child.signalCode));
    else this.child.on('exit', exited);
    if ('spare' in launch) this.child.stdin!.write(`${JSON.stringify({ config: launch.config })}\n`);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private lastWords(): string {
    return this.stderrTail.length ? `; its stderr ended with: ${this.stderrTail.slice(-3).join(' | ')}` : '';
  }

  stderr(): string[] {
    return [...this.stderrTail];
  }

  private settle(msg: Record<string, unknown>): void {
    const p = this.pending.get(msg.id as number);
    if (!p) return;
    this.pending.delete(msg.id as number);
    clearTimeout(p.timer);
    if (msg.error !== undefined) p.reject(new NodeProcessError(`${this.name}.${p.method}: ${String(msg.error)}`));
    else p.resolve(msg.result);
  }

  /** One control call; rejects when the node does not answer within timeoutMs or is gone. */
  call<T>(method: string, params: object = {}, timeoutMs = 10_000): Promise<T> {
    if (this.state === 'dead') return Promise.reject(new NodeProcessError(`node ${this.name} is not running (${this.exitInfo ?? 'killed'}); cannot call ${method}`));
    if (this.state === 'hung') return Promise.reject(new NodeProcessError(`node ${this.name} is hung; cannot call ${method}`));
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new NodeProcessError(`node ${this.name} did not answer ${method} within ${timeoutMs} ms${this.lastWords()}`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer, method });
      this.child.stdin!.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  }

  /** Crash: SIGKILL. The process gets no chance to say goodbye on any connection. */
  kill(): Promise<void> {
    if (this.state === 'dead') return Promise.resolve();
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGKILL');
    return gone;
  }

  /**
   * Let the node end on its own: its stdin closes, and it exits (writing what Node writes at exit,
   * such as a --cpu-prof profile). SIGKILL after `graceMs` if it has not.
   */
  end(graceMs = 2000): Promise<void> {
    if (this.state === 'dead') return Promise.resolve();
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.resume();
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    return gone.finally(() => clearTimeout(timer));
  }

  /** Hang: SIGSTOP, resolved once every thread of the node has stopped. Its sockets stay open; nothing it does goes on. */
  async stop(): Promise<void> {
    if (this.state !== 'running') return;
    this.state = 'hung';
    await freeze(this.child.pid!);
  }

  resume(): void {
    if (this.state !== 'hung') return;
    thaw(this.child.pid!);
    this.state = 'running';
  }
}
