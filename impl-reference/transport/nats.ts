// The transport over NATS (core pub/sub, no JetStream): connection-oriented semantics built from
// subjects, so the reference runtime can run as separate processes on a NATS cluster with the same
// rules as on the in-memory transport (docs/transport.md is the contract; memory.ts the model).
//
// Subjects (root = the `prefix` option, else spotcheck.<runId>):
//   <address>            = <root>.<rid>.<random>          what newAddress() gives and listen() takes
//   <address>.open       request {id, reply} -> {ok}       connect() asks, the listener answers
//   <address>.l.<id>     frames to the listening end       (the listener subscribes <address>.>)
//   <root>._in.<tid>.<id> frames to the dialing end       (each transport subscribes its inbox .>)
// Every message on a connection is an envelope {s: sequence, f: frame} or a control {s, c}; the
// receiver delivers in sequence order and fails the connection on a gap that does not fill.
//
// Interest in a subject spreads between routed servers asynchronously, so:
// - a listener's one wildcard subscription covers its open subject and its data subjects: a dialer
//   whose open request got through can reach the listener's data subjects too;
// - a dialer's inbox is subscribed (and flushed) before its first open request, on the same client
//   connection, so the listener's server knows it before the request arrives;
// - connect() retries an open request that found no responders (503) within a bounded window, and
//   `probe()` / `NatsListener.ready` let a caller prove that a listener is reachable.

import { randomBytes, randomUUID } from 'node:crypto';
import {
  connect as natsConnect, ErrorCode, type ConnectionOptions, type Msg, type NatsConnection, type Subscription,
} from 'nats';
import type { CloseMode, Connection, Frame, Listener, Transport } from './types.ts';

export interface NatsTransportOptions {
  /** The run's subject root (dot-separated tokens), e.g. `spotcheck.run42`; wins over runId. */
  prefix?: string;
  /** Subject namespace: addresses are `spotcheck.<runId>.<rid>.<random>`. Default SPOTCHECK_RUN_ID or 'local'. */
  runId?: string;
  /** Client name shown by the server's monitoring (connz). */
  name?: string;
  /** How long one open request waits for the listener's answer (a hung listener). Default 1000 ms. */
  openTimeoutMs?: number;
  /** How long connect() retries an open request that found no responders (interest still spreading). Default 500 ms. */
  interestWindowMs?: number;
  /** How long a gap in a connection's sequence may stay open before the connection fails. Default 2000 ms. */
  gapTimeoutMs?: number;
  /** failAfterNextWrite(): how long the writer waits for the other side's word before it fails anyway. Default 1000 ms. */
  failAckTimeoutMs?: number;
  /** Passed to the `nats` client over the defaults below (servers are the constructor's). */
  connection?: Partial<ConnectionOptions>;
}

/** A listener that can say when its subscription is in place. */
export interface NatsListener extends Listener {
  /**
   * Resolves once the listener's server holds its subscription (flushed). Other servers of a
   * cluster learn of it asynchronously: use NatsTransport.probe() from a transport on another server
   * to prove reachability there. Rejects if the transport could not connect.
   */
  readonly ready: Promise<void>;
}

type Envelope =
  | { s: number; f: Frame; x?: 1 }
  | { s: number; c: 'close'; m: CloseMode }
  | { s: number; c: 'failed' };

interface Host {
  publish(subject: string, data: string): void;
  detach(end: NatsEnd): void;
}

type Event = { frame: Frame } | { close: CloseMode };

const enc = new TextEncoder();
const dec = new TextDecoder();

class NatsEnd implements Connection {
  private state: 'open' | 'failing' | 'closed' | 'abandoned' = 'open';
  private sendSeq = 0;
  private nextSeq = 1;
  private readonly pending = new Map<number, Envelope>();
  private gapTimer?: NodeJS.Timeout;
  private failTimer?: NodeJS.Timeout;
  private failArmed = false;
  private closeNotified = false;
  /** Envelopes written this turn, published together on the next (see flush()). */
  private readonly outbox: string[] = [];
  private flushScheduled = false;
  private frameHandler?: (f: Frame) => void;
  private closeHandler?: (m: CloseMode) => void;
  /** Events not yet handed over (no handler yet, or queued behind one without its handler). */
  private readonly events: Event[] = [];
  private pumpScheduled = false;

  constructor(
    readonly id: string,
    /** The subject this end writes to. */
    private readonly out: string,
    private readonly host: Host,
    private readonly timings: { gapTimeoutMs: number; failAckTimeoutMs: number },
  ) {}

