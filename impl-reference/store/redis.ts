// The Redis Store. Every read-modify-write is one Lua script, so it is atomic on the server without
// WATCH/MULTI round trips, and every clock reading comes from the server's TIME, so all nodes
// sharing the Store share one clock for leases.
//
// Layout, every key prefixed by the namespace so several stores can share one server:
//   <ns>:vals         hash  key -> JSON value (absent for tombstones and never-written keys)
//   <ns>:vers         hash  key -> version (kept for tombstones: versions never go back)
//   <ns>:live         zset  live keys, all score 0, so ZRANGEBYLEX gives list(prefix) in key order
//   <ns>:lease:<h>    string with PX expiry, one per lease holder
//   <ns>:granted      hash  holder -> the expiry its last renewal set (kept after it passes)
// Scripts only touch keys passed in KEYS, as Redis asks of scripts.

import { RespClient } from './resp.ts';
import type { CasResult, Entry, Store, Versioned } from './types.ts';
import { StoreUnavailableError } from './types.ts';

// Fast failure, chosen so a dead or hung server shows up as StoreUnavailableError within about
// 1 s and a restarted one is picked up again within a few hundred ms.
const CONNECT_TIMEOUT_MS = 500;
const COMMAND_TIMEOUT_MS = 1000; // a hung (e.g. SIGSTOPped) server never answers
const READY_WAIT_MS = 1000; // how long a call waits for a (re)connection before giving up
const RECONNECT_EVERY_MS = 100;

const READ = `
return { tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0'), redis.call('HGET', KEYS[1], ARGV[1]) }`;

// ARGV: key, expected version, '1' if there is a value else '0' (tombstone), JSON value.
const CAS = `
local cur = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if cur ~= tonumber(ARGV[2]) then
  return { 0, cur, redis.call('HGET', KEYS[1], ARGV[1]) }
end
redis.call('HSET', KEYS[2], ARGV[1], cur + 1)
if ARGV[3] == '1' then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[4])
  redis.call('ZADD', KEYS[3], 0, ARGV[1])
else
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[3], ARGV[1])
end
return { 1, cur + 1 }`;

// Flat {key, version, json, ...}. '\\255' (byte 0xFF, never in UTF-8) closes the prefix range.
const LIST = `
local keys = redis.call('ZRANGEBYLEX', KEYS[3], '[' .. ARGV[1], '(' .. ARGV[1] .. '\\255')
local out = {}
for _, k in ipairs(keys) do
  out[#out + 1] = k
  out[#out + 1] = tonumber(redis.call('HGET', KEYS[2], k))
  out[#out + 1] = redis.call('HGET', KEYS[1], k)
end
return out`;

const NOW_MS = `local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000)`;

// KEYS: the holder's lease key, the granted hash. ARGV: ttl ms, holder.
const RENEW = `
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
${NOW_MS}
redis.call('HSET', KEYS[2], ARGV[2], now + tonumber(ARGV[1]))
return now + tonumber(ARGV[1])`;

const EXPIRY = `
local left = redis.call('PTTL', KEYS[1])
if left <= 0 then return false end
${NOW_MS}
return now + left`;

/** The scripts, each sent with EVAL: a few hundred bytes a call, and no NOSCRIPT round trip to handle. */
const SCRIPTS = {
  storeRead: { lua: READ, numberOfKeys: 2 },
  storeCas: { lua: CAS, numberOfKeys: 3 },
  storeList: { lua: LIST, numberOfKeys: 3 },
  storeRenew: { lua: RENEW, numberOfKeys: 2 },
  storeExpiry: { lua: EXPIRY, numberOfKeys: 1 },
} as const;

export interface RedisStoreOptions {
  url: string;
  namespace: string;
}

export class RedisStore implements Store {
  private readonly redis: RespClient;
  private readonly where: string;
  private readonly k: { vals: string; vers: string; live: string; lease: string; granted: string };
  private lastError = '';
  private waiting: Promise<void> | undefined;
  private closed = false;

  constructor({ url, namespace }: RedisStoreOptions) {
    const { hostname, port, username, password, pathname } = new URL(url);
    // The kit's servers take no password and one database; say so rather than connect elsewhere.
    if (username || password || !['', '/', '/0'].includes(pathname)) throw new Error(`RedisStore: ${url}: a password or a database other than 0 is not supported`);
    // No offline queue (resp.ts): a command is never parked to be sent later, after its caller has
    // been told the Store was unavailable (a late CAS would surprise everyone). ready() waits instead.
    // It reconnects every RECONNECT_EVERY_MS forever, so a restart is picked up.
    this.redis = new RespClient({
      host: hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
      port: Number(port || 6379),
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
      reconnectEveryMs: RECONNECT_EVERY_MS,
    });
    this.where = `redis ${this.redis.options.host}:${this.redis.options.port}`;
    // Keep the last connection error for messages.
    this.redis.on('error', (e: Error) => (this.lastError = oneLine(e.message)));
    // A connection lost without an error (a reset or a close by a relay) is a failure all the same.
    this.redis.on('close', () => (this.lastError ||= 'the connection closed'));
    this.redis.on('ready', () => (this.lastError = ''));
    const ns = namespace;
    this.k = { vals: `${ns}:vals`, vers: `${ns}:vers`, live: `${ns}:live`, lease: `${ns}:lease:`, granted: `${ns}:granted` };
  }

