// A history: what a fault campaign (the nemesis run) saw, one JSON object per line, in the order
// it was written. The checker judges the spec's invariants over it without running anything, so a
// history can be checked again, shrunk by hand, or written by another tool. docs/history.md is the
// reader's guide; this module is the format and its parser.
//
// One clock: every `time` (and `leaseUntil`, `until`) is milliseconds on the same clock, the
// writer's. A writer that reads the runtime's journal or the Store's lease times on another clock
// translates them before writing; the checker never guesses offsets, because every invariant below
// turns on "before" and "after".

import type { Rid } from '../driver/basics.ts';
import type { RecordState, RelocationStage } from '../driver/types.ts';
import { STORE_RESULTS_BY_OP } from '../driver/schema/lists.ts';

/** What the kit did, Jepsen style: an invoke and then exactly one of ok / fail / info per `op`. */
export type OpType = 'invoke' | 'ok' | 'fail' | 'info';

/** Fault names (the nemesis's operations): their completions say when a fault took effect. */
export const FAULT_NAMES = [
  'crash', 'restart', 'hang', 'heal', 'store-down', 'store-up', 'store-slow',
  'store-reply-lost', 'failpoint', 'close-connection', 'move', 'deregister',
] as const;

const ACCEPTANCES = new Set<string>(['yes', 'no', 'unknown']);

export interface OpEvent {
  type: OpType;
  /** The logical client (a worker of the campaign, or "nemesis" for faults). */
  process: string;
  time: number;
  /** Operation ID: unique in the history; the invoke and its completion share it. */
  op: string;
  /** What the operation is: 'channel-request', 'node-direct', 'create', 'object-message', 'close',
   *  'relocate', 'session-relay', ... or a fault name (FAULT_NAMES). */
  f: string;
  /** The payload marker the kit made for the operation (unique in the history). */
  marker?: string;
  /** On ok: the reply; on fail: the ErrorKind; on info: why the outcome is unknown. */
  value?: unknown;
  /** The node the operation is aimed at (node direct, create `on`, the faulted node, the relocation target). */
  node?: Rid;
  /** On an invoke of a client operation: the node the kit submitted it on, its caller. */
  from?: Rid;
  objectId?: string;
  generation?: number;
  /** Session operations: the Session and the binding token they go through. */
  session?: string;
  binding?: string;
  /** object-message and create: the kind of the object (actor, user-spot, instance-spot), as the caller's reference has it. */
  objectKind?: string;
  /** object-message: sent with Instance intent (a Missing Instance Spot is cold-activated). */
  instanceIntent?: boolean;
  /** object-message: the node the caller sent it through, believing it the owner (a stale owner cache). */
  via?: Rid;
  /** On an invoke: the operation deadline the kit set (ms from its submit, which follows the invoke). */
  deadlineMs?: number;
  /** On a completion: the attempts the calling node reported in the Outcome, in its order. */
  attempts?: OpAttempt[];
  /** channel-request and channel-set: the channel (and, on channel-set, its kind). */
  channel?: string;
  channelKind?: string;
  /** channel-set: the server's weight and state the kit set (absent: unchanged). */
  weight?: number;
  state?: string;
  line: number;
}

/** One attempt of an operation towards a target, as the Outcome reported it. */
export interface OpAttempt {
  target: Rid;
  accepted: 'yes' | 'no' | 'unknown';
  reason?: string;
}

/** A run the runtime's journal recorded: a handler, a factory, a timer or a lifecycle callback. */
export interface RunEvent {
  type: 'journal';
  time: number;
  kind: 'handler' | 'factory' | 'timer' | 'lifecycle';
  node: Rid;
  /** The operation the run served (handlers), as the runtime named it. */
  op?: string;
  /** The marker found in the input the run received. */
  marker?: string;
  objectId?: string;
  generation?: number;
  line: number;
}

/** A result the runtime delivered to the application (the journal's `result` entries). */
export interface ResultEvent {
  type: 'result';
  time: number;
  node: Rid;
  op: string;
  status: string;
  line: number;
}

/** One version of an object's authority record, as the kit read it from the Location Store. */
export interface RecordEvent {
  type: 'record';
  time: number;
  objectId: string;
  state: RecordState;
  owner?: Rid;
  generation: number;
  storeVersion: number;
  /** When the owner's lease ends (or ended), as of this read. */
  leaseUntil?: number;
  /** A cold activation not finished yet (a recovery pointer, its first message not restored): it may be resumed or cancelled. */
  activation?: 'unfinished';
  line: number;
}

/** A node's owner lease as the kit read it: valid until `until` (which may already have passed). */
export interface LeaseEvent {
  type: 'lease';
  time: number;
  node: Rid;
  until: number;
  line: number;
}

/** A relocation record of the Relocation Store, as the kit read it. */
export interface RelocationEvent {
  type: 'relocation';
  time: number;
  relocation: string;
  objectId: string;
  generation: number;
  source: Rid;
  target: Rid;
  stage: RelocationStage;
  line: number;
}

