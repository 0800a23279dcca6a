// A Driver over a node program (--impl "node:<cmd>", docs/node-program.md): the kit starts one OS
// process per node of the topology, each in a process group of its own, and owns everything
// between them. Every node is told its peers are at the kit's relays (one per direction of every
// link, src/harness/link-relay.ts), so the kit, not the runtime, carries out the faults:
//   crash     the relays of its links go silent, then SIGKILL to its process group
//   hang      SIGSTOP to its process group (and its strays), until every thread is stopped; its links held
//   restart   a new process with the same RID and nothing else (a new incarnation)
//   close     the relay of that one direction of that one link ends its connections (FIN or RST)
//   move      new relays for the links into the node, the new addresses told to its peers
//   impostor  its links reset, SIGKILL, then another process of the program at its address, with
//             another mesh's credential or another member's RID
// Failpoints fire inside a protocol step, which no outside action can hit: the node is asked, and
// the fault log (src/driver/scenario-log.ts) says it was self-reported.
// The journal and the results the application received are what the nodes notified, stamped by
// the kit on arrival; a killed incarnation's later lines are not accepted (node-child.ts).

import { randomBytes } from 'node:crypto';
import type { StartConfig } from '../../src/driver/node-program.ts';
import type {
  ChannelServerSpec, ChannelSpec, Description, Driver, Fault, FaultResult, JournalEntry, NodeOptions, NodeView,
  ObjectRecordView, OperationSpec, Outcome, PeerView, RelocationView, Rid, SessionView, StoreLogEntry, Topology,
} from '../../src/driver/types.ts';
import { LinkRelay } from '../../src/harness/link-relay.ts';
import { badSlowMs } from '../../impl-reference/harness/store-views.ts';
import { noteFault } from '../../src/driver/scenario-log.ts';
import type { FaultRecord } from '../../src/driver/fault-record.ts';
import { NodeProgramError, type Arrival, type NodeChild } from './node-child.ts';
import { describeProgram, NODE_CALL_TIMEOUT_MS, startChild } from './handshake.ts';
import { Evidence } from './evidence.ts';
import { ProgramStore } from './store.ts';
import { realClock } from '../../src/driver/clock.ts';
import { cryptoIds } from '../../src/driver/ids.ts';
import { isSessionOperation, type OwnerSessionView } from '../../src/driver/sessions.ts';
import { SessionClients, SessionInputError } from '../../impl-reference/sessions/client.ts';
import { clientCredential } from '../../impl-reference/sessions/protocol.ts';
import { tcpStreams } from '../../impl-reference/sessions/stream.ts';

/** Capabilities that need the Location Store: a run of a program that reports one gets the kit's Redis. */
const NEEDS_STORE = ['objects', 'instance-spots', 'store-faults', 'relocation', 'sessions'];

/** How long start and addNode wait for every peer connection to be ready. */
const PEERS_READY_WITHIN_MS = 5000;

/** What a node program process is given when it starts (docs/node-program.md, "Start configuration"). */

interface Slot {
  rid: Rid;
  mesh: string;
  incarnation: number;
  child?: NodeChild;
  /** Where its process listens now (relays into it point here). */
  address?: string;
  /** Not alive: crashed, replaced by an impostor, or shut down. */
  dead: boolean;
  /** Where it reaches the Location Store (its relay), if the program serves objects. */
  storeAt?: { address: string; namespace: string };
  /** Where its process's Session owner listens for clients (a port on 127.0.0.1), if it serves Sessions. */
  sessionPort?: number;
}

/**
 * Not alive: the kit crashed it, shut it down or replaced it, or its process ended by itself (a
 * failpoint that crashes the node kills its own process, as the reference's process backend does).
 */
function gone(s: Slot): boolean {
  return s.dead || s.child?.state === 'dead';
}