  send(frame: Frame): void {
    if (this.state !== 'open') return;
    // Serialized now: what arrives is the frame as it was at send(), JSON only (like memory.ts).
    const f = JSON.stringify(frame);
    const armed = this.failArmed;
    this.failArmed = false;
    this.outbox.push(`{"s":${++this.sendSeq},"f":${f}${armed ? ',"x":1' : ''}}`);
    if (armed) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    if (armed) {
      // Nothing more is written; the other side delivers this frame, fails, and tells us (or we
      // give up waiting). Frames it wrote before that still arrive, in order.
      this.state = 'failing';
      this.failTimer = setTimeout(() => this.finish('error'), this.timings.failAckTimeoutMs);
    }
  }

  /**
   * Frames written in one turn (an acceptance and the reply computed right after it, or many
   * submits) cross as one NATS message: a batch {b: [envelope, ...]} in sequence order. Each
   * envelope keeps its own sequence number, so the receiver handles a batch as its envelopes.
   */
  private flush(): void {
    this.flushScheduled = false;
    if (this.outbox.length === 0 || this.state === 'abandoned') return;
    const batch = this.outbox.splice(0);
    this.host.publish(this.out, batch.length === 1 ? batch[0] : `{"b":[${batch.join(',')}]}`);
  }

  close(mode: CloseMode): void {
    if (this.state === 'failing') {
      // The armed frame fails the connection on the other side; ours needs no news of it.
      this.closeNotified = true;
      this.end('closed');
      return;
    }
    if (this.state !== 'open') return;
    // In sequence after every frame already written: the other side delivers them, then sees `mode`.
    this.flush();
    this.host.publish(this.out, JSON.stringify({ s: ++this.sendSeq, c: 'close', m: mode }));
    this.closeNotified = true; // the closing side needs no news of its own close
    this.end('closed');
  }

  abandon(): void {
    if (this.state === 'abandoned') return;
    // A dead process: nothing is sent (not even frames still waiting for their turn), nothing
    // more is read; the other side hears nothing.
    this.outbox.length = 0;
    this.end('abandoned');
    this.frameHandler = undefined;
    this.closeHandler = undefined;
    this.events.length = 0;
  }

  failAfterNextWrite(): void {
    if (this.state === 'open') this.failArmed = true;
  }

  onFrame(handler: (frame: Frame) => void): void {
    if (this.state === 'abandoned') return;
    this.frameHandler = handler;
    this.schedulePump();
  }

  onClose(handler: (mode: CloseMode) => void): void {
    if (this.state === 'abandoned') return;
    this.closeHandler = handler;
    this.schedulePump();
  }

  /** A message for this end: one envelope, or a batch of them in sequence order. */
  receiveMessage(msg: Envelope | { b?: unknown }): void {
    if ('b' in msg) {
      if (Array.isArray(msg.b)) for (const env of msg.b) if (env && typeof env === 'object') this.receive(env as Envelope);
      return;
    }
    this.receive(msg as Envelope);
  }

  /** An envelope for this end, from its subscription (any order; delivered in sequence order). */
  receive(env: Envelope): void {
    if (this.ended()) return;
    if (!Number.isSafeInteger(env.s) || env.s < this.nextSeq) return; // a duplicate or garbage
    if (env.s > this.nextSeq) {
      this.pending.set(env.s, env);
      this.gapTimer ??= setTimeout(() => this.gapExpired(), this.timings.gapTimeoutMs);
      return;
    }
    this.apply(env);
    this.nextSeq++;
    for (let next = this.pending.get(this.nextSeq); next; next = this.pending.get(this.nextSeq)) {
      if (this.ended()) break;
      this.pending.delete(this.nextSeq);
      this.apply(next);
      this.nextSeq++;
    }
    if (this.pending.size === 0) {
      clearTimeout(this.gapTimer);
      this.gapTimer = undefined;
    }
  }

  /** Nothing more is read: closed by either side, failed, or abandoned. */
  private ended(): boolean {
    return this.state === 'closed' || this.state === 'abandoned';
  }

  /** The transport went away under this end without a goodbye (transport.close()): silent, like a dead process. */
  drop(): void {
    this.abandon();
  }

  private apply(env: Envelope): void {
    if ('c' in env) {
      // The other side closed (its mode), or acknowledged the failure our armed frame set off.
      this.finish(env.c === 'close' ? env.m : 'error');
      return;
    }
    if (env.x === 1) {
      // The armed frame: deliver it, then the connection fails before anything else crosses.
      // Closed first, so a reply written from inside the handler is lost, as on a failed link.
      this.state = 'closed';
      this.deliver({ frame: env.f });
      this.flush();
      this.host.publish(this.out, JSON.stringify({ s: ++this.sendSeq, c: 'failed' }));
      this.end('closed');
      this.notify('error');
      return;
    }
    this.deliver({ frame: env.f });
  }

