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
  ObjectRecordView,
  RelocationView,
  StoreLogEntry,
  NodeView,
  OperationSpec,
  Outcome,
  PeerView,
  Rid,
  Topology,
} from '../../src/driver/types.ts';
import { FAILPOINT_NAMES } from '../../src/driver/failpoints.ts';
import { Gates, Journal, TestApp } from '../node/app.ts';
import { Caller, ChannelDirectory } from '../channel/caller.ts';
import { MeshNode } from '../node/mesh-node.ts';
import { brokenBy, type Broken } from '../mutants/index.ts';
import { NodeStore, StoreReach, type StoreFailpoint } from '../store/node-store.ts';
import { MemoryStore } from '../store/memory.ts';
import type { Store } from '../store/types.ts';
import { ObjectCaller } from '../objects/object-caller.ts';
import { badSlowMs, latestRelocation, lookupRecord, removeDescriptor } from './store-views.ts';
import { OutcomeBook } from '../node/outcome-book.ts';
import { nodesNamedBy, startOperation, OPERATION_KINDS as KINDS } from '../node/start-operation.ts';
import { toServer } from '../channel/select-one.ts';
import { MemoryTransport } from '../transport/memory.ts';
import type { Connection } from '../transport/types.ts';
import { proof } from '../connection/node-context.ts';
import { isSessionOperation, type SessionOperationSpec, type SessionView } from '../../src/driver/sessions.ts';
import { SessionClients, SessionInputError } from '../sessions/client.ts';
import { SessionHost } from '../sessions/session-host.ts';
import { SharedSessions } from '../mutants/shared-sessions.ts';
import { clientCredential } from '../sessions/protocol.ts';

export const VERSION = '0.1.0';

/** Short timings so the suite is fast; every "within the deadline" check reads them back. */
export const EMBEDDED_TIMINGS: EffectiveTimings = {
  heartbeatIntervalMs: 50,
  livenessDeadlineMs: 300,
  reconnectBackoffMs: 10,
  defaultDeadlineMs: 1000,
  ownerLeaseMs: 600,
  ownerCacheMs: 400,
  descriptorRefreshMs: 50,
  storeFailureGraceMs: 1000,
  // The spec's values: the 1,000 ms cutover fallback and a 30 s MessageFollowDuration.
  cutoverFallbackMs: 1000,
  messageFollowMs: 30_000,
};

/** What this runtime implements so far; scenarios needing anything else are not applicable. */
const SUPPORTED: Capability[] = ['channels', 'node-direct', 'liveness', 'reconnect', 'objects', 'instance-spots', 'store-faults', 'relocation', 'sessions'];

export class DriverInputError extends Error {}

export interface ClusterOptions {
  mutant?: string;
  timings?: Partial<EffectiveTimings>;
  /** The Location Store; in memory unless given. */
  store?: Store;
  /** Close the given store with the cluster. */
  closeStore?: boolean;
  /** The backend name describe() reports. */
  backend?: string;
}

export class EmbeddedCluster implements Driver {
  private readonly broken: Broken;
  private readonly timings: EffectiveTimings;
  private readonly transport = new MemoryTransport();
  private readonly store: Store;
  private readonly reach = new StoreReach();
  private readonly channels = new ChannelDirectory();
  private readonly journalLog = new Journal();
  private readonly gates = new Gates();
  private readonly app = new TestApp(this.journalLog, this.gates);
  private readonly nodes = new Map<Rid, { node: MeshNode<SessionHost>; caller: Caller; objects: ObjectCaller }>();
  private readonly outcomes = new OutcomeBook<{ from: Rid }>();
  private readonly credentials = new Map<string, string>();
  private readonly meshOptions = new Map<string, NodeOptions | undefined>();
  private messageFollowMs: number;
  private impostors: Array<() => void> = [];
  private closed = false;
  // Sessions (spec 6): every node's Session owner side, and the kit's test clients outside the mesh.
  // Only mutants read the shared list (see mutants/shared-sessions.ts). The clients are the kit's
  // instrument: they are given no `broken`, so no mutant bends them.
  private readonly sharedSessions = new SharedSessions();
  private readonly clients = new SessionClients({
    defaultDeadlineMs: () => this.timings.defaultDeadlineMs,
    endpoint: (rid) => {
      const node = this.nodeNamed(rid);
      return node.alive && node.sessions?.port !== undefined ? { port: node.sessions.port } : undefined;
    },
    credential: (rid) => clientCredential(this.credentials.get(this.nodeNamed(rid).mesh)!),
    ownerView: (rid, sessionId) => {
      const node = this.nodes.get(rid)?.node;
      return node?.alive ? node.sessions?.view(sessionId) : undefined;
    },
    heldBy: (sessionId) => [...this.nodes.values()].filter(({ node }) => node.alive && node.sessions?.holds(sessionId)).map(({ node }) => node.rid),
  });