/** A Session as its owner process reported it (the Driver's session view). */
export interface SessionEvent {
  type: 'session';
  time: number;
  session: string;
  node: Rid;
  client?: string;
  state: 'open' | 'ended';
  /** Binding tokens the Session holds, still bound. */
  bindings?: string[];
  line: number;
}

/** A node as it reported itself (Driver.node): its host state, and whether its process runs. */
export interface HostEvent {
  type: 'host';
  time: number;
  node: Rid;
  host: string;
  alive: boolean;
  line: number;
}

/** Events of a node's connection to a peer (Driver.peer), those not written before; and whether it is ready now. */
export interface PeerLinkEvent {
  type: 'peer';
  time: number;
  node: Rid;
  peer: Rid;
  ready: boolean;
  events: Array<{ event: 'handshake' | 'ready' | 'not-ready'; connectionId: string; at: number; reason?: string }>;
  line: number;
}

/**
 * One Store call a node made, as its Store log shows it (the writer may keep only the calls on keys
 * whose change result was ever unclear, and the lists covering them). Lines of one node are in the
 * order it made the calls.
 */
export interface StoreCallEvent {
  type: 'store';
  time: number;
  node: Rid;
  op: 'read' | 'change' | 'list' | 'lease';
  /** The key (for a list, its prefix). */
  key: string;
  expectedVersion?: number;
  /** A read's StoreVersion. */
  version?: number;
  result: 'ok' | 'applied' | 'conflict' | 'unclear' | 'unavailable';
  line: number;
}

/** The run itself: the seed and the command that replays it (first line, optional). */
export interface RunHeader {
  type: 'run';
  seed?: number;
  command?: string;
  /** MessageFollowDuration of the run, in ms (0: Message Follow off). */
  messageFollowMs?: number;
  /** The nodes' queue capacity and workers, when the run set them (small nodes refuse for capacity). */
  nodeOptions?: { queueCapacity?: number; workers?: number };
  /** The nodes' liveness deadline, in ms (a silent connection is not-ready within it). */
  livenessDeadlineMs?: number;
  /** The run's clock was a simulated world's (virtual time: no timer is ever late). */
  virtualTime?: boolean;
  line: number;
}

export type HistoryEvent = OpEvent | RunEvent | ResultEvent | RecordEvent | LeaseEvent | RelocationEvent | SessionEvent | StoreCallEvent | HostEvent | PeerLinkEvent | RunHeader;

/** A line that is not an event: the history cannot be judged in full. */
export interface Unparsed {
  line: number;
  text: string;
  why: string;
}

export interface History {
  events: HistoryEvent[];
  unparsed: Unparsed[];
  header?: RunHeader;
}

const OP_TYPES = new Set<string>(['invoke', 'ok', 'fail', 'info']);
const RUN_KINDS = new Set<string>(['handler', 'factory', 'timer', 'lifecycle']);
const RECORD_STATES = new Set<string>(['Missing', 'Creating', 'Ready', 'Closing']);
const STAGES = new Set<string>(['preparing', 'relay-ready-accepted', 'committed', 'cancelled', 'rolled-back']);
const STORE_OPS = new Set<string>(Object.keys(STORE_RESULTS_BY_OP));
const STORE_RESULTS = new Set<string>(Object.values(STORE_RESULTS_BY_OP).flat());

type Raw = Record<string, unknown>;
const str = (o: Raw, k: string) => typeof o[k] === 'string';
const num = (o: Raw, k: string) => typeof o[k] === 'number' && Number.isFinite(o[k]);
const optStr = (o: Raw, k: string) => o[k] === undefined || str(o, k);
const optNum = (o: Raw, k: string) => o[k] === undefined || num(o, k);

