// The Redis Store's own RESP2 client (impl-reference/store/resp.ts): its reply parser, and the
// connection promises the Store's timings rest on, against a scripted TCP server. The Store contract
// against a real redis-server is redis.test.ts.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { test } from 'node:test';
import { parse, ReplyError, RespClient } from '../../impl-reference/store/resp.ts';

const b = (s: string) => Buffer.from(s);

test('parse: each RESP2 type, nil, nesting, and undefined while a reply is not whole', () => {
  assert.deepEqual(parse(b('+OK\r\n'), 0), { value: 'OK', next: 5 });
  assert.deepEqual(parse(b('-ERR no\r\n'), 0), { value: null, error: 'ERR no', next: 9 });
  assert.deepEqual(parse(b(':42\r\n'), 0), { value: 42, next: 5 });
  assert.deepEqual(parse(b('$-1\r\n'), 0), { value: null, next: 5 });
  assert.deepEqual(parse(b('$5\r\nh\xe9llo\r\n'.replace('\xe9', 'e')), 0), { value: 'hello', next: 11 });
  const json = '{"a":"é"}';
  const bulk = b(`$${Buffer.byteLength(json)}\r\n${json}\r\n`);
  assert.equal(parse(bulk, 0)!.value, json, 'a bulk string is counted in bytes, read as UTF-8');
  const arr = b('*3\r\n:1\r\n$-1\r\n*2\r\n$1\r\nx\r\n:2\r\n');
  assert.deepEqual(parse(arr, 0)!.value, [1, null, ['x', 2]]);
  for (let cut = 1; cut < arr.length; cut++) assert.equal(parse(arr.subarray(0, cut), 0), undefined, `cut at ${cut}`);
  assert.throws(() => parse(b('?what\r\n'), 0), /not a RESP2 reply/);
});

/** A server that answers PING with PONG and each other command as `answer` says (undefined: never). */
async function scripted(answer: (args: string[], socket: Socket) => string | undefined): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    let buf = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        const p = parse(buf, 0);
        if (!p) break;
        buf = buf.subarray(p.next);
        const args = p.value as string[];
        const reply = args[0] === 'PING' ? '+PONG\r\n' : answer(args, socket);
        if (reply !== undefined) socket.write(reply);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

/** The client's next `name` event (not events.once, which rejects on an 'error' event meanwhile). */
const next = (c: RespClient, name: string) => new Promise<unknown[]>((resolve) => c.once(name, (...a: unknown[]) => resolve(a)));

const options = (port: number) => ({ host: '127.0.0.1', port, connectTimeoutMs: 500, commandTimeoutMs: 200, reconnectEveryMs: 50 });

test('ready after the PING is answered; commands get their own replies, errors as ReplyError; a call while not ready is refused at once', async () => {
  const { server, port } = await scripted((args) => (args[0] === 'ECHO' ? `$${args[1].length}\r\n${args[1]}\r\n` : '-ERR unknown\r\n'));
  const c = new RespClient(options(port));
  await assert.rejects(c.call('ECHO', 'x'), /not connected/);
  await next(c, 'ready');
  assert.deepEqual(await Promise.all([c.call('ECHO', 'one'), c.call('ECHO', 'two')]), ['one', 'two']);
  await assert.rejects(c.call('NOPE'), (e) => e instanceof ReplyError && e.name === 'ReplyError' && /ERR unknown/.test(e.message));
  await c.quit();
  assert.equal(c.status, 'end');
  server.close();
});

test('a command unanswered within the timeout is rejected, and its late reply goes to nobody else', async () => {
  let slow: Socket | undefined;
  const { server, port } = await scripted((args, socket) => {
    if (args[1] === 'slow') return void (slow = socket);
    return `$${args[1].length}\r\n${args[1]}\r\n`;
  });
  const c = new RespClient(options(port));
  await next(c, 'ready');
  await assert.rejects(c.call('ECHO', 'slow'), /Command timed out/);
  const following = c.call('ECHO', 'next');
  slow!.write('$4\r\nslow\r\n'); // the late reply comes first, in order
  assert.equal(await following, 'next');
  c.disconnect();
  server.close();
});

test('a lost connection fails every command still waiting, says so, and is made again', async () => {
  const { server, port, sockets } = await scripted(() => undefined);
  const c = new RespClient(options(port));
  c.on('error', () => {}); // the reset below
  await next(c, 'ready');
  const waiting = c.call('GET', 'k');
  const closed = next(c, 'close');
  sockets[0].destroy();
  await assert.rejects(waiting, /Connection is closed/);
  await closed;
  assert.notEqual(c.status, 'ready');
  await next(c, 'ready'); // tried again after reconnectEveryMs
  assert.equal(sockets.length, 2);
  c.disconnect();
  server.close();
});

test('a server that accepts but never answers is never ready: the PING times out, the connection ends, and is tried again', async () => {
  const sockets: Socket[] = [];
  const server = createServer((s) => void sockets.push(s.on('error', () => {})));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const c = new RespClient(options((server.address() as AddressInfo).port));
  let ready = false;
  c.on('ready', () => (ready = true));
  const [e] = (await next(c, 'error')) as [Error];
  assert.match(e.message, /Command timed out/);
  assert.equal(ready, false);
  await next(c, 'close');
  while (sockets.length < 2) await new Promise((r) => setTimeout(r, 20));
  assert.equal(ready, false);
  c.disconnect();
  for (const s of sockets) s.destroy();
  server.close();
});

test('nothing listening: the error is the connection\'s own, and disconnect() stops the retries', async () => {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  server.close();
  await once(server, 'close');
  const c = new RespClient(options(port));
  const [e] = (await next(c, 'error')) as [Error];
  assert.match(e.message, /ECONNREFUSED/);
  c.disconnect();
  assert.equal(c.status, 'end');
  await new Promise((r) => setTimeout(r, 150)); // past two reconnect intervals: none made
  assert.equal(c.status, 'end');
});

test('RedisStore refuses a URL with a password or another database instead of ignoring it', async () => {
  const { RedisStore } = await import('../../impl-reference/store/redis.ts');
  for (const url of ['redis://:secret@127.0.0.1:1', 'redis://user:pw@127.0.0.1:1', 'redis://127.0.0.1:1/2']) {
    assert.throws(() => new RedisStore({ url, namespace: 'x' }), /a password or a database other than 0 is not supported/, url);
  }
});
