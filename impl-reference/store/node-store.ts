// One node's way to the shared Store. It is where Store faults land (the Store down for everyone
// or for one node, a Store that answers late, a reply lost after the change applied, a change that failed before it applied)
// and where every call is logged, so scenarios can check what a node read and wrote. The log goes
// to the node's own evidence sink: a node that has died writes no more of it, wherever it runs.

import { realClock, type Clock } from '../../src/driver/clock.ts';
import type { StoreLogEntry, Rid } from '../../src/driver/types.ts';
import { StoreUnavailableError, type CasResult, type Entry, type Store, type Versioned } from './types.ts';

export type StoreFailpoint = 'store.reply-lost-after-apply' | 'store.fail-before-apply' | 'store.reply-lost-then-cut-off';

/** The Store's reachability, shared by every node's view. */
export class StoreReach {
  down = false;
  readonly cutOff = new Set<Rid>();
  /** A late Store (the store-slow fault): milliseconds every call waits, for everyone and per node. */
  slowMs = 0;
  readonly slowFor = new Map<Rid, number>();
  /** Late answers (store-slow with replies): milliseconds every answer waits once the call was carried out. */
  replySlowMs = 0;
  readonly replySlowFor = new Map<Rid, number>();
  private readonly armed = new Map<Rid, StoreFailpoint[]>();

  /** `clock` times late calls and answers (the clock of the nodes it serves). */
  constructor(private readonly clock: Clock = realClock) {}

  reachable(node: Rid): boolean {
    return !this.down && !this.cutOff.has(node);
  }
  /** Wait as long as a late Store keeps this node's call (nothing when the Store is on time). */
  async pace(node: Rid): Promise<void> {
    const ms = Math.max(this.slowMs, this.slowFor.get(node) ?? 0);
    if (ms > 0) await this.clock.sleep(ms);
  }
  /** Wait as long as late answers keep the answer to this node's call (all alike, so in order). */
  async paceReply(node: Rid): Promise<void> {
    const ms = Math.max(this.replySlowMs, this.replySlowFor.get(node) ?? 0);
    if (ms > 0) await this.clock.sleep(ms);
  }
  /** Store up: on time again, for everyone (no node) or for one node. */
  onTime(node?: Rid): void {
    if (node === undefined) {
      this.slowMs = this.replySlowMs = 0;
      this.slowFor.clear();
      this.replySlowFor.clear();
    } else {
      this.slowFor.delete(node);
      this.replySlowFor.delete(node);
    }
  }
  /** Store slow: calls (or, with replies, answers) of everyone (no node) or of one node wait `ms`. */
  setSlow(node: Rid | undefined, ms: number, replies: boolean): void {
    if (node === undefined) {
      if (replies) this.replySlowMs = ms;
      else this.slowMs = ms;
    } else (replies ? this.replySlowFor : this.slowFor).set(node, ms);
  }
  arm(node: Rid, fp: StoreFailpoint): void {
    this.armed.set(node, [...(this.armed.get(node) ?? []), fp]);
  }
  /** The node's process is gone: what was armed in it goes with it (a restart starts with none). */
  disarm(node: Rid): void {
    this.armed.delete(node);
  }
  take(node: Rid): StoreFailpoint | undefined {
    return this.armed.get(node)?.shift();
  }
}

/** A logged Store call; the evidence that keeps it numbers the lines (`seq`) in its own order. */
export type StoreLogLine = Omit<StoreLogEntry, 'seq'>;

export class NodeStore {
  constructor(
    private readonly node: Rid,
    private readonly store: Store,
    private readonly reach: StoreReach,
    /** Where this node's calls are logged, as they are made (the node's evidence). */
    private readonly log: (line: StoreLogLine) => void,
    private readonly clock: Clock = realClock,
  ) {}

  private record(entry: Omit<StoreLogLine, 'at'>): void {
    this.log({ at: this.clock.now(), ...entry });
  }

  /** The next change this node makes applies, and its reply is lost (a relocation failpoint uses it). */
  loseNextReply(): void {
    this.reach.arm(this.node, 'store.reply-lost-after-apply');
  }

