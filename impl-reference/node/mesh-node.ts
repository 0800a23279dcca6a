// A MeshNode: one process of the Framework, identified by its RID within a RouteMesh.
// It registers its descriptor in the Location Store, keeps its owner lease, connects to the nodes
// of the last fully-read descriptor list, serves peers (inbound connections, bounded queue,
// explicit acceptance) and hosts Actors and Spots.

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { EffectiveTimings, HostState, NodeView, Outcome, PeerView, Rid } from '../../src/driver/types.ts';
import type { Application } from '../kernel/application.ts';
import { InboundQueue } from '../connection/inbound-queue.ts';
import { DescriptorList } from '../location/descriptors.ts';
import { LeaseKeeper } from '../location/lease.ts';
import type { NodeContext, Sender, SessionOwnerSide } from '../connection/node-context.ts';
import { ServingSide } from '../connection/serving-side.ts';
import { ObjectHost, type HostRules } from '../objects/object-host.ts';
import type { PeerLink, Submission } from '../connection/peer-link.ts';
import type { NodeStore } from '../store/node-store.ts';
import type { Listener, Transport } from '../transport/types.ts';
import { Failpoints } from './failpoints.ts';
import { Heartbeat } from './heartbeat.ts';
import { Membership } from './membership.ts';
import type { Work, WorkResult } from '../kernel/work.ts';
import { REFERENCE_RELAY, runWork, submitLocal, type LocationUpdate, type RelayRules } from './dispatch.ts';
import { Operation, REFERENCE_TERMINAL, type TerminalRules } from '../kernel/operation.ts';
import { REFERENCE_MESH, type MeshRules } from '../connection/mesh-rules.ts';
import { REFERENCE_AUTHORITY, type AuthorityRules } from '../location/authority-rules.ts';

export type { LocationUpdate } from './dispatch.ts';

export interface NodeConfig {
  rid: Rid;
  clock: Clock;
  ids: Ids;
  mesh: string;
  credential: string;
  timings: EffectiveTimings;
  transport: Transport;
  store: NodeStore;
  app: Application;
  /** Rules its parts ask (operation.ts, dispatch.ts, mesh-rules.ts, authority-rules.ts, host-rules.ts): the reference's, or a kit mutant's in place of one. */
  rules?: { terminal?: TerminalRules; relay?: RelayRules; mesh?: MeshRules; authority?: AuthorityRules; host?: HostRules };
  queueCapacity: number;
  workers: number;
  /** MessageFollowDuration in force for this node (default: the timings'). */
  messageFollowMs?: number;
}

/** Process-level condition of the node, as a fault left it. */
type Life = 'running' | 'hung' | 'dead';

export class MeshNode<S extends SessionOwnerSide = SessionOwnerSide> implements NodeContext {
  readonly rid: Rid;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly mesh: string;
  readonly credential: string;
  readonly timings: EffectiveTimings;
  readonly transport: Transport;
  private readonly terminal: TerminalRules;
  readonly relayRules: RelayRules;
  readonly meshRules: MeshRules;
  readonly app: Application;
  readonly queue: InboundQueue;
  readonly store: NodeStore;
  readonly discovery: DescriptorList;
  readonly lease: LeaseKeeper;
  readonly objects: ObjectHost;
  /** This process's incarnation. */
  readonly lifecycle: string;
  host: HostState = 'Ready';
  private life: Life = 'running';
  private listener?: Listener;
  /** The descriptor list and the connection intents that follow it. */
  private readonly membership: Membership;
  /** The connections peers opened to this node. */
  private readonly serving: ServingSide;
  private readonly heartbeat: Heartbeat;
  readonly failpoints = new Failpoints();
  private caller?: Sender;
  /** Session owners listen here for location updates of relocated objects. */
  onLocationUpdate?: (u: LocationUpdate) => void;
  /** The Session owner side of this process (client STREAM connections); it ends with the process. */
  sessions?: S;

