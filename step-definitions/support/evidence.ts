// Evidence the runtime cannot bend by choosing its operation IDs.
//
// Every message and factory input the scenario sends carries a marker the kit made (AppPayload.mark,
// FactoryInput.mark), unique to this scenario. The journal records what each handler and factory
// received, so a run is traced to the message that caused it, whatever operation ID the runtime
// gave it: a message re-run under a new ID, or work the runtime started on its own, is still seen.
//
// After each scenario the kit audits the whole journal (auditJournal): every run belongs to
// something the scenario sent, no message was handled twice, no operation delivered two results,
// no factory input was used for another object or generation, and no node the kit crashed ran
// anything before it was restarted.

import { randomBytes } from 'node:crypto';
import type { Driver, Fault, FaultResult, JournalEntry, OperationSpec, PeerView, Rid, StoreLogEntry } from '../../src/driver/types.ts';
import { NOT_READY_REASONS, PEER_EVENTS, STORE_RESULTS_BY_OP } from '../../src/driver/schema/lists.ts';
import { now } from './kit-clock.ts';

type HandlerRun = Extract<JournalEntry, { kind: 'handler' }>;

/** One thing the kit did to the runtime: a submit (with its marker) or a fault. */
export type KitAction = { at: number; submit: OperationSpec; opId: string; mark: string } | { at: number; fault: Fault };

export class Evidence {
  /** A prefix no other scenario shares. */
  private readonly prefix = `sc-${randomBytes(4).toString('hex')}-`;
  private next = 0;
  /** Marker -> the operation that carried it. */
  readonly opOfMark = new Map<string, string>();
  /** Operation ID -> its marker. */
  readonly markOfOp = new Map<string, string>();
  /** Operation IDs the scenario started. */
  readonly ops = new Set<string>();
  /** Objects the scenario named. */
  readonly objects = new Set<string>();
  /** Crashes the kit caused, and the restarts after them (implementation clock). */
  readonly downtimes: Array<{ node: Rid; from: number; to?: number }> = [];
  /** What the kit did, in order: each submit (with its marker) and each fault (at the runtime's time for it). */
  readonly actions: KitAction[] = [];
  /** Every peer view the scenario read, as the runtime gave it (audited after it: auditPeerViews). */
  readonly peerViews: Array<{ node: Rid; peer: Rid; view: PeerView }> = [];

  newMark(): string {
    return `${this.prefix}${++this.next}`;
  }

  isOurs(mark: unknown): boolean {
    if (typeof mark !== 'string' || !mark.startsWith(this.prefix)) return false;
    const n = Number(mark.slice(this.prefix.length));
    return Number.isInteger(n) && n >= 1 && n <= this.next;
  }

  /** The spec with a fresh marker in its payload and in its factory input. */
  mark(spec: OperationSpec): { spec: OperationSpec; mark: string } {
    const mark = this.newMark();
    const s = structuredClone(spec) as OperationSpec & { payload?: object; input?: object; factoryInput?: object; objectId?: string };
    if (s.payload) s.payload = { ...s.payload, mark };
    if (s.kind === 'create') s.input = { ...s.input, mark };
    if (s.kind === 'object-message' && (s.instanceIntent || s.factoryInput)) s.factoryInput = { ...s.factoryInput, mark };
    if (s.objectId) this.objects.add(s.objectId);
    return { spec: s, mark };
  }

  started(opId: string, mark: string, spec: OperationSpec, at: number): void {
    this.actions.push({ at, submit: spec, opId, mark });
    this.ops.add(opId);
    this.opOfMark.set(mark, opId);
    this.markOfOp.set(opId, mark);
  }

  faulted(f: Fault, r: FaultResult): void {
    this.actions.push({ at: r.at, fault: f });
    if (f.kind === 'crash') this.downtimes.push({ node: f.node, from: r.at });
    if (f.kind === 'restart') for (const d of this.downtimes) if (d.node === f.node && d.to === undefined) d.to = r.at;
  }
}

