// In-memory transport for the embedded backend. Every frame is serialized to JSON on write and
// parsed on delivery, and delivered on a later turn of the event loop, so nothing can lean on
// shared objects or synchronous delivery that a real network would not give.

import { randomUUID } from 'node:crypto';
import type { CloseMode, Connection, Frame, Listener, Transport } from './types.ts';

class Link {
  /** The connection's ID, the same at both ends (docs/transport.md). */
  readonly id = randomUUID();
  open = true;
  /** An orderly close was asked for: nothing new is written, what was written still arrives. */
  closing = false;
  readonly ends: [End, End];
  constructor() {
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
    setImmediate(() => {
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
    // Frames written before the close are delivered first (setImmediate keeps their order).
    setImmediate(() => {
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
    setImmediate(() => this.closeHandler(mode));
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
    await new Promise((r) => setImmediate(r));
    const accept = this.listeners.get(address);
    if (!accept) throw new Error(`connection refused: ${address}`);
    const link = new Link();
    accept(link.ends[1]);
    return link.ends[0];
  }
}
