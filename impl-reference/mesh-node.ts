// A MeshNode: one process of the Framework, identified by its RID within a RouteMesh.
// It serves peers (inbound connections, bounded queue, explicit acceptance) and runs the
// application's operations (select-one over a Channel, node direct).

import type { EffectiveTimings, HostState, NodeView, PeerView, Rid } from '../src/driver/types.ts';
import type { TestApp } from './app.ts';
import { InboundQueue } from './inbound-queue.ts';
import type { Broken } from './mutants.ts';
import { Discovery, proof, type NodeContext } from './node-context.ts';
import { PeerLink } from './peer-link.ts';
import type { Connection, Frame, Listener, Transport } from './transport/types.ts';

export interface NodeConfig {
  rid: Rid;
  mesh: string;
  credential: string;
  timings: EffectiveTimings;
  transport: Transport;
  discovery: Discovery;
  app: TestApp;
  broken: Broken;
  queueCapacity: number;
  workers: number;
}

interface Inbound {
  conn: Connection;
  from?: Rid;
  lastHeard: number;
}

/** Process-level condition of the node, as a fault left it. */
type Life = 'running' | 'hung' | 'dead';

export class MeshNode implements NodeContext {
  readonly rid: Rid;
  readonly mesh: string;
  readonly credential: string;
  readonly timings: EffectiveTimings;
  readonly transport: Transport;
  readonly discovery: Discovery;
  readonly broken: Broken;
  readonly app: TestApp;
  readonly queue: InboundQueue;
  host: HostState = 'Ready';
  private life: Life = 'running';
  private listener?: Listener;
  private readonly links = new Map<Rid, PeerLink>();
  private readonly inbound = new Set<Inbound>();
  /** Latest verified inbound connection per peer (only a mutant routes replies by it). */
  private readonly inboundFrom = new Map<Rid, Inbound>();
  private ticker?: NodeJS.Timeout;
  /** Failpoint `transport.ack-lost-after-write`, armed per peer. */
  private readonly ackLostArmed = new Set<Rid>();

  constructor(cfg: NodeConfig) {
    this.rid = cfg.rid;
    this.mesh = cfg.mesh;
    this.credential = cfg.credential;
    this.timings = cfg.timings;
    this.transport = cfg.transport;
    this.discovery = cfg.discovery;
    this.broken = cfg.broken;
    this.app = cfg.app;
    this.queue = new InboundQueue(cfg.queueCapacity, cfg.workers);
  }

  live(): boolean {
    return this.life === 'running';
  }

  get alive(): boolean {
    return this.life !== 'dead';
  }

  /** Listen at a fresh address and publish it, then connect to every other node of the mesh. */
  start(): void {
    this.listenAtNewAddress();
    this.ticker = setInterval(() => this.tick(), this.timings.heartbeatIntervalMs);
  }

