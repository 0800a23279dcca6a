// A MeshNode: one process of the Framework, identified by its RID within a RouteMesh.
// It registers its descriptor in the Location Store, keeps its owner lease, connects to the nodes
// of the last fully-read descriptor list, serves peers (inbound connections, bounded queue,
// explicit acceptance) and hosts Actors and Spots.

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { EffectiveTimings, HostState, NodeView, Outcome, PeerView, Rid } from '../../src/driver/types.ts';
import type { TestApp } from './app.ts';
import { InboundQueue } from '../connection/inbound-queue.ts';
import { DescriptorList } from '../location/descriptors.ts';
import { LeaseKeeper } from '../location/lease.ts';
import { nodeKey, type NodeDescriptor } from '../location/records.ts';
import type { Broken } from '../mutants/index.ts';
import { relayOnward } from '../mutants/channel.ts';
import { connectCaller, dropEveryLink, forgetDescriptors, spreadPeerFailure } from '../mutants/connection.ts';
import { proof, type NodeContext, type Sender, type SessionOwnerSide } from '../connection/node-context.ts';
import { ObjectHost } from '../objects/object-host.ts';
import { PeerLink, type Completion, type Submission } from '../connection/peer-link.ts';
import type { NodeStore } from '../store/node-store.ts';
import type { Connection, Frame, Listener, Transport } from '../transport/types.ts';
import { fail, ok, type Work, type WorkResult } from './work.ts';
import { Operation } from './operation.ts';

export interface LocationUpdate {
  objectId: string;
  generation: number;
  owner: Rid;
}


export interface NodeConfig {
  rid: Rid;
  clock: Clock;
  ids: Ids;
  mesh: string;
  credential: string;
  timings: EffectiveTimings;
  transport: Transport;
  store: NodeStore;
  app: TestApp;
  broken: Broken;
  queueCapacity: number;
  workers: number;
  /** MessageFollowDuration in force for this node (default: the timings'). */
  messageFollowMs?: number;
}

