// One node of the reference, assembled from its JSON configuration and the parts it runs on
// (parts.ts), and driven through the control interface (control.ts). It owns nothing of any other
// node. A node process (main.ts) gives it a Redis client, a NATS client and an evidence file of its
// own (process-parts.ts) and wires it to stdin/stdout; the embedded backend runs nodes in the kit's
// process on the in-memory Store and transport (harness/in-process-host.ts).

import type { Outcome } from '../../src/driver/types.ts';
import { Gates, Journal, TestApp } from './app.ts';
import { Caller, ChannelDirectory } from '../channel/caller.ts';
import { MeshNode } from './mesh-node.ts';
import type { Rules } from './rules.ts';
import { ObjectCaller } from '../objects/object-caller.ts';
import { OutcomeBook } from '../kernel/outcome-book.ts';
import { OPERATION_KINDS, startOperation } from './start-operation.ts';
import { clientCredential } from '../sessions/protocol.ts';
import { SessionHost } from '../sessions/session-host.ts';
import { NodeStore, StoreReach, type StoreFailpoint } from '../store/node-store.ts';
import type { ChannelConfig, NodeConfig } from './config.ts';
import type { NodeParts } from './parts.ts';
import type { ControlEvent, ControlMethod, ControlMethods } from './control.ts';
import { FAILPOINT_NAMES } from '../../src/driver/failpoints.ts';

export class ControlError extends Error {}

export class NodeRuntime {
  private readonly gates = new Gates();
  private readonly reach: StoreReach;
  private readonly channels = new ChannelDirectory();
  private readonly outcomes: OutcomeBook;
  readonly node: MeshNode;
  private readonly caller: Caller;
  private readonly objects: ObjectCaller;
  private readonly sessions: SessionHost;
  private closing = false;

  /**
   * @param crashed called when a failpoint makes the node crash itself: the process must then die
   *   at once (main.ts sends itself SIGKILL), as a crash does.
   */
  constructor(
    private readonly config: NodeConfig,
    private readonly parts: NodeParts,
    /** The rules it runs by: REFERENCE_RULES (node/rules.ts), or a mutant's (mutants/seams.ts). */
    rules: Rules,
    private readonly emit: (event: ControlEvent) => void,
    crashed: () => void = () => {},
  ) {
    this.outcomes = new OutcomeBook(parts.clock);
    const journal = new Journal((entry) => parts.evidence.write({ journal: entry }), parts.clock);
    this.reach = parts.reach;
    for (const gate of config.releasedGates) this.gates.release(gate);
    for (const channel of config.channels) this.defineChannel(channel);
    this.node = new MeshNode({
      rid: config.rid,
      clock: parts.clock,
      ids: parts.ids,
      mesh: config.mesh,
      credential: config.credential,
      timings: config.timings,
      transport: parts.transport,
      store: new NodeStore(config.rid, parts.store, this.reach, (line) => parts.evidence.write({ store: line }), parts.clock),
      app: new TestApp(journal, this.gates),
      rules: { terminal: rules.terminal, relay: rules.relay, mesh: rules.mesh, authority: rules.authority, host: rules.host },
      queueCapacity: config.queueCapacity,
      workers: config.workers,
      messageFollowMs: config.messageFollowMs,
    });
    this.node.objects.relocations.rules = rules.relocation;
    const crash = this.node.crash.bind(this.node);
    this.node.crash = () => {
      crash();
      if (!this.closing) crashed();
    };
    this.caller = new Caller(this.node, this.channels, rules.calling);
    this.node.attachCaller(this.caller);
    // The reference keeps each Session in its own process and tells no list of it; a Session
    // mutant keeps one (sessions/session-list.ts), in memory or through the Store.
    const shared = rules.sessions.sessionList({
      ...(parts.shared ? { inProcess: parts.shared } : {}),
      store: parts.store,
      rid: config.rid,
      lifecycle: this.node.lifecycle,
      clock: parts.clock,
      forward: (rid, session, frame) => void this.node.sendWork(rid, { type: 'session-frame', session, frame }, config.timings.defaultDeadlineMs),
    });
    this.sessions = new SessionHost({ node: this.node, caller: this.caller, clientCredential: clientCredential(config.credential), shared, net: parts.streams, rules: rules.sessions });
    this.node.sessions = this.sessions;
    this.node.onLocationUpdate = (u) => this.sessions.applyLocationUpdate(u);
    this.objects = new ObjectCaller(this.node, this.caller, rules.routing, rules.authority);
  }

  /** Listen, register, take the lease; after a restart, resume what the Relocation Store says. */
  async start(): Promise<void> {
    await this.parts.ready();
    await this.node.start();
    await this.sessions.listen();
    if (this.config.restart) await this.node.objects.relocations.resumeAfterRestart();
    this.emit({ event: 'ready', address: this.node.address, sessionPort: this.sessions.port!, pid: process.pid });
  }

