// The transport contract on the plain TCP transport (the reference as a node program), over real
// sockets on loopback; plus what a kit relay between two ends looks like to it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LinkRelay } from '../../src/harness/link-relay.ts';
import { TcpTransport } from '../../impl-reference/transport/tcp.ts';
import type { Connection } from '../../impl-reference/transport/types.ts';
import { transportContract, watch } from './contract.ts';

transportContract('TcpTransport', async () => {
  const transport = new TcpTransport();
  return { server: transport, client: transport, cleanup: () => transport.close() };
}, { quietMs: 50, waitMs: 2000 });

describe('TcpTransport behind a kit relay', () => {
  async function through(relayFault: (r: LinkRelay) => void): Promise<{ client: ReturnType<typeof watch>; server: ReturnType<typeof watch>; done: () => Promise<void> }> {
    const t = new TcpTransport();
    let accepted: Connection | undefined;
    const listener = await t.listen(t.newAddress('B'), (c) => (accepted = c));
    const relay = new LinkRelay('A->B');
    relay.retarget(listener.address);
    await relay.start();
    const client = watch(await t.connect(relay.address), 2000);
    const server = watch(accepted!, 2000);
    client.conn.send({ t: 'ping' });
    await server.frameCount(1);
    relayFault(relay);
    return { client, server, done: async () => { await relay.stop(); await t.close(); } };
  }

  it("the relay's orderly close is heard as 'orderly' on both ends", async () => {
    const { client, server, done } = await through((r) => r.close('orderly'));
    assert.equal(await client.nextClose(), 'orderly');
    assert.equal(await server.nextClose(), 'orderly');
    await done();
  });

  it("the relay's reset is heard as 'error' on both ends", async () => {
    const { client, server, done } = await through((r) => r.close('error'));
    assert.equal(await client.nextClose(), 'error');
    assert.equal(await server.nextClose(), 'error');
    await done();
  });

  it('a silenced relay: neither end hears anything, nothing crosses', async () => {
    const { client, server, done } = await through((r) => r.silence());
    client.conn.send({ t: 'lost' });
    server.conn.send({ t: 'lost' });
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual([client.closes, server.closes], [[], []]);
    assert.deepEqual(server.frames.map((f) => f.t), ['ping']);
    assert.deepEqual(client.frames, []);
    await done();
  });

  it('connect through a relay whose target nobody listens at rejects at once', async () => {
    const t = new TcpTransport();
    const relay = new LinkRelay('A->B');
    await relay.start();
    const t0 = Date.now();
    await assert.rejects(t.connect(relay.address), /connection refused/);
    assert.ok(Date.now() - t0 < 500);
    await relay.stop();
    await t.close();
  });
});
