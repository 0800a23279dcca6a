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
//
// The parts: nats-end.ts (one end of a connection), nats-listener.ts (the listening side),
// nats-wire.ts (envelopes and subject helpers); this file is the transport that dials and holds them.

import { randomBytes, randomUUID } from 'node:crypto';
import {
  connect as natsConnect, ErrorCode, type ConnectionOptions, type Msg, type NatsConnection,
} from 'nats';
import type { Connection, Transport } from './types.ts';
import { NatsEnd, type Host } from './nats-end.ts';
import { NatsListenerImpl, type ListeningTransport, type NatsListener } from './nats-listener.ts';
import { enc, isSubject, parse, token, type Envelope } from './nats-wire.ts';

export type { NatsListener } from './nats-listener.ts';

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

export class NatsTransport implements Transport, ListeningTransport {
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