export class NodeProgramCluster implements Driver {
  private readonly slots = new Map<Rid, Slot>();
  private readonly meshes = new Map<string, { credential: string; options: NodeOptions; nodes: Rid[] }>();
  /** One relay per direction of every link: `${from}->${to}`. */
  private readonly relays = new Map<string, LinkRelay>();
  private readonly channels = new Map<string, ChannelSpec>();
  private readonly released = new Set<string>();
  /** Every process started for this cluster (earlier incarnations and impostors too): close ends them all. */
  private readonly children: NodeChild[] = [];
  private readonly evidence = new Evidence();
  /**
   * The last view each node gave of itself and of each peer. A stopped (hung) process cannot answer;
   * what it holds is what it held when it stopped, so that is what the kit shows for it.
   */
  private readonly lastViews = new Map<string, unknown>();
  private closed = false;
  /** The Location Store, once start() found the program serves objects. */
  private store?: ProgramStore;
  /** The topology's MessageFollowDuration, if it set one: every node gets it in its start configuration. */
  private messageFollowMs?: number;
  private defaultDeadlineMs = 2000;
  /** Notifications counted when the last journal barrier began (Evidence.arrivals). */
  private barrierMark = -1;
  /**
   * The kit's Session clients (spec 6): the kit itself is the client, outside the mesh, speaking the
   * reference's Session protocol (impl-reference/sessions/protocol.ts) to each node's Session port.
   * A crash or a hang of the owner is the kit's, from outside, as for every node.
   */
  private readonly clients = new SessionClients({
    clock: realClock,
    ids: cryptoIds,
    net: tcpStreams,
    defaultDeadlineMs: () => this.defaultDeadlineMs,
    endpoint: (rid) => {
      const s = this.slot(rid);
      return !gone(s) && s.child?.state === 'running' && s.sessionPort !== undefined ? { port: s.sessionPort } : undefined;
    },
    credential: (rid) => clientCredential(this.meshes.get(this.slot(rid).mesh)!.credential),
    ownerViews: async (rid, sessionIds) => {
      const s = this.slots.get(rid);
      if (!s || gone(s) || s.child?.state !== 'running') return [];
      return (await this.ask<OwnerSessionView[]>(s, 'sessionOwners', [sessionIds])) ?? [];
    },
    heldBy: async (sessionIds) => {
      const running = [...this.slots.values()].filter((s) => !gone(s) && s.child?.state === 'running');
      const open = await Promise.all(running.map((s) => this.ask<string[]>(s, 'holdsSessions', [sessionIds]).catch(() => undefined)));
      return running.map((s, i) => ({ node: s.rid, open: open[i] ?? [] }));
    },
  });

  constructor(private readonly command: string) {}

  describe(): Promise<Description> {
    return describeProgram(this.command);
  }

  // ---- topology ------------------------------------------------------------------------------

  async start(topology: Topology): Promise<void> {
    if (topology.messageFollowMs !== undefined) this.messageFollowMs = topology.messageFollowMs;
    this.defaultDeadlineMs = (await this.describe()).timings.defaultDeadlineMs;
    if (!this.store && (await this.describe()).capabilities.some((c) => NEEDS_STORE.includes(c))) this.store = new ProgramStore();
    const added: Slot[] = [];
    for (const m of topology.meshes) {
      const mesh = this.meshes.get(m.name) ?? { credential: randomBytes(16).toString('hex'), options: m.nodeOptions ?? {}, nodes: [] };
      this.meshes.set(m.name, mesh);
      for (const rid of m.nodes) {
        if (this.slots.has(rid)) throw new NodeProgramError(`node ${rid} already exists`);
        const slot: Slot = { rid, mesh: m.name, incarnation: 0, dead: false };
        this.slots.set(rid, slot);
        mesh.nodes.push(rid);
        added.push(slot);
      }
    }
    await this.linkUp(added);
    await Promise.all(added.map((s) => this.launch(s)));
    await Promise.all(added.map((s) => this.waitPeers(s)));
  }

