// A plain TCP transport, for the reference run as a node program (node/program.ts,
// docs/node-program.md): each node is a process of its own, and the kit puts a relay of its own on
// every direction of every link (src/harness/link-relay.ts). Nothing here is clever on purpose: the
// faults are the kit's to do from outside, so what this code sees must be what a real network
// shows: an EOF, a reset, or nothing at all.
//
// Addresses are "host:port". newAddress() gives "host:0" (any free port); listen() answers the
// address it got, so it is asynchronous (Transport.listen may return a promise).
// On a connection, one JSON object a line:
//   dialer -> listener  {"open": "<connection id>"}   first line: the id both ends share
//   listener -> dialer  {"ok": 1}                      the listener has the connection: connect() resolves
//   then frames (objects with a string `t`) both ways, and at most one {"fail": 1}: the failpoint
//   failAfterNextWrite() (the frame before it arrives, then the connection fails on both sides).
// close('orderly') is a FIN after what was written; close('error') an RST; abandon() leaves the
// socket as it is and stops reading it (the other side hears nothing: half-open).

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { CloseMode, Connection, Frame, Listener, Transport } from './types.ts';

export interface TcpTransportOptions {
  /** The host this transport listens on. Default 127.0.0.1. */
  host?: string;
  /**
   * How long connect() waits for the listener's word: a stopped (hung) process's kernel still
   * accepts the TCP connection, but nobody answers. Default 1000 ms.
   */
  openTimeoutMs?: number;
}

type State = 'open' | 'closed' | 'heard' | 'abandoned';

/** Splits what a socket delivers into JSON lines; a line that is not JSON is skipped. */
class LineReader {
  private rest = '';
  push(chunk: string): unknown[] {
    const text = this.rest + chunk;
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    const out: unknown[] = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        out.push(JSON.parse(line));
      } catch {
        // not a line of ours: skipped, as a peer of another protocol would be
      }
    }
    return out;
  }
}

class TcpEnd implements Connection {
  private state: State = 'open';
  private failArmed = false;
  private closeNotified = false;
  private frameHandler: (f: Frame) => void = () => {};
  private closeHandler: (m: CloseMode) => void = () => {};

  constructor(
    readonly id: string,
    private readonly socket: net.Socket,
    private readonly reader: LineReader,
  ) {
    socket.on('data', (chunk: string) => this.read(chunk));
    socket.on('end', () => this.heard('orderly'));
    socket.on('error', () => this.heard('error'));
    // A socket that closed without an EOF or an error we saw (destroyed under us) ended badly.
    socket.on('close', () => this.heard('error'));
  }

  /** Lines the handshake read past its own (frames sent right behind the ok). */
  deliverEarly(items: unknown[]): void {
    for (const item of items) this.take(item);
  }

  private read(chunk: string): void {
    if (this.state !== 'open') return;
    for (const item of this.reader.push(chunk)) this.take(item);
  }

  private take(item: unknown): void {
    if (this.state !== 'open' || typeof item !== 'object' || item === null) return;
    const o = item as Record<string, unknown>;
    if (typeof o.t === 'string') return this.frameHandler(o as Frame);
    if (o.fail === 1) {
      // The writer's failpoint: the frame before this arrived, the connection fails now.
      this.heard('error');
      this.socket.destroy();
    }
  }

  private heard(mode: CloseMode): void {
    if (this.state !== 'open') return;
    this.state = 'heard';
    this.notify(mode);
  }

  private notify(mode: CloseMode): void {
    if (this.closeNotified) return;
    this.closeNotified = true;
    this.closeHandler(mode);
  }

  send(frame: Frame): void {
    if (this.state !== 'open') return;
    this.socket.write(`${JSON.stringify(frame)}\n`);
    if (!this.failArmed) return;
    this.failArmed = false;
    // The frame leaves, then the mark; this end reads nothing more and hears 'error' at once (on
    // the next turn: never within send()); the other end hears 'error' when the mark arrives.
    this.socket.write('{"fail":1}\n');
    this.socket.end();
    this.state = 'closed';
    setImmediate(() => this.notify('error'));
  }

  close(mode: CloseMode): void {
    if (this.state !== 'open') return;
    this.state = 'closed';
    this.closeNotified = true; // the closing side needs no news of its own close
    if (mode === 'orderly') this.socket.end();
    else this.socket.resetAndDestroy();
  }