  constructor(cfg: NodeConfig) {
    this.rid = cfg.rid;
    this.clock = cfg.clock;
    this.ids = cfg.ids;
    this.lifecycle = cfg.ids.uuid();
    this.mesh = cfg.mesh;
    this.credential = cfg.credential;
    this.timings = cfg.timings;
    this.transport = cfg.transport;
    this.terminal = cfg.rules?.terminal ?? REFERENCE_TERMINAL;
    this.relayRules = cfg.rules?.relay ?? REFERENCE_RELAY;
    this.meshRules = cfg.rules?.mesh ?? REFERENCE_MESH;
    this.app = cfg.app;
    this.store = cfg.store;
    this.queue = new InboundQueue(cfg.queueCapacity, cfg.workers, this.meshRules, cfg.clock);
    this.discovery = new DescriptorList(this.store, this.meshRules);
    this.membership = new Membership(this, this.discovery, this.store);
    this.serving = new ServingSide(this);
    this.heartbeat = new Heartbeat(this, this.membership, this.serving);
    const authorityRules = cfg.rules?.authority ?? REFERENCE_AUTHORITY;
    this.objects = new ObjectHost({
      rid: this.rid,
      clock: this.clock,
      ids: this.ids,
      lifecycle: this.lifecycle,
      store: this.store,
      lease: (this.lease = new LeaseKeeper(this.store, this.timings.ownerLeaseMs, authorityRules, () => this.objects.reconfirmOwners(), this.clock)),
      app: this.app,
      authorityRules, hostRules: cfg.rules?.host,
      alive: () => this.alive,
      takeFailpoint: (name) => this.failpoints.take(name),
      storeRetry: { retryForMs: this.timings.storeFailureGraceMs, backoffMs: this.timings.reconnectBackoffMs, clock: this.clock },
      timings: this.timings,
      messageFollowMs: () => cfg.messageFollowMs ?? this.timings.messageFollowMs,
      crash: () => this.crash(),
      sendWork: (target, work, deadlineMs, opId) => this.sendWork(target, work, deadlineMs, opId),
      broadcastLocationUpdate: (u) => {
        for (const rid of [this.rid, ...this.otherLinks().filter((l) => l.ready).map((l) => l.peer)]) void this.sendWork(rid, { type: 'location-update', ...u }, this.timings.defaultDeadlineMs);
      },
    });
  }

  live(): boolean {
    return this.life === 'running';
  }

  get address(): string {
    return this.listener!.address;
  }

  get alive(): boolean {
    return this.life !== 'dead';
  }

  /** Listen, register the descriptor, take the owner lease, read the descriptor list. */
  async start(): Promise<void> {
    await this.listenAtNewAddress();
    await this.lease.start();
    this.heartbeat.start();
    this.membership.start();
  }

  /** Connect to every node of the descriptor list in this mesh; resolves when all are ready. */
  connectPeers(): Promise<void> {
    return this.membership.ready();
  }

  /** Read the descriptor list, then wait until the links to `peers` are ready (a node program's `waitPeers`). */
  peersReady(peers: Rid[]): Promise<void> {
    return this.membership.ready(peers);
  }

  private async listenAtNewAddress(): Promise<void> {
    this.listener?.close();
    const listening = this.transport.listen(this.transport.newAddress(this.rid), (conn) => this.serving.accept(conn));
    // Awaited only when it is a promise (TCP): the in-memory transport's listener is in place at
    // once, and a simulated world's schedule must not gain a turn.
    this.listener = listening instanceof Promise ? await listening : listening;
    await this.membership.register(this.listener.address);
  }

  // ---- the descriptor list and connection intents (membership.ts) ----------------------------

  requestRefresh(): void {
    void this.membership.refresh();
  }

  ensureLink(rid: Rid): void {
    this.membership.ensureLink(rid);
  }

  dropLink(rid: Rid): void {
    this.membership.dropLink(rid);
  }

  link(peer: Rid): PeerLink | undefined {
    return this.membership.link(peer);
  }

  otherLinks(): PeerLink[] {
    return this.membership.otherLinks();
  }