  private gapExpired(): void {
    this.gapTimer = undefined;
    if (this.pending.size === 0 || (this.state !== 'open' && this.state !== 'failing')) return;
    // A frame was lost (e.g. the client moved to another server): a transport error, both sides.
    this.flush();
    this.host.publish(this.out, JSON.stringify({ s: ++this.sendSeq, c: 'close', m: 'error' }));
    this.finish('error');
  }

  /** The other side ended the connection (or the transport failed it): we hear `mode`. */
  private finish(mode: CloseMode): void {
    if (this.ended()) return;
    this.end('closed');
    this.notify(mode);
  }

  private end(state: 'closed' | 'abandoned'): void {
    this.state = state;
    this.outbox.length = 0; // what was not yet published never will be: the connection is over
    this.failArmed = false;
    clearTimeout(this.gapTimer);
    clearTimeout(this.failTimer);
    this.gapTimer = this.failTimer = undefined;
    this.pending.clear();
    this.host.detach(this);
  }

  private notify(mode: CloseMode): void {
    if (this.closeNotified) return;
    this.closeNotified = true;
    this.deliver({ close: mode });
  }

  private deliver(event: Event): void {
    if (this.state === 'abandoned') return;
    this.events.push(event);
    this.pump();
  }

  private schedulePump(): void {
    if (this.pumpScheduled || this.events.length === 0) return;
    this.pumpScheduled = true;
    // Never from inside onFrame()/onClose(): events are always handed over on a later turn.
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Hands events over in order; stops at one whose handler is not set yet. */
  private pump(): void {
    while (this.events.length) {
      const ev = this.events[0];
      const handler = 'frame' in ev ? this.frameHandler : this.closeHandler;
      if (!handler) return;
      this.events.shift();
      try {
        if ('frame' in ev) (handler as (f: Frame) => void)(ev.frame);
        else (handler as (m: CloseMode) => void)(ev.close);
      } catch (e) {
        // As on the in-memory transport, a throwing handler is the application's crash, not ours.
        setImmediate(() => {
          throw e;
        });
      }
      if (this.state === 'abandoned') return;
    }
  }
}

/** A listener is the Host of the ends it accepted. */
class NatsListenerImpl implements NatsListener, Host {
  readonly ready: Promise<void>;
  closed = false;
  private sub?: Subscription;
  readonly accepted = new Map<string, NatsEnd>();

  constructor(
    readonly address: string,
    private readonly transport: NatsTransport,
    private readonly onConnection: (conn: Connection) => void,
    nc: Promise<NatsConnection>,
  ) {
    this.ready = nc.then(async (c) => {
      if (this.closed) return;
      // One subscription for the open subject and every connection's data subject (see the top).
      this.sub = c.subscribe(`${address}.>`, { callback: (err, msg) => err || this.onMessage(msg) });
      await c.flush();
    });
    this.ready.catch(() => undefined);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.transport.forgetListener(this);
    // Accepted connections live on after their listener (MeshNode.move closes them afterwards).
    if (this.accepted.size === 0) this.unsubscribe();
  }

  /** The transport goes away: every accepted end is dropped silently. */
  drop(): void {
    this.closed = true;
    for (const end of [...this.accepted.values()]) end.drop();
    this.unsubscribe();
  }

  publish(subject: string, data: string): void {
    this.transport.publish(subject, data);
  }

  detach(end: NatsEnd): void {
    if (this.accepted.get(end.id) === end) this.accepted.delete(end.id);
    if (this.closed && this.accepted.size === 0) this.unsubscribe();
  }

  private unsubscribe(): void {
    const sub = this.sub;
    this.sub = undefined;
    if (sub && !sub.isClosed()) sub.unsubscribe();
  }

