// The client STREAM connections Sessions run on (spec 6), as the Session owner and the kit's test
// client see them: text written in order, an orderly end, a close, a reset. On every real-time
// backend they are TCP connections on 127.0.0.1 (tcpStreams); in a simulated world they are
// in-memory pairs carried by the world's wire (memoryStreams), so nothing waits on the machine's
// network and a seed decides when each line arrives.

import { EventEmitter } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import type { Wire } from '../transport/wire.ts';

/** One end of a client connection (the parts of a net.Socket the Session code uses). */
export interface StreamSocket {
  readonly destroyed: boolean;
  readonly writable: boolean;
  write(text: string): unknown;
  /** Orderly end: what was written still arrives, then the connection closes. */
  end(): unknown;
  /** Close now. */
  destroy(): unknown;
  /** Close with a reset (a process that died): what was still on its way is lost. */
  resetAndDestroy(): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  on(event: 'error', listener: (e: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  removeAllListeners(event: 'data' | 'close'): unknown;
}

export interface StreamServer {
  readonly port: number;
  close(): void;
}

export interface StreamNet {
  /** Listen for clients at a free port. */
  listen(accept: (socket: StreamSocket) => void): Promise<StreamServer>;
  /** Connect to a port; undefined when the connection was refused or dropped before it opened. */
  connect(port: number): { socket: StreamSocket; opened: Promise<boolean> };
}

/** TCP on 127.0.0.1: every real-time backend. */
export const tcpStreams: StreamNet = {
  async listen(accept) {
    const server = createServer((socket) => {
      socket.setNoDelay(true);
      socket.setEncoding('utf8');
      accept(socket);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', () => {});
    return { port: (server.address() as AddressInfo).port, close: () => void server.close() };
  },
  connect(port) {
    const socket: Socket = connect({ host: '127.0.0.1', port });
    socket.setNoDelay(true);
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    const opened = new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('close', () => resolve(false));
    });
    return { socket, opened };
  },
};

/** One end of an in-memory stream; what it writes crosses on the other end's lane. */
class MemoryEnd extends EventEmitter implements StreamSocket {
  other!: MemoryEnd;
  destroyed = false;
  writable = true;
  /** Set once a reset reached this end: nothing more of what was on its way is delivered. */
  private reset = false;

  constructor(private readonly wire: Wire) {
    super();
    this.on('error', () => {});
  }

  write(text: string): boolean {
    if (!this.writable) return false;
    const to = this.other;
    this.wire.carry(to, () => {
      if (!to.destroyed && !to.reset) to.emit('data', text);
    });
    return true;
  }

  end(): void {
    if (!this.writable) return;
    this.writable = false;
    const to = this.other;
    // The end arrives after what was written; then both ends are closed (no half-open streams).
    this.wire.carry(to, () => {
      to.closeHere();
      this.closeHere();
    });
  }

  destroy(): void {
    this.closeAndTell(false);
  }

  resetAndDestroy(): void {
    this.closeAndTell(true);
  }

  private closeAndTell(reset: boolean): void {
    if (this.destroyed) return;
    const to = this.other;
    this.closeHere();
    this.wire.carry(to, () => {
      if (reset) {
        to.reset = true;
        to.emit('error', new Error('ECONNRESET'));
      }
      to.closeHere();
    });
  }

  /** This end is closed: 'close' once, and nothing more in or out. */
  closeHere(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.writable = false;
    this.emit('close');
  }
}

/** In-memory streams carried by a wire: the simulated world's Session connections. */
export function memoryStreams(wire: Wire): StreamNet {
  const servers = new Map<number, (socket: StreamSocket) => void>();
  let nextPort = 40000;
  return {
    async listen(accept) {
      const port = nextPort++;
      servers.set(port, accept);
      return { port, close: () => void servers.delete(port) };
    },
    connect(port) {
      const client = new MemoryEnd(wire);
      const server = new MemoryEnd(wire);
      client.other = server;
      server.other = client;
      const opened = new Promise<boolean>((resolve) => {
        // The connect crosses the wire like anything else; a port nobody listens at refuses it.
        wire.carry(server, () => {
          const accept = servers.get(port);
          if (!accept || client.destroyed) {
            client.closeHere();
            return resolve(false);
          }
          // The client hears it opened before anything the server writes on accepting it.
          wire.carry(client, () => resolve(!client.destroyed));
          accept(server);
        });
      });
      return { socket: client, opened };
    },
  };
}
