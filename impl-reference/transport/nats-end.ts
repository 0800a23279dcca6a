// One end of a connection over NATS subjects (nats.ts): frames go out as numbered envelopes on
// the subject this end writes to, and come in on its host's subscription; they are handed over in
// sequence order, and a gap that does not fill fails the connection, as a broken link would.

import type { CloseMode, Connection, Frame } from './types.ts';
import type { Envelope } from './nats-wire.ts';

/** Who publishes an end's envelopes and hears when it is done: its listener, or the dialing transport. */
export interface Host {
  publish(subject: string, data: string): void;
  detach(end: NatsEnd): void;
}

type Event = { frame: Frame } | { close: CloseMode };

export class NatsEnd implements Connection {
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

