// The harness over the reference's nodes: it serves the Driver contract over N node handles, each
// driven through the node's plain-JSON control interface (node/control.ts), whatever runs them. The
// host (node-host.ts) decides where nodes run and carries out what happens outside them: the
// embedded backend's nodes are in the kit's process (in-process-host.ts), the process backend's
// are OS processes (process-host.ts). Faults a node cannot be made to suffer from outside
// (failpoints, a connection closed at one end) reach it through its control interface.

import type {
  ChannelServerSpec, ChannelSpec, Description, Driver, Fault, FaultResult, JournalEntry, NodeOptions, NodeView,
  ObjectRecordView, OperationSpec, Outcome, PeerView, RelocationView, Rid, StoreLogEntry, Topology,
} from '../../src/driver/types.ts';
import { FAILPOINT_NAMES } from '../../src/driver/failpoints.ts';
import { isSessionOperation, type OwnerSessionView, type SessionView } from '../../src/driver/sessions.ts';
import type { NodeHandle } from '../../src/harness/node-handle.ts';
import { proof } from '../connection/node-context.ts';
import { SessionClients, SessionInputError } from '../sessions/client.ts';
import { clientCredential } from '../sessions/protocol.ts';
import type { Listener } from '../transport/types.ts';
import type { ChannelConfig, NodeConfig } from '../node/config.ts';
import { OPERATION_KINDS } from '../node/start-operation.ts';
import { nodesNamedBy } from './operation-nodes.ts';
import { FirstOutcomes } from '../kernel/outcome-book.ts';
import { DriverInputError, VERSION } from './errors.ts';
import { isMutantName } from '../mutants/index.ts';
import { START_TIMEOUT_MS, type NodeHost } from './node-host.ts';
import { badSlowMs, latestRelocation, lookupRecord, removeDescriptor } from './store-views.ts';

const CAPABILITIES = ['channels', 'node-direct', 'liveness', 'reconnect', 'objects', 'instance-spots', 'store-faults', 'relocation', 'sessions'] as const;

interface NodeSlot {
  rid: Rid;
  mesh: string;
  options?: NodeOptions;
  handle: NodeHandle;
  address: string;
  sessionPort?: number;
  /** What the node last said of itself while it ran: what a dead or hung node reports. */
  lastView?: NodeView;
}

export class NodeCluster implements Driver {
  private readonly timings;
  private readonly nodes = new Map<Rid, NodeSlot>();
  private readonly credentials = new Map<string, string>();
  private readonly channels = new Map<string, ChannelConfig>();
  /** How many times a channel was defined or changed: a node that started meanwhile missed the push. */
  private channelChanges = 0;
  private readonly released = new Set<string>();
  /** The node each operation was submitted on, and the first Outcome its node reported. */
  private readonly submittedOn = new Map<string, Rid>();
  private readonly outcomes: FirstOutcomes;
  private readonly impostors: Listener[] = [];
  private messageFollowMs: number;
  private closed = false;
  // The kit's test clients of Sessions (spec 6), outside the mesh: the kit's instrument, given no
  // mutant, so none bends them.
  private readonly clients: SessionClients;

  constructor(
    protected readonly host: NodeHost,
    private readonly mutant?: string,
  ) {
    // An unknown mutant is named now, not when the first node starts.
    if (mutant !== undefined && !isMutantName(mutant)) throw new Error(`unknown mutant: ${mutant}`);
    this.timings = { ...host.timings };
    this.messageFollowMs = this.timings.messageFollowMs;
    this.outcomes = new FirstOutcomes(host.clock);
    this.clients = new SessionClients({
      clock: host.clock,
      ids: host.ids,
      net: host.streams,
      defaultDeadlineMs: () => this.timings.defaultDeadlineMs,
      endpoint: (rid) => {
        const slot = this.slot(rid);
        return slot.handle.state === 'running' && slot.sessionPort !== undefined ? { port: slot.sessionPort } : undefined;
      },
      credential: (rid) => clientCredential(this.credentials.get(this.slot(rid).mesh)!),
      ownerViews: async (rid, sessionIds) => {
        const slot = this.nodes.get(rid);
        if (slot?.handle.state !== 'running') return [];
        return slot.handle.call<OwnerSessionView[]>('sessionOwners', { sessionIds });
      },
      heldBy: async (sessionIds) => {
        const running = this.running();
        const open = await Promise.all(running.map((s) => s.handle.call<string[]>('holdsSessions', { sessionIds }).catch(() => [])));
        return running.map((s, i) => ({ node: s.rid, open: open[i] }));
      },
    });
  }

