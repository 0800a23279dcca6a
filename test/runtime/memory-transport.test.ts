// Protects the in-memory transport's network-like rules (impl-reference/transport/memory.ts): frames
// are data (serialized, so no shared objects and nothing non-JSON crosses), delivery is never
// synchronous, connecting to nothing rejects, and a close, an abandon (dead process) and an injected
// transport failure are seen by each side exactly as a real network would show them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryTransport } from '../../impl-reference/transport/memory.ts';
import type { CloseMode, Connection, Frame } from '../../impl-reference/transport/types.ts';

/** A short bounded window for "this never happens" checks (delivery is setImmediate-based). */
const QUIET_MS = 20;
const quiet = () => new Promise((r) => setTimeout(r, QUIET_MS));

/** A connected pair whose frames and close events are recorded. */
async function pair() {
  const transport = new MemoryTransport();
  const address = transport.newAddress('B');
  let server: Connection | undefined;
  transport.listen(address, (conn) => (server = conn));
  const client = await transport.connect(address);
  assert.ok(server, 'the listener received the connection');
  return { transport, client: watch(client), server: watch(server) };
}

interface Watched {
  conn: Connection;
  frames: Frame[];
  closes: CloseMode[];
  /** Resolves with the next frame (bounded). */
  nextFrame(): Promise<Frame>;
  /** Resolves with the first close event (bounded). */
  nextClose(): Promise<CloseMode>;
}

