// The kit's TCP relay between a node and the Store: cut, heal, and a late Store (store-slow).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { once } from 'node:events';
import { TcpRelay } from '../src/harness/relay.ts';

/** An echo server that notes when each chunk arrived. */
async function echoServer(): Promise<{ port: number; arrivals: number[]; close: () => Promise<void> }> {
  const arrivals: number[] = [];
  const server = net.createServer((s) => s.on('error', () => undefined).on('data', (d) => (arrivals.push(Date.now()), s.write(d))));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as net.AddressInfo).port, arrivals, close: () => new Promise((r) => server.close(() => r())) };
}

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

function readUntil(socket: net.Socket, text: string): Promise<string> {
  let got = '';
  return new Promise((resolve) => {
    const on = (d: Buffer) => {
      got += d.toString();
      if (got.includes(text)) socket.off('data', on), resolve(got);
    };
    socket.on('data', on);
  });
}

/**
 * Sends a, b, c through a relay late by 150 ms in one direction; gives when the first byte reached
 * the server and when the last came back (ms after the send), then checks heal() makes it prompt.
 */
async function throughLateRelay(direction: 'to-server' | 'to-node'): Promise<{ atServer: number; back: number }> {
  const server = await echoServer();
  const relay = new TcpRelay({ host: '127.0.0.1', port: server.port });
  await relay.start();
  try {
    const socket = await connect(relay.port);
    relay.delay(150, direction);
    const sent = Date.now();
    const echoed = readUntil(socket, 'c');
    socket.write('a');
    await new Promise((r) => setTimeout(r, 20));
    socket.write('b');
    socket.write('c');
    assert.equal(await echoed, 'abc', 'bytes keep their order');
    const back = Date.now() - sent;
    relay.heal();
    const prompt = Date.now();
    const again = readUntil(socket, 'd');
    socket.write('d');
    await again;
    assert.ok(Date.now() - prompt < 140, 'after heal() the relay no longer holds bytes');
    socket.destroy();
    return { atServer: server.arrivals[0] - sent, back };
  } finally {
    await relay.stop();
    await server.close();
  }
}

test('a late relay holds bytes for the delay, keeps their order, and heal() makes it prompt again', async () => {
  const { atServer } = await throughLateRelay('to-server');
  assert.ok(atServer >= 140, `first byte reached the server ${atServer} ms after it was sent`);
});

test('late answers: bytes reach the server at once and come back to the node late, in order', async () => {
  const { atServer, back } = await throughLateRelay('to-node');
  assert.ok(atServer < 100, `the call reached the server ${atServer} ms after it was sent`);
  assert.ok(back >= 160, `the answer came back ${back} ms after the call`);
});

test('a cut relay resets open connections and refuses new ones until healed', async () => {
  const server = await echoServer();
  const relay = new TcpRelay({ host: '127.0.0.1', port: server.port });
  await relay.start();
  try {
    const socket = await connect(relay.port);
    // events.once would reject on the reset's 'error'; the close that follows is what counts.
    const closed = new Promise((r) => socket.on('error', () => undefined).once('close', r));
    relay.cutOff();
    await closed;
    const refused = net.connect(relay.port, '127.0.0.1');
    await new Promise((r) => refused.on('error', () => undefined).once('close', r));
    relay.heal();
    const back = await connect(relay.port);
    const echoed = readUntil(back, 'x');
    back.write('x');
    assert.equal(await echoed, 'x');
    back.destroy();
  } finally {
    await relay.stop();
    await server.close();
  }
});

test('bytes still held when the relay is cut are dropped, and nothing spins', async () => {
  const server = await echoServer();
  const relay = new TcpRelay({ host: '127.0.0.1', port: server.port });
  await relay.start();
  try {
    const socket = await connect(relay.port);
    socket.on('error', () => undefined);
    relay.delay(50);
    socket.write('held');
    relay.cutOff();
    // A busy loop in the relay would keep this timer from ever firing.
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 150));
    assert.ok(Date.now() - started < 1000);
    assert.deepEqual(server.arrivals, []);
  } finally {
    await relay.stop();
    await server.close();
  }
});

test('resetting a socket whose sending side is already shut down lets the process exit (no spin at exit)', async () => {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./support/relay-exit.ts', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  clearTimeout(timer);
  assert.equal(out.trim(), 'done');
  assert.equal(signal, null, 'the process did not exit by itself within 15 s (it was killed)');
  assert.equal(code, 0);
});