  private check(op: StoreLogEntry['op'], key: string, expectedVersion?: number): void {
    if (!this.reach.reachable(this.node)) {
      this.record({ node: this.node, op, key, ...(expectedVersion !== undefined ? { expectedVersion } : {}), result: 'unavailable' });
      throw new StoreUnavailableError(`the Location Store cannot be reached from ${this.node}`);
    }
  }

  /** A call the Store itself could not answer is logged as the node saw it. */
  private async logged<R>(op: StoreLogEntry['op'], key: string, call: () => Promise<R>, expectedVersion?: number): Promise<R> {
    try {
      return await this.answered(call);
    } catch (e) {
      if (e instanceof StoreUnavailableError) {
        const result = op === 'change' && e.unclear ? 'unclear' : 'unavailable';
        this.record({ node: this.node, op, key, ...(expectedVersion !== undefined ? { expectedVersion } : {}), result });
      }
      throw e;
    }
  }

  /** The Store's answer to a call, as late as late answers make it (whatever the answer is). */
  private async answered<R>(call: () => Promise<R>): Promise<R> {
    try {
      return await call();
    } finally {
      await this.reach.paceReply(this.node);
    }
  }

  async read<T>(key: string): Promise<Versioned<T>> {
    await this.reach.pace(this.node);
    this.check('read', key);
    const v = await this.logged('read', key, () => this.store.read<T>(key));
    this.record({ node: this.node, op: 'read', key, version: v.version, result: 'ok' });
    return v;
  }

  async compareAndSet<T>(key: string, expectedVersion: number, value: T | null): Promise<CasResult<T>> {
    await this.reach.pace(this.node);
    this.check('change', key, expectedVersion);
    const fp = this.reach.take(this.node);
    if (fp === 'store.fail-before-apply') {
      this.record({ node: this.node, op: 'change', key, expectedVersion, result: 'unclear' });
      throw new StoreUnavailableError(`no reply from the Location Store (failpoint ${fp})`);
    }
    const r = await this.logged('change', key, () => this.store.compareAndSet<T>(key, expectedVersion, value), expectedVersion);
    if (fp === 'store.reply-lost-then-cut-off') this.reach.cutOff.add(this.node);
    if (fp === 'store.reply-lost-after-apply' || fp === 'store.reply-lost-then-cut-off') {
      this.record({ node: this.node, op: 'change', key, expectedVersion, result: 'unclear' });
      throw new StoreUnavailableError(`no reply from the Location Store (failpoint ${fp})`);
    }
    this.record({ node: this.node, op: 'change', key, expectedVersion, result: r.applied ? 'applied' : 'conflict' });
    return r;
  }

  async list<T>(prefix: string): Promise<Entry<T>[]> {
    await this.reach.pace(this.node);
    this.check('list', prefix);
    const entries = await this.logged('list', prefix, () => this.store.list<T>(prefix));
    this.record({ node: this.node, op: 'list', key: prefix, result: 'ok' });
    return entries;
  }

  // Lease calls are logged only when they fail (StoreLogEntry.op): when the kit has cut the node off
  // (check) and when the Store itself could not be reached (logged: a real Redis behind a relay the
  // kit cut; until 2026-12-07 only the first was, and on the process backend a failed renewal left
  // no line for the kit to wait on).
  async renewLease(ttlMs: number): Promise<{ expiresAt: number }> {
    await this.reach.pace(this.node);
    this.check('lease', this.node);
    return this.logged('lease', this.node, () => this.store.renewLease(this.node, ttlMs));
  }

  async now(): Promise<number> {
    await this.reach.pace(this.node);
    this.check('lease', 'clock');
    return this.logged('lease', 'clock', () => this.store.now());
  }

  async leaseExpiry(holder: Rid): Promise<number | null> {
    await this.reach.pace(this.node);
    this.check('lease', holder);
    return this.logged('lease', holder, () => this.store.leaseExpiry(holder));
  }
}
