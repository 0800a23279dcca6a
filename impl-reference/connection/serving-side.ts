// The serving end of a node's peer connections (spec 3.2, 3.3): the connections peers opened to
// this node, the handshake a caller must pass before anything is served, explicit acceptance into
// the bounded queue, the reply route, and the serving end's liveness check (PeerLink is the
// calling end).

import type { Clock } from '../../src/driver/clock.ts';
import type { EffectiveTimings, Rid } from '../../src/driver/types.ts';
import type { NodeDescriptor } from '../location/records.ts';
import type { MeshRules } from './mesh-rules.ts';
import type { Work, WorkResult } from '../kernel/work.ts';
import type { Connection, Frame } from '../transport/types.ts';
import type { InboundQueue } from './inbound-queue.ts';
import { proof } from './node-context.ts';

/** What the serving side needs of its node. */
export interface ServingNode {
  readonly rid: Rid;
  readonly mesh: string;
  readonly credential: string;
  readonly clock: Clock;
  readonly timings: EffectiveTimings;
  readonly meshRules: MeshRules;
  readonly queue: InboundQueue;
  readonly discovery: { lookup(rid: Rid): NodeDescriptor | undefined; learn(d: NodeDescriptor): void };
  /** false once the process crashed or hung: it reads and writes nothing. */
  live(): boolean;
  runWork(opId: string, work: Work): Promise<WorkResult | undefined>;
  ensureLink(rid: Rid): void;
}

interface Inbound {
  conn: Connection;
  from?: Rid;
  lastHeard: number;
}

export class ServingSide {
  private readonly inbound = new Set<Inbound>();
  /** Latest verified inbound connection per peer (only a mutant routes replies by it). */
  private readonly inboundFrom = new Map<Rid, Inbound>();

  constructor(private readonly node: ServingNode) {}

  /** A peer opened a connection to this node: nothing is served before its handshake. */
  accept(conn: Connection): void {
    const ib: Inbound = { conn, lastHeard: this.node.clock.now() };
    this.inbound.add(ib);
    conn.onFrame((f) => this.onFrame(ib, f));
    conn.onClose(() => this.inbound.delete(ib));
  }

  /** R-CONN-2, the serving end of the liveness check: a connection silent past the deadline is dropped. */
  checkLiveness(now: number): void {
    for (const ib of this.inbound) {
      if (now - ib.lastHeard > this.node.timings.livenessDeadlineMs && this.node.meshRules.dropsSilentInbound()) this.drop(ib, 'error');
    }
  }

  /** The peer's connection to this node is closed from this end (orderly), or the transport fails. */
  closeFrom(peer: Rid, mode: 'orderly' | 'error'): boolean {
    const ib = this.inboundFrom.get(peer);
    if (!ib) return false;
    this.drop(ib, mode);
    return true;
  }

  /** Every connection peers opened is closed: orderly (a planned move), with an error, or abandoned (a crash: no goodbye). */
  closeAll(how: 'abandon' | 'orderly' | 'error'): void {
    for (const ib of [...this.inbound]) {
      if (how === 'abandon') ib.conn.abandon();
      else this.drop(ib, how);
    }
    this.inbound.clear();
  }

  private drop(ib: Inbound, mode: 'orderly' | 'error'): void {
    this.inbound.delete(ib);
    if (ib.from && this.inboundFrom.get(ib.from) === ib) this.inboundFrom.delete(ib.from);
    ib.conn.close(mode);
  }

  private onFrame(ib: Inbound, f: Frame): void {
    if (!this.node.live()) return;
    ib.lastHeard = this.node.clock.now();
    if (f.t === 'hello') return this.onHello(ib, f);
    if (!ib.from) return; // nothing is served before the handshake
    if (f.t === 'ping') return ib.conn.send({ t: 'pong' });
    if (f.t === 'submit') {
      // A frame is data from the network: a malformed one is refused, never thrown on.
      const work = f.work as Work | undefined;
      if (typeof f.opId !== 'string' || typeof work?.type !== 'string') return ib.conn.send({ t: 'rejected', opId: String(f.opId), reason: 'malformed' });
      if (typeof f.deadlineAt === 'number' && f.deadlineAt <= this.node.clock.now()) return ib.conn.send({ t: 'rejected', opId: f.opId, reason: 'deadline' });
      return this.onSubmit(ib, f.opId, work, typeof f.deadlineAt === 'number' ? f.deadlineAt : undefined);
    }
  }

  private onHello(ib: Inbound, f: Frame): void {
    const node = this.node;
    const from = f.from as Rid;
    const connectionId = f.connectionId as string;
    // The credential proof is the identity check; a caller need not be in our descriptor list.
    const ok = f.mesh === node.mesh && f.to === node.rid && f.proof === proof(node.credential, from, connectionId);
    if (!ok) {
      ib.conn.send({ t: 'refuse', reason: 'identity not verified' });
      return this.drop(ib, 'orderly');
    }
    ib.from = from;
    this.inboundFrom.set(from, ib);
    ib.conn.send({ t: 'welcome', rid: node.rid, proof: proof(node.credential, node.rid, connectionId) });
    // A node outside the last fully-read list is served, but not connected to (R-STO-2).
    if (!node.discovery.lookup(from)) node.meshRules.unknownCallerVerified({ learn: (d) => node.discovery.learn(d), ensureLink: (rid) => node.ensureLink(rid) }, { rid: from, mesh: node.mesh, address: f.address as string });
  }

  private onSubmit(ib: Inbound, opId: string, work: Work, deadlineAt?: number): void {
    const accepted = this.node.queue.offer({
      opId,
      ...(deadlineAt !== undefined ? { deadlineAt } : {}),
      run: async () => {
        const result = await this.node.runWork(opId, work);
        if (!result || !this.node.live()) return; // a dead process replies nothing
        // The reply goes back on the connection the operation came in on: that is its route (V05;
        // the mutant's other half is in PeerLink.lose: the caller keeps waiting for it).
        this.node.meshRules.replyRoute(ib, this.inboundFrom.get(ib.from!)).conn.send({ t: 'result', opId, ...result });
      },
    });
    ib.conn.send(accepted ? { t: 'accepted', opId } : { t: 'rejected', opId, reason: 'capacity' });
  }
}