  private onMessage(msg: Msg): void {
    const rest = msg.subject.slice(this.address.length + 1);
    if (rest.startsWith('l.')) {
      const env = parse(msg.data) as Envelope | undefined;
      if (env) this.accepted.get(rest.slice(2))?.receiveMessage(env);
      return;
    }
    if (rest !== 'open' || !msg.reply) return;
    const req = parse(msg.data) as { id?: unknown; reply?: unknown; probe?: unknown } | undefined;
    if (req?.probe === true) return void msg.respond(enc.encode('{"ok":true}'));
    if (this.closed) return void msg.respond(enc.encode('{"ok":false,"reason":"listener closed"}'));
    if (typeof req?.id !== 'string' || typeof req.reply !== 'string' || !isSubject(req.reply)) {
      return void msg.respond(enc.encode('{"ok":false,"reason":"malformed open request"}'));
    }
    if (!this.accepted.has(req.id)) {
      const end = this.transport.makeEnd(req.id, req.reply, this);
      this.accepted.set(req.id, end);
      try {
        this.onConnection(end);
      } catch (e) {
        setImmediate(() => {
          throw e;
        });
      }
    }
    msg.respond(enc.encode('{"ok":true}'));
  }
}

export class NatsTransport implements Transport {
  /** This transport's own id: its inbox is `<root>._in.<id>`. */
  readonly id = token(randomBytes(6).toString('hex'));
  readonly root: string;
  private readonly inbox: string;
  private readonly nc: Promise<NatsConnection>;
  private readonly opened: Promise<void>;
  private readonly dialed = new Map<string, NatsEnd>();
  private readonly listeners = new Map<string, NatsListenerImpl>();
  private readonly opts: Required<Omit<NatsTransportOptions, 'connection' | 'name' | 'runId' | 'prefix'>>;
  private closing?: Promise<void>;
  private conn?: NatsConnection;
  private seq = 0;
  private readonly dialerHost: Host;

  /**
   * @param servers NATS client URLs; the first is the server this node uses (the caller chooses it),
   *   the others are only where the client goes if that one fails. No cluster-advertised URLs are
   *   added (a container's internal addresses are not reachable from its host).
   */
  constructor(
    readonly servers: string[],
    options: NatsTransportOptions = {},
  ) {
    if (servers.length === 0) throw new Error('NatsTransport needs at least one server URL');
    this.opts = {
      openTimeoutMs: options.openTimeoutMs ?? 1000,
      interestWindowMs: options.interestWindowMs ?? 500,
      gapTimeoutMs: options.gapTimeoutMs ?? 2000,
      failAckTimeoutMs: options.failAckTimeoutMs ?? 1000,
    };
    if (options.prefix !== undefined && !isSubject(options.prefix)) throw new Error(`not a NATS subject prefix: ${options.prefix}`);
    this.root = options.prefix ?? `spotcheck.${token(options.runId ?? process.env.SPOTCHECK_RUN_ID ?? 'local')}`;
    this.inbox = `${this.root}._in.${this.id}`;
    this.nc = natsConnect({
      servers,
      name: options.name ?? `spotcheck-${this.id}`,
      noRandomize: true,
      ignoreClusterUpdates: true,
      noAsyncTraces: true,
      pingInterval: 1000,
      maxPingOut: 2,
      timeout: 1000,
      reconnectTimeWait: 250,
      maxReconnectAttempts: -1,
      ...options.connection,
    });
    this.opened = this.nc.then(async (c) => {
      this.conn = c;
      c.subscribe(`${this.inbox}.>`, {
        callback: (err, msg) => {
          if (err) return;
          const env = parse(msg.data) as Envelope | undefined;
          if (env) this.dialed.get(msg.subject.slice(this.inbox.length + 1))?.receiveMessage(env);
        },
      });
      await c.flush();
    });
    this.opened.catch(() => undefined);
    this.dialerHost = {
      publish: (subject, data) => this.publish(subject, data),
      detach: (end) => {
        if (this.dialed.get(end.id) === end) this.dialed.delete(end.id);
      },
    };
  }

  /** Resolves once connected to a server with the inbox subscribed; rejects if the client could not connect. */
  ready(): Promise<void> {
    return this.opened;
  }

  /** The server this transport's client is connected to now (host:port), once connected. */
  get connectedServer(): string | undefined {
    return this.conn?.getServer();
  }

  newAddress(rid: string): string {
    return `${this.root}.${token(rid)}.${this.id}${(++this.seq).toString(36)}${randomBytes(3).toString('hex')}`;
  }

  listen(address: string, onConnection: (conn: Connection) => void): NatsListener {
    if (!isSubject(address)) throw new Error(`not a NATS address: ${address}`);
    if (this.listeners.has(address)) throw new Error(`address in use: ${address}`);
    if (this.closing) throw new Error('transport closed');
    const listener = new NatsListenerImpl(address, this, onConnection, this.opened.then(() => this.conn!));
    this.listeners.set(address, listener);
    return listener;
  }

