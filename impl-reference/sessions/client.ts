// The kit's Session test client, as the embedded Driver runs it: named clients outside the
// Framework, each holding STREAM connections (client-connection.ts, over stream.ts) to Session owners and speaking the JSON-lines
// protocol of protocol.ts. Every Session operation the Driver is given runs here and ends with one
// Outcome (an Operation, like every other operation of the embedded cluster). The client records
// what it was given on each connection, so a scenario can tell what reached which Session.
// The client is the kit's instrument, not the runtime under test: no mutant ever bends it.

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { Attempt, ErrorKind, Outcome, Rid } from '../../src/driver/types.ts';
import type { ClientBinding, ClientConnectionView, OwnerSessionView, SessionOperationSpec, SessionView } from '../../src/driver/sessions.ts';
import { Operation } from '../kernel/operation.ts';
import { OutcomeBook } from '../kernel/outcome-book.ts';
import { authProof, isRecord, type WireFrame } from './protocol.ts';
import type { StreamNet, StreamSocket } from './stream.ts';
import { ClientConnection, ERROR_KINDS, okAnswerError, protocolError } from './client-connection.ts';

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
    if (spec.kind === 'session-send-line' && /[\r\n]/.test(spec.line)) throw new SessionInputError('session-send-line: the line holds a line break');
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
      case 'session-send-line': {
        const answered = await op.race(conn.sendLine(spec.line));
        if (answered.kind === 'deadline') return op.finish('timeout');
        if (answered.kind === 'ended') return;
        const f = answered.value;
        if (f === 'lost') return op.finish('failure', { errorKind: 'Unavailable' });
        return op.finish('reply', { reply: f });
      }
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
    // An answer that is not the protocol's (recorded in conn.protocolErrors as it arrived) says nothing the client can read.
    if (protocolError(f)) return op.finish('failure', { errorKind: 'Unavailable' });
    const incomplete = f.t === 'ok' ? okAnswerError(frame.t, f) : undefined;
    if (incomplete) {
      conn.protocolErrors.push(`${incomplete} (request ${frame.id})`);
      return op.finish('failure', { errorKind: 'Unavailable' });
    }
    if (Array.isArray(f.attempts)) op.attempts.push(...(f.attempts as Attempt[]));
    if (f.t === 'ok') return op.finish('reply', { reply: toReply ? toReply(f) : 'value' in f ? f.value : {} });
    if (f.t === 'timeout') return op.finish('timeout');
    // BadRequest answers a line that is not a request: the client's own requests are always requests.
    if (!ERROR_KINDS.includes(f.errorKind as string)) conn.protocolErrors.push(`a fail answer ${String(f.errorKind)} to a well-formed ${frame.t} request (request ${frame.id})`);
    const kind = ERROR_KINDS.includes(f.errorKind as string) ? (f.errorKind as ErrorKind) : 'Unavailable';
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
    // (Plain loops: flatMap and filter-map over every connection on every view showed in profiles.)
    const ids = sessionIdsOf(conns);
    const held = ids.length ? await this.ctx.heldBy(ids) : [];
    // Which nodes hold each Session ID, in the order of `held`: one pass, not one scan of every
    // node's list per connection (quadratic in a long campaign's connections).
    const holders = new Map<string, Rid[]>();
    for (const h of held) {
      for (const id of new Set(h.open)) {
        const list = holders.get(id);
        if (list) list.push(h.node);
        else holders.set(id, [h.node]);
      }
    }
    // Each node's views by Session ID (a map per node, not a joined string key per view and per connection).
    const owners = new Map<Rid, Map<string, OwnerSessionView>>();
    const nodes = new Set<Rid>();
    for (const c of conns) if (c.sessionId) nodes.add(c.node);
    for (const node of nodes) {
      const mine = sessionIdsOf(conns, node);
      const views = await this.ctx.ownerViews(node, mine);
      let ofNode = owners.get(node);
      if (!ofNode) owners.set(node, (ofNode = new Map()));
      for (const v of views) ofNode.set(v.sessionId, v);
    }
    const connections = conns.map((c) => {
      const v: ClientConnectionView = {
        connection: c.index,
        node: c.node,
        open: c.open,
        bindings: c.bindings.map((b) => ({ ...b })),
        updates: c.updates.map((u) => ({ ...u })),
        foreign: c.foreign.map((u) => ({ ...u })),
        protocolErrors: [...c.protocolErrors],
        heldBy: c.sessionId ? [...(holders.get(c.sessionId) ?? [])] : [],
      };
      if (c.closedBy) v.closedBy = c.closedBy;
      if (c.sessionId) {
        v.sessionId = c.sessionId;
        const atOwner = owners.get(c.node)?.get(c.sessionId);
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

/** The Session IDs of the connections (to `node` only, if given), in their order. */
function sessionIdsOf(conns: readonly ClientConnection[], node?: Rid): string[] {
  const ids: string[] = [];
  for (const c of conns) if (c.sessionId && (node === undefined || c.node === node)) ids.push(c.sessionId);
  return ids;
}