interface Inbound {
  conn: Connection;
  from?: Rid;
  lastHeard: number;
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
  readonly broken: Broken;
  readonly app: TestApp;
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
  private readonly links = new Map<Rid, PeerLink>();
  private readonly inbound = new Set<Inbound>();
  /** Latest verified inbound connection per peer (only a mutant routes replies by it). */
  private readonly inboundFrom = new Map<Rid, Inbound>();
  private timers: TimerId[] = [];
  private storeReadable = true;
  private refreshing?: Promise<void>;
  private refreshTimer?: TimerId;
  /** Failpoint `transport.ack-lost-after-write`, armed per peer. */
  private readonly ackLostArmed = new Set<Rid>();
  /** Named failpoints of this node (activation.*, relocation.*), each fires once. */
  private readonly armed = new Set<string>();
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
    this.broken = cfg.broken;
    this.app = cfg.app;
    this.store = cfg.store;
    this.queue = new InboundQueue(cfg.queueCapacity, cfg.workers, cfg.broken, cfg.clock);
    this.discovery = new DescriptorList(this.store, cfg.broken);
    this.objects = new ObjectHost({
      rid: this.rid,
      clock: this.clock,
      ids: this.ids,
      lifecycle: this.lifecycle,
      store: this.store,
      lease: (this.lease = new LeaseKeeper(this.store, this.timings.ownerLeaseMs, this.broken, () => this.objects.reconfirmOwners(), this.clock)),
      app: this.app,
      broken: this.broken,
      alive: () => this.alive,
      takeFailpoint: (name) => this.armed.delete(name),
      storeRetry: { retryForMs: this.timings.storeFailureGraceMs, backoffMs: this.timings.reconnectBackoffMs, clock: this.clock },
      timings: this.timings,
      messageFollowMs: () => cfg.messageFollowMs ?? this.timings.messageFollowMs,
      crash: () => this.crash(),
      sendWork: (target, work, deadlineMs, opId) => this.sendWork(target, work, deadlineMs, opId),
      broadcastLocationUpdate: (u) => {
        for (const rid of [this.rid, ...this.otherLinks().filter((l) => l.ready).map((l) => l.peer)]) {
          void this.sendWork(rid, { type: 'location-update', ...u }, this.timings.defaultDeadlineMs);
        }
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
    // The first tick is judged late against the start too: a stall before it is still the node's own.
    this.lastTickAt = this.clock.now();
    this.timers.push(this.clock.setInterval(() => this.tick(), this.timings.heartbeatIntervalMs));
    this.timers.push((this.refreshTimer = this.clock.setInterval(() => void this.refreshDescriptors(), this.timings.descriptorRefreshMs)));
  }

  /** Connect to every node of the descriptor list in this mesh; resolves when all are ready. */
  async connectPeers(): Promise<void> {
    await this.refreshDescriptors();
    await Promise.all(this.otherLinks().map((l) => l.whenReady()));
  }

  private async listenAtNewAddress(): Promise<void> {
    this.listener?.close();
    this.listener = this.transport.listen(this.transport.newAddress(this.rid), (conn) => this.onInbound(conn));
    const descriptor: NodeDescriptor = { rid: this.rid, mesh: this.mesh, address: this.listener.address };
    for (;;) {
      const cur = await this.store.read(nodeKey(this.rid));
      if ((await this.store.compareAndSet(nodeKey(this.rid), cur.version, descriptor)).applied) return;
    }
  }

  // ---- the descriptor list and connection intents --------------------------------------------

  requestRefresh(): void {
    void this.refreshDescriptors();
  }

  /**
   * Read the full descriptor list. Connection intents follow it: a node that appeared is
   * connected, one that left is dropped, nothing else changes (R-STO-4). When the Store cannot be
   * read, the last fully-read list stays in force (R-STO-2).
   */
  private refreshDescriptors(): Promise<void> {
    if (!this.live()) return Promise.resolve();
    this.refreshing ??= (async () => {
      try {
        const change = await this.discovery.refresh();
        const wasDown = !this.storeReadable;
        this.storeReadable = true;
        // R-STO-4: the Store is back; connections follow the list's changes only.
        if (wasDown && this.broken('recovery-reconnects-everything')) dropEveryLink(this);
        for (const d of this.discovery.inMesh(this.mesh)) if (d.rid !== this.rid) this.ensureLink(d.rid);
        // R-STO-4: a node the list no longer has is dropped. The mutant, once the Store is back, only adds.
        if (!(wasDown && this.broken('recovery-keeps-removed-links'))) for (const rid of change.removed) this.dropLink(rid);
      } catch {
        this.storeReadable = false;
        this.discovery.fresh = false;
        // R-STO-2: the last fully-read list stays in force, and so do its connections.
        if (this.broken('grace-forgets-descriptors')) forgetDescriptors(this);
        // R-STO-4: the list is read again, in full, once the Store answers. The mutant stops reading it.
        if (this.broken('grace-stops-descriptor-refresh')) this.clock.clearTimer(this.refreshTimer);
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** Keep a connection intent to `rid` (connect now and after every loss). */
  ensureLink(rid: Rid): void {
    if (this.links.has(rid) || !this.live()) return;
    const link = new PeerLink(this, rid);
    this.links.set(rid, link);
    void link.connect();
  }

  /** Give up the connection intent to `rid`: close orderly, no reconnect. */
  dropLink(rid: Rid): void {
    this.links.get(rid)?.stop('orderly');
    this.links.delete(rid);
  }

  link(peer: Rid): PeerLink | undefined {
    return this.links.get(peer);
  }

  otherLinks(): PeerLink[] {
    return [...this.links.values()];
  }

  /** When tick last ran: a late tick tells the node its own loop stalled. */
  private lastTickAt = 0;

  private tick(): void {
    if (!this.live()) return;
    // Liveness checks go on while the Store is unreachable (R-STO-2); only a mutant pauses them.
    if (!this.storeReadable && this.broken('grace-pauses-liveness')) return;
    const now = this.clock.now();
    // A tick that comes two intervals late means this node's own loop stalled (a loaded machine, a
    // long pause): what its peers sent meanwhile is still queued, unread. Silence is judged on the
    // next tick, once that is read, so a node never blames a peer for its own stall; a peer that
    // really went silent is still found out within the liveness deadline plus one interval.
    const stalled = now - this.lastTickAt > 2 * this.timings.heartbeatIntervalMs;
    this.lastTickAt = now;
    for (const link of this.links.values()) link.tick(now, !stalled);
    if (stalled) return;
    for (const ib of this.inbound) {
      // R-CONN-2, the serving end of the liveness check (PeerLink.tick is the calling end).
      if (now - ib.lastHeard > this.timings.livenessDeadlineMs && !this.broken('no-liveness')) this.dropInbound(ib, 'error');
    }
  }

  /** One peer failed its liveness check. Other peers and the host are not affected (V04). */
  peerFailedLiveness(peer: Rid): void {
    if (this.broken('peer-failure-marks-host-error')) this.host = 'Error';
    // V04: the node's own queue serves every other peer and local owner as before. The mutant stops
    // it, meaning to drop the failed peer's waiting work.
    if (this.broken('peer-failure-stops-queue')) this.queue.stop();
    if (this.broken('peer-failure-spreads')) spreadPeerFailure(this, peer);
  }

  // ---- serving peers -------------------------------------------------------------------------

  private onInbound(conn: Connection): void {
    const ib: Inbound = { conn, lastHeard: this.clock.now() };
    this.inbound.add(ib);
    conn.onFrame((f) => this.onInboundFrame(ib, f));
    conn.onClose(() => this.inbound.delete(ib));
  }

  private dropInbound(ib: Inbound, mode: 'orderly' | 'error'): void {
    this.inbound.delete(ib);
    if (ib.from && this.inboundFrom.get(ib.from) === ib) this.inboundFrom.delete(ib.from);
    ib.conn.close(mode);
  }

  private onInboundFrame(ib: Inbound, f: Frame): void {
    if (!this.live()) return;
    ib.lastHeard = this.clock.now();
    if (f.t === 'hello') return this.onHello(ib, f);
    if (!ib.from) return; // nothing is served before the handshake
    if (f.t === 'ping') return ib.conn.send({ t: 'pong' });
    if (f.t === 'submit') {
      // A frame is data from the network: a malformed one is refused, never thrown on.
      const work = f.work as Work | undefined;
      if (typeof f.opId !== 'string' || typeof work?.type !== 'string') return ib.conn.send({ t: 'rejected', opId: String(f.opId), reason: 'malformed' });
      if (typeof f.deadlineAt === 'number' && f.deadlineAt <= this.clock.now()) return ib.conn.send({ t: 'rejected', opId: f.opId, reason: 'deadline' });
      return this.onSubmit(ib, f.opId, work, typeof f.deadlineAt === 'number' ? f.deadlineAt : undefined);
    }
  }

  private onHello(ib: Inbound, f: Frame): void {
    const from = f.from as Rid;
    const connectionId = f.connectionId as string;
    // The credential proof is the identity check; a caller need not be in our descriptor list.
    const ok = f.mesh === this.mesh && f.to === this.rid && f.proof === proof(this.credential, from, connectionId);
    if (!ok) {
      ib.conn.send({ t: 'refuse', reason: 'identity not verified' });
      return this.dropInbound(ib, 'orderly');
    }
    ib.from = from;
    this.inboundFrom.set(from, ib);
    ib.conn.send({ t: 'welcome', rid: this.rid, proof: proof(this.credential, this.rid, connectionId) });
    // A node outside the last fully-read list is served, but not connected to (R-STO-2).
    if (!this.discovery.lookup(from) && this.broken('grace-connects-new-target')) connectCaller(this, { rid: from, mesh: this.mesh, address: f.address as string });
  }

  private onSubmit(ib: Inbound, opId: string, work: Work, deadlineAt?: number): void {
    const accepted = this.queue.offer({
      opId,
      ...(deadlineAt !== undefined ? { deadlineAt } : {}),
      run: async () => {
        const result = await this.runWork(opId, work);
        if (!result || !this.live()) return; // a dead process replies nothing
        // The reply goes back on the connection the operation came in on: that is its route (V05;
        // the mutant's other half is in PeerLink.lose: the caller keeps waiting for it).
        let route = ib;
        if (this.broken('reconnect-reuses-reply-route')) route = this.inboundFrom.get(ib.from!) ?? ib;
        route.conn.send({ t: 'result', opId, ...result });
      },
    });
    ib.conn.send(accepted ? { t: 'accepted', opId } : { t: 'rejected', opId, reason: 'capacity' });
  }

  /** Submit to this node's own queue (the caller is the target). */
  submitLocal(opId: string, work: Work): Submission {
    let settle!: (c: Completion) => void;
    const completion = new Promise<Completion>((r) => (settle = r));
    const accepted = this.queue.offer({
      opId,
      run: async () => {
        const result = await this.runWork(opId, work);
        if (result) settle(result);
      },
    });
    return { acceptance: Promise.resolve(accepted ? 'yes' : 'no'), completion };
  }

  /** Run accepted work; undefined when the process died meanwhile (no reply, ever). */
  async runWork(opId: string, work: Work): Promise<WorkResult | undefined> {
    try {
      return await this.runWorkUnguarded(opId, work);
    } catch {
      // Nothing a peer sends may take the process down; a dead process answers nothing.
      return this.alive ? fail('Unavailable') : undefined;
    }
  }

  private async runWorkUnguarded(opId: string, work: Work): Promise<WorkResult | undefined> {
    if (!this.alive) return undefined;
    let result: WorkResult | undefined;
    if (work.type === 'app') {
      try {
        result = ok(await this.app.handle(this.rid, opId, work.payload));
      } catch {
        result = fail('HandlerError');
      }
    } else if (work.type === 'location-update') {
      this.locationUpdate({ objectId: work.objectId, generation: work.generation, owner: work.owner });
      result = ok({});
    } else if (work.type === 'session-relay') {
      result = this.sessions ? await this.sessions.relayArrived(opId, work) : fail('Unavailable');
    } else if (work.type === 'session-frame') {
      result = this.sessions ? this.sessions.frameArrived(work.session, work.frame) : fail('Unavailable');
    } else if (work.type === 'relay') {
      // The reference relays nothing (R-CH-2); this is the relaying half of the mutant in Caller.nodeDirect.
      result = this.broken('direct-relays-via-peer') ? await relayOnward(this, work) : fail('Unavailable');
    } else {
      result = await this.objects.handle(work, opId);
    }
    return this.alive ? result : undefined;
  }

  // ---- faults --------------------------------------------------------------------------------

  private end(how: 'abandon' | 'orderly' | 'error'): void {
    this.life = 'dead';
    for (const t of this.timers) this.clock.clearTimer(t);
    this.lease.stop();
    this.listener?.close();
    this.queue.stop();
    this.objects.stopAll();
    this.sessions?.stop(how);
    for (const link of this.links.values()) link.stop(how);
    for (const ib of this.inbound) (how === 'abandon' ? ib.conn.abandon() : ib.conn.close(how));
    this.inbound.clear();
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
    for (const ib of [...this.inbound]) this.dropInbound(ib, 'orderly');
  }

  /** The peer closes its end of our connection to it (orderly), or the transport fails. */
  closeInboundFrom(peer: Rid, mode: 'orderly' | 'error'): boolean {
    const ib = this.inboundFrom.get(peer);
    if (!ib) return false;
    this.dropInbound(ib, mode);
    return true;
  }

  armAckLost(peer: Rid): void {
    this.ackLostArmed.add(peer);
  }

  takeAckLost(peer: Rid): boolean {
    return this.ackLostArmed.delete(peer);
  }

  armFailpoint(name: string): void {
    this.armed.add(name);
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
    return new Operation(opId, deadlineAt, toApplication, this.clock, this.broken);
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
    const link = this.links.get(peer);
    if (!link) return { node: this.rid, peer, ready: false, history: [] };
    const v: PeerView = { node: this.rid, peer, ready: link.ready && this.live(), history: link.history.map((e) => ({ ...e })) };
    if (link.connectionId) v.connectionId = link.connectionId;
    if (link.address) v.address = link.address;
    return v;
  }
}
