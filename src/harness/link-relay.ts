// A TCP relay the kit owns on one direction of one link between two nodes of a node program
// (docs/node-program.md): node A is told that peer B is at this relay, and every connection A makes
// to B runs through it. So the kit, not the runtime, carries out the link faults:
// - close(orderly | error): every connection through the relay ends, with a FIN on both sides or
//   with an RST on both sides; new connections go through again (a reconnect works);
// - silence(): every connection through it now goes silent (bytes dropped both ways, sockets left
//   open): half-open, as when the process behind it vanished without a word (a crash, an impostor);
//   new connections go through;
// - blackhole(on): every byte of every connection, existing and new, is dropped silently, until
//   blackhole(false): the link is there and says nothing (liveness has to find it out);
// - hold(on): nothing is read from either end until hold(false), then everything goes on where it
//   stopped: bytes wait in the kernel's buffers, as they do for a stopped (hung) process. A hang
//   holds every relay of the node's links, so a process of the node that escaped SIGSTOP reaches
//   nobody (stdio-holders.ts);
// - retarget(address): where new connections go, e.g. after a restart the node listens elsewhere,
//   and the address its peers were given (this relay's) stays the same.
// A relay without a target (the node has not said where it listens yet) resets what arrives: the
// dialer fails at once and tries again, as it would against a port nobody listens on.

import net from 'node:net';
import { reset } from './relay.ts';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** Silenced: nothing more goes either way, and neither end is told. */
  silent: boolean;
}

export class LinkRelay {
  private server?: net.Server;
  private readonly pairs = new Set<Pair>();
  private target?: { host: string; port: number };
  private holeNow = false;
  private held = false;
  port = 0;

  constructor(readonly label: string) {}

  async start(): Promise<string> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as net.AddressInfo).port;
    return this.address;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Where new connections go from now on ("host:port"); undefined: nowhere (they are reset). */
  retarget(address: string | undefined): void {
    this.target = address === undefined ? undefined : parseAddress(address);
  }

  private accept(client: net.Socket): void {
    client.setNoDelay(true);
    if (!this.target) return reset(client);
    const upstream = net.connect(this.target);
    upstream.setNoDelay(true);
    const pair: Pair = { client, upstream, silent: false };
    this.pairs.add(pair);
    const end = (how: 'error' | 'end', from: net.Socket, to: net.Socket) => {
      if (pair.silent) return; // a silenced connection tells neither end anything
      if (how === 'end') {
        if (!to.destroyed && !to.writableEnded) to.end();
        if (from.writableEnded || from.destroyed) this.pairs.delete(pair);
        return;
      }
      this.pairs.delete(pair);
      reset(to);
      from.destroy();
    };
    client.on('error', () => end('error', client, upstream)).on('end', () => end('end', client, upstream));
    upstream.on('error', () => end('error', upstream, client)).on('end', () => end('end', upstream, client));
    // The dialer gave up the connection (a silenced one, found out by liveness): nothing is left to relay.
    client.on('close', () => {
      this.pairs.delete(pair);
      if (pair.silent) upstream.destroy();
    });
    const pipe = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (pair.silent || this.holeNow || to.destroyed) return;
        to.write(chunk);
      });
    pipe(client, upstream);
    pipe(upstream, client);
    if (this.held) {
      client.pause();
      upstream.pause();
    }
  }

  /** Every connection through the relay ends now: FIN on both sides (orderly) or RST (error). */
  close(mode: 'orderly' | 'error'): number {
    const n = this.pairs.size;
    for (const pair of this.pairs) {
      if (mode === 'orderly') {
        pair.client.end();
        pair.upstream.end();
      } else {
        reset(pair.client);
        reset(pair.upstream);
      }
    }
    if (mode === 'error') this.pairs.clear();
    return n;
  }

  /** Every connection through the relay now goes silent for good; neither end hears of it. */
  silence(): void {
    for (const pair of this.pairs) pair.silent = true;
  }

  /** Read nothing from either end of any connection, now and later, until hold(false). */
  hold(on: boolean): void {
    this.held = on;
    for (const { client, upstream } of this.pairs) {
      if (on) {
        client.pause();
        upstream.pause();
      } else {
        client.resume();
        upstream.resume();
      }
    }
  }

  /** Drop every byte of every connection, now and later, until blackhole(false). */
  blackhole(on: boolean): void {
    this.holeNow = on;
  }

  async stop(): Promise<void> {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** "host:port" as a net.connect target; a one-line error for anything else. */
export function parseAddress(address: string): { host: string; port: number } {
  const m = /^(.+):(\d{1,5})$/.exec(address);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new Error(`not a host:port address: ${JSON.stringify(address)}`);
  return { host: m[1], port: Number(m[2]) };
}
