// The process backend: every node of the reference is an OS process of its own (node/main.ts) on a
// real NATS cluster and a real Redis. This harness serves the Driver contract over node handles and
// carries out faults from outside: a crash is SIGKILL, a hang SIGSTOP, a restart a new process,
// the Store cut off for one node by cutting the kit's TCP relay between it and Redis, and for every
// node by freezing Redis itself (SIGSTOP or container pause) where the run has it to itself. Evidence is read back
// from the files the nodes append to, and Store records from Redis directly.

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ChannelServerSpec, ChannelSpec, Description, Driver, EffectiveTimings, Fault, FaultResult, JournalEntry, NodeOptions, NodeView,
  ObjectRecordView, OperationSpec, Outcome, PeerView, RelocationView, Rid, StoreLogEntry, Topology,
} from '../../src/driver/types.ts';
import { FAILPOINT_NAMES } from '../../src/driver/failpoints.ts';
import { isSessionOperation, type OwnerSessionView, type SessionView } from '../../src/driver/sessions.ts';
import { NodeProcess } from '../../src/harness/node-process.ts';
import { TcpRelay } from '../../src/harness/relay.ts';
import { pauseRedis, type RedisPause } from '../../src/servers/redis.ts';
import { DriverInputError, VERSION } from './embedded-cluster.ts';
import { proof } from '../connection/node-context.ts';
import { SessionClients, SessionInputError } from '../sessions/client.ts';
import { clientCredential } from '../sessions/protocol.ts';
import { RedisStore } from '../store/redis.ts';
import { NatsTransport } from '../transport/nats.ts';
import type { Listener } from '../transport/types.ts';
import type { ChannelConfig, NodeProcessConfig } from '../node/config.ts';
import { badSlowMs, latestRelocation, lookupRecord, removeDescriptor } from './store-views.ts';
import { keepSpares, launchNode } from './spare-nodes.ts';
import { EvidenceReader } from './evidence-reader.ts';
import { nodesNamedBy } from '../node/start-operation.ts';
import { FirstOutcomes } from '../node/outcome-book.ts';


/**
 * Timings for nodes that are processes on a 2-core machine: long enough that scheduling and a
 * NATS hop never look like a silent peer, short enough for a quick suite. The liveness deadline
 * and the owner lease stay under the spec's 1,000 ms cutover fallback, as on the embedded backend:
 * some rules can only be seen broken when a lost source is noticed, or its lease has run out,
 * before the fallback (V14, R-REL-2). The lease is as long as that allows: a hung owner is seen
 * not-ready (600 ms) while its lease still holds for at least 100 ms more (it renews every 237 ms),
 * which V02's "owner not ready" scenario needs (at 800 ms, under load, the lease sometimes ran out
 * first and the message ended Unavailable without being sent). The spec's fixed values (1,000 ms
 * cutover fallback, 30 s MessageFollowDuration) are the spec's.
 */
export const PROCESS_TIMINGS: EffectiveTimings = {
  heartbeatIntervalMs: 100,
  livenessDeadlineMs: 600,
  reconnectBackoffMs: 20,
  defaultDeadlineMs: 2000,
  ownerLeaseMs: 950,
  ownerCacheMs: 500,
  descriptorRefreshMs: 100,
  storeFailureGraceMs: 2500,
  cutoverFallbackMs: 1000,
  messageFollowMs: 30_000,
};

const START_TIMEOUT_MS = 20_000;

export interface ProcessClusterOptions {
  redisUrl: string;
  natsUrls: string[];
  mutant?: string;
  /** How to freeze Redis from outside; without it, "Store down for every node" cuts every relay. */
  redisPause?: RedisPause;
}

interface NodeSlot {
  rid: Rid;
  mesh: string;
  options?: NodeOptions;
  relay: TcpRelay;
  proc: NodeProcess;
  address: string;
  sessionPort?: number;
  index: number;
  lastView?: NodeView;
}

