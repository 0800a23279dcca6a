// The kit's Session test client, as the embedded Driver runs it: named clients outside the
// Framework, each holding STREAM connections (stream.ts) to Session owners and speaking the JSON-lines
// protocol of protocol.ts. Every Session operation the Driver is given runs here and ends with one
// Outcome (an Operation, like every other operation of the embedded cluster). The client records
// what it was given on each connection, so a scenario can tell what reached which Session.
// The client is the kit's instrument, not the runtime under test: no mutant ever bends it.

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { Attempt, ErrorKind, Outcome, Rid } from '../../src/driver/types.ts';
import type { ClientBinding, ClientConnectionView, OwnerSessionView, PushedFrame, SessionOperationSpec, SessionView } from '../../src/driver/sessions.ts';
import { Operation } from '../kernel/operation.ts';
import { OutcomeBook } from '../kernel/outcome-book.ts';
import { authProof, encode, isRecord, LineReader, type WireFrame } from './protocol.ts';
import type { StreamNet, StreamSocket } from './stream.ts';

export class SessionInputError extends Error {}

export interface SessionClientsContext {
  clock: Clock;
  ids: Ids;
  /** How the clients reach Session owners. */
  net: StreamNet;
  defaultDeadlineMs(): number;
  /** Where the node's Session server listens; undefined when the node does not run (throws for an unknown node). */
  endpoint(node: Rid): { port: number } | undefined;
  /** The client credential of the node's mesh (what a legitimate client is configured with). */
  credential(node: Rid): string;
  /** The Sessions with these IDs that the running process of `node` holds, as it holds them. */
  ownerViews(node: Rid, sessionIds: string[]): Promise<OwnerSessionView[]>;
  /** For each running node, which of these Session IDs it holds open. */
  heldBy(sessionIds: string[]): Promise<Array<{ node: Rid; open: string[] }>>;
}

const ERROR_KINDS: readonly string[] = ['NotFound', 'Unavailable', 'Busy', 'HandlerError', 'AlreadyExists', 'GenerationMismatch', 'RelocationFailed', 'BindingEnded', 'Unauthenticated'];

type Answer = WireFrame | 'lost';

class ClientConnection {
  open = false;
  closedBy?: 'client' | 'owner';
  sessionId?: string;
  nonce?: string;
  readonly bindings: ClientBinding[] = [];
  readonly updates: PushedFrame[] = [];
  readonly foreign: PushedFrame[] = [];
  private readonly pending = new Map<string, (a: Answer) => void>();
  private welcomed!: (ok: boolean) => void;
  readonly welcome = new Promise<boolean>((r) => (this.welcomed = r));
  private closedSignal!: () => void;
  readonly closed = new Promise<void>((r) => (this.closedSignal = r));

  constructor(
    readonly index: number,
    readonly node: Rid,
    readonly socket: StreamSocket,
  ) {
    this.open = true;
    const reader = new LineReader(
      (line) => this.onLine(line),
      () => socket.destroy(),
    );
    socket.on('data', (chunk: string) => reader.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      this.open = false;
      this.closedBy ??= 'owner';
      this.welcomed(false);
      for (const settle of this.pending.values()) settle('lost');
      this.pending.clear();
      this.closedSignal();
    });
  }

  private onLine(line: string): void {
    let f: unknown;
    try {
      f = JSON.parse(line);
    } catch {
      return;
    }
    if (!isRecord(f) || typeof f.t !== 'string') return;
    const frame = f as WireFrame;
    if (frame.t === 'welcome') {
      this.sessionId = String(frame.session);
      this.nonce = String(frame.nonce);
      return this.welcomed(true);
    }
    const id = typeof frame.id === 'string' ? frame.id : undefined;
    if (id !== undefined) {
      const settle = this.pending.get(id);
      if (settle) {
        this.pending.delete(id);
        return settle(frame);
      }
      // An answer to a request this connection never sent, or sent and already had answered.
      return void this.foreign.push(summary(frame));
    }
    if ((frame.t === 'location-update' || frame.t === 'binding-ended') && this.bindings.some((b) => b.token === frame.token)) {
      return void this.updates.push(summary(frame));
    }
    this.foreign.push(summary(frame));
  }

  request(frame: WireFrame & { id: string }): Promise<Answer> {
    if (!this.open) return Promise.resolve('lost');
    return new Promise((resolve) => {
      this.pending.set(frame.id, resolve);
      this.socket.write(encode(frame));
    });
  }

  disconnect(): Promise<void> {
    if (this.open) {
      this.closedBy ??= 'client';
      this.socket.end();
    }
    return this.closed;
  }
}

