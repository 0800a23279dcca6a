// The embedded backend: every node of the reference runtime in this one process, over the
// in-memory transport. It serves the Driver contract directly.

import { randomBytes, randomUUID } from 'node:crypto';
import type {
  Capability,
  ChannelServerSpec,
  ChannelSpec,
  Description,
  Driver,
  EffectiveTimings,
  Fault,
  FaultResult,
  JournalEntry,
  NodeOptions,
  NodeView,
  OperationSpec,
  Outcome,
  PeerView,
  Rid,
  Topology,
} from '../src/driver/types.ts';
import { FAILPOINT_NAMES } from '../src/driver/failpoints.ts';
import { Gates, Journal, TestApp } from './app.ts';
import { Caller, ChannelDirectory } from './caller.ts';
import { MeshNode } from './mesh-node.ts';
import { brokenBy, type Broken } from './mutants.ts';
import { Discovery } from './node-context.ts';
import { Operation } from './operation.ts';
import { toServer } from './select-one.ts';
import { MemoryTransport } from './transport/memory.ts';
import type { Connection } from './transport/types.ts';
import { proof } from './node-context.ts';

export const VERSION = '0.1.0';

/** Short timings so the suite is fast; every "within the deadline" check reads them back. */
export const EMBEDDED_TIMINGS: EffectiveTimings = {
  heartbeatIntervalMs: 25,
  livenessDeadlineMs: 150,
  reconnectBackoffMs: 10,
  defaultDeadlineMs: 1000,
};

/** What this runtime implements so far; scenarios needing anything else are not applicable. */
const SUPPORTED: Capability[] = ['channels', 'node-direct', 'liveness', 'reconnect', 'failpoints'];

export class DriverInputError extends Error {}

export interface ClusterOptions {
  mutant?: string;
  timings?: Partial<EffectiveTimings>;
}

export class EmbeddedCluster implements Driver {
  private readonly broken: Broken;
  private readonly timings: EffectiveTimings;
  private readonly transport = new MemoryTransport();
  private readonly discovery = new Discovery();
  private readonly channels = new ChannelDirectory();
  private readonly journalLog = new Journal();
  private readonly gates = new Gates();
  private readonly app = new TestApp(this.journalLog, this.gates);
  private readonly nodes = new Map<Rid, { node: MeshNode; caller: Caller }>();
  private readonly outcomes = new Map<string, { outcome?: Outcome; waiters: Array<() => void>; op: Operation; from: Rid }>();
  private readonly credentials = new Map<string, string>();
  private impostors: Array<() => void> = [];
  private closed = false;

  constructor(private readonly options: ClusterOptions = {}) {
    this.broken = brokenBy(options.mutant);
    this.timings = { ...EMBEDDED_TIMINGS, ...options.timings };
  }

  async describe(): Promise<Description> {
    return {
      name: this.options.mutant ? `spotcheck-reference (mutant ${this.options.mutant})` : 'spotcheck-reference',
      version: VERSION,
      backend: 'embedded',
      capabilities: [...SUPPORTED],
      timings: { ...this.timings },
      failpoints: [...FAILPOINT_NAMES],
    };
  }

  // ---- topology ------------------------------------------------------------------------------

  async start(topology: Topology): Promise<void> {
    const started: MeshNode[] = [];
    for (const mesh of topology.meshes) {
      if (!this.credentials.has(mesh.name)) this.credentials.set(mesh.name, randomBytes(16).toString('hex'));
      for (const rid of mesh.nodes) {
        if (this.nodes.has(rid)) throw new DriverInputError(`node ${rid} already exists`);
        const node = new MeshNode({
          rid,
          mesh: mesh.name,
          credential: this.credentials.get(mesh.name)!,
          timings: this.timings,
          transport: this.transport,
          discovery: this.discovery,
          app: this.app,
          broken: this.broken,
          queueCapacity: mesh.nodeOptions?.queueCapacity ?? 16,
          workers: mesh.nodeOptions?.workers ?? 4,
        });
        node.start();
        this.nodes.set(rid, { node, caller: new Caller(node, this.channels) });
        started.push(node);
      }
    }
    await Promise.all(started.map((n) => n.connectPeers()));
  }

  async addChannel(channel: ChannelSpec): Promise<void> {
    for (const s of channel.servers) this.nodeNamed(s.node);
    this.channels.define({ name: channel.name, kind: channel.kind, servers: channel.servers.map(toServer) });
  }

  async setServer(channel: string, server: ChannelServerSpec): Promise<void> {
    const entry = this.channels.get(channel);
    if (!entry) throw new DriverInputError(`no channel named ${channel}`);
    const s = entry.servers.find((x) => x.node === server.node);
    if (!s) throw new DriverInputError(`${server.node} does not serve channel ${channel}`);
    if (server.weight !== undefined) s.weight = server.weight;
    if (server.state !== undefined) s.state = server.state;
  }