  abandon(): void {
    // A dead process says nothing: no FIN, no RST; the socket is left until the process ends.
    this.state = 'abandoned';
    this.frameHandler = () => {};
    this.closeHandler = () => {};
  }

  failAfterNextWrite(): void {
    this.failArmed = true;
  }

  onFrame(handler: (frame: Frame) => void): void {
    this.frameHandler = handler;
  }

  onClose(handler: (mode: CloseMode) => void): void {
    this.closeHandler = handler;
  }
}

export class TcpTransport implements Transport {
  private readonly host: string;
  private readonly openTimeoutMs: number;
  private readonly servers = new Set<net.Server>();
  private readonly sockets = new Set<net.Socket>();

  constructor(options: TcpTransportOptions = {}) {
    this.host = options.host ?? '127.0.0.1';
    this.openTimeoutMs = options.openTimeoutMs ?? 1000;
  }

  newAddress(_rid: string): string {
    return `${this.host}:0`;
  }

  private track(socket: net.Socket): void {
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {}); // handled per connection; an unhandled 'error' would end the process
  }

  listen(address: string, onConnection: (conn: Connection) => void): Promise<Listener> {
    const { host, port } = splitAddress(address);
    const server = net.createServer((socket) => this.accept(socket, onConnection));
    return new Promise((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) => reject(new Error(e.code === 'EADDRINUSE' ? `address in use: ${address}` : `cannot listen at ${address}: ${e.message}`)));
      server.listen(port, host, () => {
        this.servers.add(server);
        const bound = server.address() as net.AddressInfo;
        resolve({
          address: `${host}:${bound.port}`,
          close: () => {
            // Stops accepting; connections accepted before live on (MeshNode.move relies on it).
            this.servers.delete(server);
            server.close();
          },
        });
      });
    });
  }

  private accept(socket: net.Socket, onConnection: (conn: Connection) => void): void {
    this.track(socket);
    const reader = new LineReader();
    const first = (chunk: string) => {
      const items = reader.push(chunk);
      if (items.length === 0) return;
      socket.off('data', first);
      const open = items[0] as { open?: unknown } | null;
      if (typeof open?.open !== 'string') return void socket.destroy(); // not one of ours
      const end = new TcpEnd(open.open, socket, reader);
      onConnection(end);
      socket.write('{"ok":1}\n');
      end.deliverEarly(items.slice(1));
    };
    socket.on('data', first);
  }

  connect(address: string): Promise<Connection> {
    return new Promise((resolve, reject) => {
      let target: { host: string; port: number };
      try {
        target = splitAddress(address);
        if (target.port === 0) throw new Error('port 0');
      } catch {
        return reject(new Error(`connection refused: ${address}`));
      }
      const id = randomUUID();
      const socket = net.connect(target);
      this.track(socket);
      const reader = new LineReader();
      let settled = false;
      const refuse = (why: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        reject(new Error(`connection refused: ${address} (${why})`));
      };
      const timer = setTimeout(() => refuse(`no answer within ${this.openTimeoutMs} ms`), this.openTimeoutMs);
      socket.on('connect', () => socket.write(`${JSON.stringify({ open: id })}\n`));
      socket.on('error', (e) => refuse(e.message));
      socket.on('close', () => refuse('closed before it was accepted'));
      const first = (chunk: string) => {
        const items = reader.push(chunk);
        if (items.length === 0 || settled) return;
        socket.off('data', first);
        if ((items[0] as { ok?: unknown } | null)?.ok !== 1) return refuse('not a listener of this transport');
        settled = true;
        clearTimeout(timer);
        const end = new TcpEnd(id, socket, reader);
        resolve(end);
        // Frames right behind the ok: delivered once the caller had a turn to set its handlers.
        if (items.length > 1) setImmediate(() => end.deliverEarly(items.slice(1)));
      };
      socket.on('data', first);
    });
  }

  /** Every listener and socket of this transport, closed at once (the process is done with it). */
  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await Promise.all([...this.servers].map((s) => new Promise<void>((r) => s.close(() => r()))));
    this.servers.clear();
  }
}

/** "host:port" (port may be 0); a one-line error for anything else. */
export function splitAddress(address: string): { host: string; port: number } {
  const m = /^(.+):(\d{1,5})$/.exec(address);
  if (!m || Number(m[2]) > 65535) throw new Error(`not a host:port address: ${JSON.stringify(address)}`);
  return { host: m[1], port: Number(m[2]) };
}