function summary(f: WireFrame): PushedFrame {
  const s: PushedFrame = { t: f.t };
  if (typeof f.id === 'string') s.id = f.id;
  if (typeof f.token === 'string') s.token = f.token;
  if (typeof f.objectId === 'string') s.objectId = f.objectId;
  if (typeof f.generation === 'number') s.generation = f.generation;
  if (typeof f.route === 'string') s.route = f.route;
  return s;
}

export class SessionClients {
  private readonly clients = new Map<string, ClientConnection[]>();
  private readonly records: OutcomeBook;
  private readonly sockets = new Set<StreamSocket>();
  private closed = false;

  constructor(private readonly ctx: SessionClientsContext) {
    this.records = new OutcomeBook(ctx.clock);
  }

  owns(opId: string): boolean {
    return this.records.has(opId);
  }

  /** Start a Session operation; it runs on without the caller waiting. */
  submit(spec: SessionOperationSpec): { opId: string } {
    if (this.closed) throw new SessionInputError('the driver is closed');
    // Inputs are checked before anything starts: a scenario naming what does not exist is a kit error.
    const conn = spec.kind === 'session-connect' ? undefined : this.connectionOf(spec.client, spec.connection);
    if (spec.kind === 'session-connect') this.ctx.endpoint(spec.node);
    const opId = `${spec.client}-${this.ctx.ids.uuid()}`;
    const deadlineAt = this.ctx.clock.now() + (spec.deadlineMs ?? this.ctx.defaultDeadlineMs());
    const op = this.records.open(opId, undefined, (record) => new Operation(opId, deadlineAt, record, this.ctx.clock));
    this.run(op, spec, conn).catch(() => op.finish('failure', { errorKind: 'Unavailable' }));
    return { opId };
  }

  private connectionOf(client: string, index?: number): ClientConnection {
    const list = this.clients.get(client);
    if (!list?.length) throw new SessionInputError(`client ${client} has no connection`);
    if (index === undefined) return list[list.length - 1];
    const conn = list[index - 1];
    if (!conn) throw new SessionInputError(`client ${client} has no connection ${index}`);
    return conn;
  }

  private async run(op: Operation, spec: SessionOperationSpec, conn: ClientConnection | undefined): Promise<void> {
    if (spec.kind === 'session-connect') return this.connectTo(op, spec.client, spec.node);
    if (!conn) throw new Error('unreachable');
    switch (spec.kind) {
      case 'session-authenticate': {
        if (!conn.nonce) return op.finish('failure', { errorKind: 'Unavailable' });
        const credential = spec.wrongCredential ? this.ctx.ids.hex(32) : this.ctx.credential(conn.node);
        return this.ask(op, conn, { t: 'auth', id: op.opId, proof: authProof(credential, conn.nonce) }, (f) => ({ sessionId: f.session }));
      }
      case 'session-bind':
        return this.ask(op, conn, { t: 'bind', id: op.opId, objectId: spec.objectId }, (f) => {
          if (isRecord(f.binding)) conn.bindings.push({ ...(f.binding as unknown as ClientBinding) });
          return f.binding;
        });
      case 'session-relay':
        return this.ask(op, conn, { t: 'relay', id: op.opId, token: spec.bindingToken, payload: spec.payload, deadlineMs: Math.max(1, op.deadlineAt - this.ctx.clock.now()) });
      case 'session-unbind':
        return this.ask(op, conn, { t: 'unbind', id: op.opId, token: spec.bindingToken });
      case 'session-disconnect': {
        const done = await op.race(conn.disconnect());
        if (done.kind === 'value') op.finish('reply', { reply: {} });
        else if (done.kind === 'deadline') op.finish('timeout');
        return;
      }
    }
  }

