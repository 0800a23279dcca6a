// One node of a node program (docs/node-program.md): one OS process, in a process group of its
// own, that the kit started for one incarnation of one RID. The kit speaks JSON-RPC 2.0 to it on
// stdin/stdout (the frame reader of the wire protocol, adapters/frames.ts) and reads what it
// notifies (journal lines, results its application received) as they arrive, stamped with the
// kit's clock on arrival. Once the kit has killed it, nothing more it wrote is accepted, not even
// lines still in the pipe: evidence comes from a live process only.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { FrameReader, quote, type Frame } from '../frames.ts';
import { keepForScenario } from '../../src/driver/scenario-log.ts';
import { freeze, thaw } from '../../src/harness/freeze.ts';
import { freezeGroup, groupGone, killGroup, thawGroup } from '../../src/harness/process-group.ts';
import { startTimeOf, stdioOf, strays } from '../../src/harness/stdio-holders.ts';
import { runtimeEnv } from '../../src/harness/runtime-env.ts';

/** A failure of one node's process or of the conversation with it; one line. */
export class NodeProgramError extends Error {}

export type ChildState = 'running' | 'hung' | 'dead';

/** What a node notified, as the kit received it. */
export interface Arrival {
  method: string;
  params: unknown;
  /** The kit's clock when the line arrived. */
  at: number;
}

const STDERR_TAIL = 5;

/**
 * Every node process of this kit process that has not ended. Their groups are detached, so they
 * would outlive the kit (a stopped one forever): at exit, whatever is left is killed.
 */
const living = new Set<NodeChild>();
process.once('exit', () => {
  for (const c of living) c.killAll();
});

interface Pending {
  method: string;
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

export class NodeChild {
  private readonly child: ChildProcess;
  private readonly reader = new FrameReader();
  private readonly pending = new Map<number, Pending>();
  private readonly stderrTail: string[] = [];
  private nextId = 1;
  private exitInfo?: string;
  /** False from the moment the kit decided the process is gone (before the signal is sent). */
  private accepting = true;
  state: ChildState = 'running';
  readonly exited: Promise<void>;
  /** The sockets the first process has as stdin, stdout and stderr: whoever holds one is of this node (stdio-holders.ts). */
  private readonly stdio: string[];
  /** When its first process started: only processes started since can hold its stdio (stdio-holders.ts). */
  private readonly born: number | undefined;
  /** Processes of the node outside its group that the kit stopped with it (thawed at the end). */
  private frozenStrays: number[] = [];