export class ProcessCluster implements Driver {
  private readonly runId = randomUUID().slice(0, 8);
  private readonly dir = mkdtempSync(join(tmpdir(), 'spotcheck-nodes-'));
  private readonly namespace = `spotcheck:${randomUUID()}`;
  private readonly store: RedisStore;
  private readonly timings = { ...PROCESS_TIMINGS };
  private readonly nodes = new Map<Rid, NodeSlot>();
  private readonly credentials = new Map<string, string>();
  private readonly channels = new Map<string, ChannelConfig>();
  private readonly released = new Set<string>();
  /** The node each operation was submitted on, and the first Outcome its node reported. */
  private readonly submittedOn = new Map<string, Rid>();
  private readonly outcomes = new FirstOutcomes();
  private readonly evidence = new EvidenceReader();
  private readonly impostors: Listener[] = [];
  private impostorTransport?: NatsTransport;
  private messageFollowMs = PROCESS_TIMINGS.messageFollowMs;
  private started = 0;
  /** Node processes this cluster launched (restarts included): as many spares for the next one. */
  private launched = 0;
  private closed = false;
  /** Redis is frozen (store-down for every node, with redisPause). */
  private frozen = false;
  private readonly clients = new SessionClients({
    defaultDeadlineMs: () => this.timings.defaultDeadlineMs,
    endpoint: (rid) => {
      const slot = this.slot(rid);
      return slot.proc.state === 'running' && slot.sessionPort !== undefined ? { port: slot.sessionPort } : undefined;
    },
    credential: (rid) => clientCredential(this.credentials.get(this.slot(rid).mesh)!),
    ownerView: async (rid, sessionId) => {
      const slot = this.nodes.get(rid);
      if (slot?.proc.state !== 'running') return undefined;
      return (await slot.proc.call<OwnerSessionView | null>('sessionOwner', { sessionId })) ?? undefined;
    },
    heldBy: async (sessionId) => {
      const running = [...this.nodes.values()].filter((s) => s.proc.state === 'running');
      const holds = await Promise.all(running.map((s) => s.proc.call<boolean>('holdsSession', { sessionId }).catch(() => false)));
      return running.filter((_, i) => holds[i]).map((s) => s.rid);
    },
  });

  constructor(private readonly options: ProcessClusterOptions) {
    if (options.natsUrls.length === 0) throw new DriverInputError('the process backend needs NATS servers');
    this.store = new RedisStore({ url: options.redisUrl, namespace: this.namespace });
  }

  async describe(): Promise<Description> {
    return {
      name: this.options.mutant ? `spotcheck-reference (mutant ${this.options.mutant})` : 'spotcheck-reference',
      version: VERSION,
      backend: 'process',
      capabilities: ['channels', 'node-direct', 'liveness', 'reconnect', 'objects', 'instance-spots', 'store-faults', 'relocation', 'sessions'],
      timings: { ...this.timings },
      failpoints: [...FAILPOINT_NAMES],
    };
  }

  // ---- topology ------------------------------------------------------------------------------

  async start(topology: Topology): Promise<void> {
    if (topology.messageFollowMs !== undefined) this.messageFollowMs = topology.messageFollowMs;
    const starting: Promise<NodeSlot>[] = [];
    for (const mesh of topology.meshes) for (const rid of mesh.nodes) starting.push(this.startNode(mesh.name, rid, mesh.nodeOptions));
    const slots = await Promise.all(starting);
    await Promise.all(slots.map((s) => s.proc.call('connectPeers', {}, START_TIMEOUT_MS)));
    // The next scenario's nodes load while this one runs (impl-reference/harness/spare-nodes.ts).
    void keepSpares(slots.length);
  }

  async addNode(mesh: string, rid: Rid): Promise<void> {
    const slot = await this.startNode(mesh, rid);
    await slot.proc.call('connectPeers', {}, START_TIMEOUT_MS);
  }

