// A TCP relay the kit owns, between one node and a server (the node's way to Redis). Cutting it is
// a fault the kit performs from outside the node: every open connection is reset and new ones are
// refused until it heals, exactly what a network partition between that node and the server looks
// like to the node's client library.

import net from 'node:net';

export class TcpRelay {
  private server?: net.Server;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private cutNow = false;
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
      client.resetAndDestroy();
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
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Reset every connection through the relay and refuse new ones. */
  cutOff(): void {
    this.cutNow = true;
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  heal(): void {
    this.cutNow = false;
  }

  async stop(): Promise<void> {
    this.cutOff();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
