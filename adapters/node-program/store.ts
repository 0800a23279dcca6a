// The Location Store of a node-program run (docs/node-program.md): a real Redis the kit starts on a
// free port (src/servers/redis.ts; one per kit process, a key namespace per cluster), reached by each
// node through a relay of the kit's own (src/harness/relay.ts), one per RID and kept across its
// restarts. So the Store faults are the kit's, from outside the runtime:
//   store-down   the node's relay (every relay, for everyone) resets its connections and refuses new ones
//   store-slow   the relay holds the bytes of one direction for `ms` (calls late, or answers late)
//   store-up     the relays heal
//   deregister   the kit removes the node's descriptor itself, with a client of its own
// The kit reads the records (lookup, relocation) with its own client too, never through a node.
// The records are in the reference's layout (impl-reference/location/records.ts): a node program
// that serves objects keeps its Location Store in that layout (docs/assumptions.md).

import { randomBytes } from 'node:crypto';
import type { ObjectRecordView, RelocationView, Rid } from '../../src/driver/types.ts';
import { TcpRelay } from '../../src/harness/relay.ts';
import { startRedis, type RedisServer } from '../../src/servers/redis.ts';
import { latestRelocation, lookupRecord, removeDescriptor } from '../../impl-reference/harness/store-views.ts';
import { RedisStore } from '../../impl-reference/store/redis.ts';

/**
 * One Redis for the node-program clusters of this kit process that are open at a time, started when
 * the first needs it and stopped when the last closes: a server left running would keep the kit's
 * process from ending (and outlive it when that is signalled).
 */
let server: Promise<RedisServer> | undefined;
let users = 0;
function useRedis(): Promise<RedisServer> {
  users++;
  server ??= startRedis();
  server.catch(() => (server = undefined));
  return server;
}
async function doneWithRedis(): Promise<void> {
  if (--users > 0 || !server) return;
  const s = server;
  server = undefined;
  await (await s.catch(() => undefined))?.stop();
}

export class ProgramStore {
  private readonly relays = new Map<Rid, TcpRelay>();
  private readonly namespace = `np-${randomBytes(6).toString('hex')}`;
  private kit?: RedisStore;
  /**
   * The cluster's hold on the shared Redis, taken once: nodes start at the same time, and two holds
   * taken by concurrent first calls, given back once, left the server running after the last close
   * (found: a test process that never ended, its redis-server still there).
   */
  private holding?: Promise<{ host: string; port: number }>;

  private hold(): Promise<{ host: string; port: number }> {
    this.holding ??= useRedis().then((server) => {
      const url = new URL(server.url);
      this.kit = new RedisStore({ url: url.toString(), namespace: this.namespace });
      return { host: url.hostname, port: Number(url.port || 6379) };
    });
    return this.holding;
  }

  /** Where `rid` reaches the Store: its relay (made on first use), and the cluster's namespace. */
  async configFor(rid: Rid): Promise<{ address: string; namespace: string }> {
    const target = await this.hold();
    let relay = this.relays.get(rid);
    if (!relay) {
      relay = new TcpRelay(target);
      this.relays.set(rid, relay);
      await relay.start();
    }
    return { address: `127.0.0.1:${relay.port}`, namespace: this.namespace };
  }

  private relaysOf(rid?: Rid): TcpRelay[] {
    return rid === undefined ? [...this.relays.values()] : [this.relays.get(rid)].filter((r): r is TcpRelay => r !== undefined);
  }

  down(rid?: Rid): void {
    for (const r of this.relaysOf(rid)) r.cutOff();
  }

  up(rid?: Rid): void {
    for (const r of this.relaysOf(rid)) r.heal();
  }

  slow(rid: Rid | undefined, ms: number, replies: boolean): void {
    for (const r of this.relaysOf(rid)) r.delay(ms, replies ? 'to-node' : 'to-server');
  }

  private store(): RedisStore {
    if (!this.kit) throw new Error('no Location Store: no node of this cluster has started');
    return this.kit;
  }

  /** The kit's own write: the node's descriptor is gone (false if it changed meanwhile). */
  deregister(rid: Rid): Promise<boolean> {
    return removeDescriptor(this.store(), rid);
  }

  lookup(objectId: string): Promise<ObjectRecordView> {
    return lookupRecord(this.store(), objectId);
  }

  relocation(objectId: string): Promise<RelocationView | null> {
    return latestRelocation(this.store(), objectId);
  }

  async close(): Promise<void> {
    await Promise.all([...this.relays.values()].map((r) => r.stop()));
    await this.kit?.close();
    const held = this.holding;
    this.holding = undefined;
    // Given back once, whether or not the server came up (useRedis counted it either way).
    if (held) {
      await held.catch(() => undefined);
      await doneWithRedis();
    }
  }
}