  async configureNode(rid: Rid, options: NodeOptions): Promise<void> {
    const node = this.nodeNamed(rid);
    if (options.queueCapacity !== undefined) node.queue.capacity = options.queueCapacity;
    if (options.workers !== undefined) node.queue.workers = options.workers;
  }

  private nodeNamed(rid: Rid): MeshNode {
    const entry = this.nodes.get(rid);
    if (!entry) throw new DriverInputError(`no node with RID ${rid}`);
    return entry.node;
  }

  // ---- operations ----------------------------------------------------------------------------

  async submit(spec: OperationSpec): Promise<{ opId: string }> {
    const entry = this.nodes.get(spec.from);
    if (!entry) throw new DriverInputError(`no node with RID ${spec.from}`);
    const opId = `${spec.from}-${randomUUID()}`;
    const record = { waiters: [] as Array<() => void>, op: undefined as unknown as Operation, from: spec.from, outcome: undefined as Outcome | undefined };
    const op = new Operation(opId, Date.now() + (spec.deadlineMs ?? this.timings.defaultDeadlineMs), this.broken, (outcome) => {
      // The application on the calling node receives the result; the journal keeps every one.
      this.app.result(spec.from, opId, outcome.status, outcome.errorKind);
      if (!record.outcome) record.outcome = outcome;
      for (const w of record.waiters.splice(0)) w();
    });
    record.op = op;
    this.outcomes.set(opId, record);
    if (!entry.node.live()) {
      op.finish('shutdown');
      return { opId };
    }
    if (spec.kind === 'channel-request') void entry.caller.channelRequest(op, spec.channel, spec.payload);
    else void entry.caller.nodeDirect(op, spec.mesh, spec.to, spec.payload);
    return { opId };
  }

  async outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    const record = this.outcomes.get(opId);
    if (!record) throw new DriverInputError(`no operation ${opId}`);
    if (!record.outcome && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        record.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return record.outcome ? structuredClone(record.outcome) : null;
  }

  async cancel(opId: string): Promise<void> {
    const record = this.outcomes.get(opId);
    if (!record) throw new DriverInputError(`no operation ${opId}`);
    record.op.finish('cancelled');
  }

  async shutdown(rid: Rid): Promise<void> {
    const node = this.nodeNamed(rid);
    for (const r of this.outcomes.values()) if (r.from === rid) r.op.finish('shutdown');
    node.shutdown();
  }

  async releaseGate(gate: string): Promise<void> {
    this.gates.release(gate);
  }

  // ---- observations --------------------------------------------------------------------------

  async peer(rid: Rid, peer: Rid): Promise<PeerView> {
    return this.nodeNamed(rid).peerView(peer);
  }

  async node(rid: Rid): Promise<NodeView> {
    return this.nodeNamed(rid).view();
  }

  async journal(): Promise<JournalEntry[]> {
    return this.journalLog.all();
  }

  // ---- faults --------------------------------------------------------------------------------

  async fault(fault: Fault): Promise<FaultResult> {
    const node = this.nodeNamed(fault.node);
    const at = Date.now();
    switch (fault.kind) {
      case 'crash':
        node.crash();
        break;
      case 'hang':
        node.hang();
        break;
      case 'close-connection': {
        const peer = this.nodeNamed(fault.peer);
        if (!peer.closeInboundFrom(fault.node, fault.mode)) throw new DriverInputError(`no connection from ${fault.node} to ${fault.peer}`);
        break;
      }
      case 'move':
        node.move();
        break;
      case 'impostor':
        this.impostor(node);
        break;
      case 'failpoint':
        if (fault.name !== 'transport.ack-lost-after-write') throw new DriverInputError(`unknown failpoint ${fault.name}`);
        if (!fault.peer) throw new DriverInputError(`failpoint ${fault.name} needs a peer`);
        this.nodeNamed(fault.peer);
        node.armAckLost(fault.peer);
        break;
      default:
        throw new DriverInputError(`unknown fault ${(fault as { kind: string }).kind}`);
    }
    return { at };
  }

  /** The node vanishes and something without the mesh credential answers at its address. */
  private impostor(node: MeshNode): void {
    const address = this.discovery.lookup(node.rid)!.address;
    node.vanish();
    const wrongCredential = randomBytes(16).toString('hex');
    const listener = this.transport.listen(address, (conn: Connection) => {
      conn.onFrame((f) => {
        if (f.t === 'hello') conn.send({ t: 'welcome', rid: node.rid, proof: proof(wrongCredential, node.rid, f.connectionId as string) });
        if (f.t === 'ping') conn.send({ t: 'pong' });
      });
    });
    this.impostors.push(() => listener.close());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const { node } of this.nodes.values()) node.crash();
    for (const r of this.outcomes.values()) r.op.deadlineApplies = true;
    for (const stop of this.impostors) stop();
  }
}
