// A node's view of its RouteMesh (spec 7, R-STO-2, R-STO-4): the node descriptor list read from the
// Location Store, and the connection intents that follow it, one PeerLink per other node of the
// mesh. The list is read in full on a timer and when a connect fails; while the Store cannot be
// read, the last fully-read list and its connections stay in force.

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { PeerView, Rid } from '../../src/driver/types.ts';
import type { DescriptorList } from '../location/descriptors.ts';
import { nodeKey, type NodeDescriptor } from '../location/records.ts';
import type { NodeStore } from '../store/node-store.ts';
import type { ListKeeper, MeshRules } from '../connection/mesh-rules.ts';
import type { NodeContext } from '../connection/node-context.ts';
import { PeerLink } from '../connection/peer-link.ts';

export class Membership {
  private readonly links = new Map<Rid, PeerLink>();
  private storeReadable = true;
  private refreshing?: Promise<void>;
  private refreshTimer?: TimerId;
  private readonly clock: Clock;
  private readonly rules: MeshRules;

  constructor(
    private readonly node: NodeContext,
    readonly discovery: DescriptorList,
    private readonly store: NodeStore,
  ) {
    this.clock = node.clock;
    this.rules = node.meshRules;
  }

  /** false while the last read of the list failed (StoreFailureGrace). */
  get storeAnswers(): boolean {
    return this.storeReadable;
  }

  /** Publish this node's descriptor, at `address`, in the Location Store (after any other change). */
  async register(address: string): Promise<void> {
    const descriptor: NodeDescriptor = { rid: this.node.rid, mesh: this.node.mesh, address };
    for (;;) {
      const cur = await this.store.read(nodeKey(this.node.rid));
      if ((await this.store.compareAndSet(nodeKey(this.node.rid), cur.version, descriptor)).applied) return;
    }
  }

  /** Read the list every DescriptorRefresh from now on. */
  start(): void {
    this.refreshTimer = this.clock.setInterval(() => void this.refresh(), this.node.timings.descriptorRefreshMs);
  }

  stop(how: 'abandon' | 'orderly' | 'error'): void {
    this.clock.clearTimer(this.refreshTimer);
    for (const link of this.links.values()) link.stop(how);
  }

  /**
   * Read the full descriptor list. Connection intents follow it: a node that appeared is
   * connected, one that left is dropped, nothing else changes (R-STO-4). When the Store cannot be
   * read, the last fully-read list stays in force (R-STO-2).
   */
  refresh(): Promise<void> {
    if (!this.node.live()) return Promise.resolve();
    this.refreshing ??= (async () => {
      try {
        const change = await this.discovery.refresh();
        const wasDown = !this.storeReadable;
        this.storeReadable = true;
        // R-STO-4: the Store is back; connections follow the list's changes only.
        if (wasDown) this.rules.storeBack(this.keeper());
        for (const d of this.discovery.inMesh(this.node.mesh)) if (d.rid !== this.node.rid) this.ensureLink(d.rid);
        // R-STO-4: a node the list no longer has is dropped.
        if (this.rules.dropsRemoved(wasDown)) for (const rid of change.removed) this.dropLink(rid);
      } catch {
        this.storeReadable = false;
        this.discovery.fresh = false;
        // R-STO-2: the last fully-read list stays in force, and so do its connections; R-STO-4: the
        // list is read again, in full, once the Store answers.
        this.rules.storeUnreadable(this.keeper());
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** Read the list, then wait until the links to `peers` (every other node, by default) are ready. */
  async ready(peers?: Rid[]): Promise<void> {
    await this.refresh();
    if (!peers) {
      await Promise.all(this.otherLinks().map((l) => l.whenReady()));
      return;
    }
    // A peer the list does not have gets no connection intent: that is an error here, not a reason
    // to connect (R-STO-2: the Store may be unreachable).
    const missing = peers.filter((p) => !this.links.has(p));
    if (missing.length > 0) throw new Error(`${this.node.rid} has no connection intent to ${missing.join(', ')}: not in the descriptor list it read last`);
    await Promise.all(peers.map((p) => this.links.get(p)!.whenReady()));
  }

  /** Keep a connection intent to `rid` (connect now and after every loss). */
  ensureLink(rid: Rid): void {
    if (this.links.has(rid) || !this.node.live()) return;
    const link = new PeerLink(this.node, rid);
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

  /** What a Store outage may touch, as the mesh rules see it: links, the last list, its refresh. */
  private keeper(): ListKeeper {
    return {
      otherLinks: () => this.otherLinks(),
      dropLink: (rid) => this.dropLink(rid),
      forgetList: () => this.discovery.forget(),
      stopRefreshing: () => this.clock.clearTimer(this.refreshTimer),
    };
  }

  /** What the node's connection to `peer` looks like from here (ready only while the node is live). */
  peerView(peer: Rid): PeerView {
    const link = this.links.get(peer);
    if (!link) return { node: this.node.rid, peer, ready: false, history: [] };
    const v: PeerView = { node: this.node.rid, peer, ready: link.ready && this.node.live(), history: link.history.map((e) => ({ ...e })) };
    if (link.connectionId) v.connectionId = link.connectionId;
    if (link.address) v.address = link.address;
    return v;
  }
}