  private defineChannel(channel: ChannelConfig): void {
    this.channels.define({ name: channel.name, kind: channel.kind, servers: channel.servers.map((s) => ({ ...s })) });
  }

  async handle<M extends ControlMethod>(method: M, params: ControlMethods[M]['params']): Promise<ControlMethods[M]['result']> {
    const p = params as Record<string, unknown>;
    switch (method) {
      case 'submit':
        this.submit(p as ControlMethods['submit']['params']);
        return null as never;
      case 'cancel':
        this.outcomes.op(p.opId as string)?.finish('cancelled');
        return null as never;
      case 'connectPeers':
        await this.node.connectPeers();
        return null as never;
      case 'shutdown':
        for (const { op } of this.outcomes.all()) op.finish('shutdown');
        this.node.shutdown();
        return null as never;
      case 'channel':
        this.defineChannel(p.channel as ChannelConfig);
        return null as never;
      case 'configure': {
        const o = p as ControlMethods['configure']['params'];
        if (o.queueCapacity !== undefined) this.node.queue.capacity = o.queueCapacity;
        if (o.workers !== undefined) this.node.queue.workers = o.workers;
        this.node.queue.pump();
        return null as never;
      }
      case 'releaseGate':
        this.gates.release(p.gate as string);
        return null as never;
      case 'failpoint':
        this.failpoint(p.name as string, p.peer as string | undefined);
        return null as never;
      case 'closeConnection':
        return { closed: this.node.closeInboundFrom(p.peer as string, p.mode as 'orderly' | 'error') } as never;
      case 'move':
        await this.node.move();
        return { address: this.node.address } as never;
      case 'vanish':
        this.node.vanish();
        return null as never;
      case 'storeReach':
        if (p.reachable) this.reach.cutOff.delete(this.config.rid);
        else this.reach.cutOff.add(this.config.rid);
        return null as never;
      case 'node':
        return this.node.view() as never;
      case 'peer':
        return this.node.peerView(p.peer as string) as never;
      case 'sessionOwners':
        return (p.sessionIds as string[]).flatMap((id) => this.sessions.view(id) ?? []) as never;
      case 'holdsSessions':
        return (p.sessionIds as string[]).filter((id) => this.sessions.holds(id)) as never;
      case 'benchDirect':
        return (await this.benchDirect(p as ControlMethods['benchDirect']['params'])) as never;
      default:
        throw new ControlError(`unknown control method ${String(method)}`);
    }
  }

  private submit({ opId, deadlineAt, spec }: ControlMethods['submit']['params']): void {
    if (!OPERATION_KINDS.has(spec.kind)) throw new ControlError(`unknown operation kind ${spec.kind}`);
    const op = this.outcomes.open(opId, undefined, (record) =>
      this.node.startOperation(opId, deadlineAt, (outcome: Outcome) => {
        record(outcome);
        this.emit({ event: 'outcome', opId, outcome });
      }),
    );
    if (!this.node.live()) return op.finish('shutdown');
    startOperation({ caller: this.caller, objects: this.objects }, op, spec);
  }

  private async benchDirect({ mesh, to, inFlight, ms }: ControlMethods['benchDirect']['params']): Promise<{ done: number; failed: number; ms: number }> {
    let done = 0;
    let failed = 0;
    let n = 0;
    const start = this.parts.clock.now();
    const end = start + ms;
    await Promise.all(new Array(inFlight).fill(0).map(async () => {
      while (this.parts.clock.now() < end) {
        const opId = `${this.config.rid}-bench-${n++}`;
        const outcome = await new Promise<Outcome>((resolve) => {
          const op = this.node.startOperation(opId, this.parts.clock.now() + this.config.timings.defaultDeadlineMs, resolve);
          void this.caller.nodeDirect(op, mesh, to, { type: 'app', payload: { app: 'echo', value: n } });
        });
        if (outcome.status === 'reply') done++;
        else failed++;
      }
    }));
    return { done, failed, ms: this.parts.clock.now() - start };
  }

  private failpoint(name: string, peer?: string): void {
    if (name === 'transport.ack-lost-after-write') {
      if (!peer) throw new ControlError(`failpoint ${name} needs a peer`);
      this.node.failpoints.armAckLost(peer);
    } else if (name === 'store.reply-lost-after-apply' || name === 'store.fail-before-apply' || name === 'store.reply-lost-then-cut-off') {
      this.reach.arm(this.config.rid, name as StoreFailpoint);
    } else if (FAILPOINT_NAMES.includes(name) && (name.startsWith('activation.') || name.startsWith('relocation.'))) {
      this.node.failpoints.arm(name);
    } else {
      throw new ControlError(`unknown failpoint ${name}`);
    }
  }

  /** The node is gone (as a crash: no goodbye); let go of what it alone holds. */
  async close(): Promise<void> {
    this.closing = true;
    this.node.crash();
    await this.parts.release();
    this.parts.evidence.close();
  }
}
