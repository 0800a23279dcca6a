// The history recorder: writes what the campaign saw in the checker's format (src/checker/history.ts,
// docs/history.md), on one clock, the kit's own (Date.now(), which is also the clock of the
// reference's journal on every backend, all of them on this machine).
//  - operations: invoke, then exactly one of ok / fail / info, with process, time, op and marker;
//  - the kit's own Store reads (Driver.lookup / relocation), as record and relocation lines. They
//    go through one queue, one read at a time, each stamped when it returned: two reads are then
//    in the order they happened, which generation-never-decreases and no-rollback-after-relay-ready
//    need (two overlapping reads stamped on return could swap). Where lookup() gives the expiry the
//    owner's last renewal set (leaseUntil, optional in the Driver contract): a record line carries
//    it while it is still ahead (a lease valid at least that long, for single-owner), and a lease
//    line stamped when the read began says when it had ended before that (owner-eligibility-ends:
//    the lease is over from leaseUntil until the read, since a renewal in between would show);
//  - at the end, the runtime's journal (Driver.journal()) as journal and result lines.

import { closeSync, openSync, writeSync } from 'node:fs';
import type { Driver, JournalEntry } from '../driver/types.ts';
import { historyLine, type HistoryLine, type OpEvent } from '../checker/history.ts';

type OpLine = Extract<HistoryLine, { type: 'invoke' | 'ok' | 'fail' | 'info' }>;
/** An operation line's fields but its type and time. */
export type OpFields = Omit<OpEvent, 'type' | 'time' | 'line'> & { failpoint?: string; peer?: string };

const FLUSH_LINES = 500;

export class Recorder {
  private readonly fd: number;
  private buffer: string[] = [];
  private reads: Promise<void> = Promise.resolve();
  private closed = false;
  lines = 0;
  storeReads = 0;
  readErrors = 0;

  constructor(readonly path: string, private readonly driver: Driver) {
    this.fd = openSync(path, 'w');
  }

  now(): number {
    return Date.now();
  }

  write(e: HistoryLine): void {
    if (this.closed) return;
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

  /** The runtime's journal, as journal (handler, factory, timer, lifecycle) and result lines. */
  async journal(): Promise<number> {
    await this.reads;
    const entries = await this.driver.journal();
    for (const e of entries) this.write(journalLine(e));
    return entries.length;
  }

  flush(): void {
    if (this.buffer.length === 0) return;
    writeSync(this.fd, this.buffer.join(''));
    this.buffer = [];
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
