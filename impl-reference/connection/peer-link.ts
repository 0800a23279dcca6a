// A node's connection to one logical peer (spec 3.2, Transport Liveness assumptions in docs).
//
// - The service handshake proves both identities with the mesh credential; a reconnect always
//   redoes it, with a fresh connection ID (V05).
// - An orderly close or a transport error makes the peer not-ready at once (R-CONN-1); a silent,
//   half-open connection does so within the liveness deadline (R-CONN-2).
// - A reconnect reads the current discovery descriptor, so a moved peer is found (R-CONN-3).
// - Operations written to a connection that is lost end there: nothing is carried over to the new
//   connection, and nothing is resubmitted anywhere by this layer (V03).

import type { TimerId } from '../../src/driver/clock.ts';
import type { ErrorKind, NotReadyReason, PeerEvent, Rid } from '../../src/driver/types.ts';
import type { Connection, Frame } from '../transport/types.ts';
import { proof, type NodeContext } from './node-context.ts';
import type { Answer, Completion, Work } from '../kernel/work.ts';

export type Acceptance = 'yes' | 'no' | 'unknown';
/** The target's answer to an accepted operation. */
export type { Answer, Completion } from '../kernel/work.ts';

export interface Submission {
  acceptance: Promise<Acceptance>;
  /** Settles after acceptance 'yes' only. */
  completion: Promise<Completion>;
  connectionId?: string;
}

interface Inflight {
  accepted: boolean;
  /** What was written, as submit() was given it. */
  sent: { opId: string; work: Work; deadlineAt?: number };
  settleAcceptance(a: Acceptance): void;
  settleCompletion(c: Completion): void;
}

interface Handshaking {
  conn: Connection;
  connectionId: string;
  address: string;
  since: number;
}

export class PeerLink {
  ready = false;
  connectionId?: string;
  address?: string;
  readonly history: PeerEvent[] = [];
  private conn?: Connection;
  private handshaking?: Handshaking;
  private lastHeard = 0;
  private firstAddress?: string;
  private inflight = new Map<string, Inflight>();
  private reconnectTimer?: TimerId;
  private stopped = false;
  /** Connections dialled so far (only a mutant names connections by it). */
  private dials = 0;
  private readyWaiters: Array<() => void> = [];

  constructor(
    private readonly node: NodeContext,
    readonly peer: Rid,
  ) {}

  /** The link's rules (link-rules.ts), with the node's mesh rules. */
  private get rules() {
    return this.node.meshRules;
  }

  // ---- connecting ----------------------------------------------------------------------------

  async connect(): Promise<void> {
    if (this.stopped || this.handshaking || this.ready) return;
    return this.dial();
  }

