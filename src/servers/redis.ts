// A real redis-server for tests, from the first of these ways that works:
//   url             SPOTCHECK_REDIS_URL, a server the user runs (nothing is started or stopped)
//   testcontainers  a container, when a Docker-compatible engine answers (Docker, or podman's socket)
//   binary          `redis-server` from PATH on a free loopback port
// SPOTCHECK_REDIS_VIA=url|testcontainers|binary forces one way. When none works, NoRedisError says
// in one line what was tried and why each failed, so a test can fail with it instead of skipping.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import {
  GenericContainer, ImageName, Wait, getContainerRuntimeClient, type StartedTestContainer,
} from 'testcontainers';
import { freeze, thaw } from '../harness/freeze.ts';
import type { RedisPause } from '../driver/target.ts';

export type RedisVia = 'url' | 'testcontainers' | 'binary';

/**
 * How another part of the kit can freeze this Redis from outside, in plain JSON (it travels in a
 * Target): the redis-server process (SIGSTOP / SIGCONT) or the container (engine pause / unpause).
 * Defined with the Target (src/driver/target.ts): the Driver floor imports nothing of the test bed.
 */
export type { RedisPause };

export interface RedisServer {
  url: string;
  via: RedisVia;
  /** Stops and removes what was started (a no-op for `url`). Safe to call twice. */
  stop(): Promise<void>;
  /** Freezes the server (SIGSTOP / container pause): connections stay open, nothing answers. */
  pause?(): Promise<void>;
  /** The same freeze, for a caller that only has JSON; absent for a server the user runs. */
  pauseBy?: RedisPause;
  unpause?(): Promise<void>;
  /** Takes the server down (connections refused) and brings it back, empty, on the same port. */
  down?(): Promise<void>;
  up?(): Promise<void>;
}

export class NoRedisError extends Error {
  override name = 'NoRedisError';
}

const WAYS: Record<RedisVia, () => Promise<RedisServer>> = {
  url: viaUrl,
  testcontainers: viaTestcontainers,
  binary: viaBinary,
};
const READY = /Ready to accept connections/;
const START_TIMEOUT_MS = 15_000;

export async function startRedis(): Promise<RedisServer> {
  const forced = process.env.SPOTCHECK_REDIS_VIA;
  if (forced !== undefined && forced !== '' && !(forced in WAYS)) {
    throw new NoRedisError(`SPOTCHECK_REDIS_VIA=${forced} is not one of url, testcontainers, binary`);
  }
  // A URL the user gave is never silently replaced by a server of our own.
  const order: RedisVia[] = forced ? [forced as RedisVia]
    : process.env.SPOTCHECK_REDIS_URL ? ['url'] : ['url', 'testcontainers', 'binary'];
  const failures: string[] = [];
  for (const via of order) {
    try {
      return await WAYS[via]();
    } catch (e) {
      failures.push(`${via}: ${oneLine((e as Error).message)}`);
    }
  }
  throw new NoRedisError(`no Redis for the tests (tried ${failures.join('; ')})`);
}

async function viaUrl(): Promise<RedisServer> {
  const url = process.env.SPOTCHECK_REDIS_URL;
  if (!url) throw new Error('SPOTCHECK_REDIS_URL is not set');
  await ping(url, 2000).catch((e: Error) => {
    throw new Error(`${redactUrl(url)} did not answer PING: ${e.message}`);
  });
  return { url, via: 'url', stop: async () => undefined };
}