  async read<T>(key: string): Promise<Versioned<T>> {
    const [version, json] = (await this.run('read', 'storeRead', this.k.vals, this.k.vers, key)) as [number, string | null];
    return { value: parse<T>(json), version };
  }

  async compareAndSet<T>(key: string, expectedVersion: number, value: T | null): Promise<CasResult<T>> {
    if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
      throw new RangeError(`expectedVersion must be an integer >= 0, got ${expectedVersion}`);
    }
    const json = value == null ? null : JSON.stringify(value);
    const reply = (await this.run('compareAndSet', 'storeCas', this.k.vals, this.k.vers, this.k.live,
      key, expectedVersion, json === null ? '0' : '1', json ?? '')) as [number, number, string | null];
    if (reply[0] === 1) return { applied: true, version: reply[1] };
    return { applied: false, current: { value: parse<T>(reply[2]), version: reply[1] } };
  }

  async list<T>(prefix: string): Promise<Entry<T>[]> {
    const flat = (await this.run('list', 'storeList', this.k.vals, this.k.vers, this.k.live, prefix)) as (string | number)[];
    const out: Entry<T>[] = [];
    for (let i = 0; i < flat.length; i += 3) {
      out.push({ key: String(flat[i]), version: Number(flat[i + 1]), value: parse<T>(flat[i + 2] as string) as T });
    }
    return out;
  }

  async renewLease(holder: string, ttlMs: number): Promise<{ expiresAt: number }> {
    if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be an integer > 0, got ${ttlMs}`);
    return { expiresAt: Number(await this.run('renewLease', 'storeRenew', this.k.lease + holder, this.k.granted, ttlMs, holder)) };
  }

  async leaseGranted(holder: string): Promise<number | null> {
    await this.ready('leaseGranted');
    const at = await this.guard('leaseGranted', () => this.redis.call('HGET', this.k.granted, holder));
    return at == null ? null : Number(at);
  }

  async leaseExpiry(holder: string): Promise<number | null> {
    const at = await this.run('leaseExpiry', 'storeExpiry', this.k.lease + holder);
    return at == null ? null : Number(at);
  }

  async now(): Promise<number> {
    await this.ready('now');
    const [s, us] = (await this.guard('now', () => this.redis.call('TIME'))) as [string, string];
    return Number(s) * 1000 + Math.floor(Number(us) / 1000);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    this.redis.disconnect(); // also stops reconnect attempts if quit could not be sent
  }

  /** Runs one of the SCRIPTS. */
  private async run(op: string, script: keyof typeof SCRIPTS, ...args: (string | number)[]): Promise<unknown> {
    await this.ready(op);
    const { lua, numberOfKeys } = SCRIPTS[script];
    return this.guard(op, () => this.redis.call('EVAL', lua, numberOfKeys, ...args));
  }

  private async guard<R>(op: string, f: () => Promise<R>): Promise<R> {
    try {
      return await f();
    } catch (e) {
      const err = e as Error;
      // A Redis error reply means the server answered: that is a bug, not an outage, unless the
      // server says it cannot serve right now.
      if (err.name === 'ReplyError' && !/^(LOADING|BUSY|MASTERDOWN|TRYAGAIN)\b/.test(err.message)) throw err;
      // The command was sent: whether it applied is unknown.
      throw Object.assign(this.unavailable(op, err.message), { unclear: true });
    }
  }

  /** Resolves once connected; rejects with StoreUnavailableError after READY_WAIT_MS. */
  private ready(op: string): Promise<void> {
    if (this.closed) return Promise.reject(this.unavailable(op, 'store is closed'));
    if (this.redis.status === 'ready') return Promise.resolve();
    // The connection failed and has not come back: the Store is unreachable now. Waiting would
    // only make every caller late to learn it (a cut link is refused at once on every retry).
    if (this.lastError) return Promise.reject(this.unavailable(op, this.lastError));
    // One shared waiter, so many concurrent calls do not pile listeners onto the client.
    this.waiting ??= new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.waiting = undefined;
        if (err) reject(err);
        else resolve();
      };
      const onReady = () => done();
      const timer = setTimeout(() => done(new Error(this.lastError || `not connected after ${READY_WAIT_MS} ms`)), READY_WAIT_MS);
      this.redis.on('ready', onReady);
    });
    return this.waiting.catch((e: Error) => {
      throw this.unavailable(op, e.message);
    });
  }

  private unavailable(op: string, why: string): StoreUnavailableError {
    return new StoreUnavailableError(`${this.where} unavailable (${op}): ${oneLine(why)}`);
  }
}

function parse<T>(json: string | null): T | null {
  return json == null ? null : (JSON.parse(json) as T);
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