/** Why `o` is not an event of its type, or null if it is one. */
function problem(o: Raw): string | null {
  if (!str(o, 'type')) return 'no type';
  const t = o.type as string;
  if (t === 'run') return optNum(o, 'seed') && optStr(o, 'command') && optNum(o, 'messageFollowMs') && optNum(o, 'livenessDeadlineMs') ? null : 'run header: seed, messageFollowMs and livenessDeadlineMs must be numbers, command a string';
  if (!num(o, 'time')) return 'no numeric time';
  if (OP_TYPES.has(t)) {
    for (const k of ['process', 'op', 'f']) if (!str(o, k)) return `${t}: no ${k}`;
    for (const k of ['marker', 'node', 'from', 'objectId', 'session', 'binding']) if (!optStr(o, k)) return `${t}: ${k} must be a string`;
    for (const k of ['generation', 'deadlineMs', 'weight']) if (!optNum(o, k)) return `${t}: ${k} must be a number`;
    if (o.instanceIntent !== undefined && typeof o.instanceIntent !== 'boolean') return `${t}: instanceIntent must be a boolean`;
    for (const k of ['state', 'channel', 'channelKind', 'via', 'objectKind']) if (!optStr(o, k)) return `${t}: ${k} must be a string`;
    if (o.attempts !== undefined && !(Array.isArray(o.attempts) && (o.attempts as Raw[]).every((a) => a && typeof a === 'object' && str(a, 'target') && ACCEPTANCES.has(a.accepted as string) && optStr(a, 'reason')))) return `${t}: attempts must be a list of {target, accepted yes|no|unknown}`;
    return null;
  }
  switch (t) {
    case 'journal':
      if (!RUN_KINDS.has(o.kind as string)) return 'journal: kind must be handler, factory, timer or lifecycle';
      if (!str(o, 'node')) return 'journal: no node';
      return optStr(o, 'op') && optStr(o, 'marker') && optStr(o, 'objectId') && optNum(o, 'generation') ? null : 'journal: op, marker, objectId or generation of the wrong type';
    case 'result':
      return str(o, 'node') && str(o, 'op') && str(o, 'status') ? null : 'result: needs node, op and status';
    case 'record':
      if (!str(o, 'objectId') || !RECORD_STATES.has(o.state as string)) return 'record: needs objectId and a state (Missing, Creating, Ready, Closing)';
      return num(o, 'generation') && num(o, 'storeVersion') && optStr(o, 'owner') && optNum(o, 'leaseUntil') ? null : 'record: needs generation and storeVersion';
    case 'lease':
      return str(o, 'node') && num(o, 'until') ? null : 'lease: needs node and until';
    case 'relocation':
      for (const k of ['relocation', 'objectId', 'source', 'target']) if (!str(o, k)) return `relocation: no ${k}`;
      return num(o, 'generation') && STAGES.has(o.stage as string) ? null : 'relocation: needs generation and a known stage';
    case 'session':
      if (!str(o, 'session') || !str(o, 'node') || (o.state !== 'open' && o.state !== 'ended')) return 'session: needs session, node and state open|ended';
      return o.bindings === undefined || (Array.isArray(o.bindings) && o.bindings.every((b) => typeof b === 'string')) ? null : 'session: bindings must be strings';
    case 'host':
      return str(o, 'node') && str(o, 'host') && typeof o.alive === 'boolean' ? null : 'host: needs node, host and alive';
    case 'peer':
      if (!str(o, 'node') || !str(o, 'peer') || typeof o.ready !== 'boolean' || !Array.isArray(o.events)) return 'peer: needs node, peer, ready and events';
      return (o.events as Raw[]).every((e) => e && ['handshake', 'ready', 'not-ready'].includes(e.event as string) && str(e, 'connectionId') && num(e, 'at')) ? null : 'peer: each event needs event, connectionId and at';
    case 'store':
      if (!str(o, 'node') || !str(o, 'key') || !STORE_OPS.has(o.op as string) || !STORE_RESULTS.has(o.result as string)) return 'store: needs node, key, op (read, change, list, lease) and result';
      return optNum(o, 'expectedVersion') && optNum(o, 'version') ? null : 'store: expectedVersion and version must be numbers';
    default:
      return `unknown type ${JSON.stringify(t)}`;
  }
}

/** Parse a history; bad lines are kept aside (they make the verdict unknown), never thrown. */
export function parseHistory(text: string): History {
  const events: HistoryEvent[] = [];
  const unparsed: Unparsed[] = [];
  // A campaign's history runs to tens of thousands of lines, each parsed once per check: no copy of
  // a line or of its object beyond JSON.parse's own (a copy per line was a third of the time).
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    let raw = lines[i];
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    if (raw.length === 0 || (raw.charCodeAt(0) <= 32 && raw.trim() === '')) continue;
    let o: unknown;
    try {
      o = JSON.parse(raw);
    } catch {
      unparsed.push({ line, text: raw, why: 'not JSON' });
      continue;
    }
    if (o === null || typeof o !== 'object' || Array.isArray(o)) {
      unparsed.push({ line, text: raw, why: 'not a JSON object' });
      continue;
    }
    const why = problem(o as Raw);
    if (why) unparsed.push({ line, text: raw, why });
    else {
      (o as { line: number }).line = line;
      events.push(o as HistoryEvent);
    }
  }
  const header = events.find((e): e is RunHeader => e.type === 'run');
  return { events, unparsed, header };
}

/** An event as a writer makes it: line numbers are the parser's, not part of the format. */
type WithoutLine<T> = T extends unknown ? Omit<T, 'line'> : never;
export type HistoryLine = WithoutLine<HistoryEvent>;

/** One line of a history file, for a writer (the nemesis run) to append. */
export function historyLine(e: HistoryLine): string {
  return JSON.stringify(e) + '\n';
}

/** The events as one line of JSON each, without the parser's line numbers. */
export function formatEvent(e: HistoryEvent): string {
  const { line: _line, ...rest } = e;
  return JSON.stringify(rest);
}

export const isOp = (e: HistoryEvent): e is OpEvent => OP_TYPES.has(e.type);
export const isFault = (e: OpEvent): boolean => (FAULT_NAMES as readonly string[]).includes(e.f);

/** An event's time; the run header, which has none, comes before everything. */
export const timeOf = (e: HistoryEvent): number => (e.type === 'run' ? -Infinity : e.time);

/** Events in time order; equal times keep the history's order. */
export function byTime<T extends HistoryEvent>(events: T[]): T[] {
  return [...events].sort((a, b) => timeOf(a) - timeOf(b) || a.line - b.line);
}
