// In-memory transport for the embedded and simulated backends. Every frame is serialized to JSON
// on write and parsed on delivery, and delivered later by the wire (wire.ts: the next turn of the
// event loop, or a seeded delay in a simulated world), in order per direction of a connection, so
// nothing can lean on shared objects or synchronous delivery that a real network would not give.

import { cryptoIds, type Ids } from '../../src/driver/ids.ts';
import type { CloseMode, Connection, Frame, Listener, Transport } from './types.ts';
import { nextTurn, type Wire } from './wire.ts';

class Link {
  /** The connection's ID, the same at both ends (docs/transport.md). */
  readonly id: string;
  open = true;
  /** An orderly close was asked for: nothing new is written, what was written still arrives. */
  closing = false;
  readonly ends: [End, End];
  constructor(
    readonly wire: Wire,
    ids: Ids,
  ) {
    this.id = ids.uuid();
    this.ends = [new End(this, 0), new End(this, 1)];
  }
  /** A transport failure: both sides learn of it. */
  fail(): void {
    if (!this.open) return;
    this.open = false;
    for (const end of this.ends) end.notifyClose('error');
  }
}

class End implements Connection {
  private frameHandler: (f: Frame) => void = () => {};
  private closeHandler: (m: CloseMode) => void = () => {};
  private abandoned = false;
  private failAfterWrite = false;
  private closeNotified = false;

  constructor(
    private readonly link: Link,
    private readonly side: 0 | 1,
  ) {}

  get id(): string {
    return this.link.id;
  }

  private get other(): End {
    return this.link.ends[1 - this.side];
  }

  send(frame: Frame): void {
    if (!this.link.open || this.link.closing || this.abandoned) return;
    const data = JSON.stringify(frame);
    const failAfter = this.failAfterWrite;
    this.failAfterWrite = false;
    // Frames to the other end travel on its lane: in order, each after the one written before it.
    this.link.wire.carry(this.other, () => {
      if (!this.link.open) return;
      this.other.deliver(data);
      if (failAfter) this.link.fail();
    });
  }

  private deliver(data: string): void {
    if (this.abandoned) return;
    this.frameHandler(JSON.parse(data) as Frame);
  }

  close(mode: CloseMode): void {
    if (!this.link.open || this.link.closing) return;
    this.link.closing = true;
    this.closeNotified = true; // the closing side needs no news of its own close
    // Frames written before the close are delivered first (the lane keeps their order).
    this.link.wire.carry(this.other, () => {
      if (!this.link.open) return;
      this.link.open = false;
      this.other.notifyClose(mode);
    });
  }

  abandon(): void {
    // A dead process: the other side hears nothing, the link stays "open" (half-open).
    this.abandoned = true;
    this.frameHandler = () => {};
    this.closeHandler = () => {};
  }

  failAfterNextWrite(): void {
    this.failAfterWrite = true;
  }

  notifyClose(mode: CloseMode): void {
    if (this.closeNotified || this.abandoned) return;
    this.closeNotified = true;
    this.link.wire.carry(this, () => this.closeHandler(mode));
  }

  onFrame(handler: (frame: Frame) => void): void {
    this.frameHandler = handler;
  }

  onClose(handler: (mode: CloseMode) => void): void {
    this.closeHandler = handler;
  }
}

export class MemoryTransport implements Transport {
  private readonly listeners = new Map<string, (conn: Connection) => void>();
  private seq = 0;

  constructor(
    private readonly wire: Wire = nextTurn,
    private readonly ids: Ids = cryptoIds,
  ) {}

  newAddress(rid: string): string {
    return `mem://${rid}/${++this.seq}`;
  }

  listen(address: string, onConnection: (conn: Connection) => void): Listener {
    if (this.listeners.has(address)) throw new Error(`address in use: ${address}`);
    this.listeners.set(address, onConnection);
    return {
      address,
      close: () => {
        if (this.listeners.get(address) === onConnection) this.listeners.delete(address);
      },
    };
  }

  async connect(address: string): Promise<Connection> {
    await new Promise<void>((r) => this.wire.carry({}, r));
    const accept = this.listeners.get(address);
    if (!accept) throw new Error(`connection refused: ${address}`);
    const link = new Link(this.wire, this.ids);
    accept(link.ends[1]);
    return link.ends[0];
  }
}
