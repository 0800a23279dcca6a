// A node of the reference in the kit's own process: the embedded backend's node handle. It is the
// same node a process runs (node/runtime.ts), built from the same configuration and driven through
// the same control interface, with every call's parameters and results copied as JSON would copy
// them, so harness and node share nothing in memory. A crash ends the node at once and cuts it off
// from everything outside it (its Store calls never return, its evidence takes no more lines), as
// the death of a process does; a hang stops its work and keeps its connections open.

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { NodeHandle, NodeState, ReadyEvent } from '../../src/harness/node-handle.ts';
import type { NodeConfig } from '../node/config.ts';
import type { ControlEvent, ControlMethod } from '../node/control.ts';
import type { MeshNode } from '../node/mesh-node.ts';
import type { NodeParts } from '../node/parts.ts';
import { NodeRuntime } from '../node/runtime.ts';
import { rulesOf } from '../mutants/seams.ts';
import { plainCopy } from '../kernel/plain-copy.ts';

export class InProcessNodeError extends Error {}

export class InProcessNode implements NodeHandle {
  state: NodeState = 'starting';
  readonly pid = undefined;
  readonly ready: Promise<ReadyEvent>;
  private readonly runtime: NodeRuntime;

  /**
   * @param sever called once the node is dead: from then on nothing it still has in flight may
   *   reach the Store or the evidence (the host's parts are built to be severed).
   */
  constructor(
    readonly name: string,
    config: NodeConfig,
    parts: NodeParts,
    private readonly sever: () => void,
    onEvent: (event: { event: string } & Record<string, unknown>) => void,
    /** What a control call's time limit runs on. */
    private readonly clock: Clock,
  ) {
    let readyResolve!: (e: ReadyEvent) => void;
    this.ready = new Promise((resolve) => (readyResolve = resolve));
    const emit = (e: ControlEvent): void => {
      if (e.event === 'ready') {
        this.state = 'running';
        readyResolve(plainCopy(e) as ReadyEvent);
      } else if (this.state !== 'dead') {
        onEvent(plainCopy(e) as { event: string } & Record<string, unknown>);
      }
    };
    // A failpoint that crashes the node: it is dead from that instant, as its process would be.
    this.runtime = new NodeRuntime(config, parts, rulesOf(config.mutant), emit, () => this.died());
    const started = this.runtime.start();
    this.ready = Promise.race([this.ready, started.then(() => this.ready)]).catch((e: Error) => {
      throw new InProcessNodeError(`node ${name} could not start: ${e.message}`);
    });
    this.ready.catch(() => {});
  }

  /** The node itself, for the kit's own unit tests of the reference (never for step definitions). */
  get meshNode(): MeshNode {
    return this.runtime.node;
  }

  async call<T>(method: string, params: object = {}, timeoutMs = 10_000): Promise<T> {
    if (this.state === 'dead') throw new InProcessNodeError(`node ${this.name} is not running (crashed); cannot call ${method}`);
    if (this.state === 'hung') throw new InProcessNodeError(`node ${this.name} is hung; cannot call ${method}`);
    let timer: TimerId | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = this.clock.setTimeout(() => reject(new InProcessNodeError(`node ${this.name} did not answer ${method} within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await Promise.race([this.runtime.handle(method as ControlMethod, plainCopy(params) as never), late]);
      return (result === undefined || result === null ? null : plainCopy(result)) as T;
    } catch (e) {
      if (e instanceof InProcessNodeError) throw e;
      throw new InProcessNodeError(`${this.name}.${method}: ${(e as Error).message}`);
    } finally {
      this.clock.clearTimer(timer);
    }
  }

  private died(): void {
    if (this.state === 'dead') return;
    this.state = 'dead';
    this.sever();
  }

  async kill(): Promise<void> {
    if (this.state === 'dead') return;
    this.died();
    await this.runtime.close();
  }

  stop(): void {
    if (this.state !== 'running') return;
    this.state = 'hung';
    this.runtime.node.hang();
  }

  end(): Promise<void> {
    return this.kill();
  }
}
