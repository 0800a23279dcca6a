// The servers a backend needs for one run (its adapter's record says which, src/driver/target.ts),
// started before it and stopped after, also when the run fails or is interrupted: a Redis of the
// run's own (SPOTCHECK_REDIS_URL, testcontainers or the redis-server binary), a NATS cluster of three
// servers. Shared by `run`, `mutants`, `certify` and `nemesis`, which differ only in how they report.

// The server modules load when a backend needs them: they bring testcontainers, ioredis and nats,
// most of a second of CPU that every embedded or simulated run would otherwise pay at start.
import type { NatsCluster } from './nats.ts';
import type { RedisPause, RedisServer } from './redis.ts';
import type { ServerKind } from '../driver/target.ts';

export interface BackendServers {
  redisUrl?: string;
  natsUrls?: string[];
  /**
   * How to freeze the run's Redis from outside (the Store down for every node at once), when the
   * kit started it. Only for a caller that has it to itself: freezing it stops every scenario on it.
   */
  redisPause?: RedisPause;
}

/** A server the backend needs could not be had; the message is one line. */
export class BackendStartError extends Error {}

export interface BackendReport {
  /** What was started, one line each (e.g. "Location Store: Redis via binary at ..."). */
  started(line: string): void;
  /** Ctrl-C or SIGTERM while running: one line, before the servers are stopped. */
  interrupted(signal: NodeJS.Signals): void;
}

export async function withBackendServers<T>(backend: string, needs: readonly ServerKind[], report: BackendReport, fn: (servers: BackendServers) => Promise<T>): Promise<T> {
  if (needs.length === 0) return fn({});
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
  };
  const onSignal = (signal: NodeJS.Signals) => {
    report.interrupted(signal);
    void stopAll().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const firstLine = (e: unknown) => (e as Error).message.split('\n')[0];
  try {
    const servers: BackendServers = {};
    if (needs.includes('redis')) {
      let redis: RedisServer;
      try {
        redis = await (await import('./redis.ts')).startRedis();
      } catch (e) {
        throw new BackendStartError(`backend ${backend} could not start: ${firstLine(e)}`);
      }
      stops.push(() => redis.stop());
      report.started(`Location Store: Redis via ${redis.via} at ${redis.url}`);
      servers.redisUrl = redis.url;
      if (redis.pauseBy) servers.redisPause = redis.pauseBy;
    }
    if (needs.includes('nats')) {
      let nats: NatsCluster;
      try {
        nats = await (await import('./nats.ts')).startNatsCluster();
      } catch (e) {
        throw new BackendStartError(`backend ${backend} could not start: ${firstLine(e)}`);
      }
      stops.push(() => nats.stop());
      report.started(`Transport: NATS cluster via ${nats.via} at ${nats.urls.join(', ')}`);
      servers.natsUrls = nats.urls;
    }
    return await fn(servers);
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await stopAll();
  }
}
