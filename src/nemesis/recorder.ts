// The history recorder: writes what the campaign saw in the checker's format (src/checker/history.ts,
// docs/history.md), on one clock, the kit's own: the machine's (Date.now(), which is also the clock
// of the reference's journal on every real-time backend, all of them on this machine), or on the
// simulated backend the world's virtual clock, which the nodes' journal is stamped with too.
//  - operations: invoke, then exactly one of ok / fail / info, with process, time, op and marker;
//  - the kit's own Store reads (Driver.lookup / relocation), as record and relocation lines. They
//    go through one queue, one read at a time, each stamped when it returned: two reads are then
//    in the order they happened, which generation-never-decreases and no-rollback-after-relay-ready
//    need (two overlapping reads stamped on return could swap). Where lookup() gives the expiry the
//    owner's last renewal set (leaseUntil, optional in the Driver contract): a record line carries
//    it while it is still ahead (a lease valid at least that long, for single-owner), and a lease
//    line stamped when the read began says when it had ended before that (owner-eligibility-ends:
//    the lease is over from leaseUntil until the read, since a renewal in between would show);
//  - after every fault, each node as it reports itself (host lines) and each of its connections to
//    its peers (peer lines: whether ready, and the connection events not written before);
//  - at the end, the runtime's journal (Driver.journal()) as journal and result lines, and of its
//    Store log (Driver.storeLog()) the calls on every key whose change result was ever unclear
//    (and the lists covering such a key), as store lines: what unclear-change-reread judges.

import { closeSync, openSync, writeSync } from 'node:fs';
import type { Driver, JournalEntry, StoreLogEntry } from '../driver/types.ts';
import { kitClockOf } from '../driver/world.ts';
import { FAULT_NAMES, historyLine, type HistoryLine, type OpEvent } from '../checker/history.ts';

type OpLine = Extract<HistoryLine, { type: 'invoke' | 'ok' | 'fail' | 'info' }>;
/** An operation line's fields but its type and time. */
export type OpFields = Omit<OpEvent, 'type' | 'time' | 'line'> & { failpoint?: string; peer?: string };

const FLUSH_LINES = 500;

export class Recorder {
  private readonly fd: number;
  private buffer: string[] = [];
  /** The chunks written to the file so far. */
  private readonly written: string[] = [];
  private reads: Promise<void> = Promise.resolve();
  private closed = false;
  lines = 0;
  storeReads = 0;
  readErrors = 0;
  /** Per connection (node and peer): how many of its events are written, and its first (a restarted node starts a new list). */
  private readonly linkEvents = new Map<string, { written: number; first?: string }>();
  /**
   * Per Session, node and client: the state and bound tokens of the last session line written since
   * the last fault or host line. A read that shows the same again is not written: a fifth
   * of a swarm's history was such repeats, each parsed and scanned by the checker again. Any fault or
   * host line starts afresh, so every read after a crash, hang, restart or move is written, and
   * session-not-restored (the only check that reads these lines) still sees the last state before a
   * crash (the same as the first read of it since the last fault) and every read after one.
   */
  private readonly sessionsShown = new Map<string, string>();

  constructor(readonly path: string, private readonly driver: Driver) {
    this.fd = openSync(path, 'w');
    this.clock = kitClockOf(driver);
  }

  now(): number {
    return this.clock.now();
  }

  private readonly clock;

  write(e: HistoryLine): void {
    if (this.closed) return;
    if (e.type === 'session') {
      const key = `${e.session}\u0000${e.node}\u0000${e.client}`;
      const shown = `${e.state}\u0000${(e.bindings ?? []).join(',')}`;
      if (this.sessionsShown.get(key) === shown) return;
      this.sessionsShown.set(key, shown);
    } else if (e.type === 'host' || ('f' in e && (FAULT_NAMES as readonly string[]).includes(e.f))) this.sessionsShown.clear();
    this.buffer.push(historyLine(e));
    this.lines++;
    if (this.buffer.length >= FLUSH_LINES) this.flush();
  }

  op(e: OpFields & { type: OpLine['type'] }): void {
    this.write({ ...e, time: this.now() } as OpLine);
  }

  /**
   * Read the object's authority record (and, with `relocation`, its latest relocation record) from
   * the Store, after every read queued before it. Never throws: a read that fails is left out (the
   * checker then knows less, which never makes a violation).
   */
  read(objectId: string, relocation: boolean): Promise<void> {
    const next = this.reads.then(async () => {
      if (this.closed) return;
      try {
        const began = this.now();
        const r = await this.driver.lookup(objectId);
        const time = this.now();
        this.storeReads++;
        const until = typeof r.leaseUntil === 'number' ? r.leaseUntil : undefined;
        if (r.owner !== undefined && until !== undefined && until < began) this.write({ type: 'lease', time: began, node: r.owner, until });
        this.write({
          type: 'record', time, objectId, state: r.state, generation: r.generation, storeVersion: r.storeVersion,
          ...(r.owner !== undefined ? { owner: r.owner } : {}),
          ...(r.owner !== undefined && until !== undefined && until >= time ? { leaseUntil: until } : {}),
          ...(r.recovery && r.firstMessageRestored !== true ? { activation: 'unfinished' as const } : {}),
        });
        if (!relocation) return;
        const rel = await this.driver.relocation(objectId);
        this.storeReads++;
        if (rel) {
          this.write({ type: 'relocation', time: this.now(), relocation: rel.id, objectId: rel.objectId, generation: rel.generation, source: rel.source, target: rel.target, stage: rel.stage });
        }
      } catch {
        this.readErrors++;
      }
    });
    this.reads = next;
    return next;
  }