  /** Connect now to the peer's current descriptor (connect() checks first that nothing is under way). */
  async dial(): Promise<void> {
    // R-STO-2: while the Store is unreachable the last list's connection intents stay.
    if (!this.node.discovery.fresh && !this.rules.dialsInGrace()) return this.scheduleReconnect();
    const descriptor = this.node.discovery.lookup(this.peer);
    if (!descriptor) return this.scheduleReconnect();
    // R-CONN-3: a reconnect goes to the current descriptor's address.
    const address = this.rules.dialAddress(descriptor.address, this.firstAddress);
    this.firstAddress ??= address;
    let conn: Connection;
    try {
      conn = await this.node.transport.connect(address);
    } catch {
      this.node.requestRefresh();
      return this.scheduleReconnect();
    }
    if (this.stopped || !this.node.live()) return conn.abandon();
    // V05: every connection, a reconnect too, has a connection ID of its own.
    const connectionId = this.rules.connectionId({ node: this.node.rid, peer: this.peer, ...(this.connectionId ? { previous: this.connectionId } : {}), dials: ++this.dials, fresh: () => this.node.ids.uuid() });
    this.handshaking = { conn, connectionId, address, since: this.node.clock.now() };
    conn.onFrame((f) => this.onFrame(conn, f));
    conn.onClose((mode) => this.onClose(conn, mode === 'orderly' ? 'orderly-close' : 'transport-error'));
    // V05: a reconnect redoes the service handshake.
    if (!this.rules.handshakes(this.history.some((e) => e.event === 'handshake'))) return this.becomeReady(this.handshaking, false);
    conn.send({
      t: 'hello',
      mesh: this.node.mesh,
      from: this.node.rid,
      to: this.peer,
      // Where the caller listens: information only, it is never a reason to connect back.
      address: this.node.address,
      connectionId,
      proof: proof(this.node.credential, this.node.rid, connectionId),
    });
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = this.node.clock.setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, this.node.timings.reconnectBackoffMs);
  }

  /** Resolves when the peer is ready (used by start-up only). */
  whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((r) => this.readyWaiters.push(r));
  }

  private onWelcome(h: Handshaking, f: Frame): void {
    // R-CONN-3: the welcome must prove the peer this link is for.
    const claimed = this.rules.provenRid(this.peer, f.rid);
    const verified = f.rid === claimed && f.proof === proof(this.node.credential, claimed, h.connectionId);
    const reconnecting = this.history.some((e) => e.event === 'handshake');
    // V05: a reconnect proves the peer's identity again, like the first connection.
    if (!verified && !this.rules.acceptsUnproven(reconnecting)) {
      return this.refused(h);
    }
    this.becomeReady(h, true, typeof f.rid === 'string' ? f.rid : this.peer);
  }

  /** The connection being set up is the peer's connection now; `handshake`: it proved the peer's identity. */
  private becomeReady(h: Handshaking, handshake: boolean, verifiedRid: Rid = this.peer): void {
    this.handshaking = undefined;
    this.conn = h.conn;
    this.connectionId = h.connectionId;
    this.address = h.address;
    this.lastHeard = this.node.clock.now();
    this.ready = true;
    const at = this.node.clock.now();
    if (handshake) this.history.push({ event: 'handshake', connectionId: h.connectionId, address: h.address, verifiedRid, at });
    this.history.push({ event: 'ready', connectionId: h.connectionId, address: h.address, at });
    for (const w of this.readyWaiters.splice(0)) w();
  }

  private refused(h: Handshaking): void {
    this.handshaking = undefined;
    h.conn.close('error');
    this.history.push({ event: 'not-ready', connectionId: h.connectionId, address: h.address, reason: 'handshake-refused', at: this.node.clock.now() });
    this.scheduleReconnect();
  }

  // ---- frames --------------------------------------------------------------------------------

  private onFrame(conn: Connection, f: Frame): void {
    if (!this.node.live()) return; // a hung process reads nothing
    if (this.handshaking?.conn === conn) {
      if (f.t === 'welcome') return this.onWelcome(this.handshaking, f);
      if (f.t === 'refuse') return this.refused(this.handshaking);
      return;
    }
    if (conn !== this.conn) return; // a frame from an earlier connection: its routes are gone
    this.lastHeard = this.node.clock.now();
    const entry = typeof f.opId === 'string' ? this.inflight.get(f.opId) : undefined;
    switch (f.t) {
      case 'accepted':
        if (entry) {
          entry.accepted = true;
          entry.settleAcceptance('yes');
        }
        break;
      case 'rejected':
        if (entry) {
          this.inflight.delete(f.opId as string);
          entry.settleAcceptance('no');
        }
        break;
      case 'result':
        if (entry) {
          this.inflight.delete(f.opId as string);
          // R-GEN-4: the ErrorKind comes back as the target gave it.
          entry.settleCompletion(f.ok ? { ok: true, value: f.value } : { ok: false, errorKind: this.rules.errorKindOf(f) as ErrorKind });
        }
        break;
    }
  }

  private onClose(conn: Connection, reason: NotReadyReason): void {
    if (this.handshaking?.conn === conn) {
      this.handshaking = undefined;
      return this.scheduleReconnect();
    }
    if (conn !== this.conn || !this.node.live()) return;
    // R-CONN-1: a close is noticed at once.
    if (!this.rules.noticesClose()) return;
    this.lose(reason);
  }

  /** The connection is gone: not-ready now, operations on it end, then reconnect. */
  lose(reason: NotReadyReason): void {
    if (!this.ready || !this.conn) return;
    // V05: the lost connection's ready state goes with it.
    if (this.rules.lostWithoutNotReady(this, reason)) return;
    this.ready = false;
    this.history.push({ event: 'not-ready', connectionId: this.connectionId!, address: this.address!, reason, at: this.node.clock.now() });
    this.endConnection();
    this.conn = undefined;
    this.scheduleReconnect();
  }

  /** Close the current connection; the operations written to it end with it. */
  endConnection(): void {
    this.conn?.close('error');
    // V05: nothing of the lost connection carries over.
    if (this.rules.keepsOperationsOfLostConnection()) return;
    for (const entry of this.inflight.values()) {
      if (entry.accepted) entry.settleCompletion({ lost: true });
      else {
        entry.settleAcceptance('unknown');
        // V03: written, acceptance unknown: it may have run, so it is never written again.
        this.rules.unknownWhenLost(this, entry.sent);
      }
    }
    this.inflight.clear();
  }

  /** Called every heartbeat interval by the node; `judge` false after the node's own loop stalled (MeshNode.tick). */
  tick(now: number, judge = true): void {
    if (judge && this.handshaking && now - this.handshaking.since > this.node.timings.livenessDeadlineMs) {
      // The peer accepted the connection but never answered the handshake (a hung process).
      const h = this.handshaking;
      this.handshaking = undefined;
      h.conn.close('error');
      this.scheduleReconnect();
      return;
    }
    if (!this.ready || !this.conn) return;
    // Checked one interval ahead, so that a silent peer is not-ready within the deadline itself
    // and not one tick after it (R-CONN-2; MeshNode.tick is the serving end).
    const { livenessDeadlineMs, heartbeatIntervalMs } = this.node.timings;
    // R-STO-2: liveness checks go on while the Store is unreachable.
    if (judge && now - this.lastHeard >= livenessDeadlineMs - heartbeatIntervalMs && this.rules.judgesSilence(this.node.discovery.fresh)) {
      this.lose('liveness');
      this.node.peerFailedLiveness(this.peer);
      return;
    }
    this.conn.send({ t: 'ping' });
  }

  // ---- operations ----------------------------------------------------------------------------

  /** Write an operation to the peer (non-blocking). The caller must have checked `ready`. */
  submit(opId: string, work: Work, failAfterWrite: boolean, deadlineAt?: number): Submission {
    let settleAcceptance!: (a: Acceptance) => void;
    let settleCompletion!: (c: Completion) => void;
    const acceptance = new Promise<Acceptance>((r) => (settleAcceptance = r));
    const completion = new Promise<Completion>((r) => (settleCompletion = r));
    this.inflight.set(opId, { accepted: false, sent: { opId, work, ...(deadlineAt !== undefined ? { deadlineAt } : {}) }, settleAcceptance, settleCompletion });
    const conn = this.conn!;
    if (failAfterWrite) conn.failAfterNextWrite();
    // The deadline travels with the operation: a target does not accept it once it has passed.
    conn.send({ t: 'submit', opId, from: this.node.rid, work: work as never, ...(deadlineAt !== undefined ? { deadlineAt } : {}) });
    return { acceptance, completion, connectionId: this.connectionId };
  }

  /** The process is gone or shutting down. */
  stop(how: 'abandon' | 'orderly' | 'error'): void {
    this.stopped = true;
    this.node.clock.clearTimer(this.reconnectTimer);
    const conns = [this.conn, this.handshaking?.conn].filter((c): c is Connection => !!c);
    for (const c of conns) (how === 'abandon' ? c.abandon() : c.close(how));
    this.conn = undefined;
    this.handshaking = undefined;
    this.ready = false;
  }
}
