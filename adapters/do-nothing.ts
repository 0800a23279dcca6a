// Do-nothing implementations: Drivers that answer every call validly (well-formed values of the
// right types, never throwing for valid input, every capability and failpoint reported, the
// reference's timings) but do nothing useful. The suite must fail each of them on every ID; they
// exist to find scenarios that a runtime can pass without doing the work.
//
// - refuse:    accepts nothing. Every operation fails at once (Unavailable), every plausible target
//              refused it; nothing is journalled, peers are not ready, hosts are in Error, records
//              are Missing, Session clients have no connection.
// - reply:     replies to every operation at once (the payload's value) without running a handler;
//              the journal holds only results; peers and hosts look healthy; faults do nothing.
// - fabricate: like reply, plus made-up evidence: a handler run on the obvious target for every
//              operation, factory runs for creates and first Instance-intent messages, timer runs,
//              Ready records owned by the node named at creation (generation 1), a committed
//              relocation, plausible Store log entries and Session views. Gates and faults do nothing.

import { randomUUID } from 'node:crypto';
import type {
  AppPayload,
  Attempt,
  ChannelServerSpec,
  ChannelSpec,
  Description,
  Driver,
  Fault,
  FaultResult,
  FactoryInput,
  JournalEntry,
  NodeOptions,
  NodeView,
  ObjectKind,
  ObjectRecordView,
  OperationSpec,
  Outcome,
  PeerEvent,
  PeerView,
  RelocationView,
  Rid,
  StoreLogEntry,
  Topology,
} from '../src/driver/types.ts';
import { CAPABILITIES } from '../src/driver/types.ts';
import { DO_NOTHING, isDoNothing, type DoNothingName } from './records.ts';
import { FAILPOINT_NAMES } from '../src/driver/failpoints.ts';
import type { BindingView, ClientBinding, ClientConnectionView, SessionOperationSpec, SessionView } from '../src/driver/sessions.ts';
import { isSessionOperation } from '../src/driver/sessions.ts';
import { EMBEDDED_TIMINGS } from '../impl-reference/harness/embedded-cluster.ts';
import { VERSION } from '../impl-reference/harness/errors.ts';

export { DO_NOTHING, isDoNothing, type DoNothingName };

export function openDoNothing(name: string): Driver {
  if (!isDoNothing(name)) throw new Error(`unknown do-nothing implementation "${name}" (known: ${DO_NOTHING.join(', ')})`);
  return new DoNothing(name);
}

type JournalInput = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, 'seq' | 'at'> : never) : never;

interface FakeObject {
  objectId: string;
  kind: ObjectKind;
  owner: Rid;
  input: unknown;
  firstMessage?: { opId: string; payload: unknown };
  members?: Rid[];
  storeVersion: number;
}

interface FakeConnection {
  index: number;
  node: Rid;
  sessionId: string;
  open: boolean;
  authenticated: boolean;
  bindings: Array<ClientBinding & { state: 'bound' | 'unbound'; at: number; unboundAt?: number }>;
}

