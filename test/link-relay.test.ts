// The kit's relay on one direction of one link (src/harness/link-relay.ts): what each of its
// faults looks like to the two ends of a connection through it.

import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { LinkRelay, parseAddress } from '../src/harness/link-relay.ts';

/** An echo server; resolves its address. */
async function echoServer(): Promise<{ address: string; server: net.Server; sockets: net.Socket[] }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => {
    sockets.push(s);
    s.on('error', () => {});
    s.on('data', (d) => s.write(d));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { address: `127.0.0.1:${(server.address() as net.AddressInfo).port}`, server, sockets };
}

function dial(address: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(parseAddress(address), () => resolve(s));
    s.once('error', reject);
  });
}

/** How the socket ends: 'orderly' (FIN), 'error' (RST), or 'open' if nothing within ms. */
function ending(s: net.Socket, ms: number): Promise<'orderly' | 'error' | 'open'> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve('open'), ms);
    s.once('end', () => (clearTimeout(t), resolve('orderly')));
    s.once('error', () => (clearTimeout(t), resolve('error')));
  });
}

function echoOf(s: net.Socket, text: string, ms = 1000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(undefined), ms);
    s.once('data', (d) => (clearTimeout(t), resolve(d.toString())));
    s.write(text);
  });
}

test('a relay carries bytes both ways, ends a connection orderly or with a reset, and lets the next one through', async () => {
  const up = await echoServer();
  const relay = new LinkRelay('A->B');
  relay.retarget(up.address);
  const address = await relay.start();
  try {
    const a = await dial(address);
    assert.equal(await echoOf(a, 'one'), 'one');
    const endedA = ending(a, 1000);
    assert.equal(relay.close('orderly'), 1);
    assert.equal(await endedA, 'orderly');

    const b = await dial(address);
    assert.equal(await echoOf(b, 'two'), 'two');
    const endedB = ending(b, 1000);
    relay.close('error');
    assert.equal(await endedB, 'error');

    const c = await dial(address);
    assert.equal(await echoOf(c, 'three'), 'three', 'a reconnect goes through');
    c.destroy();
  } finally {
    await relay.stop();
    up.server.close();
  }
});

test('silence: the connection stays open and says nothing either way; a new connection goes through', async () => {
  const up = await echoServer();
  const relay = new LinkRelay('A->B');
  relay.retarget(up.address);
  const address = await relay.start();
  try {
    const a = await dial(address);
    assert.equal(await echoOf(a, 'x'), 'x');
    relay.silence();
    const ended = ending(a, 200);
    assert.equal(await echoOf(a, 'y', 200), undefined, 'nothing comes back');
    // The far end going away (a SIGKILLed process's kernel closes its sockets) is not passed on.
    for (const s of up.sockets) s.destroy();
    assert.equal(await ended, 'open');
    const b = await dial(address);
    assert.equal(await echoOf(b, 'z'), 'z');
    a.destroy();
    b.destroy();
  } finally {
    await relay.stop();
    up.server.close();
  }
});

test('without a target a relay resets what arrives; retarget sends new connections elsewhere; blackhole drops every byte', async () => {
  const first = await echoServer();
  const second = await echoServer();
  const relay = new LinkRelay('A->B');
  const address = await relay.start();
  try {
    // Reset at once: the dial fails, or the connection ends with an error right after it was made.
    const none = await dial(address).then((s) => ending(s, 1000), () => 'error');
    assert.equal(none, 'error');
    relay.retarget(first.address);
    const a = await dial(address);
    assert.equal(await echoOf(a, 'a'), 'a');
    relay.retarget(second.address);
    const b = await dial(address);
    assert.equal(await echoOf(b, 'b'), 'b');
    assert.equal(second.sockets.length, 1, 'the new connection went to the new target');
    relay.blackhole(true);
    assert.equal(await echoOf(b, 'lost', 200), undefined);
    relay.blackhole(false);
    assert.equal(await echoOf(b, 'back'), 'back');
    a.destroy();
    b.destroy();
  } finally {
    await relay.stop();
    first.server.close();
    second.server.close();
  }
});

test('an address that is not host:port is one line', () => {
  assert.throws(() => parseAddress('nowhere'), /^Error: not a host:port address: "nowhere"$/);
});

test('hold: nothing crosses while held, on old and new connections; on release every byte arrives, in order', async () => {
  const up = await echoServer();
  const relay = new LinkRelay('A->B');
  relay.retarget(up.address);
  const address = await relay.start();
  try {
    const a = await dial(address);
    assert.equal(await echoOf(a, 'before'), 'before');
    relay.hold(true);
    const b = await dial(address); // a connection made while held is held too
    const gotA: string[] = [];
    const gotB: string[] = [];
    a.on('data', (d) => gotA.push(d.toString()));
    b.on('data', (d) => gotB.push(d.toString()));
    a.write('one');
    a.write('two');
    b.write('three');
    // Two looks across 300 ms: nothing came back through the held relay.
    for (const _ of [1, 2]) {
      await new Promise((r) => setTimeout(r, 150));
      assert.deepEqual([gotA.join(''), gotB.join('')], ['', '']);
    }
    relay.hold(false);
    const deadline = Date.now() + 2000;
    while ((gotA.join('') !== 'onetwo' || gotB.join('') !== 'three') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    assert.deepEqual([gotA.join(''), gotB.join('')], ['onetwo', 'three']);
    a.destroy();
    b.destroy();
  } finally {
    await relay.stop();
    up.server.close();
  }
});
