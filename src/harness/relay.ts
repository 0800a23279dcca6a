// A TCP relay the kit owns, between one node and a server (the node's way to Redis). Cutting it is
// a fault the kit performs from outside the node: every open connection is reset and new ones are
// refused until it heals, exactly what a network partition between that node and the server looks
// like to the node's client library. Delaying it (a late Store) holds every byte from the node (or,
// for late answers, from the server) for a while before it goes on, in order, as a slow network or a
// busy server would.

import net from 'node:net';

export class TcpRelay {
  private server?: net.Server;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
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
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // Bytes wait as long as the delay of their direction (read when they arrive), each direction in
    // one queue, so they never overtake each other.
    this.forward(client, upstream, () => this.delayToServer);
    this.forward(upstream, client, () => this.delayToNode);
  }

  private forward(from: net.Socket, to: net.Socket, delayMs: () => number): void {
    const queue: { due: number; chunk: Buffer }[] = [];
    let timer: NodeJS.Timeout | undefined;
    let ended = false;
    const drain = () => {
      timer = undefined;
      while (queue.length && queue[0].due <= Date.now()) {
        const { chunk } = queue.shift()!;
        if (!to.destroyed) to.write(chunk);
      }
      if (queue.length) timer = setTimeout(drain, queue[0].due - Date.now());
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
  }

  /**
   * Hold every byte from the node for `ms` before it goes to the server (calls carried out late), or
   * with 'to-node' every byte from the server before it reaches the node (answers late); heal() ends it.
   */
  delay(ms: number, direction: 'to-server' | 'to-node' = 'to-server'): void {
    if (direction === 'to-server') this.delayToServer = ms;
    else this.delayToNode = ms;
  }

  /** Reset every connection through the relay and refuse new ones. */
  cutOff(): void {
    this.cutNow = true;
    for (const [client, upstream] of this.pairs) {
      reset(client);
      upstream.destroy();
    }
    this.pairs.clear();
  }

  heal(): void {
    this.cutNow = false;
    this.delayToServer = this.delayToNode = 0;
  }

  async stop(): Promise<void> {
    this.cutOff();
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