class DoNothing implements Driver {
  private readonly nodes = new Map<Rid, { mesh: string; startedAt: number; options: Required<NodeOptions> }>();
  private readonly channels = new Map<string, ChannelSpec>();
  private readonly outcomes = new Map<string, Outcome>();
  private readonly entries: JournalEntry[] = [];
  private readonly store: StoreLogEntry[] = [];
  private readonly objects = new Map<string, FakeObject>();
  private readonly relocations = new Map<string, RelocationView>();
  private readonly connectionIds = new Map<string, string>();
  private readonly clients = new Map<string, FakeConnection[]>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly mode: DoNothingName) {}

  private get replies(): boolean {
    return this.mode !== 'refuse';
  }

  private get fabricates(): boolean {
    return this.mode === 'fabricate';
  }

  async describe(): Promise<Description> {
    return {
      name: `spotcheck-do-nothing (${this.mode})`,
      version: VERSION,
      backend: 'embedded',
      capabilities: [...CAPABILITIES],
      timings: { ...EMBEDDED_TIMINGS },
      failpoints: [...FAILPOINT_NAMES],
    };
  }

  // ---- topology: remembered, never run --------------------------------------------------------

  async start(topology: Topology): Promise<void> {
    for (const mesh of topology.meshes) for (const rid of mesh.nodes) this.addNodeNow(mesh.name, rid, mesh.nodeOptions);
  }

  async addNode(mesh: string, rid: Rid): Promise<void> {
    this.addNodeNow(mesh, rid);
  }

  private addNodeNow(mesh: string, rid: Rid, options?: NodeOptions): void {
    this.nodes.set(rid, { mesh, startedAt: Date.now(), options: { queueCapacity: options?.queueCapacity ?? 16, workers: options?.workers ?? 4 } });
  }

  async addChannel(channel: ChannelSpec): Promise<void> {
    this.channels.set(channel.name, structuredClone(channel));
  }

  async setServer(channel: string, server: ChannelServerSpec): Promise<void> {
    const s = this.channels.get(channel)?.servers.find((x) => x.node === server.node);
    if (!s) return;
    if (server.weight !== undefined) s.weight = server.weight;
    if (server.state !== undefined) s.state = server.state;
  }

  async configureNode(rid: Rid, options: NodeOptions): Promise<void> {
    const n = this.nodes.get(rid);
    if (!n) return;
    if (options.queueCapacity !== undefined) n.options.queueCapacity = options.queueCapacity;
    if (options.workers !== undefined) n.options.workers = options.workers;
  }

  // ---- operations: each ends at once ----------------------------------------------------------

  async submit(op: OperationSpec): Promise<{ opId: string }> {
    if (isSessionOperation(op)) return this.submitSession(op);
    const opId = `${op.from}-${randomUUID()}`;
    const targets = this.targetsOf(op);
    if (!this.replies) {
      this.finish(opId, { opId, status: 'failure', errorKind: 'Unavailable', attempts: targets.map((t) => this.attempt(op.from, t, 'no')) });
      return { opId };
    }
    const target = targets[0];
    if (this.fabricates) this.fabricate(opId, op, target);
    this.finish(opId, { opId, status: 'reply', reply: this.replyOf(op, target), attempts: target ? [this.attempt(op.from, target, 'yes')] : [] });
    this.record({ kind: 'result', node: op.from, opId, status: 'reply' });
    return { opId };
  }

  /** Every node the operation could plausibly go to; the first is the obvious one. */
  private targetsOf(op: Exclude<OperationSpec, SessionOperationSpec>): Rid[] {
    const known = 'objectId' in op ? this.objects.get(op.objectId)?.owner : undefined;
    let list: Array<Rid | undefined>;
    switch (op.kind) {
      case 'channel-request':
        list = (this.channels.get(op.channel)?.servers ?? []).map((s) => s.node);
        break;
      case 'node-direct':
        list = [op.to];
        break;
      case 'create':
        list = [op.on];
        break;
      case 'object-message':
        list = [op.via, known, op.instanceIntent ? (op.activateOn ?? op.from) : undefined, op.from];
        break;
      case 'relocate':
        list = [known ?? op.from, op.target];
        break;
      case 'close':
      case 'join':
        list = [known ?? op.from];
        break;
    }
    return [...new Set(list.filter((t): t is Rid => t !== undefined))];
  }

  private replyOf(op: Exclude<OperationSpec, SessionOperationSpec>, target: Rid | undefined): unknown {
    switch (op.kind) {
      case 'channel-request':
      case 'node-direct':
      case 'object-message':
        return op.payload.value;
      case 'create':
        return { objectId: op.objectId, generation: 1, owner: op.on };
      case 'close':
        return { objectId: op.objectId, generation: op.generation };
      case 'join':
        return { objectId: op.objectId, generation: op.generation, members: this.objects.get(op.objectId)?.members ?? [target ?? op.from, op.member] };
      case 'relocate':
        return { objectId: op.objectId, generation: op.generation ?? 1, owner: op.target };
    }
  }

  /** fabricate: the evidence a working runtime would have left. */
  private fabricate(opId: string, op: Exclude<OperationSpec, SessionOperationSpec>, target: Rid | undefined): void {
    const on = target ?? op.from;
    switch (op.kind) {
      case 'channel-request':
      case 'node-direct':
        this.record({ kind: 'handler', node: on, opId, input: op.payload });
        return;
      case 'create': {
        const existing = this.objects.get(op.objectId);
        this.storeCall(op.on, 'change', op.objectId, existing?.storeVersion ?? 0);
        if (!existing) this.newObject({ objectId: op.objectId, kind: op.objectKind, owner: op.on, input: op.input, members: op.objectKind === 'user-spot' ? [op.on] : undefined });
        this.record({ kind: 'factory', node: op.on, objectId: op.objectId, generation: 1, input: op.input });
        return;
      }
      case 'object-message': {
        if (!op.via) this.storeCall(op.from, 'read', op.objectId);
        if (!this.objects.has(op.objectId) && op.instanceIntent) {
          const input = op.factoryInput ?? {};
          this.storeCall(on, 'change', op.objectId, 0);
          this.newObject({ objectId: op.objectId, kind: 'instance-spot', owner: on, input, firstMessage: { opId, payload: op.payload } });
          this.record({ kind: 'factory', node: on, objectId: op.objectId, generation: 1, input });
        }
        this.record({ kind: 'handler', node: on, opId, input: op.payload, objectId: op.objectId, generation: 1 });
        return;
      }
      case 'close':
      case 'join': {
        this.storeCall(op.from, 'read', op.objectId);
        const obj = this.objects.get(op.objectId);
        if (obj) this.storeCall(on, 'change', op.objectId, obj.storeVersion);
        if (obj && op.kind === 'join' && obj.members && !obj.members.includes(op.member)) obj.members.push(op.member);
        return;
      }
      case 'relocate': {
        this.storeCall(op.from, 'read', op.objectId);
        const obj = this.objects.get(op.objectId);
        if (obj) this.storeCall(op.target, 'change', op.objectId, obj.storeVersion);
        this.relocations.set(op.objectId, { id: randomUUID(), objectId: op.objectId, generation: op.generation ?? 1, source: on, target: op.target, stage: 'committed' });
        this.record({ kind: 'lifecycle', node: op.target, objectId: op.objectId, generation: 1, event: 'relocated-in', ok: true });
        return;
      }
    }
  }

  private newObject(obj: Omit<FakeObject, 'storeVersion'>): void {
    this.objects.set(obj.objectId, { ...obj, storeVersion: 1 });
    const tickMs = (obj.input as FactoryInput | undefined)?.tickMs;
    if (typeof tickMs === 'number' && tickMs > 0) {
      const timer = setInterval(() => this.record({ kind: 'timer', node: obj.owner, objectId: obj.objectId, generation: 1 }), tickMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  private storeCall(node: Rid, op: 'read' | 'change', objectId: string, expectedVersion?: number): void {
    const key = `obj/${objectId}`;
    const version = this.objects.get(objectId)?.storeVersion ?? 0;
    if (op === 'read') {
      this.store.push({ seq: this.store.length + 1, at: Date.now(), node, op, key, version, result: 'ok' });
      return;
    }
    const obj = this.objects.get(objectId);
    if (obj) obj.storeVersion += 1;
    this.store.push({ seq: this.store.length + 1, at: Date.now(), node, op, key, expectedVersion: expectedVersion ?? version, version: obj ? obj.storeVersion : 1, result: 'applied' });
  }

  private attempt(from: Rid | undefined, target: Rid, accepted: 'yes' | 'no'): Attempt {
    const a: Attempt = { target, accepted, reason: accepted === 'yes' ? 'accepted' : 'refused' };
    if (from !== undefined && from !== target) a.connectionId = this.connectionId(from, target);
    return a;
  }

  private connectionId(node: Rid, peer: Rid): string {
    const key = `${node}->${peer}`;
    if (!this.connectionIds.has(key)) this.connectionIds.set(key, randomUUID());
    return this.connectionIds.get(key)!;
  }

  private finish(opId: string, outcome: Outcome): void {
    this.outcomes.set(opId, outcome);
  }

  private record(entry: JournalInput): void {
    if (this.mode === 'refuse') return;
    if (this.mode === 'reply' && entry.kind !== 'result') return;
    this.entries.push({ seq: this.entries.length + 1, at: Date.now(), ...entry } as JournalEntry);
  }

  async outcome(opId: string, _waitMs: number): Promise<Outcome | null> {
    const o = this.outcomes.get(opId);
    if (!o) throw new Error(`no operation ${opId}`);
    return structuredClone(o);
  }

  async cancel(opId: string): Promise<void> {
    if (!this.outcomes.has(opId)) throw new Error(`no operation ${opId}`);
  }

  async shutdown(_node: Rid): Promise<void> {}

  async releaseGate(_gate: string): Promise<void> {}

  // ---- Sessions ------------------------------------------------------------------------------

  private submitSession(op: SessionOperationSpec): { opId: string } {
    const opId = `${op.client}-${randomUUID()}`;
    const list = this.clients.get(op.client) ?? [];
    const conn = op.kind === 'session-connect' ? undefined : op.connection !== undefined ? list[op.connection - 1] : list[list.length - 1];
    if (!this.replies) {
      const target = op.kind === 'session-connect' ? op.node : conn?.node;
      this.finish(opId, { opId, status: 'failure', errorKind: 'Unavailable', attempts: target ? [this.attempt(undefined, target, 'no')] : [] });
      return { opId };
    }
    const done = (reply: unknown, attempts: Attempt[] = []) => this.finish(opId, { opId, status: 'reply', reply, attempts });
    switch (op.kind) {
      case 'session-connect': {
        const c: FakeConnection = { index: list.length + 1, node: op.node, sessionId: randomUUID(), open: true, authenticated: false, bindings: [] };
        list.push(c);
        this.clients.set(op.client, list);
        done({ sessionId: c.sessionId, node: op.node, connection: c.index });
        break;
      }
      case 'session-authenticate':
        if (conn) conn.authenticated = true;
        done({ sessionId: conn?.sessionId ?? randomUUID() });
        break;
      case 'session-bind': {
        const route = this.objects.get(op.objectId)?.owner ?? conn?.node ?? '';
        const binding: ClientBinding = { token: randomUUID(), objectId: op.objectId, generation: 1, route };
        conn?.bindings.push({ ...binding, state: 'bound', at: Date.now() });
        done(binding);
        break;
      }
      case 'session-relay': {
        const binding = this.bindingNamed(op.bindingToken);
        const route = binding?.route ?? conn?.node;
        if (this.fabricates && route) this.record({ kind: 'handler', node: route, opId, input: op.payload as AppPayload, ...(binding ? { objectId: binding.objectId, generation: 1 } : {}) });
        done(op.payload.value, route ? [this.attempt(conn?.node, route, 'yes')] : []);
        break;
      }
      case 'session-unbind': {
        const binding = this.bindingNamed(op.bindingToken);
        if (binding) {
          binding.state = 'unbound';
          binding.unboundAt = Date.now();
        }
        done({});
        break;
      }
      case 'session-send-line':
        done({});
        break;
      case 'session-disconnect':
        if (conn) conn.open = false;
        done({});
        break;
    }
    return { opId };
  }

  private bindingNamed(token: string) {
    for (const list of this.clients.values()) for (const c of list) for (const b of c.bindings) if (b.token === token) return b;
    return undefined;
  }

  async session(client: string): Promise<SessionView> {
    const connections = (this.clients.get(client) ?? []).map((c): ClientConnectionView => {
      const view: ClientConnectionView = {
        connection: c.index,
        node: c.node,
        open: c.open,
        sessionId: c.sessionId,
        bindings: c.bindings.map(({ token, objectId, generation, route }) => ({ token, objectId, generation, route })),
        updates: [],
        foreign: [],
        protocolErrors: [],
        heldBy: [],
      };
      if (!c.open) view.closedBy = 'client';
      if (this.fabricates) {
        view.heldBy = c.open ? [c.node] : [];
        view.atOwner = {
          sessionId: c.sessionId,
          node: c.node,
          client,
          state: c.open ? 'open' : 'ended',
          authenticated: c.authenticated,
          bindings: c.bindings.map((b): BindingView => ({
            token: b.token,
            objectId: b.objectId,
            generation: b.generation,
            route: b.route,
            location: { owner: b.route, generation: b.generation },
            state: b.state,
            history: [
              { event: 'bound', route: b.route, generation: b.generation, at: b.at },
              ...(b.unboundAt !== undefined ? [{ event: 'unbound' as const, route: b.route, generation: b.generation, at: b.unboundAt }] : []),
            ],
          })),
        };
      }
      return view;
    });
    return { client, connections };
  }

  // ---- observations --------------------------------------------------------------------------

  async peer(node: Rid, peer: Rid): Promise<PeerView> {
    if (!this.replies) return { node, peer, ready: false, history: [] };
    const connectionId = this.connectionId(node, peer);
    const address = `mem://${peer}`;
    const at = Math.max(this.nodes.get(node)?.startedAt ?? 0, this.nodes.get(peer)?.startedAt ?? 0);
    const history: PeerEvent[] = [
      { event: 'handshake', connectionId, address, verifiedRid: peer, at },
      { event: 'ready', connectionId, address, at },
    ];
    return { node, peer, ready: true, connectionId, address, history };
  }

  async node(rid: Rid): Promise<NodeView> {
    const options = this.nodes.get(rid)?.options ?? { queueCapacity: 16, workers: 4 };
    return {
      rid,
      alive: this.replies,
      host: this.replies ? 'Ready' : 'Error',
      queue: { depth: 0, capacity: options.queueCapacity, running: 0, workers: options.workers },
    };
  }

  async journal(): Promise<JournalEntry[]> {
    return structuredClone(this.entries);
  }

  async lookup(objectId: string): Promise<ObjectRecordView> {
    const obj = this.fabricates ? this.objects.get(objectId) : undefined;
    if (!obj) return { objectId, state: 'Missing', generation: 0, storeVersion: 0, leaseValid: false };
    const view: ObjectRecordView = {
      objectId,
      state: 'Ready',
      kind: obj.kind,
      owner: obj.owner,
      generation: 1,
      storeVersion: obj.storeVersion,
      leaseValid: true,
      creation: { input: structuredClone(obj.input), ...(obj.firstMessage ? { firstMessage: structuredClone(obj.firstMessage) } : {}) },
    };
    if (obj.kind === 'instance-spot') view.firstMessageRestored = true;
    if (obj.members) view.members = [...obj.members];
    return view;
  }

  async relocation(objectId: string): Promise<RelocationView | null> {
    const r = this.relocations.get(objectId);
    return r ? { ...r } : null;
  }

  async storeLog(): Promise<StoreLogEntry[]> {
    return this.store.map((e) => ({ ...e }));
  }

  // ---- faults: accepted, nothing happens ------------------------------------------------------

  async fault(_fault: Fault): Promise<FaultResult> {
    return { at: Date.now() };
  }

  async close(): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
  }
}