  private async startNode(mesh: string, rid: Rid, options?: NodeOptions, restartOf?: NodeSlot): Promise<NodeSlot> {
    if (this.nodes.has(rid) && !restartOf) throw new DriverInputError(`node ${rid} already exists`);
    if (!this.credentials.has(mesh)) this.credentials.set(mesh, randomBytes(16).toString('hex'));
    const index = restartOf?.index ?? this.started++;
    let relay = restartOf?.relay;
    if (!relay) {
      const url = new URL(this.options.redisUrl);
      relay = new TcpRelay({ host: url.hostname, port: Number(url.port || 6379) });
      await relay.start();
    }
    const via = new URL(this.options.redisUrl);
    via.hostname = '127.0.0.1';
    via.port = String(relay.port);
    const incarnation = this.evidence.files.length;
    const evidenceFile = join(this.dir, `${rid}.${incarnation}.evidence.jsonl`);
    this.evidence.add(evidenceFile);
    // Nodes are spread over the NATS servers, so their traffic crosses the cluster's routes.
    const urls = this.options.natsUrls;
    const config: NodeProcessConfig = {
      rid,
      mesh,
      credential: this.credentials.get(mesh)!,
      timings: this.timings,
      queueCapacity: options?.queueCapacity ?? 16,
      workers: options?.workers ?? 4,
      messageFollowMs: this.messageFollowMs,
      ...(this.options.mutant ? { mutant: this.options.mutant } : {}),
      store: { redisUrl: via.toString(), namespace: this.namespace },
      transport: { natsUrls: [...urls.slice(index % urls.length), ...urls.slice(0, index % urls.length)], prefix: `spotcheck.${this.runId}` },
      evidenceFile,
      channels: [...this.channels.values()],
      releasedGates: [...this.released],
      restart: restartOf !== undefined,
    };
    const configFile = join(this.dir, `${rid}.${incarnation}.config.json`);
    writeFileSync(configFile, JSON.stringify(config));
    const proc = new NodeProcess(rid, await launchNode(configFile), (e) => this.onEvent(e), START_TIMEOUT_MS);
    this.launched++;
    const slot: NodeSlot = { rid, mesh, options, relay, proc, address: '', index };
    this.nodes.set(rid, slot);
    const ready = await proc.ready;
    slot.address = ready.address;
    slot.sessionPort = ready.sessionPort;
    return slot;
  }

  private onEvent(e: { event: string } & Record<string, unknown>): void {
    if (e.event !== 'outcome') return;
    this.outcomes.settle(e.opId as string, e.outcome as Outcome);
  }

  private slot(rid: Rid): NodeSlot {
    const slot = this.nodes.get(rid);
    if (!slot) throw new DriverInputError(`no node with RID ${rid}`);
    return slot;
  }

  private running(): NodeSlot[] {
    return [...this.nodes.values()].filter((s) => s.proc.state === 'running');
  }

  async addChannel(channel: ChannelSpec): Promise<void> {
    for (const s of channel.servers) this.slot(s.node);
    const config: ChannelConfig = { name: channel.name, kind: channel.kind, servers: channel.servers.map((s) => ({ node: s.node, weight: s.weight ?? 1, state: s.state ?? 'Ready' })) };
    this.channels.set(channel.name, config);
    await this.pushChannel(config);
  }

  async setServer(channel: string, server: ChannelServerSpec): Promise<void> {
    const entry = this.channels.get(channel);
    if (!entry) throw new DriverInputError(`no channel named ${channel}`);
    const s = entry.servers.find((x) => x.node === server.node);
    if (!s) throw new DriverInputError(`${server.node} does not serve channel ${channel}`);
    if (server.weight !== undefined) s.weight = server.weight;
    if (server.state !== undefined) s.state = server.state;
    await this.pushChannel(entry);
  }

  /** Channel membership is configuration the kit hands every running node (docs/assumptions.md). */
  private async pushChannel(channel: ChannelConfig): Promise<void> {
    await Promise.all(this.running().map((s) => s.proc.call('channel', { channel })));
  }

  async configureNode(rid: Rid, options: NodeOptions): Promise<void> {
    await this.slot(rid).proc.call('configure', options);
  }

  // ---- operations ----------------------------------------------------------------------------

  async submit(spec: OperationSpec): Promise<{ opId: string }> {
    if (isSessionOperation(spec)) {
      try {
        return this.clients.submit(spec);
      } catch (e) {
        throw e instanceof SessionInputError ? new DriverInputError(e.message) : e;
      }
    }
    const slot = this.slot(spec.from);
    for (const rid of nodesNamedBy(spec)) this.slot(rid);
    const opId = `${spec.from}-${randomUUID()}`;
    this.submittedOn.set(opId, spec.from);
    this.outcomes.expect(opId);
    const deadlineAt = Date.now() + (spec.deadlineMs ?? this.timings.defaultDeadlineMs);
    if (slot.proc.state !== 'running') {
      this.outcomes.settle(opId, { opId, status: 'shutdown', attempts: [] });
      return { opId };
    }
    await slot.proc.call('submit', { opId, deadlineAt, spec });
    return { opId };
  }