  constructor(
    readonly label: string,
    readonly command: string,
    private readonly onArrival: (a: Arrival) => void,
  ) {
    // detached: a group of its own, so that SIGKILL and SIGSTOP reach whatever the command started.
    this.child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: runtimeEnv() });
    this.child.stdin!.on('error', () => {}); // reported through 'exit'
    living.add(this);
    this.exited = new Promise((resolve) => {
      this.child.on('error', (e) => {
        this.gone(`could not be started: ${e.message}`);
        living.delete(this);
        resolve();
      });
      this.child.on('exit', (code, signal) => {
        this.gone(signal ? `was killed by ${signal}` : `exited with code ${code}`);
        living.delete(this);
        // The leader is gone: whatever it left in its group, or outside it holding its stdio, goes
        // too, and is waited for, so that "ended" means nothing of the node is left running.
        const left = this.killAll();
        void Promise.all([groupGone(this.child.pid), gone(left)]).then(() => resolve());
      });
    });
    // spawn() returns once the command is running (libuv waits for the exec), so fds 0-2 are its own.
    this.stdio = this.child.pid ? stdioOf(this.child.pid) : [];
    this.born = this.child.pid ? startTimeOf(this.child.pid) : undefined;
    this.child.stdout!.on('data', (chunk: Buffer) => this.frames(this.reader.push(chunk)));
    this.child.stdout!.on('end', () => this.frames(this.reader.end()));
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) this.stderrTail.push(line);
      this.stderrTail.splice(0, Math.max(0, this.stderrTail.length - STDERR_TAIL));
      // Kept with the scenario's report (stderr.log), each line naming the node and incarnation.
      const tagged = text.replace(/^(?=.)/gm, `[${label}] `);
      keepForScenario(tagged);
      if (process.env.SPOTCHECK_DEBUG) process.stderr.write(tagged);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The last lines it wrote on stderr, on one line. */
  lastWords(): string {
    return this.stderrTail.length ? `; its last stderr: ${this.stderrTail.map((l) => quote(l)).join(' | ')}` : '; its stderr was empty';
  }

  private gone(how: string): void {
    this.accepting = false;
    this.state = 'dead';
    this.exitInfo ??= how;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new NodeProgramError(`node ${this.label} (${this.command}) ${this.exitInfo} before it answered ${p.method}${this.lastWords()}`));
    }
    this.pending.clear();
  }

  private frames(frames: Frame[]): void {
    const at = Date.now();
    for (const f of frames) {
      if (!this.accepting) return;
      if (f.kind === 'error') {
        this.stderrTail.push(`(stdout) ${f.error}`);
        continue;
      }
      if (f.kind === 'notification') {
        this.onArrival({ method: f.notification.method, params: f.notification.params, at });
        continue;
      }
      const p = this.pending.get(f.message.id);
      if (!p) continue;
      this.pending.delete(f.message.id);
      clearTimeout(p.timer);
      if (f.message.error) p.reject(new NodeProgramError(`node ${this.label}: ${p.method}: ${f.message.error.message}`));
      else p.resolve(f.message.result ?? null);
    }
  }

  /** One call; rejects with one line when the node is gone, hung, or gives no answer in time. */
  call<T = unknown>(method: string, params: unknown, timeoutMs: number): Promise<T> {
    if (this.state === 'dead') return Promise.reject(new NodeProgramError(`node ${this.label} is not running (${this.exitInfo ?? 'killed'}); cannot call ${method}`));
    if (this.state === 'hung') return Promise.reject(new NodeProgramError(`node ${this.label} is hung (SIGSTOP); cannot call ${method}`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new NodeProgramError(`node ${this.label} did not answer ${method} within ${timeoutMs} ms${this.lastWords()}`));
      }, timeoutMs);
      this.pending.set(id, { method, resolve: resolve as (v: unknown) => void, reject, timer });
      this.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  /** Crash: nothing more is accepted from it, then SIGKILL to its group; resolves once nothing of it is left. */
  async kill(): Promise<void> {
    this.accepting = false;
    this.exitInfo ??= 'was killed by the kit (SIGKILL)';
    const left = this.killAll();
    // A stopped process dies of SIGKILL too; SIGCONT only so that nothing in the group lingers stopped.
    thawGroup(this.child.pid);
    await Promise.all([this.exited, gone(left)]);
  }

  /**
   * SIGKILL to the group and to every process outside it that holds the node's stdio (one that
   * left the group); returns those, named in the scenario's log.
   */
  killAll(): number[] {
    const left = strays(this.stdio, this.child.pid, this.born);
    killGroup(this.child.pid);
    for (const pid of left) signal(pid, 'SIGKILL');
    this.tell(left, 'killed it too');
    return left;
  }

  /** Hang: SIGSTOP to its group and to any process of it outside the group, resolved once every thread is stopped. */
  async freeze(): Promise<void> {
    if (this.state !== 'running') return;
    this.state = 'hung';
    await freezeGroup(this.child.pid!);
    this.frozenStrays = strays(this.stdio, this.child.pid, this.born);
    for (const pid of this.frozenStrays) await freeze(pid);
    this.tell(this.frozenStrays, 'stopped it too');
  }

  private tell(pids: number[], what: string): void {
    if (pids.length === 0) return;
    const line = `[${this.label}] spotcheck: process ${pids.join(', ')} of this node had left its process group (it holds the node's stdio); the kit ${what}\n`;
    keepForScenario(line);
    if (process.env.SPOTCHECK_DEBUG) process.stderr.write(line);
  }

  /** End at the end of a scenario: its stdin closes; SIGKILL to its group if it is still there after graceMs. */
  async end(graceMs = 1000): Promise<void> {
    if (this.state === 'dead') return;
    this.accepting = false;
    if (this.state === 'hung') {
      thawGroup(this.child.pid);
      for (const pid of this.frozenStrays) thaw(pid);
    }
    this.child.stdin!.end();
    const timer = setTimeout(() => this.killAll(), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** A signal to one process, quietly if it is gone. */
function signal(pid: number, s: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, s);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once none of `pids` runs any more (dead, or a zombie its new parent has not reaped yet), or after 2 s. */
async function gone(pids: number[]): Promise<void> {
  const deadline = Date.now() + 2000;
  while (pids.some(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}

function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !'ZX'.includes(stat[stat.lastIndexOf(')') + 2]);
  } catch {
    return signal(pid, 0); // no /proc: alive as long as it can be signalled
  }
}
