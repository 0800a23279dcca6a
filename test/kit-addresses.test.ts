// The reference node program's view of the Location Store (impl-reference/node/kit-addresses.ts):
// which nodes are listed is the Store's, where each is the kit's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KitAddresses } from '../impl-reference/node/kit-addresses.ts';
import { nodeKey, NODE_PREFIX } from '../impl-reference/location/records.ts';
import { MemoryStore } from '../impl-reference/store/memory.ts';

test("a descriptor's address is the kit's for that peer; membership and other keys are the Store's", async () => {
  const store = new MemoryStore();
  const view = new KitAddresses(store);
  await store.compareAndSet(nodeKey('B'), 0, { rid: 'B', mesh: 'm', address: '127.0.0.1:1111' });
  await store.compareAndSet(nodeKey('X'), 0, { rid: 'X', mesh: 'other', address: '127.0.0.1:2222' });
  await store.compareAndSet('obj/o1', 0, { address: 'not a descriptor' });
  view.set('B', '127.0.0.1:9001');
  assert.deepEqual((await view.read(nodeKey('B'))).value, { rid: 'B', mesh: 'm', address: '127.0.0.1:9001' });
  assert.deepEqual((await view.list(NODE_PREFIX)).map((e) => e.value), [
    { rid: 'B', mesh: 'm', address: '127.0.0.1:9001' },
    { rid: 'X', mesh: 'other', address: '127.0.0.1:2222' }, // no address from the kit: as written
  ]);
  assert.deepEqual((await view.read('obj/o1')).value, { address: 'not a descriptor' });
  // A move: the kit gives a new relay, the next read has it.
  view.set('B', '127.0.0.1:9002');
  assert.equal(((await view.read(nodeKey('B'))).value as { address: string }).address, '127.0.0.1:9002');
  // Deregistered: gone from the list whatever the kit said.
  const cur = await store.read(nodeKey('B'));
  await store.compareAndSet(nodeKey('B'), cur.version, null);
  assert.deepEqual((await view.list(NODE_PREFIX)).map((e) => (e.value as { rid: string }).rid), ['X']);
  assert.equal((await store.read(nodeKey('B'))).value, null);
});
