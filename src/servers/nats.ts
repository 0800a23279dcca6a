// A NATS cluster (three routed servers) for tests, from the first of these ways that works:
//   url             SPOTCHECK_NATS_URLS, comma-separated client URLs of servers the user runs
//                   (nothing is started or stopped; docker-compose.yml at the project root is one way)
//   testcontainers  three containers on one network, routed by their aliases, when a
//                   Docker-compatible engine answers (Docker, or podman's socket)
//   binary          three `nats-server` processes on free loopback ports, routed to each other
// SPOTCHECK_NATS_VIA=url|testcontainers|binary forces one way. When none works, NoNatsError says in
// one line what was tried and why each failed, so a test can fail with it instead of skipping.
// Before it returns, the cluster is checked to have formed: every server reports a route to each
// of the others (monitoring /routez), or, for user-run servers without a monitoring URL, a
// subscription on the first server answers a request made through each of the others.
//
// Nothing started here outlives the process: stop() removes it (safe to call twice), an 'exit'
// handler kills the servers, and a small watchdog process (which sees its stdin close when this
// process dies, even by SIGKILL or Ctrl-C) kills or removes whatever is left.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as natsConnect, ErrorCode, type NatsConnection } from 'nats';
import {
  GenericContainer, ImageName, Network, Wait, getContainerRuntimeClient,
  type StartedNetwork, type StartedTestContainer,
} from 'testcontainers';
import { freeze, thaw } from '../harness/freeze.ts';

export type NatsVia = 'url' | 'testcontainers' | 'binary';

export interface NatsCluster {
  /** One client URL per server, in server order (nats://host:port). */
  urls: string[];
  via: NatsVia;
  /** One monitoring base URL per server (http://host:port), when known (not for `url` unless SPOTCHECK_NATS_MONITOR_URLS). */
  monitorUrls?: string[];
  /** PIDs of the nats-server processes started (`binary`). */
  pids?: number[];
  /** IDs of the containers started (`testcontainers`). */
  containerIds?: string[];
  /** Stops and removes what was started (a no-op for `url`). Safe to call twice. */
  stop(): Promise<void>;
  /** Freezes server i (SIGSTOP / container pause): its connections stay open, nothing answers. */
  pause?(i: number): Promise<void>;
  unpause?(i: number): Promise<void>;
}

export class NoNatsError extends Error {
  override name = 'NoNatsError';
}

export interface NatsClusterOptions {
  /** Servers in the cluster (default 3). */
  size?: number;
}

const WAYS: Record<NatsVia, (size: number) => Promise<NatsCluster>> = {
  url: viaUrl,
  testcontainers: viaTestcontainers,
  binary: viaBinary,
};
const READY = /Server is ready/;
const START_TIMEOUT_MS = 15_000;
const ROUTES_TIMEOUT_MS = 10_000;
const MINI_IMAGE = 'localhost/redis-nats:mini'; // built locally by shared/containers/build-image.sh

export async function startNatsCluster(options: NatsClusterOptions = {}): Promise<NatsCluster> {
  const size = options.size ?? 3;
  const forced = process.env.SPOTCHECK_NATS_VIA;
  if (forced !== undefined && forced !== '' && !(forced in WAYS)) {
    throw new NoNatsError(`SPOTCHECK_NATS_VIA=${forced} is not one of url, testcontainers, binary`);
  }
  // URLs the user gave are never silently replaced by servers of our own.
  const order: NatsVia[] = forced ? [forced as NatsVia]
    : process.env.SPOTCHECK_NATS_URLS ? ['url'] : ['url', 'testcontainers', 'binary'];
  const failures: string[] = [];
  for (const via of order) {
    try {
      return await WAYS[via](size);
    } catch (e) {
      failures.push(`${via}: ${oneLine((e as Error).message)}`);
    }
  }
  throw new NoNatsError(`no NATS cluster for the tests (tried ${failures.join('; ')})`);
}

// ---- url ---------------------------------------------------------------------------------------