function watch(conn: Connection): Watched {
  const frames: Frame[] = [];
  const closes: CloseMode[] = [];
  let frameWaiters: Array<(f: Frame) => void> = [];
  let closeWaiters: Array<(m: CloseMode) => void> = [];
  conn.onFrame((f) => {
    frames.push(f);
    for (const w of frameWaiters.splice(0)) w(f);
  });
  conn.onClose((m) => {
    closes.push(m);
    for (const w of closeWaiters.splice(0)) w(m);
  });
  const bounded = <T>(what: string, register: (r: (v: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} not seen within 1000 ms`)), 1000);
      register((v) => {
        clearTimeout(timer);
        resolve(v);
      });
    });
  return {
    conn,
    frames,
    closes,
    nextFrame: () => bounded('frame', (r) => frameWaiters.push(r)),
    nextClose: () => (closes.length ? Promise.resolve(closes[0]) : bounded('close event', (r) => closeWaiters.push(r))),
  };
}

test('a frame is serialized on send: mutating the object afterwards does not change what arrives', async () => {
  const { client, server } = await pair();
  const frame = { t: 'submit', opId: 'op-1', payload: { value: 1, list: [1, 2] } };
  client.conn.send(frame);
  frame.payload.value = 2;
  frame.payload.list.push(3);
  frame.opId = 'changed';
  const got = await server.nextFrame();
  assert.deepEqual(got, { t: 'submit', opId: 'op-1', payload: { value: 1, list: [1, 2] } });
  assert.notEqual(got, frame, 'the receiver gets its own object');
});

test('only JSON crosses: functions and undefined values are dropped, a Date arrives as a string', async () => {
  const { client, server } = await pair();
  client.conn.send({ t: 'x', fn: () => 1, missing: undefined, when: new Date(0), kept: null });
  const got = await server.nextFrame();
  assert.deepEqual(got, { t: 'x', when: '1970-01-01T00:00:00.000Z', kept: null });
  assert.equal('fn' in got, false);
  assert.equal('missing' in got, false);
});

test('delivery is asynchronous: nothing arrives within the send call, and order is kept', async () => {
  const { client, server } = await pair();
  client.conn.send({ t: 'a' });
  client.conn.send({ t: 'b' });
  assert.equal(server.frames.length, 0, 'delivered within send()');
  await server.nextFrame();
  if (server.frames.length < 2) await server.nextFrame();
  assert.deepEqual(server.frames.map((f) => f.t), ['a', 'b']);
});

test('connect to an address nobody listens at rejects', async () => {
  const transport = new MemoryTransport();
  await assert.rejects(transport.connect('mem://nobody/1'), /connection refused/);
  const listener = transport.listen(transport.newAddress('A'), () => {});
  listener.close();
  await assert.rejects(transport.connect(listener.address), /connection refused/);
});

test("close('orderly'): the other side hears 'orderly', the closer hears nothing, nothing crosses after", async () => {
  const { client, server } = await pair();
  client.conn.close('orderly');
  client.conn.send({ t: 'after-close' });
  server.conn.send({ t: 'reply-after-close' });
  assert.equal(await server.nextClose(), 'orderly');
  await quiet();
  assert.deepEqual(server.closes, ['orderly']);
  assert.deepEqual(client.closes, [], 'the closing side got a close event for its own close');
  assert.deepEqual(server.frames, []);
  assert.deepEqual(client.frames, []);
});

test("close('error'): the other side hears 'error'", async () => {
  const { client, server } = await pair();
  server.conn.close('error');
  assert.equal(await client.nextClose(), 'error');
  await quiet();
  assert.deepEqual(server.closes, []);
});

test('a second close, from either side, is ignored', async () => {
  const { client, server } = await pair();
  client.conn.close('orderly');
  client.conn.close('error');
  server.conn.close('error');
  assert.equal(await server.nextClose(), 'orderly');
  await quiet();
  assert.deepEqual(server.closes, ['orderly'], 'the other side heard more than one close');
  assert.deepEqual(client.closes, [], 'the first closer heard the late close of the other side');
});

test('abandon(): the other side hears nothing, and frames sent by the abandoned side are not delivered', async () => {
  const { client, server } = await pair();
  client.conn.abandon();
  client.conn.send({ t: 'from-the-dead' });
  // The dead side reads nothing either, even with a handler set after abandon().
  const lateFrames: Frame[] = [];
  client.conn.onFrame((f) => lateFrames.push(f));
  server.conn.send({ t: 'to-the-dead' });
  await quiet();
  assert.deepEqual(server.frames, []);
  assert.deepEqual(server.closes, [], 'an abandoned connection must look half-open: no close event');
  assert.deepEqual(client.frames, []);
  assert.deepEqual(lateFrames, []);
  assert.deepEqual(client.closes, []);
});

test("failAfterNextWrite(): the next frame is delivered, then both sides hear 'error' and a reply is lost", async () => {
  const { client, server } = await pair();
  // The server answers at once, from inside the delivery of the frame.
  server.conn.onFrame((f) => {
    server.frames.push(f);
    server.conn.send({ t: 'reply', to: f.t });
  });
  client.conn.failAfterNextWrite();
  client.conn.send({ t: 'last' });
  client.conn.send({ t: 'too-late' });
  const [serverClose, clientClose] = await Promise.all([server.nextClose(), client.nextClose()]);
  assert.equal(serverClose, 'error');
  assert.equal(clientClose, 'error');
  await quiet();
  assert.deepEqual(server.frames.map((f) => f.t), ['last'], 'exactly the armed frame crosses');
  assert.deepEqual(client.frames, [], 'the reply crossed a failed connection');
  assert.deepEqual(server.closes, ['error']);
  assert.deepEqual(client.closes, ['error']);
});

test('failAfterNextWrite() applies to the next frame only', async () => {
  const { client, server } = await pair();
  client.conn.failAfterNextWrite();
  server.conn.send({ t: 'from-the-other-side' });
  await client.nextFrame();
  assert.deepEqual(client.closes, [], 'a frame of the other side set off the failpoint');
  client.conn.send({ t: 'armed' });
  assert.equal(await server.nextClose(), 'error');
});

// KNOWN BUG (reported, not fixed here): close() marks the link closed at once, and delivery checks
// that flag, so a frame written just before an orderly close is dropped. A real connection delivers
// what was written before its orderly end (MeshNode.onHello sends 'refuse' and then closes).
test('frames written before an orderly close are delivered', async () => {
  const { client, server } = await pair();
  server.conn.send({ t: 'refuse' });
  server.conn.close('orderly');
  assert.equal(await client.nextClose(), 'orderly');
  assert.deepEqual(client.frames.map((f) => f.t), ['refuse']);
});