  /** One peer failed its liveness check. Other peers and the host are not affected (V04). */
  peerFailedLiveness(peer: Rid): void {
    // V04: the host stays Ready, and the node's own queue serves every other peer and local owner as before.
    this.meshRules.peerFailed({ otherLinks: () => this.otherLinks(), dropLink: (rid) => this.dropLink(rid), setHostError: () => (this.host = 'Error'), stopQueue: () => this.queue.stop() }, peer);
  }

  // ---- running work --------------------------------------------------------------------------

  /** Submit to this node's own queue (the caller is the target). */
  submitLocal(opId: string, work: Work): Submission {
    return submitLocal(this, opId, work);
  }

  /** Run accepted work; undefined when the process died meanwhile (no reply, ever). */
  runWork(opId: string, work: Work): Promise<WorkResult | undefined> {
    return runWork(this, opId, work);
  }

  // ---- faults --------------------------------------------------------------------------------

  private end(how: 'abandon' | 'orderly' | 'error'): void {
    this.life = 'dead';
    this.heartbeat.stop();
    this.lease.stop();
    this.listener?.close();
    this.queue.stop();
    this.objects.stopAll();
    this.sessions?.stop(how);
    this.membership.stop(how);
    this.serving.closeAll(how);
  }

  /** The process dies: no goodbye on any connection, all state gone, the lease runs out. */
  crash(): void {
    this.end('abandon');
  }

  /** The process stops answering but keeps its connections open: half-open for its peers. */
  hang(): void {
    this.life = 'hung';
  }

  /** Orderly shutdown: connections are closed with a goodbye. */
  shutdown(): void {
    this.end('orderly');
  }

  /** The process is replaced at its address by something else; its connections fail. */
  vanish(): void {
    this.end('error');
  }

  /** Planned move: listen at a new address, publish it, close the old connections orderly. */
  async move(): Promise<void> {
    await this.listenAtNewAddress();
    this.serving.closeAll('orderly');
  }

  /** The peer closes its end of our connection to it (orderly), or the transport fails. */
  closeInboundFrom(peer: Rid, mode: 'orderly' | 'error'): boolean {
    return this.serving.closeFrom(peer, mode);
  }

  /** The Caller this node's own protocol steps (relocation) send with. */
  attachCaller(caller: Sender): void {
    this.caller = caller;
  }

  /**
   * An operation the application on this node starts. Its terminal result goes to the application
   * here (the journal records each one); `observe` hears the same results (the Driver, watching the
   * application). That only the first gets through is the Operation's rule (R-GEN-3).
   */
  startOperation(opId: string, deadlineAt: number, observe: (outcome: Outcome) => void): Operation {
    const toApplication = (outcome: Outcome) => {
      // A process that died has no application left to deliver to: its operations end with it.
      if (!this.alive) return;
      this.app.result(this.rid, opId, outcome.status, outcome.errorKind);
      observe(outcome);
    };
    return new Operation(opId, deadlineAt, toApplication, this.clock, this.terminal);
  }

  /** Send work to a node as a step of an internal protocol; undefined if no answer came. */
  async sendWork(target: Rid, work: Work, deadlineMs: number, opId?: string): Promise<WorkResult | undefined> {
    if (!this.caller || !this.alive) return undefined;
    // A message passed on for an application operation keeps that operation's ID. Nobody receives
    // the internal operation's result: the answer is returned here.
    const op = new Operation(opId ?? `${this.rid}-internal-${this.ids.uuid()}`, this.clock.now() + deadlineMs, () => {}, this.clock);
    const end = await this.caller.send(op, target, work);
    return end.kind === 'result' ? end.completion : undefined;
  }

  /** A relocated object's new location: handed to the Session owner side, if any. */
  locationUpdate(u: LocationUpdate): void {
    this.onLocationUpdate?.(u);
  }

  // ---- observations --------------------------------------------------------------------------

  view(): NodeView {
    return { rid: this.rid, alive: this.alive, host: this.host, queue: this.queue.view() };
  }

  peerView(peer: Rid): PeerView {
    return this.membership.peerView(peer);
  }
}