async function viaUrl(): Promise<NatsCluster> {
  const urls = (process.env.SPOTCHECK_NATS_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  if (urls.length === 0) throw new Error('SPOTCHECK_NATS_URLS is not set');
  const monitorUrls = (process.env.SPOTCHECK_NATS_MONITOR_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  if (monitorUrls.length && monitorUrls.length !== urls.length) {
    throw new Error(`SPOTCHECK_NATS_MONITOR_URLS names ${monitorUrls.length} servers, SPOTCHECK_NATS_URLS ${urls.length}`);
  }
  if (monitorUrls.length) await waitForRoutes(monitorUrls, urls.length - 1, 2000);
  else await checkClusterByRequests(urls, 3000);
  return { urls, via: 'url', ...(monitorUrls.length ? { monitorUrls } : {}), stop: async () => undefined };
}

/** Connects to every URL, and proves a subscription on the first answers through each other one. */
async function checkClusterByRequests(urls: string[], ms: number): Promise<void> {
  const conns: NatsConnection[] = [];
  try {
    for (const url of urls) {
      conns.push(await natsConnect({ servers: url, noRandomize: true, ignoreClusterUpdates: true, timeout: 2000,
        reconnect: false, noAsyncTraces: true }).catch((e: Error) => {
        throw new Error(`${redactUrl(url)} did not answer: ${e.message}`);
      }));
    }
    const subject = `spotcheck._cluster.${randomBytes(6).toString('hex')}`;
    conns[0].subscribe(subject, { callback: (_e, m) => m.respond() });
    await conns[0].flush();
    for (const [i, nc] of conns.entries()) {
      const deadline = Date.now() + ms;
      for (;;) {
        try {
          await nc.request(subject, undefined, { timeout: 500 });
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== ErrorCode.NoResponders || Date.now() > deadline) {
            throw new Error(`${redactUrl(urls[i])} does not reach a subscriber on ${redactUrl(urls[0])} (not one cluster?)`);
          }
          await sleep(25);
        }
      }
    }
  } finally {
    await Promise.all(conns.map((c) => c.close().catch(() => undefined)));
  }
}

// ---- testcontainers ----------------------------------------------------------------------------

async function viaTestcontainers(size: number): Promise<NatsCluster> {
  await pingEngine();
  const client = await getContainerRuntimeClient();
  const image = process.env.SPOTCHECK_NATS_IMAGE
    || ((await client.image.exists(ImageName.fromString(MINI_IMAGE))) ? MINI_IMAGE : 'nats:2.10');
  const clusterName = `spotcheck-${randomBytes(4).toString('hex')}`;
  const aliases = Array.from({ length: size }, (_, i) => `nats-${i + 1}`);
  const routes = aliases.map((a) => `nats://${a}:6222`).join(',');
  let network: StartedNetwork | undefined;
  const containers: StartedTestContainer[] = [];
  const watchdog = startWatchdog();
  const cleanup = async () => {
    await Promise.all(containers.map(async (c) => {
      const handle = client.container.getById(c.getId());
      await handle.unpause().catch(() => undefined); // a paused container cannot be stopped
      await c.stop({ remove: true, timeout: 0 }).catch(() => undefined);
    }));
    await network?.stop().catch(() => undefined);
    watchdog.standDown();
  };
  try {
    network = await new Network().start();
    watchdog.watchNetwork(network.getId());
    const hostPorts = await freePorts(2 * size);
    const started = await Promise.all(aliases.map(async (alias, i) => {
      const args = ['-p', '4222', '-m', '8222', '-n', alias, '--cluster_name', clusterName,
        '--cluster', 'nats://0.0.0.0:6222', '--routes', routes,
        // Clients reach the servers through mapped ports: the containers' own addresses are no use to them.
        '--no_advertise'];
      // The mini image has no entrypoint; the official image's entrypoint is nats-server itself.
      let container = new GenericContainer(image);
      container = image === MINI_IMAGE ? container.withEntrypoint(['nats-server']).withCommand(args) : container.withCommand(args);
      const c = await container
        .withNetwork(network!)
        .withNetworkAliases(alias)
        // Host ports of our choosing (as for Redis): a paused-and-resumed container keeps them.
        .withExposedPorts({ container: 4222, host: hostPorts[2 * i] }, { container: 8222, host: hostPorts[2 * i + 1] })
        // forLogMessage, not forListeningPorts (which execs a shell and leaves podman helpers behind).
        .withWaitStrategy(Wait.forLogMessage(READY))
        .withStartupTimeout(START_TIMEOUT_MS)
        // Without Ryuk nobody removes containers a crashed run left behind: the label lets a caller
        // remove exactly its own; the watchdog does it when this process dies.
        .withLabels({ 'spotcheck.run': process.env.SPOTCHECK_RUN_ID || 'none', 'spotcheck.nats': clusterName })
        .start();
      containers[i] = c;
      watchdog.watchContainer(c.getId());
      return c;
    }));
    const host = started[0].getHost();
    const urls = started.map((c) => `nats://${host}:${c.getMappedPort(4222)}`);
    const monitorUrls = started.map((c) => `http://${host}:${c.getMappedPort(8222)}`);
    await waitForRoutes(monitorUrls, size - 1, ROUTES_TIMEOUT_MS);
    const handles = started.map((c) => client.container.getById(c.getId()));
    let stopping: Promise<void> | undefined;
    return {
      urls,
      via: 'testcontainers',
      monitorUrls,
      containerIds: started.map((c) => c.getId()),
      stop: () => (stopping ??= cleanup()),
      pause: async (i) => void (await handles[i].pause()),
      unpause: async (i) => void (await handles[i].unpause()),
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** The engine must answer quickly: testcontainers alone can take long to give up. */
async function pingEngine(): Promise<void> {
  const opts = engineRequestOptions();
  if (!opts) return; // TLS, ssh or npipe: leave the check to testcontainers itself
  const where = opts.socketPath ?? `${opts.host}:${opts.port}`;
  await new Promise<void>((resolve, reject) => {
    const req = http.get({ ...opts, path: '/_ping', timeout: 2000 }, (res) => {
      res.resume();
      if (res.statusCode === 200) resolve();
      else reject(new Error(`engine at ${where} answered /_ping with HTTP ${res.statusCode}`));
    });
    req.on('timeout', () => req.destroy(new Error(`engine at ${where} did not answer /_ping within 2 s`)));
    req.on('error', (e) => reject(new Error(`engine at ${where}: ${e.message}`)));
  });
}

/** Where the engine's API answers plain HTTP (a unix socket or tcp without TLS); undefined otherwise. */
function engineRequestOptions(): { socketPath?: string; host?: string; port?: number } | undefined {
  const host = process.env.DOCKER_HOST;
  if (!host) {
    if (!existsSync('/var/run/docker.sock')) throw new Error('no DOCKER_HOST and no /var/run/docker.sock');
    return { socketPath: '/var/run/docker.sock' };
  }
  if (host.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  if (host.startsWith('tcp://') && !process.env.DOCKER_TLS_VERIFY) {
    const u = new URL(host);
    return { host: u.hostname, port: Number(u.port) || 2375 };
  }
  return undefined;
}

// ---- binary ------------------------------------------------------------------------------------

async function viaBinary(size: number): Promise<NatsCluster> {
  // Its own working directory, under TMPDIR: nothing lands in the project, and a caller can tell
  // its servers apart by cwd (as .ci/store-redis.sh does for redis-server).
  const dir = mkdtempSync(join(tmpdir(), 'spotcheck-nats-'));
  const clusterName = `spotcheck-${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  const watchdog = startWatchdog();
  const killAll = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  // If the test process exits without calling stop(), do not leave servers behind.
  const onExit = () => {
    killAll();
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', onExit);
  const stopAll = async () => {
    const exits = children.filter((c) => c.exitCode === null && c.signalCode === null)
      .map((c) => new Promise((resolve) => c.once('exit', resolve)));
    killAll(); // SIGKILL works on a SIGSTOPped server too; nothing to flush (no JetStream)
    await Promise.all(exits);
    process.off('exit', onExit);
    watchdog.standDown();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let attempt = 1; ; attempt++) {
      const ports = await freePorts(size * 3);
      const client = ports.slice(0, size);
      const cluster = ports.slice(size, 2 * size);
      const monitor = ports.slice(2 * size);
      const routes = cluster.map((p) => `nats://127.0.0.1:${p}`).join(',');
      try {
        await Promise.all(client.map(async (_, i) => {
          const child = await spawnNats(['-a', '127.0.0.1', '-p', String(client[i]), '-m', String(monitor[i]),
            '-n', `${clusterName}-${i + 1}`, '--cluster_name', clusterName,
            '--cluster', `nats://127.0.0.1:${cluster[i]}`, '--routes', routes], dir, (c) => {
            children.push(c);
            watchdog.watchPid(c.pid!);
          });
          return child;
        }));
        const monitorUrls = monitor.map((p) => `http://127.0.0.1:${p}`);
        await waitForRoutes(monitorUrls, size - 1, ROUTES_TIMEOUT_MS);
        let stopping: Promise<void> | undefined;
        return {
          urls: client.map((p) => `nats://127.0.0.1:${p}`),
          via: 'binary',
          monitorUrls,
          pids: children.map((c) => c.pid!),
          stop: () => (stopping ??= stopAll()),
          pause: async (i) => freeze(children[i].pid!),
          unpause: async (i) => thaw(children[i].pid!),
        };
      } catch (e) {
        // Someone may have taken a port between our probe and the server's bind: try other ports.
        const exits = children.map((c) => new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(0) : c.once('exit', resolve))));
        killAll();
        await Promise.all(exits);
        children.length = 0;
        if (attempt >= 3 || !/in use/i.test((e as Error).message)) throw e;
      }
    }
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/** Starts nats-server and resolves once it logs that it is ready; `started` sees the child at once. */
function spawnNats(args: string[], cwd: string, started: (c: ChildProcess) => void): Promise<ChildProcess> {
  const child = spawn('nats-server', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) started(child);
  let tail = '';
  // Keep draining the pipes for the server's whole life: a full pipe would block the server.
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const port = args[args.indexOf('-p') + 1];
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return; // after ready, exits are the owner's business (stop)
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      const last = tail.trim().split('\n').filter((l) => /ERR|FTL|error/i.test(l)).pop() ?? tail.trim().split('\n').pop() ?? '';
      reject(new Error(`nats-server on port ${port} ${why}${last ? `: ${last.replace(/^\[\d+\] \S+ \S+ /, '')}` : ''}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.on('error', (e) => fail(e.message.includes('ENOENT') ? 'failed: nats-server not found on PATH' : `failed: ${e.message}`));
    child.once('exit', (code, sig) => fail(`exited (${sig ?? code}) before it was ready`));
    child.stderr!.on('data', function ready() {
      if (settled || !READY.test(tail)) return;
      settled = true;
      clearTimeout(timer);
      child.stderr!.off('data', ready);
      resolve(child);
    });
  });
}

// ---- shared ------------------------------------------------------------------------------------

/** Polls every server's /routez until each reports `routes` routes (duplicates settle by themselves). */
async function waitForRoutes(monitorUrls: string[], routes: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let last: Array<number | string> = [];
  for (;;) {
    last = await Promise.all(monitorUrls.map((u) => getJson(`${u}/routez`)
      .then((z) => Number((z as { num_routes?: unknown }).num_routes ?? -1))
      .catch((e: Error) => e.message)));
    if (last.every((n) => n === routes)) return;
    if (Date.now() > deadline) {
      throw new Error(`the cluster did not form within ${ms} ms: routes per server ${last.join(', ')} (want ${routes} each)`);
    }
    await sleep(50);
  }
}

/** Number of routes each server reports (GET <monitor>/routez). */
export async function routesPerServer(monitorUrls: string[]): Promise<number[]> {
  return Promise.all(monitorUrls.map(async (u) => Number((await getJson(`${u}/routez`) as { num_routes?: unknown }).num_routes)));
}

function getJson(url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url}: HTTP ${res.statusCode}`));
        try {
          resolve(JSON.parse(body));
        } catch {
          reject(new Error(`${url}: not JSON`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer within 1 s`)));
    req.on('error', reject);
  });
}

/**
 * A detached helper that outlives this process by a moment: when its stdin closes without a
 * stand-down (this process died, however), it SIGKILLs the PIDs and force-removes the containers
 * and network it was told about. Cheap insurance against a Ctrl-C or a killed test run.
 */
function startWatchdog() {
  const engine = (() => {
    try {
      return engineRequestOptions() ?? null;
    } catch {
      return null;
    }
  })();
  const script = `
    const http = require('node:http');
    const engine = JSON.parse(process.argv[1]);
    const pids = [], containers = [], networks = [];
    let buf = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (d) => {
      buf += d;
      for (let i; (i = buf.indexOf('\\n')) >= 0; buf = buf.slice(i + 1)) {
        const [kind, v] = buf.slice(0, i).split(' ');
        if (kind === 'done') process.exit(0);
        (kind === 'pid' ? pids : kind === 'container' ? containers : networks).push(v);
      }
    });
    process.stdin.on('end', async () => {
      for (const p of pids) { try { process.kill(Number(p), 'SIGKILL'); } catch {} }
      const del = (path) => new Promise((r) => {
        if (!engine) return r();
        const req = http.request({ ...engine, method: 'DELETE', path, timeout: 5000 }, (res) => { res.resume(); res.on('end', r); });
        req.on('error', r); req.on('timeout', () => { req.destroy(); r(); }); req.end();
      });
      for (const c of containers) await del('/containers/' + c + '?force=true&v=true');
      for (const n of networks) await del('/networks/' + n);
      process.exit(0);
    });`;
  const child = spawn(process.execPath, ['-e', script, JSON.stringify(engine)], {
    detached: true, // its own process group: a Ctrl-C to ours does not take it down before it acts
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.on('error', () => undefined);
  child.stdin!.on('error', () => undefined);
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  const tell = (line: string) => {
    if (child.stdin!.writable) child.stdin!.write(`${line}\n`);
  };
  let done = false;
  return {
    watchPid: (pid: number) => tell(`pid ${pid}`),
    watchContainer: (id: string) => tell(`container ${id}`),
    watchNetwork: (id: string) => tell(`network ${id}`),
    standDown() {
      if (done) return;
      done = true;
      tell('done');
      child.stdin!.end();
    },
  };
}

/** `n` distinct ports nobody listens on right now (all held open together, then released). */
async function freePorts(n: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < n; i++) {
      const srv = net.createServer();
      servers.push(srv);
      ports.push(await new Promise<number>((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(0, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port));
      }));
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