/** The Driver, with a marker on everything the scenario sends and a note of every fault. */
export function markingEvidence(driver: Driver, evidence: Evidence): Driver {
  return new Proxy(driver, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'submit') {
        return async (op: OperationSpec) => {
          const { spec, mark } = evidence.mark(op);
          const at = now();
          const started = await target.submit(spec);
          evidence.started(started.opId, mark, spec, at);
          return started;
        };
      }
      if (prop === 'peer') {
        return async (node: Rid, peer: Rid) => {
          const view = await target.peer(node, peer);
          evidence.peerViews.push({ node, peer, view: structuredClone(view) });
          return view;
        };
      }
      if (prop === 'fault') {
        return async (f: Fault) => {
          const r = await target.fault(f);
          evidence.faulted(f, r);
          return r;
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function markOf(input: unknown): unknown {
  return input && typeof input === 'object' ? (input as { mark?: unknown }).mark : undefined;
}

/** Handler runs of the message the operation carried, whatever operation ID they were journaled under. */
export function runsOfOp(journal: JournalEntry[], evidence: Evidence, opId: string): HandlerRun[] {
  const mark = evidence.markOfOp.get(opId);
  return journal.filter((e): e is HandlerRun => e.kind === 'handler' && (mark !== undefined ? markOf(e.input) === mark : e.opId === opId));
}

/**
 * What a reply outcome must carry, when the operation's handler is one whose reply the test
 * application fixes (docs/driver.md: `echo` and `block` reply with the payload's `value`): the
 * value the kit sent with it, so that a runtime that answers with another operation's reply, or
 * with none, is seen. Undefined when the handler's reply is not fixed by the payload.
 */
export function expectedReply(evidence: Evidence, opId: string): { value: unknown } | undefined {
  const sent = evidence.actions.find((a): a is Extract<KitAction, { submit: OperationSpec }> => 'submit' in a && a.opId === opId);
  const payload = (sent?.submit as { payload?: { app?: string; value?: unknown } } | undefined)?.payload;
  return payload && (payload.app === 'echo' || payload.app === 'block') ? { value: payload.value } : undefined;
}

/**
 * Every line of the Store log that is not one Location Store call as the Driver schema describes it
 * (StoreLogEntry): a known op on a named key by a node, a result that op can have, a change with the
 * StoreVersion it expected, a read answered with the version it read. The kit's Store-log checks
 * (R-STO-1, R-STO-4, the checker's unclear-change-reread) find calls by op, key and result: a line
 * that says something else would hide the call it stands for from them.
 */
export function auditStoreLog(log: StoreLogEntry[]): string[] {
  const problems: string[] = [];
  for (const e of log) {
    const line = `Store log line ${e.seq} (${JSON.stringify(e)})`;
    const results: readonly string[] | undefined = STORE_RESULTS_BY_OP[e.op as keyof typeof STORE_RESULTS_BY_OP];
    if (!results) problems.push(`${line}: op is none of read, change, list, lease`);
    else if (!results.includes(e.result)) problems.push(`${line}: a ${e.op} cannot end ${JSON.stringify(e.result)} (only ${results.join(', ')})`);
    if (typeof e.node !== 'string' || e.node === '') problems.push(`${line}: names no node`);
    if (typeof e.key !== 'string' || e.key === '') problems.push(`${line}: names no key`);
    if (e.op === 'change' && !Number.isInteger(e.expectedVersion)) problems.push(`${line}: a change without the StoreVersion it expected`);
    if (e.op === 'read' && e.result === 'ok' && !Number.isInteger(e.version)) problems.push(`${line}: a read answered without the version it read`);
  }
  return problems;
}

// The Driver schema's own lists (src/driver/schema/lists.ts), so that a reason the schema gains is not a problem here.
const PEER_EVENT_NAMES: readonly string[] = PEER_EVENTS;
const NOT_READY_REASON_NAMES: readonly string[] = NOT_READY_REASONS;

/**
 * Every peer view the scenario read that is not one as the Driver schema describes it (PeerView,
 * PeerEvent): the node and peer asked for, `ready` a boolean, and a history whose every event is a
 * handshake, ready or not-ready of a named connection to an address, at a time on the runtime's
 * clock, a not-ready with one of the published reasons. The kit's peer checks (R-CONN-1, R-CONN-2,
 * R-CONN-3, V04, V05) find events by kind, connection ID, reason and time: an event that says
 * something else would hide the loss, the handshake or the reconnect it stands for from them.
 */
export function auditPeerViews(views: Array<{ node: Rid; peer: Rid; view: PeerView }>): string[] {
  const problems: string[] = [];
  for (const { node, peer, view } of views) {
    const of = `${node}'s view of its peer ${peer}`;
    if (view.node !== node || view.peer !== peer) problems.push(`${of} names ${JSON.stringify(view.node)} -> ${JSON.stringify(view.peer)}`);
    if (typeof view.ready !== 'boolean') problems.push(`${of}: ready is ${JSON.stringify(view.ready)}, not a boolean`);
    if (!Array.isArray(view.history)) {
      problems.push(`${of}: its history is not a list`);
      continue;
    }
    view.history.forEach((e: unknown, i) => {
      const ev = (e && typeof e === 'object' ? e : {}) as Record<string, unknown>;
      const line = `${of}, history event ${i} (${JSON.stringify(e)})`;
      if (!PEER_EVENT_NAMES.includes(ev.event as string)) problems.push(`${line}: is none of handshake, ready, not-ready`);
      if (typeof ev.connectionId !== 'string' || ev.connectionId === '') problems.push(`${line}: names no connection`);
      if (typeof ev.address !== 'string') problems.push(`${line}: names no address`);
      if (typeof ev.at !== 'number' || !Number.isFinite(ev.at)) problems.push(`${line}: has no time`);
      if (ev.event === 'not-ready' && !NOT_READY_REASON_NAMES.includes(ev.reason as string)) problems.push(`${line}: a not-ready without a published reason`);
    });
  }
  return problems;
}

/** Every problem the whole journal shows, in journal order; empty when it is clean. */
export function auditJournal(journal: JournalEntry[], evidence: Evidence): string[] {
  const problems: string[] = [];
  const handled = new Map<string, Rid[]>();
  const results = new Map<string, number>();
  const factoryUse = new Map<string, string>();
  for (const e of journal) {
    const down = evidence.downtimes.find((d) => d.node === e.node && e.at > d.from && (d.to === undefined || e.at < d.to));
    if (down) problems.push(`${e.node} recorded a ${e.kind} run ${e.at - down.from} ms after the kit crashed it, before any restart`);
    switch (e.kind) {
      case 'handler': {
        const mark = markOf(e.input);
        if (!evidence.isOurs(mark)) {
          problems.push(`a handler ran on ${e.node} (operation ${e.opId}) for a message the scenario never sent`);
          break;
        }
        const where = [...(handled.get(mark as string) ?? []), e.node];
        handled.set(mark as string, where);
        if (where.length === 2) problems.push(`one message (${mark}) was handled twice: on ${where.join(' and ')}`);
        break;
      }
      case 'factory': {
        const mark = markOf(e.input);
        if (!evidence.isOurs(mark)) {
          problems.push(`a factory of ${e.objectId} ran on ${e.node} with an input the scenario never gave`);
          break;
        }
        const incarnation = `${e.objectId} generation ${e.generation}`;
        const before = factoryUse.get(mark as string);
        if (before && before !== incarnation) problems.push(`the factory input of ${before} was used again for ${incarnation}`);
        factoryUse.set(mark as string, before ?? incarnation);
        break;
      }
      case 'timer':
      case 'lifecycle':
        if (!evidence.objects.has(e.objectId)) problems.push(`a ${e.kind} of ${e.objectId} ran on ${e.node}, an object the scenario never named`);
        break;
      case 'result': {
        if (!evidence.ops.has(e.opId)) {
          problems.push(`the application on ${e.node} received a result for an operation it never started (${e.opId})`);
          break;
        }
        const n = (results.get(e.opId) ?? 0) + 1;
        results.set(e.opId, n);
        if (n === 2) problems.push(`operation ${e.opId} delivered a second terminal result (${e.status}) to the application`);
        break;
      }
    }
  }
  return problems;
}

/**
 * One ordered history of a scenario: what the kit did (submits, faults), what the runtime journaled
 * and every Store call it logged, merged by time (`at`; at equal times the kit's action first, then
 * the journal, then the Store log). Kept with the report of a failed scenario.
 */
export function scenarioHistory(actions: KitAction[], journal: JournalEntry[], storeLog: Array<{ at: number }>): Array<{ at: number } & Record<string, unknown>> {
  const lines = [
    ...actions.map((a, i) => ({ at: a.at, order: 0, i, line: { ...a, by: 'kit' } })),
    ...journal.map((e, i) => ({ at: e.at, order: 1, i, line: { at: e.at, journal: e } })),
    ...storeLog.map((e, i) => ({ at: e.at, order: 2, i, line: { at: e.at, store: e } })),
  ];
  return lines.sort((a, b) => a.at - b.at || a.order - b.order || a.i - b.i).map((l) => l.line);
}
