// What one node of the reference as a node program runs on (program-node.ts): plain TCP, a Store of
// its own in memory, its journal as notifications to the kit. Nothing is shared with another node
// and nothing outlives the process (a restarted node finds nothing of the old one).
//
// Two ways to a Store:
// - no `store` in the start configuration (level core): a Store of the node's own, in memory,
//   holding its descriptor list: the kit's word on where each peer is (its relay for that link),
//   written as descriptors. The node reads its list from there as it always does, so a reconnect
//   goes to the address the kit gave last (R-CONN-3).
// - `store` given: the cluster's Location Store, a Redis the kit started, reached through the kit's
//   relay for this node (so the kit cuts it off, or makes it late, from outside). The node reads
//   which nodes are listed from there, and where each is from the kit (kit-addresses.ts). The
//   node's Store calls go to the kit as `store` notifications.

import { realClock } from '../../src/driver/clock.ts';
import { cryptoIds } from '../../src/driver/ids.ts';
import type { Rid } from '../../src/driver/types.ts';
import { nodeKey, type NodeDescriptor } from '../location/records.ts';
import { tcpStreams } from '../sessions/stream.ts';
import { MemoryStore } from '../store/memory.ts';
import { StoreReach } from '../store/node-store.ts';
import type { Store } from '../store/types.ts';
import { RedisStore } from '../store/redis.ts';
import { TcpTransport, splitAddress } from '../transport/tcp.ts';
import { KitAddresses } from './kit-addresses.ts';
import type { NodeParts } from './parts.ts';

export interface ProgramParts {
  parts: NodeParts;
  /** The Store is the cluster's (a discovery need not, and in an outage cannot, be read back from it). */
  shared: boolean;
  /** Where peers are (the kit's relays), written as their descriptors. */
  learn(peers: Record<Rid, string>): Promise<void>;
}

export async function programParts(
  config: { rid: Rid; mesh: string; listen: string; peers: Record<Rid, string>; store?: { address: string; namespace: string } },
  notify: (method: 'journal' | 'store', params: unknown) => void,
): Promise<ProgramParts> {
  const shared = config.store !== undefined;
  const book = shared ? new KitAddresses(new RedisStore({ url: `redis://${config.store!.address}`, namespace: config.store!.namespace })) : undefined;
  const store: Store = book ?? new MemoryStore();
  const transport = new TcpTransport({ host: splitAddress(config.listen || '127.0.0.1:0').host });
  const learn = async (peers: Record<Rid, string>) => {
    for (const [rid, address] of Object.entries(peers ?? {})) {
      if (rid === config.rid) continue;
      if (book) {
        book.set(rid, address); // the descriptors are the cluster's, in the Location Store
        continue;
      }
      const descriptor: NodeDescriptor = { rid, mesh: config.mesh, address };
      for (;;) {
        const cur = await store.read(nodeKey(rid));
        if ((await store.compareAndSet(nodeKey(rid), cur.version, descriptor)).applied) break;
      }
    }
  };
  await learn(config.peers);
  const parts: NodeParts = {
    clock: realClock,
    ids: cryptoIds,
    store,
    transport,
    streams: tcpStreams,
    ready: async () => {},
    evidence: {
      // The kit stamps and numbers each line on arrival; what the node says of its time is dropped.
      write(line) {
        if ('journal' in line) {
          const { at: _at, ...entry } = line.journal as Record<string, unknown>;
          notify('journal', entry);
        } else if ('store' in line) {
          const { at: _at, ...call } = line.store as Record<string, unknown>;
          notify('store', call);
        }
      },
      close() {},
    },
    reach: new StoreReach(),
    async release() {
      await Promise.allSettled([transport.close(), store.close()]);
    },
  };
  return { parts, shared, learn };
}
