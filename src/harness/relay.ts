// A TCP relay the kit owns, between one node and a server (the node's way to Redis). Cutting it is
// a fault the kit performs from outside the node: every open connection is reset and new ones are
// refused until it heals, exactly what a network partition between that node and the server looks
// like to the node's client library. Delaying it (a late Store) holds every byte from the node (or,
// for late answers, from the server) for a while before it goes on, in order, as a slow network or a
// busy server would.

import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** Cut off: the server's side is gone, the node's side waits for the answers still due. */
  cutting: boolean;
  toNode: { whenDrained(cb: () => void): void };
}

export class TcpRelay {
  private server?: net.Server;
  private readonly pairs = new Set<Pair>();
  private cutNow = false;
  private delayToServer = 0;
  private delayToNode = 0;
  port = 0;

  constructor(
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<number> {
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
    return this.port;
  }

  get cut(): boolean {
    return this.cutNow;
  }

  private accept(client: net.Socket): void {
    client.setNoDelay(true);
    if (this.cutNow) {
      reset(client);
      return;
    }
    const upstream = net.connect(this.target);
    upstream.setNoDelay(true);
    const pair: Pair = { client, upstream, cutting: false, toNode: undefined! };
    this.pairs.add(pair);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    // Once cut, the server's side is gone on purpose; the node's side ends when its answers are out.
    upstream.on('error', () => pair.cutting || end()).on('close', () => pair.cutting || end());
    // Bytes wait as long as the delay of their direction (read when they arrive), each direction in
    // one queue, so they never overtake each other.
    this.forward(client, upstream, () => this.delayToServer);
    pair.toNode = this.forward(upstream, client, () => this.delayToNode);
  }

  /** Pipes `from` to `to`; the result calls back once nothing waits in this direction's queue. */
  private forward(from: net.Socket, to: net.Socket, delayMs: () => number): { whenDrained(cb: () => void): void } {
    const queue: { due: number; chunk: Buffer }[] = [];
    let timer: NodeJS.Timeout | undefined;
    let ended = false;
    let drained: (() => void) | undefined;
    const drain = () => {
      timer = undefined;
      while (queue.length && queue[0].due <= Date.now()) {
        const { chunk } = queue.shift()!;
        if (!to.destroyed) to.write(chunk);
      }
      if (queue.length) timer = setTimeout(drain, queue[0].due - Date.now());
      else if (drained) drained();
      else if (ended && !to.destroyed) to.end();
    };
    from.on('data', (chunk: Buffer) => {
      const ms = delayMs();
      if (ms === 0 && queue.length === 0) {
        if (!to.destroyed) to.write(chunk);
        return;
      }
      queue.push({ due: Date.now() + ms, chunk });
      if (!timer) timer = setTimeout(drain, queue[0].due - Date.now());
    });
    from.on('end', () => {
      ended = true;
      if (queue.length === 0 && !to.destroyed) to.end();
    });
    to.on('close', () => clearTimeout(timer));
    return {
      whenDrained(cb) {
        if (queue.length === 0) cb();
        else drained = cb;
      },
    };
  }

  /**
   * Hold every byte from the node for `ms` before it goes to the server (calls carried out late), or
   * with 'to-node' every byte from the server before it reaches the node (answers late); heal() ends it.
   */
  delay(ms: number, direction: 'to-server' | 'to-node' = 'to-server'): void {
    if (direction === 'to-server') this.delayToServer = ms;
    else this.delayToNode = ms;
  }

  /**
   * Reset every connection through the relay and refuse new ones. Nothing more reaches the server at
   * once; answers the server already gave that late answers still hold arrive when they were due,
   * and then the node's connection is reset: as on the embedded backend, an answer given before the
   * cut is not taken back by it (a node that heard a late answer after the cut is what R-STO-3's
   * late-answer scenario needs to see).
   */
  cutOff(): void {
    this.cutNow = true;
    for (const pair of this.pairs) {
      pair.cutting = true;
      pair.upstream.destroy();
      pair.toNode.whenDrained(() => reset(pair.client));
    }
  }

  heal(): void {
    this.cutNow = false;
    this.delayToServer = this.delayToNode = 0;
  }

  async stop(): Promise<void> {
    this.cutNow = true;
    for (const { client, upstream } of this.pairs) {
      reset(client); // at once: nothing is owed to a node at the end of a run
      upstream.destroy();
    }
    this.pairs.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * Ends a socket with an RST where it can still send one. A socket whose sending side is already
 * shut down (its peer ended, and the pipe ended it in turn) cannot be reset: libuv refuses, Node
 * then never closes the handle, and the process spins at full CPU forever when it exits. That one
 * is destroyed instead; its FIN is already sent.
 */
export function reset(socket: net.Socket): void {
  if (socket.destroyed || socket.writableEnded) socket.destroy();
  else socket.resetAndDestroy();
}