  /**
   * A Session client's view (Driver.session): one session line per Session a running process
   * holds for it (its owner's view, with the binding tokens still bound), and one per other node
   * that also holds that Session ID. A read is kept only when it began and returned in the same
   * millisecond: then its time is the instant of the read, before or after a crash without doubt
   * (session-not-restored turns on exactly that). Queued behind the Store reads. Returns whether
   * the client's current (last) connection is open, or undefined when unknown.
   */
  session(client: string): Promise<boolean | undefined> {
    const next = this.reads.then(async () => {
      if (this.closed) return undefined;
      try {
        const t0 = this.now();
        const view = await this.driver.session(client);
        const t1 = this.now();
        if (t0 === t1) {
          for (const c of view.connections) {
            const owner = c.atOwner;
            if (owner) {
              const bindings = owner.bindings.filter((b) => b.state === 'bound').map((b) => b.token);
              this.write({ type: 'session', time: t1, session: owner.sessionId, node: owner.node, client, state: owner.state, bindings });
            }
            for (const node of c.heldBy) {
              if (c.sessionId && node !== owner?.node) this.write({ type: 'session', time: t1, session: c.sessionId, node, client, state: 'open' });
            }
          }
        }
        return view.connections.at(-1)?.open;
      } catch {
        this.readErrors++;
        return undefined;
      }
    });
    this.reads = next.then(() => {});
    return next;
  }

  /**
   * Every node as it reports itself, and every connection between two of them: host lines, and
   * peer lines with the connection events not written before (a restarted node's list starts
   * again: its first event is another). Queued behind the Store reads; never throws.
   */
  topology(nodes: readonly string[], always = false): Promise<void> {
    const next = this.reads.then(async () => {
      if (this.closed) return;
      for (const node of nodes) {
        try {
          const v = await this.driver.node(node);
          this.write({ type: 'host', time: this.now(), node, host: v.host, alive: v.alive });
          for (const peer of nodes) {
            if (peer === node) continue;
            const p = await this.driver.peer(node, peer);
            const time = this.now();
            const key = `${node}>${peer}`;
            const first = p.history[0] ? `${p.history[0].connectionId}@${p.history[0].at}` : undefined;
            const seen = this.linkEvents.get(key);
            const from = seen && seen.first === first ? seen.written : 0;
            this.linkEvents.set(key, { written: p.history.length, first });
            const events = p.history.slice(from).map((e) => ({ event: e.event, connectionId: e.connectionId, at: e.at, ...(e.reason ? { reason: e.reason } : {}) }));
            // `always`: a line even with no new event, so that a link still ready at this read is on record.
            if (events.length > 0 || !seen || always) this.write({ type: 'peer', time, node, peer, ready: p.ready, events });
          }
        } catch {
          this.readErrors++;
        }
      }
    });
    this.reads = next;
    return next;
  }

  /** The runtime's journal, as journal (handler, factory, timer, lifecycle) and result lines; then the Store calls that matter. */
  async journal(): Promise<number> {
    await this.reads;
    const entries = await this.driver.journal();
    for (const e of entries) this.write(journalLine(e));
    await this.storeCalls();
    return entries.length;
  }

  /** Of the Store log, the calls on keys whose change ended unclear, and the lists covering them (in the log's order). */
  private async storeCalls(): Promise<void> {
    let log: StoreLogEntry[];
    try {
      log = await this.driver.storeLog();
    } catch {
      return; // a runtime without a Store log: unclear-change-reread has nothing to judge
    }
    const unclear = new Set(log.filter((c) => c.op === 'change' && c.result === 'unclear').map((c) => c.key));
    if (unclear.size === 0) return;
    for (const c of log) {
      const keep = c.op === 'list' ? [...unclear].some((k) => k.startsWith(c.key)) : unclear.has(c.key) && c.op !== 'lease';
      if (!keep) continue;
      this.write({
        type: 'store', time: c.at, node: c.node, op: c.op, key: c.key, result: c.result,
        ...(c.expectedVersion !== undefined ? { expectedVersion: c.expectedVersion } : {}), ...(c.version !== undefined ? { version: c.version } : {}),
      });
    }
  }

  flush(): void {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join('');
    writeSync(this.fd, chunk);
    this.written.push(chunk);
    this.buffer = [];
  }

  /**
   * Everything written to the file, as written: what the check reads, without reading the file
   * back (a search worker spent ~2% of its CPU reading and decoding the history it had just written).
   */
  text(): string {
    this.flush();
    return this.written.join('');
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    closeSync(this.fd);
  }
}

function markOf(input: unknown): string | undefined {
  const mark = input && typeof input === 'object' ? (input as { mark?: unknown }).mark : undefined;
  return typeof mark === 'string' ? mark : undefined;
}

export function journalLine(e: JournalEntry): HistoryLine {
  const base = { time: e.at, node: e.node };
  switch (e.kind) {
    case 'result':
      return { type: 'result', ...base, op: e.opId, status: e.status };
    case 'handler': {
      const marker = markOf(e.input);
      return {
        type: 'journal', kind: 'handler', ...base, op: e.opId, ...(marker ? { marker } : {}),
        ...(e.objectId !== undefined ? { objectId: e.objectId } : {}), ...(e.generation !== undefined ? { generation: e.generation } : {}),
      };
    }
    case 'factory': {
      const marker = markOf(e.input);
      return { type: 'journal', kind: 'factory', ...base, objectId: e.objectId, generation: e.generation, ...(marker ? { marker } : {}) };
    }
    case 'timer':
      return { type: 'journal', kind: 'timer', ...base, objectId: e.objectId, generation: e.generation };
    case 'lifecycle':
      return { type: 'journal', kind: 'lifecycle', ...base, objectId: e.objectId, generation: e.generation };
  }
}
