// The listening side of the NATS transport (nats.ts): one wildcard subscription for the open
// subject and every accepted connection's data subject; it answers open requests and is the Host
// of the ends it accepted.

import type { Msg, NatsConnection, Subscription } from 'nats';
import type { Connection, Listener } from './types.ts';
import { NatsEnd, type Host } from './nats-end.ts';
import { enc, isSubject, parse, type Envelope } from './nats-wire.ts';

/** A listener that can say when its subscription is in place. */
export interface NatsListener extends Listener {
  /**
   * Resolves once the listener's server holds its subscription (flushed). Other servers of a
   * cluster learn of it asynchronously: use NatsTransport.probe() from a transport on another server
   * to prove reachability there. Rejects if the transport could not connect.
   */
  readonly ready: Promise<void>;
}

/** What a listener needs of its transport. */
export interface ListeningTransport {
  makeEnd(id: string, out: string, host: Host): NatsEnd;
  forgetListener(listener: NatsListenerImpl): void;
  publish(subject: string, data: string): void;
}

/** A listener is the Host of the ends it accepted. */
export class NatsListenerImpl implements NatsListener, Host {
  readonly ready: Promise<void>;
  closed = false;
  private sub?: Subscription;
  readonly accepted = new Map<string, NatsEnd>();

  constructor(
    readonly address: string,
    private readonly transport: ListeningTransport,
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