  constructor(private readonly options: ClusterOptions = {}) {
    this.broken = brokenBy(options.mutant);
    this.timings = { ...EMBEDDED_TIMINGS, ...options.timings };
    this.store = options.store ?? new MemoryStore();
    this.messageFollowMs = this.timings.messageFollowMs;
  }

  async describe(): Promise<Description> {
    return {
      name: this.options.mutant ? `spotcheck-reference (mutant ${this.options.mutant})` : 'spotcheck-reference',
      version: VERSION,
      backend: this.options.backend ?? 'embedded',
      capabilities: [...SUPPORTED],
      timings: { ...this.timings },
      failpoints: [...FAILPOINT_NAMES],
    };
  }

  // ---- topology ------------------------------------------------------------------------------

  async start(topology: Topology): Promise<void> {
    const started: MeshNode<SessionHost>[] = [];
    if (topology.messageFollowMs !== undefined) this.messageFollowMs = topology.messageFollowMs;
    for (const mesh of topology.meshes) {
      this.meshOptions.set(mesh.name, mesh.nodeOptions);
      for (const rid of mesh.nodes) started.push(await this.startNode(mesh.name, rid, mesh.nodeOptions));
    }
    await Promise.all(started.map((n) => n.connectPeers()));
  }

  async addNode(mesh: string, rid: Rid): Promise<void> {
    await (await this.startNode(mesh, rid)).connectPeers();
  }

  private async startNode(mesh: string, rid: Rid, options?: NodeOptions, restart = false): Promise<MeshNode<SessionHost>> {
    if (this.nodes.has(rid) && !restart) throw new DriverInputError(`node ${rid} already exists`);
    if (!this.credentials.has(mesh)) this.credentials.set(mesh, randomBytes(16).toString('hex'));
    const node = new MeshNode<SessionHost>({
      rid,
      mesh,
      credential: this.credentials.get(mesh)!,
      timings: this.timings,
      transport: this.transport,
      store: new NodeStore(rid, this.store, this.reach),
      app: this.app,
      broken: this.broken,
      queueCapacity: options?.queueCapacity ?? 16,
      workers: options?.workers ?? 4,
      messageFollowMs: this.messageFollowMs,
    });
    const caller = new Caller(node, this.channels);
    node.attachCaller(caller);
    const sessions = new SessionHost({ node, caller, clientCredential: clientCredential(this.credentials.get(mesh)!), shared: this.sharedSessions });
    node.sessions = sessions;
    node.onLocationUpdate = (u) => sessions.applyLocationUpdate(u);
    this.nodes.set(rid, { node, caller, objects: new ObjectCaller(node, caller) });
    await node.start();
    await sessions.listen();
    return node;
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
    node.queue.pump();
  }

  private nodeNamed(rid: Rid): MeshNode<SessionHost> {
    const entry = this.nodes.get(rid);
    if (!entry) throw new DriverInputError(`no node with RID ${rid}`);
    return entry.node;
  }

  // ---- operations ----------------------------------------------------------------------------

  async submit(spec: OperationSpec): Promise<{ opId: string }> {
    if (isSessionOperation(spec)) return this.submitSession(spec);
    const entry = this.nodes.get(spec.from);
    if (!entry) throw new DriverInputError(`no node with RID ${spec.from}`);
    for (const rid of nodesNamedBy(spec)) this.nodeNamed(rid);
    if (!KINDS.has(spec.kind)) throw new DriverInputError(`unknown operation kind ${spec.kind}`);
    const opId = `${spec.from}-${randomUUID()}`;
    // The node runs the operation and hands its result to the application there (the journal keeps
    // every result delivered); the book keeps the first, which is the Outcome.
    const deadlineAt = Date.now() + (spec.deadlineMs ?? this.timings.defaultDeadlineMs);
    const op = this.outcomes.open(opId, { from: spec.from }, (record) => entry.node.startOperation(opId, deadlineAt, record));
    if (!entry.node.live()) op.finish('shutdown');
    else startOperation(entry, op, spec);
    return { opId };
  }