  private async connectTo(op: Operation, client: string, node: Rid): Promise<void> {
    const endpoint = this.ctx.endpoint(node);
    if (!endpoint) return op.finish('failure', { errorKind: 'Unavailable' });
    const { socket, opened } = this.ctx.net.connect(endpoint.port);
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    const connected = await op.race(opened);
    if (connected.kind !== 'value' || !connected.value) {
      socket.destroy();
      if (connected.kind === 'deadline') return op.finish('timeout');
      if (connected.kind === 'value') return op.finish('failure', { errorKind: 'Unavailable' });
      return;
    }
    const list = this.clients.get(client) ?? [];
    this.clients.set(client, list);
    const conn = new ClientConnection(list.length + 1, node, socket);
    list.push(conn);
    if (this.closed) socket.destroy();
    const welcomed = await op.race(conn.welcome);
    if (welcomed.kind === 'deadline') return op.finish('timeout');
    if (welcomed.kind === 'ended') return;
    if (!welcomed.value) return op.finish('failure', { errorKind: 'Unavailable' });
    await this.ask(op, conn, { t: 'hello', id: op.opId, client }, (f) => {
      if (typeof f.session === 'string') conn.sessionId = f.session;
      return { sessionId: conn.sessionId, node, connection: conn.index };
    });
  }

  /** Send one request and end the operation with its answer (`toReply` turns an ok answer into the reply). */
  private async ask(op: Operation, conn: ClientConnection, frame: WireFrame & { id: string }, toReply?: (f: WireFrame) => unknown): Promise<void> {
    const answered = await op.race(conn.request(frame));
    if (answered.kind === 'deadline') return op.finish('timeout');
    if (answered.kind === 'ended') return;
    const f = answered.value;
    if (f === 'lost') return op.finish('failure', { errorKind: 'Unavailable' });
    if (Array.isArray(f.attempts)) op.attempts.push(...(f.attempts as Attempt[]));
    if (f.t === 'ok') return op.finish('reply', { reply: toReply ? toReply(f) : 'value' in f ? f.value : {} });
    if (f.t === 'timeout') return op.finish('timeout');
    const kind = typeof f.errorKind === 'string' && ERROR_KINDS.includes(f.errorKind) ? (f.errorKind as ErrorKind) : 'Unavailable';
    op.finish('failure', { errorKind: kind });
  }

  outcome(opId: string, waitMs: number): Promise<Outcome | null> {
    return this.records.outcome(opId, waitMs);
  }

  cancel(opId: string): void {
    this.records.op(opId)?.finish('cancelled');
  }

  async view(client: string): Promise<SessionView> {
    const conns = this.clients.get(client) ?? [];
    // One question to each node for all of the client's Sessions, not one per connection: a client
    // of a long campaign has hundreds of connections behind it.
    const ids = conns.flatMap((c) => (c.sessionId ? [c.sessionId] : []));
    const held = ids.length ? await this.ctx.heldBy(ids) : [];
    const owners = new Map<string, OwnerSessionView>();
    for (const node of new Set(conns.filter((c) => c.sessionId).map((c) => c.node))) {
      const mine = conns.flatMap((c) => (c.node === node && c.sessionId ? [c.sessionId] : []));
      for (const v of await this.ctx.ownerViews(node, mine)) owners.set(`${node}\u0000${v.sessionId}`, v);
    }
    const connections = conns.map((c) => {
      const v: ClientConnectionView = {
        connection: c.index,
        node: c.node,
        open: c.open,
        bindings: c.bindings.map((b) => ({ ...b })),
        updates: c.updates.map((u) => ({ ...u })),
        foreign: c.foreign.map((u) => ({ ...u })),
        heldBy: c.sessionId ? held.filter((h) => h.open.includes(c.sessionId!)).map((h) => h.node) : [],
      };
      if (c.closedBy) v.closedBy = c.closedBy;
      if (c.sessionId) {
        v.sessionId = c.sessionId;
        const atOwner = owners.get(`${c.node}\u0000${c.sessionId}`);
        if (atOwner) v.atOwner = atOwner;
      }
      return v;
    });
    return { client, connections };
  }

  /** Close every client connection (the process must be able to exit). */
  close(): void {
    this.closed = true;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }
}
