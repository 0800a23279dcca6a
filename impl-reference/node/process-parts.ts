// A node process's parts, built from its configuration file: a Redis client, a NATS client and an
// evidence file of its own. Nothing is shared with any other node.

import { closeSync, openSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { realClock } from '../../src/driver/clock.ts';
import { cryptoIds } from '../../src/driver/ids.ts';
import { tcpStreams } from '../sessions/stream.ts';
import { RedisStore } from '../store/redis.ts';
import { StoreReach } from '../store/node-store.ts';
import { NatsTransport } from '../transport/nats.ts';
import type { NodeProcessConfig } from './config.ts';
import type { EvidenceRecord, EvidenceSink, NodeParts } from './parts.ts';

/** Appends evidence synchronously: once write() returns, a SIGKILL cannot take the line back. */
class EvidenceFile implements EvidenceSink {
  private fd: number | undefined;
  constructor(path: string) {
    this.fd = openSync(path, 'a');
  }
  write(line: EvidenceRecord): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, `${JSON.stringify({ t: performance.timeOrigin + performance.now(), ...line })}\n`);
  }
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

export function processParts(config: NodeProcessConfig): NodeParts {
  const evidence = new EvidenceFile(config.evidenceFile);
  const store = new RedisStore({ url: config.store.redisUrl, namespace: config.store.namespace });
  const transport = new NatsTransport(config.transport.natsUrls, { prefix: config.transport.prefix });
  return {
    clock: realClock,
    ids: cryptoIds,
    store,
    transport,
    streams: tcpStreams,
    ready: () => transport.ready(),
    evidence,
    reach: new StoreReach(),
    async release() {
      await Promise.allSettled([store.close(), transport.close()]);
    },
  };
}
