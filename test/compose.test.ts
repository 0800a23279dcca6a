// docker-compose.yml (servers a user runs): it must publish the ports its comment tells the user to
// export, in the variables the kit actually reads, and its NATS servers must form a routed cluster.
// No Docker here: the file is parsed, and its nats-server arguments are run on the local binary
// (the official image's entrypoint is nats-server, so `command` is exactly its arguments).

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { after, describe, it } from 'node:test';
import { parse } from 'yaml';

const ROOT = new URL('../', import.meta.url);
const text = readFileSync(new URL('docker-compose.yml', ROOT), 'utf8');
const compose = parse(text) as { services: Record<string, { image: string; command: string[]; ports: string[] }> };
const comments = text.split('\n').filter((l) => l.trimStart().startsWith('#')).join('\n');
const NATS = ['nats-1', 'nats-2', 'nats-3'];

/** "127.0.0.1:16379:6379" -> {host: 16379, container: 6379}. */
function published(service: string, container: number): number {
  const found = compose.services[service].ports.map((p) => p.split(':')).find((parts) => Number(parts.at(-1)) === container);
  assert.ok(found, `${service} publishes no host port for ${container}`);
  assert.equal(found.length, 3, `${service}: publish on an interface (127.0.0.1:HOST:CONTAINER), not on all`);
  return Number(found[1]);
}

/** The value the comment tells the user to export. */
function exported(name: string): string {
  const m = new RegExp(`export ${name}=(\\S+)`).exec(comments);
  assert.ok(m, `the comment does not tell the user to export ${name}`);
  return m[1];
}

function arg(args: string[], flag: string): string {
  const i = args.indexOf(flag);
  assert.ok(i >= 0 && i + 1 < args.length, `no ${flag} in ${args.join(' ')}`);
  return args[i + 1];
}