  async outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    if (this.clients.owns(opId)) return this.clients.outcome(opId, waitMs);
    if (!this.outcomes.has(opId)) throw new DriverInputError(`no operation ${opId}`);
    return this.outcomes.outcome(opId, waitMs);
  }

  async cancel(opId: string): Promise<void> {
    if (this.clients.owns(opId)) return this.clients.cancel(opId);
    const from = this.submittedOn.get(opId);
    if (from === undefined) throw new DriverInputError(`no operation ${opId}`);
    const slot = this.slot(from);
    if (slot.proc.state === 'running') await slot.proc.call('cancel', { opId });
  }

  async shutdown(rid: Rid): Promise<void> {
    await this.slot(rid).proc.call('shutdown');
  }

  async releaseGate(gate: string): Promise<void> {
    this.released.add(gate);
    await Promise.all(this.running().map((s) => s.proc.call('releaseGate', { gate })));
  }

  // ---- observations --------------------------------------------------------------------------

  async peer(rid: Rid, peer: Rid): Promise<PeerView> {
    const slot = this.slot(rid);
    if (slot.proc.state === 'running') {
      try {
        return await slot.proc.call<PeerView>('peer', { peer });
      } catch (e) {
        if (slot.proc.state === 'running') throw e;
      }
    }
    return { node: rid, peer, ready: false, history: [] };
  }

  async node(rid: Rid): Promise<NodeView> {
    const slot = this.slot(rid);
    if (slot.proc.state === 'running') {
      try {
        return (slot.lastView = await slot.proc.call<NodeView>('node'));
      } catch (e) {
        // It died while it was asked (a failpoint crashed it): it is a dead node now.
        if (slot.proc.state === 'running') throw e;
      }
    }
    const last = slot.lastView ?? { rid, alive: true, host: 'Ready', queue: { depth: 0, capacity: slot.options?.queueCapacity ?? 16, running: 0, workers: slot.options?.workers ?? 4 } };
    return { ...last, alive: slot.proc.state === 'hung' };
  }

  async journal(): Promise<JournalEntry[]> {
    return this.evidence.journal();
  }

  async storeLog(): Promise<StoreLogEntry[]> {
    return this.evidence.storeLog();
  }

  async lookup(objectId: string): Promise<ObjectRecordView> {
    return lookupRecord(this.store, objectId);
  }


  async relocation(objectId: string): Promise<RelocationView | null> {
    return latestRelocation(this.store, objectId);
  }


  async session(client: string): Promise<SessionView> {
    return this.clients.view(client);
  }

  /** For the bench: node direct from `from` to `to`, measured inside the node. */
  benchDirect(from: Rid, mesh: string, to: Rid, inFlight: number, ms: number): Promise<{ done: number; failed: number; ms: number }> {
    return this.slot(from).proc.call('benchDirect', { mesh, to, inFlight, ms }, ms + 30_000);
  }

  /** The current process of every node (tests check that faults happen to real processes). */
  pids(): Record<Rid, number> {
    return Object.fromEntries([...this.nodes.values()].map((s) => [s.rid, s.proc.pid ?? -1]));
  }

  // ---- faults, from outside the node where they can be ----------------------------------------

  async fault(fault: Fault): Promise<FaultResult> {
    const at = Date.now();
    if (fault.node === undefined && this.options.redisPause && (fault.kind === 'store-down' || fault.kind === 'store-up')) {
      // The Store itself stops answering anyone, and answers again: connections stay open.
      const down = fault.kind === 'store-down';
      if (down !== this.frozen) await pauseRedis(this.options.redisPause, down);
      this.frozen = down;
      if (!down) for (const s of this.nodes.values()) s.relay.heal(); // store-up for all ends every cut and delay
      return { at };
    }
    if (fault.kind === 'store-down' || fault.kind === 'store-up') {
      const slots = fault.node === undefined ? [...this.nodes.values()] : [this.slot(fault.node)];
      for (const s of slots) (fault.kind === 'store-down' ? s.relay.cutOff() : s.relay.heal());
      // What a Store failpoint left cut off inside a node heals with that node's Store.
      if (fault.kind === 'store-up' && fault.node !== undefined && slots[0].proc.state === 'running') await slots[0].proc.call('storeReach', { reachable: true });
      return { at };
    }
    if (fault.kind === 'store-slow') {
      const bad = badSlowMs(fault.ms);
      if (bad) throw new DriverInputError(bad);
      for (const s of fault.node === undefined ? [...this.nodes.values()] : [this.slot(fault.node)]) s.relay.delay(fault.ms);
      return { at };
    }
    const slot = this.slot(fault.node);
    switch (fault.kind) {
      case 'crash':
        await this.remember(slot);
        await slot.proc.kill();
        break;
      case 'hang':
        await this.remember(slot);
        slot.proc.stop();
        break;
      case 'close-connection': {
        const peer = this.slot(fault.peer);
        const r = await peer.proc.call<{ closed: boolean }>('closeConnection', { peer: fault.node, mode: fault.mode });
        if (!r.closed) throw new DriverInputError(`no connection from ${fault.node} to ${fault.peer}`);
        break;
      }
      case 'move':
        slot.address = (await slot.proc.call<{ address: string }>('move')).address;
        break;
      case 'restart': {
        if (slot.proc.state !== 'dead') throw new DriverInputError(`node ${fault.node} is running; only a crashed node can be restarted`);
        await this.startNode(slot.mesh, slot.rid, slot.options, slot);
        break;
      }
      case 'impostor':
        await this.impostor(slot, fault.as === undefined ? undefined : this.slot(fault.as).rid);
        break;
      case 'deregister':
        // The kit's own write to the Store, not through any node: the descriptor is gone.
        if (!(await removeDescriptor(this.store, slot.rid))) throw new DriverInputError(`the descriptor of ${slot.rid} changed while it was removed`);
        break;
      case 'failpoint':
        if (!FAILPOINT_NAMES.includes(fault.name)) throw new DriverInputError(`unknown failpoint ${fault.name}`);
        if (fault.peer !== undefined) this.slot(fault.peer);
        await slot.proc.call('failpoint', { name: fault.name, ...(fault.peer ? { peer: fault.peer } : {}) });
        break;
      default:
        throw new DriverInputError(`unknown fault ${(fault as { kind: string }).kind}`);
    }
    return { at };
  }

  /** The node's view just before a fault takes it away (what a dead or hung node reports). */
  private async remember(slot: NodeSlot): Promise<void> {
    if (slot.proc.state === 'running') slot.lastView = await slot.proc.call<NodeView>('node', {}, 2000).catch(() => slot.lastView);
  }

  /** The node's connections fail, it is gone, and something else answers at its address. */
  private async impostor(slot: NodeSlot, as?: Rid): Promise<void> {
    await slot.proc.call('vanish');
    await this.remember(slot);
    await slot.proc.kill();
    const credential = as ? this.credentials.get(slot.mesh)! : randomBytes(16).toString('hex');
    const rid = as ?? slot.rid;
    this.impostorTransport ??= new NatsTransport(this.options.natsUrls, { prefix: `spotcheck.${this.runId}` });
    await this.impostorTransport.ready();
    const listener = this.impostorTransport.listen(slot.address, (conn) => {
      conn.onFrame((f) => {
        if (f.t === 'hello') conn.send({ t: 'welcome', rid, proof: proof(credential, rid, f.connectionId as string) });
        if (f.t === 'ping') conn.send({ t: 'pong' });
      });
    });
    this.impostors.push(listener);
    await listener.ready;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A frozen Redis is thawed first: the kit's own client, and whoever uses the server next, need it.
    if (this.frozen && this.options.redisPause) await pauseRedis(this.options.redisPause, false).catch(() => {});
    this.frozen = false;
    this.clients.close();
    // Profiled nodes end on their own, so that they write their profile (docs/node-process.md).
    const profiled = /--cpu-prof|--heap-prof/.test(process.env.SPOTCHECK_NODE_ARGS ?? '');
    await Promise.all([...this.nodes.values()].map((s) => (profiled ? s.proc.end() : s.proc.kill())));
    for (const l of this.impostors) l.close();
    await this.impostorTransport?.close();
    await Promise.all([...this.nodes.values()].map((s) => s.relay.stop()));
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
    // The next scenario's nodes load now, while this one's are gone (impl-reference/harness/spare-nodes.ts).
    await keepSpares(this.launched);
  }
}