  async outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    if (this.clients.owns(opId)) return this.clients.outcome(opId, waitMs);
    if (!this.outcomes.has(opId)) throw new DriverInputError(`no operation ${opId}`);
    return this.outcomes.outcome(opId, waitMs);
  }

  async cancel(opId: string): Promise<void> {
    if (this.clients.owns(opId)) return this.clients.cancel(opId);
    const op = this.outcomes.op(opId);
    if (!op) throw new DriverInputError(`no operation ${opId}`);
    op.finish('cancelled');
  }

  async shutdown(rid: Rid): Promise<void> {
    const node = this.nodeNamed(rid);
    for (const { op, meta } of this.outcomes.all()) if (meta.from === rid) op.finish('shutdown');
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

  async lookup(objectId: string): Promise<ObjectRecordView> {
    return lookupRecord(this.store, objectId);
  }


  async relocation(objectId: string): Promise<RelocationView | null> {
    return latestRelocation(this.store, objectId);
  }


  async storeLog(): Promise<StoreLogEntry[]> {
    return this.reach.log.map((e) => ({ ...e }));
  }

  // ---- Sessions ------------------------------------------------------------------------------

  /** A Session operation of a test client (outside the mesh: it has no `from` node). */
  private submitSession(spec: SessionOperationSpec): { opId: string } {
    try {
      return this.clients.submit(spec);
    } catch (e) {
      throw e instanceof SessionInputError ? new DriverInputError(e.message) : e;
    }
  }

  async session(client: string): Promise<SessionView> {
    return this.clients.view(client);
  }

  // ---- faults --------------------------------------------------------------------------------

  async fault(fault: Fault): Promise<FaultResult> {
    const at = Date.now();
    if (fault.kind === 'store-down' || fault.kind === 'store-up') {
      const down = fault.kind === 'store-down';
      const rid = fault.node === undefined ? undefined : this.nodeNamed(fault.node).rid;
      if (rid === undefined) this.reach.down = down;
      else if (down) this.reach.cutOff.add(rid);
      else this.reach.cutOff.delete(rid);
      // store-up also ends a late Store (store-slow), for everyone or for that node.
      if (!down && rid === undefined) {
        this.reach.slowMs = 0;
        this.reach.slowFor.clear();
      }
      if (!down && rid !== undefined) this.reach.slowFor.delete(rid);
      return { at };
    }
    if (fault.kind === 'store-slow') {
      const bad = badSlowMs(fault.ms);
      if (bad) throw new DriverInputError(bad);
      if (fault.node === undefined) this.reach.slowMs = fault.ms;
      else this.reach.slowFor.set(this.nodeNamed(fault.node).rid, fault.ms);
      return { at };
    }
    const node = this.nodeNamed(fault.node);
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
        await node.move();
        break;
      case 'restart': {
        if (node.alive) throw new DriverInputError(`node ${fault.node} is running; only a crashed node can be restarted`);
        // A new process has no failpoints armed, as on the process backend: a Store failpoint the
        // old one never reached is gone with it (else the restart itself would trip it).
        this.reach.disarm(node.rid);
        const restarted = await this.startNode(node.mesh, node.rid, this.meshOptions.get(node.mesh), true);
        await restarted.objects.relocations.resumeAfterRestart();
        break;
      }
      case 'impostor':
        this.impostor(node, fault.as === undefined ? undefined : this.nodeNamed(fault.as).rid);
        break;
      case 'deregister':
        // The kit's own write to the Store, not through any node: the descriptor is gone.
        if (!(await removeDescriptor(this.store, node.rid))) throw new DriverInputError(`the descriptor of ${node.rid} changed while it was removed`);
        break;
      case 'failpoint':
        if (fault.name === 'transport.ack-lost-after-write') {
          if (!fault.peer) throw new DriverInputError(`failpoint ${fault.name} needs a peer`);
          this.nodeNamed(fault.peer);
          node.armAckLost(fault.peer);
        } else if (fault.name === 'store.reply-lost-after-apply' || fault.name === 'store.fail-before-apply' || fault.name === 'store.reply-lost-then-cut-off') {
          this.reach.arm(node.rid, fault.name as StoreFailpoint);
        } else if (fault.name.startsWith('activation.') || fault.name.startsWith('relocation.')) {
          if (!FAILPOINT_NAMES.includes(fault.name)) throw new DriverInputError(`unknown failpoint ${fault.name}`);
          node.armFailpoint(fault.name);
        } else {
          throw new DriverInputError(`unknown failpoint ${fault.name}`);
        }
        break;
      default:
        throw new DriverInputError(`unknown fault ${(fault as { kind: string }).kind}`);
    }
    return { at };
  }

  /** The node vanishes and something without the mesh credential answers at its address. */
  private impostor(node: MeshNode, as?: Rid): void {
    const address = node.address;
    node.vanish();
    // Without `as`: a stranger claiming the node's RID with a credential it does not have. With it:
    // a member of the mesh (the real credential) proving its own, other identity.
    const credential = as ? this.credentials.get(node.mesh)! : randomBytes(16).toString('hex');
    const rid = as ?? node.rid;
    const listener = this.transport.listen(address, (conn: Connection) => {
      conn.onFrame((f) => {
        if (f.t === 'hello') conn.send({ t: 'welcome', rid, proof: proof(credential, rid, f.connectionId as string) });
        if (f.t === 'ping') conn.send({ t: 'pong' });
      });
    });
    this.impostors.push(() => listener.close());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clients.close();
    for (const { node } of this.nodes.values()) node.crash();
    for (const { op } of this.outcomes.all()) op.deadlineApplies = true;
    for (const stop of this.impostors) stop();
    if (!this.options.store || this.options.closeStore) await this.store.close();
  }
}