  async addNode(mesh: string, rid: Rid): Promise<void> {
    if (this.slots.has(rid)) throw new NodeProgramError(`node ${rid} already exists`);
    // A node may be the first of a mesh start() did not bring up: the mesh begins with it.
    const m = this.meshes.get(mesh) ?? { credential: randomBytes(16).toString('hex'), options: {}, nodes: [] };
    this.meshes.set(mesh, m);
    const slot: Slot = { rid, mesh, incarnation: 0, dead: false };
    this.slots.set(rid, slot);
    m.nodes.push(rid);
    await this.linkUp([slot]);
    // Discovery: every running member hears where the new node is (its relay).
    await Promise.all(this.running(mesh, rid).map((s) => s.child!.call('discovery', { args: [{ [rid]: this.relay(s.rid, rid).address }] }, NODE_CALL_TIMEOUT_MS)));
    await this.launch(slot);
    await this.waitPeers(slot);
    // The members connect to it too, but a member that cannot read the Location Store now must not
    // (R-STO-2): their readiness is the scenario's to judge, not a condition of the join.
    await Promise.all(this.running(mesh, rid).map((s) => this.waitPeers(s, [rid]).catch(() => undefined)));
  }

  /** Relays for every direction of every link of the new nodes that has none yet. */
  private async linkUp(added: Slot[]): Promise<void> {
    const starting: Promise<string>[] = [];
    for (const s of added) {
      for (const other of this.meshes.get(s.mesh)!.nodes) {
        if (other === s.rid) continue;
        for (const key of [`${s.rid}->${other}`, `${other}->${s.rid}`]) {
          if (this.relays.has(key)) continue;
          const relay = new LinkRelay(key);
          this.relays.set(key, relay);
          relay.retarget(this.slots.get(key.split('->')[1])?.address);
          starting.push(relay.start());
        }
      }
    }
    await Promise.all(starting);
  }

  private relay(from: Rid, to: Rid): LinkRelay {
    const r = this.relays.get(`${from}->${to}`);
    if (!r) throw new NodeProgramError(`no link from ${from} to ${to}`);
    return r;
  }

  /** Relays whose connections end at the node (its peers' links to it), or start there. */
  private relaysOf(rid: Rid): { into: LinkRelay[]; out: LinkRelay[] } {
    const into: LinkRelay[] = [];
    const out: LinkRelay[] = [];
    for (const [key, r] of this.relays) {
      const [from, to] = key.split('->');
      if (to === rid) into.push(r);
      if (from === rid) out.push(r);
    }
    return { into, out };
  }

  private running(mesh: string, except?: Rid): Slot[] {
    return [...this.slots.values()].filter((s) => s.mesh === mesh && s.rid !== except && !s.dead && s.child?.state === 'running');
  }

  private config(slot: Slot): StartConfig {
    const mesh = this.meshes.get(slot.mesh)!;
    const peers: Record<Rid, string> = {};
    for (const other of mesh.nodes) if (other !== slot.rid) peers[other] = this.relay(slot.rid, other).address;
    return {
      rid: slot.rid,
      mesh: slot.mesh,
      incarnation: slot.incarnation,
      credential: mesh.credential,
      listen: '127.0.0.1:0',
      peers,
      nodeOptions: mesh.options,
      channels: [...this.channels.values()],
      releasedGates: [...this.released],
      ...(slot.storeAt ? { store: slot.storeAt } : {}),
      ...(this.messageFollowMs !== undefined ? { messageFollowMs: this.messageFollowMs } : {}),
    };
  }

  /** A new process for the slot (a new incarnation); relays into it point at where it listens. */
  private async launch(slot: Slot): Promise<void> {
    if (this.closed) throw new NodeProgramError('the cluster is closed');
    slot.incarnation++;
    const incarnation = slot.incarnation;
    const label = `${slot.rid}#${incarnation}`;
    const child = await startChild(label, this.command, (a: Arrival) => this.evidence.arrived(slot.rid, incarnation, a));
    this.children.push(child);
    slot.child = child;
    slot.dead = false;
    if (this.store) slot.storeAt ??= await this.store.configFor(slot.rid);
    const started = await child.call<{ address?: unknown; sessionPort?: unknown } | null>('start', { args: [this.config(slot)] }, NODE_CALL_TIMEOUT_MS);
    if (typeof started?.address !== 'string') throw new NodeProgramError(`node ${label}: start answered no address it listens at`);
    slot.address = started.address;
    slot.sessionPort = typeof started.sessionPort === 'number' ? started.sessionPort : undefined;
    for (const r of this.relaysOf(slot.rid).into) r.retarget(slot.address);
  }