  connectPeers(): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const d of this.discovery.inMesh(this.mesh)) {
      if (d.rid === this.rid) continue;
      const link = new PeerLink(this, d.rid);
      this.links.set(d.rid, link);
      void link.connect();
      waits.push(link.whenReady());
    }
    return Promise.all(waits).then(() => undefined);
  }

  private listenAtNewAddress(): void {
    this.listener?.close();
    this.listener = this.transport.listen(this.transport.newAddress(this.rid), (conn) => this.onInbound(conn));
    this.discovery.publish({ rid: this.rid, mesh: this.mesh, address: this.listener.address });
  }

  link(peer: Rid): PeerLink | undefined {
    return this.links.get(peer);
  }

  otherLinks(): PeerLink[] {
    return [...this.links.values()];
  }

  private tick(): void {
    if (!this.live()) return;
    const now = Date.now();
    for (const link of this.links.values()) link.tick(now);
    for (const ib of this.inbound) {
      if (now - ib.lastHeard > this.timings.livenessDeadlineMs && !this.broken('no-liveness')) this.dropInbound(ib, 'error');
    }
  }

  /** One peer failed its liveness check. Other peers and the host are not affected (V04). */
  peerFailedLiveness(_peer: Rid): void {
    if (this.broken('peer-failure-marks-host-error')) this.host = 'Error';
    if (this.broken('peer-failure-spreads')) {
      for (const link of this.links.values()) if (link.peer !== _peer) link.lose('transport-error');
    }
  }

  // ---- serving peers -------------------------------------------------------------------------

  private onInbound(conn: Connection): void {
    const ib: Inbound = { conn, lastHeard: Date.now() };
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
    ib.lastHeard = Date.now();
    if (f.t === 'hello') return this.onHello(ib, f);
    if (!ib.from) return; // nothing is served before the handshake
    if (f.t === 'ping') return ib.conn.send({ t: 'pong' });
    if (f.t === 'submit') return this.onSubmit(ib, f.opId as string, f.payload);
  }

  private onHello(ib: Inbound, f: Frame): void {
    const from = f.from as Rid;
    const connectionId = f.connectionId as string;
    const ok =
      f.mesh === this.mesh &&
      f.to === this.rid &&
      this.discovery.lookup(from)?.mesh === this.mesh &&
      f.proof === proof(this.credential, from, connectionId);
    if (!ok) {
      ib.conn.send({ t: 'refuse', reason: 'identity not verified' });
      return this.dropInbound(ib, 'orderly');
    }
    ib.from = from;
    this.inboundFrom.set(from, ib);
    ib.conn.send({ t: 'welcome', rid: this.rid, proof: proof(this.credential, this.rid, connectionId) });
  }

  private onSubmit(ib: Inbound, opId: string, payload: unknown): void {
    const accepted = this.queue.offer({
      opId,
      run: async () => {
        const result = await this.runHandler(opId, payload);
        if (!result || !this.live()) return; // a dead process replies nothing
        // The reply goes back on the connection the operation came in on: that is its route.
        let route = ib;
        if (this.broken('reconnect-reuses-reply-route')) route = this.inboundFrom.get(ib.from!) ?? ib;
        route.conn.send({ t: 'result', opId, ...result });
      },
    });
    ib.conn.send(accepted ? { t: 'accepted', opId } : { t: 'rejected', opId, reason: 'capacity' });
  }

  /** Runs the application handler; undefined when the process died meanwhile. */
  async runHandler(opId: string, payload: unknown): Promise<{ ok: boolean; value?: unknown } | undefined> {
    if (!this.alive) return undefined;
    try {
      const value = await this.app.handle(this.rid, opId, payload as never);
      return this.alive ? { ok: true, value } : undefined;
    } catch {
      return this.alive ? { ok: false } : undefined;
    }
  }

  // ---- faults --------------------------------------------------------------------------------

  /** The process dies: no goodbye on any connection, all state gone. */
  crash(): void {
    this.life = 'dead';
    clearInterval(this.ticker);
    this.listener?.close();
    this.queue.stop();
    for (const link of this.links.values()) link.stop('abandon');
    for (const ib of this.inbound) ib.conn.abandon();
    this.inbound.clear();
  }

  /** The process stops answering but keeps its connections open: half-open for its peers. */
  hang(): void {
    this.life = 'hung';
  }

  /** Orderly shutdown: connections are closed with a goodbye. */
  shutdown(): void {
    this.life = 'dead';
    clearInterval(this.ticker);
    this.listener?.close();
    this.queue.stop();
    for (const link of this.links.values()) link.stop('orderly');
    for (const ib of this.inbound) ib.conn.close('orderly');
    this.inbound.clear();
  }

  /** The process is replaced at its address by something else; its connections fail. */
  vanish(): void {
    this.life = 'dead';
    clearInterval(this.ticker);
    this.listener?.close();
    this.queue.stop();
    for (const link of this.links.values()) link.stop('error');
    for (const ib of this.inbound) ib.conn.close('error');
    this.inbound.clear();
  }

  /** Planned move: listen at a new address, publish it, close the old connections orderly. */
  move(): void {
    this.listenAtNewAddress();
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