describe('docker-compose.yml', () => {
  it('has a Redis and three NATS servers, from configurable images defaulting to the official ones', () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ['nats-1', 'nats-2', 'nats-3', 'redis']);
    assert.match(compose.services.redis.image, /^\$\{SPOTCHECK_REDIS_IMAGE:-redis:[\w.]+\}$/);
    for (const s of NATS) assert.match(compose.services[s].image, /^\$\{SPOTCHECK_NATS_IMAGE:-nats:[\w.]+\}$/);
    assert.match(comments, /image names are configuration/i);
  });

  it('the variables in its comment are the ones the kit reads', () => {
    const kit = readFileSync(new URL('src/servers/redis.ts', ROOT), 'utf8') + readFileSync(new URL('src/servers/nats.ts', ROOT), 'utf8');
    for (const name of ['SPOTCHECK_REDIS_URL', 'SPOTCHECK_NATS_URLS', 'SPOTCHECK_NATS_MONITOR_URLS', 'SPOTCHECK_REDIS_IMAGE', 'SPOTCHECK_NATS_IMAGE']) {
      assert.ok(comments.includes(name), `the comment does not name ${name}`);
      assert.ok(kit.includes(`process.env.${name}`), `the kit does not read ${name}`);
    }
  });

  it("the README's \"Running the servers yourself\" names the file and the same variables", (t) => {
    const readme = readFileSync(new URL('README.md', ROOT), 'utf8');
    const lines = readme.split('\n');
    const at = lines.findIndex((l) => l.includes('Running the servers yourself'));
    if (at < 0) return t.skip('README.md has no "Running the servers yourself" section yet');
    // Up to the next heading outside a code block.
    let fenced = false;
    let end = at + 1;
    for (; end < lines.length; end++) {
      if (lines[end].startsWith('```')) fenced = !fenced;
      else if (!fenced && /^#{1,6} /.test(lines[end])) break;
    }
    const section = lines.slice(at, end).join('\n');
    for (const name of ['docker-compose.yml', 'SPOTCHECK_REDIS_URL', 'SPOTCHECK_NATS_URLS']) {
      assert.ok(section.includes(name), `the README section does not name ${name}`);
    }
    for (const name of ['SPOTCHECK_REDIS_URL', 'SPOTCHECK_NATS_URLS']) {
      const m = new RegExp(`${name}=(\\S+)`).exec(section);
      if (m) assert.equal(m[1], exported(name), `the README gives ${name} another value than docker-compose.yml`);
    }
  });

  it('publishes the ports the comment names: Redis 6379, and each NATS server 4222 (clients) and 8222 (monitoring)', () => {
    const redisPort = published('redis', 6379);
    assert.equal(exported('SPOTCHECK_REDIS_URL'), `redis://127.0.0.1:${redisPort}`);
    const clients = NATS.map((s) => published(s, 4222));
    const monitors = NATS.map((s) => published(s, 8222));
    assert.equal(exported('SPOTCHECK_NATS_URLS'), clients.map((p) => `nats://127.0.0.1:${p}`).join(','));
    assert.equal(exported('SPOTCHECK_NATS_MONITOR_URLS'), monitors.map((p) => `http://127.0.0.1:${p}`).join(','));
    const all = [redisPort, ...clients, ...monitors];
    assert.equal(new Set(all).size, all.length, 'a host port is published twice');
    for (const p of [6379, 4222, 8222]) assert.ok(!all.includes(p), `host port ${p}: a server of this machine may already use it`);
  });

  it('routes every NATS server to all three, in one cluster, on the ports it publishes', () => {
    const names = new Set<string>();
    for (const s of NATS) {
      const args = compose.services[s].command;
      assert.equal(arg(args, '-p'), '4222');
      assert.equal(arg(args, '-m'), '8222');
      names.add(arg(args, '--cluster_name'));
      const clusterPort = new URL(arg(args, '--cluster')).port;
      assert.deepEqual(arg(args, '--routes').split(',').sort(), NATS.map((n) => `nats://${n}:${clusterPort}`));
      assert.ok(args.includes('--no_advertise'), `${s}: clients on the host cannot use the containers' own addresses`);
    }
    assert.equal(names.size, 1, 'the servers name different clusters');
  });

  describe('its nats-server arguments, on the local binary', () => {
    const children: ChildProcess[] = [];
    after(() => {
      for (const c of children) c.kill('SIGKILL');
    });

    it('start three servers that report two routes each', async (t) => {
      const ports = await freePorts(9);
      // The compose file's arguments; only what Docker provides is replaced: service names -> loopback ports.
      const host = (i: number) => ({ client: ports[i], monitor: ports[3 + i], cluster: ports[6 + i] });
      const rewrite = (args: string[], i: number) => args.map((a, j) => {
        const flag = args[j - 1];
        if (flag === '-p') return String(host(i).client);
        if (flag === '-m') return String(host(i).monitor);
        if (flag === '--cluster') return `nats://127.0.0.1:${host(i).cluster}`;
        if (flag === '--routes') return NATS.map((_, k) => `nats://127.0.0.1:${host(k).cluster}`).join(',');
        return a;
      });
      let missing = false;
      for (const [i, s] of NATS.entries()) {
        const child = spawn('nats-server', ['-a', '127.0.0.1', ...rewrite(compose.services[s].command, i)], { stdio: ['ignore', 'ignore', 'pipe'] });
        child.on('error', () => (missing = true));
        child.stderr!.resume();
        children.push(child);
      }
      await new Promise((r) => setTimeout(r, 100));
      if (missing) return t.skip('nats-server is not on PATH');
      const deadline = Date.now() + 5000;
      let routes: Array<number | string> = [];
      for (;;) {
        routes = await Promise.all(NATS.map((_, i) => routez(host(i).monitor).catch((e: Error) => e.message)));
        if (routes.every((n) => n === 2) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.deepEqual(routes, [2, 2, 2]);
    });
  });
});

function routez(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/routez', timeout: 1000 }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        try {
          resolve(Number(JSON.parse(body).num_routes));
        } catch (e) {
          reject(e as Error);
        }
      });
    }).on('error', reject);
  });
}

async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => net.createServer());
  const ports = await Promise.all(servers.map((s) => new Promise<number>((resolve, reject) => {
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve((s.address() as net.AddressInfo).port));
  })));
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}
