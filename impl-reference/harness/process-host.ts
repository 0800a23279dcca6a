// The process backend's host: every node an OS process of its own (node/main.ts) on a real NATS
// cluster and a real Redis. Faults are carried out from outside: a crash is SIGKILL and a hang
// SIGSTOP (src/harness/node-process.ts), the Store is cut off for one node by cutting the kit's TCP
// relay between it and Redis, and for every node by freezing Redis itself (SIGSTOP or container
// pause) where the run has it to itself. Evidence is read back from the files the nodes append to.

import { randomUUID } from 'node:crypto';
import { realClock } from '../../src/driver/clock.ts';
import { cryptoIds } from '../../src/driver/ids.ts';
import { tcpStreams } from '../sessions/stream.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EffectiveTimings, Rid } from '../../src/driver/types.ts';
import type { NodeHandle } from '../../src/harness/node-handle.ts';
import { NodeProcess } from '../../src/harness/node-process.ts';
import { TcpRelay } from '../../src/harness/relay.ts';
import { pauseRedis, type RedisPause } from '../../src/servers/redis.ts';
import type { NodeConfig, NodeProcessConfig } from '../node/config.ts';
import { RedisStore } from '../store/redis.ts';
import { NatsTransport } from '../transport/nats.ts';
import type { Connection, Listener } from '../transport/types.ts';
import { EvidenceReader } from './evidence-reader.ts';
import { START_TIMEOUT_MS, type NodeEvent, type NodeHost } from './node-host.ts';
import { keepSpares, launchNode } from './spare-nodes.ts';

export interface ProcessHostOptions {
  redisUrl: string;
  natsUrls: string[];
  /** How to freeze Redis from outside; without it, "Store down for every node" cuts every relay. */
  redisPause?: RedisPause;
}

export class ProcessHost implements NodeHost {
  readonly backend = 'process';
  readonly clock = realClock;
  readonly ids = cryptoIds;
  readonly streams = tcpStreams;
  readonly evidence = new EvidenceReader();
  readonly store: RedisStore;
  private readonly runId = randomUUID().slice(0, 8);
  private readonly dir = mkdtempSync(join(tmpdir(), 'spotcheck-nodes-'));
  private readonly namespace = `spotcheck:${randomUUID()}`;
  /** Each node's relay to Redis and its place among the NATS servers, kept across restarts. */
  private readonly relays = new Map<Rid, TcpRelay>();
  private readonly index = new Map<Rid, number>();
  private impostorTransport?: NatsTransport;
  /** Node processes this host launched (restarts included): as many spares for the next cluster. */
  private launched = 0;
  /** Redis is frozen (store-down for every node, with redisPause). */
  private frozen = false;

  constructor(
    private readonly options: ProcessHostOptions,
    readonly timings: EffectiveTimings,
  ) {
    this.store = new RedisStore({ url: options.redisUrl, namespace: this.namespace });
  }

  async launch(node: NodeConfig, onEvent: (e: NodeEvent) => void): Promise<NodeHandle> {
    const { rid } = node;
    if (!this.index.has(rid)) this.index.set(rid, this.index.size);
    const index = this.index.get(rid)!;
    let relay = this.relays.get(rid);
    if (!relay) {
      const url = new URL(this.options.redisUrl);
      relay = new TcpRelay({ host: url.hostname, port: Number(url.port || 6379) });
      this.relays.set(rid, relay);
      await relay.start();
    }
    const via = new URL(this.options.redisUrl);
    via.hostname = '127.0.0.1';
    via.port = String(relay.port);
    const incarnation = this.evidence.files.length;
    const evidenceFile = join(this.dir, `${rid}.${incarnation}.evidence.jsonl`);
    this.evidence.add(evidenceFile);
    // Nodes are spread over the NATS servers, so their traffic crosses the cluster's routes.
    const urls = this.options.natsUrls;
    const config: NodeProcessConfig = {
      ...node,
      store: { redisUrl: via.toString(), namespace: this.namespace },
      transport: { natsUrls: [...urls.slice(index % urls.length), ...urls.slice(0, index % urls.length)], prefix: `spotcheck.${this.runId}` },
      evidenceFile,
    };
    const configFile = join(this.dir, `${rid}.${incarnation}.config.json`);
    writeFileSync(configFile, JSON.stringify(config));
    this.launched++;
    return new NodeProcess(rid, await launchNode(configFile), onEvent, START_TIMEOUT_MS);
  }

  private relaysOf(rid?: Rid): TcpRelay[] {
    return rid === undefined ? [...this.relays.values()] : [this.relays.get(rid)!].filter(Boolean);
  }

  async storeDown(rid?: Rid): Promise<void> {
    if (rid === undefined && this.options.redisPause) {
      // The Store itself stops answering anyone: connections stay open.
      if (!this.frozen) await pauseRedis(this.options.redisPause, true);
      this.frozen = true;
      return;
    }
    for (const r of this.relaysOf(rid)) r.cutOff();
  }

  async storeUp(rid?: Rid): Promise<void> {
    if (rid === undefined && this.frozen) {
      await pauseRedis(this.options.redisPause!, false);
      this.frozen = false;
    }
    // Store up for all ends every cut and delay; for one node, that node's.
    for (const r of this.relaysOf(rid)) r.heal();
  }

  storeSlow(rid: Rid | undefined, ms: number, replies = false): void {
    for (const r of this.relaysOf(rid)) r.delay(ms, replies ? 'to-node' : 'to-server');
  }

  async listenAsImpostor(address: string, onConnection: (conn: Connection) => void): Promise<Listener> {
    this.impostorTransport ??= new NatsTransport(this.options.natsUrls, { prefix: `spotcheck.${this.runId}` });
    await this.impostorTransport.ready();
    const listener = this.impostorTransport.listen(address, onConnection);
    await listener.ready;
    return listener;
  }

  /** The next scenario's nodes load while this one runs (spare-nodes.ts). */
  started(count: number): void {
    void keepSpares(count);
  }

  async close(handles: NodeHandle[]): Promise<void> {
    // A frozen Redis is thawed first: the kit's own client, and whoever uses the server next, need it.
    if (this.frozen && this.options.redisPause) await pauseRedis(this.options.redisPause, false).catch(() => {});
    this.frozen = false;
    // Profiled nodes end on their own, so that they write their profile (docs/node-process.md).
    const profiled = /--cpu-prof|--heap-prof/.test(process.env.SPOTCHECK_NODE_ARGS ?? '');
    await Promise.all(handles.map((h) => (profiled ? h.end() : h.kill())));
    await this.impostorTransport?.close();
    await Promise.all([...this.relays.values()].map((r) => r.stop()));
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
    // The next scenario's nodes load now, while this one's are gone.
    await keepSpares(this.launched);
  }
}