  async connect(address: string): Promise<Connection> {
    if (!isSubject(address)) throw new Error(`connection refused: ${address} is not a NATS address`);
    if (this.closing) throw new Error(`connection refused: ${address} (transport closed)`);
    await this.opened.catch((e: Error) => {
      throw new Error(`connection refused: ${address} (no NATS server: ${e.message})`);
    });
    const nc = this.conn!;
    const id = randomUUID();
    // Registered before the request: frames the listener writes at once are kept for the caller.
    const end = this.makeEnd(id, `${address}.l.${id}`, this.dialerHost);
    this.dialed.set(id, end);
    const body = enc.encode(JSON.stringify({ id, reply: `${this.inbox}.${id}` }));
    const refused = (why: string) => {
      this.dialed.delete(id);
      return new Error(`connection refused: ${address} (${why})`);
    };
    const deadline = Date.now() + this.opts.interestWindowMs;
    for (let backoff = 5; ; backoff = Math.min(backoff * 2, 50)) {
      let reply: Msg;
      try {
        reply = await nc.request(`${address}.open`, body, { timeout: this.opts.openTimeoutMs });
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === ErrorCode.NoResponders && Date.now() + backoff < deadline && !this.closing) {
          await new Promise((r) => setTimeout(r, backoff)); // interest may still be on its way here
          continue;
        }
        if (code === ErrorCode.Timeout) {
          // The listener may have accepted and its answer got lost: end that half, if it exists.
          this.publish(`${address}.l.${id}`, JSON.stringify({ s: 1, c: 'close', m: 'error' }));
          throw refused(`no answer within ${this.opts.openTimeoutMs} ms`);
        }
        throw refused(code === ErrorCode.NoResponders ? 'nothing listens' : (e as Error).message);
      }
      const answer = parse(reply.data) as { ok?: unknown; reason?: unknown } | undefined;
      if (answer?.ok !== true) throw refused(typeof answer?.reason === 'string' ? answer.reason : 'refused');
      return end;
    }
  }

  /**
   * True once a listener answers at `address` through this transport's server, retrying "no
   * responders" for up to `withinMs` (interest spreading across the cluster). No connection is made.
   */
  async probe(address: string, withinMs = this.opts.interestWindowMs): Promise<boolean> {
    if (!isSubject(address)) return false;
    await this.opened;
    const deadline = Date.now() + withinMs;
    for (let backoff = 5; ; backoff = Math.min(backoff * 2, 50)) {
      try {
        const reply = await this.conn!.request(`${address}.open`, enc.encode('{"probe":true}'), { timeout: this.opts.openTimeoutMs });
        return (parse(reply.data) as { ok?: unknown } | undefined)?.ok === true;
      } catch (e) {
        if ((e as { code?: string }).code !== ErrorCode.NoResponders || Date.now() + backoff >= deadline) return false;
        await new Promise((r) => setTimeout(r, backoff));
      }
    }
  }

  /**
   * The process leaves the network: every connection and listener is dropped without a goodbye
   * (the other sides hear nothing, like a dead process), then what was already written is flushed
   * and the NATS connection drained and closed. Safe to call twice.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const l of [...this.listeners.values()]) l.drop();
      this.listeners.clear();
      for (const end of [...this.dialed.values()]) end.drop();
      let nc: NatsConnection;
      try {
        nc = await this.nc;
      } catch {
        return; // never connected
      }
      if (nc.isClosed()) return;
      await nc.drain().catch(() => nc.close());
    })();
    return this.closing;
  }

  /** @internal */
  makeEnd(id: string, out: string, host: Host): NatsEnd {
    return new NatsEnd(id, out, host, this.opts);
  }

  /** @internal */
  forgetListener(listener: NatsListenerImpl): void {
    if (this.listeners.get(listener.address) === listener) this.listeners.delete(listener.address);
  }

  /** @internal */
  publish(subject: string, data: string): void {
    const nc = this.conn;
    if (!nc || nc.isClosed() || nc.isDraining()) return; // like a write on a dead socket
    try {
      nc.publish(subject, enc.encode(data));
    } catch {
      // a closed connection: the frame is lost, as on a broken link
    }
  }
}

function parse(data: Uint8Array): unknown {
  try {
    return JSON.parse(dec.decode(data));
  } catch {
    return undefined; // a frame is data from the network: garbage is dropped, never thrown on
  }
}

/** One subject token from any string: letters, digits, '-' and '_' only, never empty. */
function token(s: string): string {
  const t = s.replace(/[^A-Za-z0-9_-]/g, '_');
  return t === '' ? '_' : t;
}

function isSubject(s: string): boolean {
  return /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(s);
}