  private async waitPeers(slot: Slot, peers?: Rid[]): Promise<void> {
    const names = peers ?? this.meshes.get(slot.mesh)!.nodes.filter((n) => n !== slot.rid && !gone(this.slots.get(n)!));
    if (names.length === 0) return;
    await this.live(slot.rid).call('waitPeers', { args: [names, PEERS_READY_WITHIN_MS] }, PEERS_READY_WITHIN_MS + NODE_CALL_TIMEOUT_MS);
  }

  private slot(rid: Rid): Slot {
    const s = this.slots.get(rid);
    if (!s) throw new NodeProgramError(`no node with RID ${rid}`);
    return s;
  }

  /** The node's process, which must be running. */
  private live(rid: Rid): NodeChild {
    const s = this.slot(rid);
    if (gone(s) || !s.child) throw new NodeProgramError(`node ${rid} is not alive`);
    return s.child;
  }

  /** A call to every running node (a hung one gets it when... never: it missed it, as a stopped process would). */
  private async everyone(method: string, args: unknown[]): Promise<void> {
    await Promise.all([...this.slots.values()].filter((s) => !s.dead && s.child?.state === 'running').map((s) => s.child!.call(method, { args }, NODE_CALL_TIMEOUT_MS)));
  }

  async configureNode(node: Rid, options: NodeOptions): Promise<void> {
    await this.live(node).call('configureNode', { args: [options] }, NODE_CALL_TIMEOUT_MS);
  }

  async addChannel(channel: ChannelSpec): Promise<void> {
    for (const s of channel.servers) this.slot(s.node);
    this.channels.set(channel.name, structuredClone(channel));
    await this.everyone('addChannel', [channel]);
  }

  async setServer(channel: string, server: ChannelServerSpec): Promise<void> {
    const c = this.channels.get(channel);
    if (!c) throw new NodeProgramError(`no channel named ${channel}`);
    const s = c.servers.find((x) => x.node === server.node);
    if (!s) throw new NodeProgramError(`${server.node} does not serve channel ${channel}`);
    if (server.weight !== undefined) s.weight = server.weight;
    if (server.state !== undefined) s.state = server.state;
    await this.everyone('setServer', [channel, server]);
  }

  // ---- operations ----------------------------------------------------------------------------

  async submit(op: OperationSpec): Promise<{ opId: string }> {
    if (isSessionOperation(op)) {
      try {
        return this.clients.submit(op);
      } catch (e) {
        throw e instanceof SessionInputError ? new NodeProgramError(e.message) : e;
      }
    }
    const from = (op as { from?: Rid }).from;
    if (typeof from !== 'string') throw new NodeProgramError(`operation kind ${op.kind} has no calling node`);
    const slot = this.slot(from);
    const r = await this.live(from).call<{ opId?: unknown }>('submit', { args: [op] }, NODE_CALL_TIMEOUT_MS);
    if (typeof r?.opId !== 'string') throw new NodeProgramError(`node ${from}: submit answered no opId`);
    this.evidence.started(r.opId, from, slot.incarnation);
    return { opId: r.opId };
  }

  outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    if (this.clients.owns(opId)) return this.clients.outcome(opId, waitMs);
    return this.evidence.outcome(opId, waitMs);
  }

  async cancel(opId: string): Promise<void> {
    if (this.clients.owns(opId)) return this.clients.cancel(opId);
    const by = this.evidence.startedBy(opId);
    if (!by) throw new NodeProgramError(`no operation ${opId}`);
    const s = this.slot(by.rid);
    if (s.incarnation !== by.incarnation || s.dead) return; // the process that started it is gone
    await this.live(by.rid).call('cancel', { args: [opId] }, NODE_CALL_TIMEOUT_MS);
  }

  async shutdown(node: Rid): Promise<void> {
    const s = this.slot(node);
    await this.live(node).call('shutdown', { args: [] }, NODE_CALL_TIMEOUT_MS);
    s.dead = true;
  }

  async releaseGate(gate: string): Promise<void> {
    this.released.add(gate);
    await this.everyone('releaseGate', [gate]);
  }

  // ---- observations --------------------------------------------------------------------------

  async peer(node: Rid, peer: Rid): Promise<PeerView> {
    const s = this.slot(node);
    this.slot(peer);
    // A dead process has no connections; what its earlier incarnation saw went with it.
    if (s.dead || !s.child || s.child.state === 'dead') return { node, peer, ready: false, history: [] };
    const key = `peer ${node} ${peer} ${s.incarnation}`;
    if (s.child.state === 'hung' && this.lastViews.has(key)) return this.lastViews.get(key) as PeerView;
    const view = await this.ask<PeerView>(s, 'peer', [peer]);
    if (!view) return { node, peer, ready: false, history: [] };
    this.lastViews.set(key, view);
    return view;
  }

  /**
   * A view asked of the node's process; undefined when the process ended while it was asked (a
   * failpoint that crashes the node kills its own process): a dead process has no view.
   */
  private async ask<T>(s: Slot, method: string, args: unknown[]): Promise<T | undefined> {
    const child = s.child!;
    try {
      return await child.call<T>(method, { args }, NODE_CALL_TIMEOUT_MS);
    } catch (e) {
      if (child.state === 'dead') return undefined;
      throw e;
    }
  }

  async node(node: Rid): Promise<NodeView> {
    const s = this.slot(node);
    const options = this.meshes.get(s.mesh)!.options;
    const dead: NodeView = { rid: node, alive: false, host: 'Ready', queue: { depth: 0, capacity: options.queueCapacity ?? 0, running: 0, workers: options.workers ?? 0 } };
    if (s.dead || !s.child || s.child.state === 'dead') return dead;
    const key = `node ${node} ${s.incarnation}`;
    if (s.child.state === 'hung' && this.lastViews.has(key)) return { ...(this.lastViews.get(key) as NodeView), rid: node, alive: true };
    const view = await this.ask<NodeView>(s, 'node', []);
    if (!view) return dead;
    this.lastViews.set(key, view);
    // Alive is the kit's to say: the process is there.
    return { ...view, rid: node, alive: true };
  }

  async journal(): Promise<JournalEntry[]> {
    await this.journalBarrier();
    return this.evidence.journal();
  }

  /**
   * Every line a running node wrote before this moment, read. Lines from different processes come
   * on different pipes: A's result of a message may arrive before C's journal line of running it,
   * though C wrote it (and flushed) before it replied. A round trip on each running node's own
   * stdio orders the two: its answer comes after every line it wrote earlier. A hung node cannot
   * answer and writes nothing new; a dead one has no more lines to send.
   * A read with nothing new from any node since the last barrier began needs none: what the kit
   * judges by (a result, a journal line, a Store call) comes as a notification, so a poll of the
   * journal in a quiet window costs no round trip.
   */
  private async journalBarrier(): Promise<void> {
    const mark = this.evidence.arrivals;
    if (mark === this.barrierMark) return;
    const running = [...this.slots.values()].filter((s) => !gone(s) && s.child?.state === 'running');
    await Promise.all(running.map(async (s) => {
      const child = s.child!;
      try {
        await child.call('node', { args: [] }, NODE_CALL_TIMEOUT_MS);
      } catch (e) {
        if (child.state === 'running') throw e; // a process that stopped or died meanwhile has said all it will
      }
    }));
    this.barrierMark = mark;
  }

  /** The journal with each line's incarnation (a restarted node's lines are told apart). */
  evidenceLines() {
    return this.evidence.lines();
  }

  async storeLog(): Promise<StoreLogEntry[]> {
    return this.evidence.storeLog();
  }

  private programStore(what: string): ProgramStore {
    if (!this.store) throw new NodeProgramError(`${what}: this node program reports no capability that needs the Location Store`);
    return this.store;
  }

  lookup(objectId: string): Promise<ObjectRecordView> {
    return this.programStore('lookup').lookup(objectId);
  }

  relocation(objectId: string): Promise<RelocationView | null> {
    return this.programStore('relocation').relocation(objectId);
  }

  session(client: string): Promise<SessionView> {
    return this.clients.view(client);
  }

  // ---- faults --------------------------------------------------------------------------------

  async fault(fault: Fault): Promise<FaultResult> {
    // The kit's clock when it starts to act: whatever the runtime does about the fault comes after
    // this (a crashed node's peers may notice before the SIGKILLed process is reaped).
    const at = Date.now();
    const note = (how: FaultRecord['how'], means: string, peer?: Rid) => noteFault({ kind: fault.kind, node: 'node' in fault ? fault.node : undefined, peer, how, means });
    switch (fault.kind) {
      case 'crash': {
        const s = this.slot(fault.node);
        await this.crash(s);
        note('outside', 'its links went silent, then SIGKILL to its process group');
        break;
      }
      case 'hang': {
        const child = this.live(fault.node);
        await child.freeze();
        // Held too: a process of the node that escaped the SIGSTOP still reaches nobody.
        const { into, out } = this.relaysOf(fault.node);
        for (const r of [...into, ...out]) r.hold(true);
        note('outside', 'SIGSTOP to its process group (and to any process of it that left the group), every thread stopped; the relays of its links held');
        break;
      }
      case 'restart': {
        const s = this.slot(fault.node);
        if (!gone(s)) throw new NodeProgramError(`node ${s.rid} is running; only a crashed node can be restarted`);
        await this.launch(s);
        note('outside', `a new process (incarnation ${s.incarnation}) with the same RID and nothing else`);
        break;
      }
      case 'close-connection': {
        this.slot(fault.peer);
        const n = this.relay(fault.node, fault.peer).close(fault.mode === 'orderly' ? 'orderly' : 'error');
        if (n === 0) throw new NodeProgramError(`no connection from ${fault.node} to ${fault.peer}`);
        note('outside', `the kit's relay of ${fault.node}->${fault.peer} ended its connection with ${fault.mode === 'orderly' ? 'a FIN' : 'an RST'}`, fault.peer);
        break;
      }
      case 'move':
        await this.move(this.slot(fault.node));
        note('outside', "new relays for every link into it, their addresses published to its peers, the old connections closed orderly");
        break;
      case 'impostor':
        await this.impostor(this.slot(fault.node), fault.as);
        note('outside', `its links reset, SIGKILL, then another process of the program at its address ${fault.as ? `proving to be ${fault.as}` : 'without the mesh credential'}`);
        break;
      case 'store-down':
      case 'store-up':
      case 'store-slow': {
        const store = this.programStore(fault.kind);
        const rid = fault.node === undefined ? undefined : this.slot(fault.node).rid;
        const whom = rid ?? 'every node';
        if (fault.kind === 'store-down') {
          store.down(rid);
          note('outside', `the kit's Store relay of ${whom} reset its connections and refuses new ones`);
        } else if (fault.kind === 'store-up') {
          store.up(rid);
          note('outside', `the kit's Store relay of ${whom} healed`);
          await this.storeBackInside(rid);
        } else {
          const bad = badSlowMs(fault.ms);
          if (bad) throw new NodeProgramError(bad);
          store.slow(rid, fault.ms, fault.replies ?? false);
          note('outside', `the kit's Store relay of ${whom} holds every ${fault.replies ? 'answer' : 'call'} ${fault.ms} ms`);
        }
        break;
      }
      case 'deregister': {
        const s = this.slot(fault.node);
        if (!(await this.programStore('deregister').deregister(s.rid))) throw new NodeProgramError(`the descriptor of ${s.rid} changed while it was removed`);
        note('outside', "the kit removed its descriptor from the Location Store with a client of its own");
        break;
      }
      case 'failpoint': {
        const r = await this.live(fault.node).call<FaultResult>('fault', { args: [fault] }, NODE_CALL_TIMEOUT_MS);
        note('self-reported', `failpoint ${fault.name}, armed by the node itself`, fault.peer);
        return r;
      }
      default:
        throw new NodeProgramError(`unknown fault ${(fault as { kind: string }).kind}`);
    }
    return { at };
  }

  /**
   * A program with the failpoint store.reply-lost-then-cut-off cut itself off from the Store inside
   * (the failpoint fires within a Store call, where no relay can): it hears that the Store answers
   * it again, as a `fault` of kind store-up, after its relay healed.
   */
  private async storeBackInside(rid: Rid | undefined): Promise<void> {
    if (!(await this.describe()).failpoints.includes('store.reply-lost-then-cut-off')) return;
    const nodes = [...this.slots.values()].filter((s) => (rid === undefined || s.rid === rid) && !gone(s) && s.child?.state === 'running');
    await Promise.all(nodes.map((s) => s.child!.call('fault', { args: [{ kind: 'store-up', node: s.rid }] }, NODE_CALL_TIMEOUT_MS)));
  }

  private async crash(s: Slot): Promise<void> {
    if (gone(s) || !s.child) throw new NodeProgramError(`node ${s.rid} is not alive`);
    s.dead = true;
    // No goodbye on any connection: its peers' connections go half-open, as if the host vanished
    // (the kernel would otherwise close its sockets with a FIN its peers could take for one).
    const { into, out } = this.relaysOf(s.rid);
    // New connections into it are refused from now on, as by a port nobody listens on: a peer that
    // dials it before the SIGKILL has landed (finding its strays takes a while) reaches nothing.
    for (const r of into) r.retarget(undefined);
    for (const r of [...into, ...out]) {
      r.silence();
      r.hold(false); // a crashed node that was hung: silent now, and a restart's connections go through
    }
    // In effect once the signal is sent (nothing more is accepted from it from then on); the
    // reaping is not waited for: a scenario crashes two nodes one after the other, and the second
    // crash's time must not come after the first one's consequences (close() waits for it).
    void s.child.kill();
  }

  private async move(s: Slot): Promise<void> {
    if (gone(s)) throw new NodeProgramError(`node ${s.rid} is not alive`);
    const old = this.relaysOf(s.rid).into;
    for (const r of old) {
      const [from] = r.label.split('->');
      const moved = new LinkRelay(r.label);
      moved.retarget(s.address);
      await moved.start();
      this.relays.set(r.label, moved);
      const peer = this.slots.get(from)!;
      if (!peer.dead && peer.child?.state === 'running') await peer.child.call('discovery', { args: [{ [s.rid]: moved.address }] }, NODE_CALL_TIMEOUT_MS);
      r.close('orderly');
      void r.stop();
    }
  }

  private async impostor(s: Slot, as: Rid | undefined): Promise<void> {
    if (as !== undefined) this.slot(as);
    if (gone(s) || !s.child) throw new NodeProgramError(`node ${s.rid} is not alive`);
    s.dead = true;
    const { into, out } = this.relaysOf(s.rid);
    // Until the impostor listens, a reconnect into it is refused: the reset below makes its peers
    // dial again within a reconnect backoff, before the SIGKILL has landed, and they must not reach
    // the real node (reconnect.feature:31 changed between CI's certification runs; test/reference-node-
    // program.test.ts holds the kill back and shows a peer completing a handshake with the real node).
    for (const r of into) r.retarget(undefined);
    for (const r of [...into, ...out]) {
      r.close('error');
      r.hold(false);
    }
    await s.child.kill();
    const claims = as ?? s.rid;
    const mesh = this.meshes.get(s.mesh)!;
    const child = await startChild(`impostor@${s.rid}`, this.command, () => {});
    this.children.push(child);
    const config: StartConfig = {
      ...this.config(s),
      rid: claims,
      incarnation: 0,
      credential: as ? mesh.credential : randomBytes(16).toString('hex'),
      peers: {}, // it calls nobody; it only answers at the address
      store: undefined, // nor does it touch the Store: the member it plays still holds its lease there
    };
    const started = await child.call<{ address?: unknown }>('start', { args: [config] }, NODE_CALL_TIMEOUT_MS);
    if (typeof started?.address !== 'string') throw new NodeProgramError(`impostor at ${s.rid}: start answered no address`);
    for (const r of into) r.retarget(started.address);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clients.close();
    await Promise.all(this.children.map((c) => c.end()));
    await Promise.all([...this.relays.values()].map((r) => r.stop()));
    await this.store?.close();
    this.evidence.close();
  }
}