/** One PING on a fresh connection; rejects with the connection's own error (e.g. ECONNREFUSED). */
async function ping(url: string, connectTimeout: number): Promise<void> {
  let cause: Error | undefined;
  const client = new Redis(url, { lazyConnect: true, connectTimeout, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', (e: Error) => (cause ??= e));
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    throw cause ?? e;
  } finally {
    client.disconnect();
  }
}

async function viaTestcontainers(): Promise<RedisServer> {
  await pingEngine();
  const client = await getContainerRuntimeClient();
  const mini = 'localhost/redis-nats:mini'; // built locally by shared/containers/build-image.sh
  const image = process.env.SPOTCHECK_REDIS_IMAGE
    || ((await client.image.exists(ImageName.fromString(mini))) ? mini : 'redis:7');
  // --protected-mode no: without a config file redis only accepts loopback clients, and ours
  // come through the engine's port forwarding (the official image's entrypoint adds it too).
  // forLogMessage, not forListeningPorts: the latter execs a shell in the container and leaves
  // podman helper processes behind.
  const container: StartedTestContainer = await new GenericContainer(image)
    .withCommand(['redis-server', '--port', '6379', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'])
    // A host port of our choosing, not a random one: engines need not keep a random port across
    // a stop/start (down/up), and the URL must stay valid.
    .withExposedPorts({ container: 6379, host: await freePort() })
    .withWaitStrategy(Wait.forLogMessage(READY))
    .withStartupTimeout(START_TIMEOUT_MS)
    // Without Ryuk nobody removes containers a crashed run left behind: this label lets the
    // caller (.ci/store-redis.sh) remove exactly its own, not other runs' on a shared engine.
    .withLabels({ 'spotcheck.run': process.env.SPOTCHECK_RUN_ID || 'none' })
    .start();
  const url = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  const handle = client.container.getById(container.getId());
  let stopped = false;
  return {
    url,
    via: 'testcontainers',
    async stop() {
      if (stopped) return;
      stopped = true;
      await handle.unpause().catch(() => undefined); // a paused container cannot be stopped
      await container.stop({ remove: true, timeout: 0 });
    },
    pause: async () => void (await handle.pause()),
    pauseBy: { container: container.getId() },
    unpause: async () => void (await handle.unpause()),
    down: async () => void (await handle.stop({ t: 0 })),
    async up() {
      await handle.start(); // same host port: it was fixed at creation
      await waitForPing(url, START_TIMEOUT_MS);
    },
  };
}

/** The engine must answer quickly: testcontainers alone can take long to give up. */
async function pingEngine(): Promise<void> {
  const host = process.env.DOCKER_HOST;
  const opts: http.RequestOptions = { path: '/_ping', timeout: 2000 };
  if (!host) {
    if (!existsSync('/var/run/docker.sock')) throw new Error('no DOCKER_HOST and no /var/run/docker.sock');
    opts.socketPath = '/var/run/docker.sock';
  } else if (host.startsWith('unix://')) {
    opts.socketPath = host.slice('unix://'.length);
  } else if (host.startsWith('tcp://') && !process.env.DOCKER_TLS_VERIFY) {
    const u = new URL(host);
    [opts.host, opts.port] = [u.hostname, Number(u.port) || 2375];
  } else {
    return; // TLS, ssh or npipe: leave the check to testcontainers itself
  }
  const where = opts.socketPath ?? host;
  await new Promise<void>((resolve, reject) => {
    const req = http.get(opts, (res) => {
      res.resume();
      if (res.statusCode === 200) resolve();
      else reject(new Error(`engine at ${where} answered /_ping with HTTP ${res.statusCode}`));
    });
    req.on('timeout', () => req.destroy(new Error(`engine at ${where} did not answer /_ping within 2 s`)));
    req.on('error', (e) => reject(new Error(`engine at ${where}: ${e.message}`)));
  });
}

async function viaBinary(): Promise<RedisServer> {
  // Its own working directory, under TMPDIR: nothing lands in the project, and a caller can tell
  // its servers apart by cwd (.ci/store-redis.sh kills those a crashed test left behind).
  const dir = mkdtempSync(join(tmpdir(), 'spotcheck-redis-'));
  let port = 0;
  let child: ChildProcess | undefined;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await spawnRedis(port, dir);
    } catch (e) {
      // Someone may have taken the port between our probe and redis's bind: try another one. Redis
      // says so on an earlier line ("bind: Address already in use") and ends with "Failed listening
      // on port N (TCP), aborting", the line the error quotes (seen once in CI, npm test's groups
      // starting servers side by side).
      if (attempt >= 5 || !portTaken((e as Error).message)) {
        rmSync(dir, { recursive: true, force: true });
        throw e;
      }
    }
  }
  // If the test process dies without calling stop(), do not leave a server behind.
  const killOnExit = () => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', killOnExit);
  const down = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill('SIGKILL'); // works on a SIGSTOPped process too; nothing to flush (no persistence)
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    via: 'binary',
    // The process as started: after down() and up() it is another one (only tests do that).
    pauseBy: { pid: child.pid! },
    async stop() {
      await down();
      process.off('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
    pause: async () => (child ? freeze(child.pid!) : undefined),
    unpause: async () => void (child && thaw(child.pid!)),
    down,
    async up() {
      child = await spawnRedis(port, dir); // redis sets SO_REUSEADDR, so the same port is free again
    },
  };
}

/** Freezes (true) or thaws (false) the Redis that `by` names, from outside it. */
export async function pauseRedis(by: RedisPause, frozen: boolean): Promise<void> {
  if ('pid' in by) {
    if (frozen) await freeze(by.pid);
    else thaw(by.pid);
    return;
  }
  const handle = (await getContainerRuntimeClient()).container.getById(by.container);
  await (frozen ? handle.pause() : handle.unpause());
}

/** Starts redis-server on 127.0.0.1:port and resolves once it logs that it accepts connections. */
function spawnRedis(port: number, cwd: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '',
    '--appendonly', 'no', '--daemonize', 'no'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  // Keep draining the pipes for the server's whole life: a full pipe would block redis itself.
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-2000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return; // after ready, exits are the owner's business (stop/down)
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      const last = tail.trim().split('\n').pop() ?? '';
      reject(new Error(`redis-server on port ${port} ${why}${last ? `: ${last}` : ''}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.on('error', (e) => fail(e.message.includes('ENOENT') ? 'failed: redis-server not found on PATH' : `failed: ${e.message}`));
    child.once('exit', (code, sig) => fail(`exited (${sig ?? code}) before it was ready`));
    child.stdout!.on('data', function ready() {
      if (settled || !READY.test(tail)) return;
      settled = true;
      clearTimeout(timer);
      child.stdout!.off('data', ready);
      resolve(child);
    });
  });
}

/** Whether redis-server's start failed because its port was taken (its own words, as spawnRedis quotes them). */
export function portTaken(message: string): boolean {
  return /in use|Failed listening on port/i.test(message);
}

/** A port nobody listens on right now: bind port 0, read what the OS gave, release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls PING until the server answers (used after up(), where there is no fresh log to wait on). */
async function waitForPing(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await ping(url, 500);
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer PING within ${ms} ms: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