  async describe(): Promise<Description> {
    return {
      name: this.mutant ? `spotcheck-reference (mutant ${this.mutant})` : 'spotcheck-reference',
      version: VERSION,
      backend: this.host.backend,
      capabilities: [...CAPABILITIES],
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
    await Promise.all(slots.map((s) => s.handle.call('connectPeers', {}, START_TIMEOUT_MS)));
    this.host.started(slots.length);
  }

  async addNode(mesh: string, rid: Rid): Promise<void> {
    const slot = await this.startNode(mesh, rid);
    await slot.handle.call('connectPeers', {}, START_TIMEOUT_MS);
  }

  private async startNode(mesh: string, rid: Rid, options?: NodeOptions, restartOf?: NodeSlot): Promise<NodeSlot> {
    if (this.nodes.has(rid) && !restartOf) throw new DriverInputError(`node ${rid} already exists`);
    if (!this.credentials.has(mesh)) this.credentials.set(mesh, this.host.ids.hex(16));
    const channelsAt = this.channelChanges;
    const config: NodeConfig = {
      rid,
      mesh,
      credential: this.credentials.get(mesh)!,
      timings: this.timings,
      queueCapacity: options?.queueCapacity ?? 16,
      workers: options?.workers ?? 4,
      messageFollowMs: this.messageFollowMs,
      ...(this.mutant ? { mutant: this.mutant } : {}),
      channels: [...this.channels.values()],
      releasedGates: [...this.released],
      restart: restartOf !== undefined,
    };
    const handle = await this.host.launch(config, (e) => {
      if (e.event === 'outcome') this.outcomes.settle(e.opId as string, e.outcome as Outcome);
    });
    const slot: NodeSlot = { rid, mesh, options, handle, address: '' };
    this.nodes.set(rid, slot);
    const ready = await handle.ready;
    slot.address = ready.address;
    slot.sessionPort = ready.sessionPort;
    // A channel changed while the node started (pushChannel reaches running nodes only): its
    // configuration is the one from before, so hand it the channels as they are now (seed 1129 of the
    // swarm: B set NotReady while C restarted, and C went on choosing B).
    if (this.channelChanges !== channelsAt && handle.state === 'running') {
      await Promise.all([...this.channels.values()].map((channel) => handle.call('channel', { channel })));
    }
    return slot;
  }

  /** The handle on a node (its current incarnation). */
  protected handleOf(rid: Rid): NodeHandle {
    return this.slot(rid).handle;
  }

  private slot(rid: Rid): NodeSlot {
    const slot = this.nodes.get(rid);
    if (!slot) throw new DriverInputError(`no node with RID ${rid}`);
    return slot;
  }

  private running(): NodeSlot[] {
    return [...this.nodes.values()].filter((s) => s.handle.state === 'running');
  }

  async addChannel(channel: ChannelSpec): Promise<void> {
    for (const s of channel.servers) this.slot(s.node);
    const config: ChannelConfig = { name: channel.name, kind: channel.kind, servers: channel.servers.map((s) => ({ node: s.node, weight: s.weight ?? 1, state: s.state ?? 'Ready' })) };
    this.channels.set(channel.name, config);
    this.channelChanges++;
    await this.pushChannel(config);
  }

  async setServer(channel: string, server: ChannelServerSpec): Promise<void> {
    const entry = this.channels.get(channel);
    if (!entry) throw new DriverInputError(`no channel named ${channel}`);
    const s = entry.servers.find((x) => x.node === server.node);
    if (!s) throw new DriverInputError(`${server.node} does not serve channel ${channel}`);
    if (server.weight !== undefined) s.weight = server.weight;
    if (server.state !== undefined) s.state = server.state;
    this.channelChanges++;
    await this.pushChannel(entry);
  }

  /** Channel membership is configuration the kit hands every running node (docs/assumptions.md). */
  private async pushChannel(channel: ChannelConfig): Promise<void> {
    await Promise.all(this.running().map((s) => s.handle.call('channel', { channel })));
  }

  async configureNode(rid: Rid, options: NodeOptions): Promise<void> {
    await this.slot(rid).handle.call('configure', options);
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
    if (!OPERATION_KINDS.has(spec.kind)) throw new DriverInputError(`unknown operation kind ${spec.kind}`);
    const opId = `${spec.from}-${this.host.ids.uuid()}`;
    this.submittedOn.set(opId, spec.from);
    this.outcomes.expect(opId);
    const deadlineAt = this.host.clock.now() + (spec.deadlineMs ?? this.timings.defaultDeadlineMs);
    if (slot.handle.state !== 'running') {
      this.outcomes.settle(opId, { opId, status: 'shutdown', attempts: [] });
      return { opId };
    }
    await slot.handle.call('submit', { opId, deadlineAt, spec });
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
    if (slot.handle.state === 'running') await slot.handle.call('cancel', { opId });
  }

  async shutdown(rid: Rid): Promise<void> {
    await this.slot(rid).handle.call('shutdown');
  }

  async releaseGate(gate: string): Promise<void> {
    this.released.add(gate);
    await Promise.all(this.running().map((s) => s.handle.call('releaseGate', { gate })));
  }

  // ---- observations --------------------------------------------------------------------------

  async peer(rid: Rid, peer: Rid): Promise<PeerView> {
    const slot = this.slot(rid);
    if (slot.handle.state === 'running') {
      try {
        return await slot.handle.call<PeerView>('peer', { peer });
      } catch (e) {
        if (slot.handle.state === 'running') throw e;
      }
    }
    return { node: rid, peer, ready: false, history: [] };
  }

  async node(rid: Rid): Promise<NodeView> {
    const slot = this.slot(rid);
    if (slot.handle.state === 'running') {
      try {
        return (slot.lastView = await slot.handle.call<NodeView>('node'));
      } catch (e) {
        // It died while it was asked (a failpoint crashed it): it is a dead node now.
        if (slot.handle.state === 'running') throw e;
      }
    }
    const last = slot.lastView ?? { rid, alive: true, host: 'Ready', queue: { depth: 0, capacity: slot.options?.queueCapacity ?? 16, running: 0, workers: slot.options?.workers ?? 4 } };
    return { ...last, alive: slot.handle.state === 'hung' };
  }

  async journal(): Promise<JournalEntry[]> {
    return this.host.evidence.journal();
  }

  async storeLog(): Promise<StoreLogEntry[]> {
    return this.host.evidence.storeLog();
  }

  async lookup(objectId: string): Promise<ObjectRecordView> {
    return lookupRecord(this.host.store, objectId);
  }

  async relocation(objectId: string): Promise<RelocationView | null> {
    return latestRelocation(this.host.store, objectId);
  }

  async session(client: string): Promise<SessionView> {
    return this.clients.view(client);
  }

  /** For the bench: node direct from `from` to `to`, measured inside the node. */
  benchDirect(from: Rid, mesh: string, to: Rid, inFlight: number, ms: number): Promise<{ done: number; failed: number; ms: number }> {
    return this.slot(from).handle.call('benchDirect', { mesh, to, inFlight, ms }, ms + 30_000);
  }

  /** The current OS process of every node (tests check that faults happen to real processes). */
  pids(): Record<Rid, number> {
    return Object.fromEntries([...this.nodes.values()].map((s) => [s.rid, s.handle.pid ?? -1]));
  }

  // ---- faults, from outside the node where they can be ----------------------------------------

  async fault(fault: Fault): Promise<FaultResult> {
    const at = this.host.clock.now();
    if (fault.kind === 'store-down' || fault.kind === 'store-up') {
      const rid = fault.node === undefined ? undefined : this.slot(fault.node).rid;
      if (fault.kind === 'store-down') {
        await this.host.storeDown(rid);
        return { at };
      }
      await this.host.storeUp(rid);
      // What a Store failpoint left cut off inside a node heals with that node's Store.
      const slot = rid === undefined ? undefined : this.slot(rid);
      if (slot?.handle.state === 'running') await slot.handle.call('storeReach', { reachable: true });
      return { at };
    }
    if (fault.kind === 'store-slow') {
      const bad = badSlowMs(fault.ms);
      if (bad) throw new DriverInputError(bad);
      this.host.storeSlow(fault.node === undefined ? undefined : this.slot(fault.node).rid, fault.ms, fault.replies ?? false);
      return { at };
    }
    const slot = this.slot(fault.node);
    switch (fault.kind) {
      case 'crash':
        await this.remember(slot);
        await slot.handle.kill();
        break;
      case 'hang':
        await this.remember(slot);
        await slot.handle.stop();
        break;
      case 'close-connection': {
        const peer = this.slot(fault.peer);
        const r = await peer.handle.call<{ closed: boolean }>('closeConnection', { peer: fault.node, mode: fault.mode });
        if (!r.closed) throw new DriverInputError(`no connection from ${fault.node} to ${fault.peer}`);
        break;
      }
      case 'move':
        slot.address = (await slot.handle.call<{ address: string }>('move')).address;
        break;
      case 'restart': {
        if (slot.handle.state !== 'dead') throw new DriverInputError(`node ${fault.node} is running; only a crashed node can be restarted`);
        await this.startNode(slot.mesh, slot.rid, slot.options, slot);
        break;
      }
      case 'impostor':
        await this.impostor(slot, fault.as === undefined ? undefined : this.slot(fault.as).rid);
        break;
      case 'deregister':
        // The kit's own write to the Store, not through any node: the descriptor is gone.
        if (!(await removeDescriptor(this.host.store, slot.rid))) throw new DriverInputError(`the descriptor of ${slot.rid} changed while it was removed`);
        break;
      case 'failpoint':
        if (!FAILPOINT_NAMES.includes(fault.name)) throw new DriverInputError(`unknown failpoint ${fault.name}`);
        if (fault.name === 'transport.ack-lost-after-write' && !fault.peer) throw new DriverInputError(`failpoint ${fault.name} needs a peer`);
        if (fault.peer !== undefined) this.slot(fault.peer);
        await slot.handle.call('failpoint', { name: fault.name, ...(fault.peer ? { peer: fault.peer } : {}) });
        break;
      default:
        throw new DriverInputError(`unknown fault ${(fault as { kind: string }).kind}`);
    }
    return { at };
  }

  /** The node's view just before a fault takes it away (what a dead or hung node reports). */
  private async remember(slot: NodeSlot): Promise<void> {
    if (slot.handle.state === 'running') slot.lastView = await slot.handle.call<NodeView>('node', {}, 2000).catch(() => slot.lastView);
  }

  /**
   * The node's connections fail, it is gone, and something else answers at its address. Without
   * `as`: a stranger claiming the node's RID with a credential it does not have. With it: a member
   * of the mesh (the real credential) proving its own, other identity.
   */
  private async impostor(slot: NodeSlot, as?: Rid): Promise<void> {
    await slot.handle.call('vanish');
    await this.remember(slot);
    await slot.handle.kill();
    const credential = as ? this.credentials.get(slot.mesh)! : this.host.ids.hex(16);
    const rid = as ?? slot.rid;
    const listener = await this.host.listenAsImpostor(slot.address, (conn) => {
      conn.onFrame((f) => {
        if (f.t === 'hello') conn.send({ t: 'welcome', rid, proof: proof(credential, rid, f.connectionId as string) });
        if (f.t === 'ping') conn.send({ t: 'pong' });
      });
    });
    this.impostors.push(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clients.close();
    for (const l of this.impostors) l.close();
    await this.host.close([...this.nodes.values()].map((s) => s.handle));
  }
}
