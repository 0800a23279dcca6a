// The versions of the servers a run used, asked of the servers themselves: Redis answers
// `INFO server` (redis_version), a NATS server sends its INFO line (`"version"`) to every client
// that connects. A server that cannot be asked is listed with version null and why; a run never
// fails for this.

import net from 'node:net';
import os from 'node:os';
import type { RunEnvironment, ServerVersion } from '../report/compliance.ts';

const ASK_TIMEOUT_MS = 3000;

export async function redisVersion(url: string): Promise<ServerVersion> {
  // ioredis loads only for a run that has a Redis to ask (every run starts by importing this module).
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: ASK_TIMEOUT_MS, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => {});
  try {
    await client.connect();
    const info = await withTimeout(client.info('server'), `${url}: no answer to INFO server`);
    const m = /^redis_version:(\S+)/m.exec(info);
    return m ? { name: 'redis', url, version: m[1] } : { name: 'redis', url, version: null, error: 'INFO server has no redis_version' };
  } catch (e) {
    return { name: 'redis', url, version: null, error: (e as Error).message.split('\n')[0] };
  } finally {
    client.disconnect();
  }
}

/** Read the INFO line a NATS server sends on connect. */
export function natsVersion(url: string): Promise<ServerVersion> {
  return new Promise((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      resolve({ name: 'nats', url, version: null, error: 'not a URL' });
      return;
    }
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 4222) });
    let buffer = '';
    const done = (r: ServerVersion) => {
      socket.destroy();
      resolve(r);
    };
    socket.setTimeout(ASK_TIMEOUT_MS, () => done({ name: 'nats', url, version: null, error: `no INFO line within ${ASK_TIMEOUT_MS} ms` }));
    socket.on('error', (e) => done({ name: 'nats', url, version: null, error: e.message }));
    socket.on('data', (d) => {
      buffer += d.toString('utf8');
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      const line = buffer.slice(0, end);
      if (!line.startsWith('INFO ')) return done({ name: 'nats', url, version: null, error: `first line is not INFO: ${line.slice(0, 40)}` });
      try {
        const version = (JSON.parse(line.slice(5)) as { version?: unknown }).version;
        done(typeof version === 'string' ? { name: 'nats', url, version } : { name: 'nats', url, version: null, error: 'INFO has no version' });
      } catch {
        done({ name: 'nats', url, version: null, error: 'INFO is not JSON' });
      }
    });
  });
}

/** Versions of every server of a run: the Redis Location Store and the NATS servers, when used. */
export async function serverVersions(servers: { redisUrl?: string; natsUrls?: string[] }): Promise<ServerVersion[]> {
  return Promise.all([
    ...(servers.redisUrl ? [redisVersion(servers.redisUrl)] : []),
    ...(servers.natsUrls ?? []).map((u) => natsVersion(u)),
  ]);
}

export function runEnvironment(): RunEnvironment {
  const cpus = os.cpus();
  return {
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
  };
}

function withTimeout<T>(p: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ASK_TIMEOUT_MS)))]).finally(() => clearTimeout(timer));
}
