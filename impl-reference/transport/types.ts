// The transport the reference runtime is written against. It is shaped like a network (addresses,
// connections that fail, frames that are only data) so that a NATS implementation can replace the
// in-memory one without touching the rules above it.

export type Frame = Record<string, unknown> & { t: string };

/** How a connection ended, as seen by the side that did not end it. */
export type CloseMode = 'orderly' | 'error';

export interface Connection {
  readonly id: string;
  /** Non-blocking write. Frames written after the connection ended are dropped. */
  send(frame: Frame): void;
  /** End the connection; the other side sees `mode`. */
  close(mode: CloseMode): void;
  /** Stop using the connection without telling anyone (the process died). */
  abandon(): void;
  /**
   * Failpoint support: the next frame written is delivered, then the connection fails with a
   * transport error before anything else crosses it.
   */
  failAfterNextWrite(): void;
  onFrame(handler: (frame: Frame) => void): void;
  onClose(handler: (mode: CloseMode) => void): void;
}

export interface Listener {
  readonly address: string;
  close(): void;
}

export interface Transport {
  /** A fresh address for a node to listen at. */
  newAddress(rid: string): string;
  /**
   * Listen at `address` (one newAddress() gave). A transport whose address is only known once the
   * operating system bound it (TCP: any free port) answers a promise; the others answer at once.
   */
  listen(address: string, onConnection: (conn: Connection) => void): Listener | Promise<Listener>;
  /** Rejects when nothing listens at the address. */
  connect(address: string): Promise<Connection>;
}
