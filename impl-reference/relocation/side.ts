// What both roles of a planned relocation share (spec section 5): what they need from the node and
// its object host, the state of the moves under way on this node, and the wait a relayed message
// is given. The roles themselves are source.ts, target.ts and follow.ts; relocation.ts holds them.

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { ObjectKind, RelocationStage, Rid } from '../../src/driver/types.ts';
import type { Application } from '../kernel/application.ts';
import type { ChangeResult } from '../location/authority.ts';
import type { AuthorityRules } from '../location/authority-rules.ts';
import type { Letter } from '../kernel/work.ts';
import type { NodeStore } from '../store/node-store.ts';
import type { Work, WorkResult } from '../kernel/work.ts';
import type { RelocationRecord } from '../kernel/relocation-record.ts';

export type RelocationFailpoint =
  | 'relocation.fail-before-relay-ready'
  | 'relocation.cutover-submit-fails'
  | 'relocation.crash-source-after-relay-ready'
  | 'relocation.crash-target-before-commit'
  | 'relocation.crash-target-after-commit'
  | 'relocation.crash-source-after-commit'
  | 'relocation.lifecycle-callback-fails'
  | 'relocation.relay-ready-record-reply-lost'
  | 'relocation.dispatch-switchover-fails';

/** What the relocation roles need from the node and its object host. */
export interface RelocationContext {
  rid: Rid;
  clock: Clock;
  ids: Ids;
  store: NodeStore;
  app: Application;
  /** The Location Store authority's rules, which every change of a record follows. */
  authorityRules: AuthorityRules;
  timings: { cutoverFallbackMs: number; defaultDeadlineMs: number; reconnectBackoffMs: number; storeFailureGraceMs: number };
  messageFollowMs(): number;
  alive(): boolean;
  takeFailpoint(name: RelocationFailpoint): boolean;
  crash(): void;
  /** Send work to another node (or this one) and wait for its answer; undefined if none came. */
  sendWork(target: Rid, work: Work, deadlineMs: number, opId?: string): Promise<WorkResult | undefined>;
  /** Tell every node where the object is now (Session owners move their bindings). */
  broadcastLocationUpdate(u: { objectId: string; generation: number; owner: Rid }): void;
  // The object host's side:
  hosted(objectId: string): { kind: ObjectKind; generation: number } | undefined;
  /** Close admission of the hosted instance and hand back the messages it has not run. */
  takeWaiting(objectId: string): Array<Letter & { resolve(r: WorkResult | undefined): void }>;
  /**
   * The hosted instance starts no further message (the one running finishes). Returns what lets go
   * of exactly that instance once the move commits: by then this node may host another instance of
   * the object (it is the target of the next move back), which must stay.
   */
  holdDispatch(objectId: string): () => void;
  reopenAdmission(objectId: string): void;
  dispose(objectId: string): void;
  /** Host a prepared instance whose mailbox (the temporary queue) is closed. */
  prepare(rec: { objectId: string; kind: ObjectKind; generation: number }): void;
  post(objectId: string, letter: Letter): Promise<WorkResult | undefined>;
  openDispatch(objectId: string): void;
}

export interface Prepared {
  rel: RelocationRecord;
  kind: ObjectKind;
  fallback?: TimerId;
  committing?: Promise<WorkResult | undefined>;
  /** This node's clock when it sent its owner change to the Store (the change applied after). */
  committedAt?: number;
}

/** A move's source-side entry: where messages of an object that moved (or is moving) go. */
export interface Forwarding {
  target: Rid;
  until: number;
  relocationId: string;
  committed: boolean;
  letGo?: () => void;
}

/** What each role's steps need of the node's Relocations (relocation.ts); the kit's mutants use the same. */
export interface Relocator {
  readonly ctx: RelocationContext;
  /** Source side: objects whose admission is closed, and where their messages go. */
  readonly forwarding: Map<string, Forwarding>;
  /** Target side: prepared relocations waiting for cutover. */
  readonly prepared: Map<string, Prepared>;
  /** Source side: objects whose relocation from here is under way, from its first step to its result. */
  readonly relocating: Set<string>;
  change<T extends { writeId: string }>(key: string, version: number, value: T): Promise<ChangeResult<T>>;
  setStage(rel: RelocationRecord, stage: RelocationStage): Promise<RelocationRecord>;
  toTarget(rel: RelocationRecord, kind: ObjectKind, tried: Rid[]): Promise<WorkResult | undefined>;
  commit(relocationId: string, how: 'cutover' | 'fallback'): Promise<WorkResult | undefined>;
  handOver(rel: RelocationRecord, letters: Array<Letter & { resolve(r: WorkResult | undefined): void }>): void;
  follow(objectId: string, letter: Letter): Promise<WorkResult | undefined> | undefined;
}

/**
 * How long a relayed message may wait for its answer: the target holds it in its temporary queue
 * until it commits, which may be the whole cutover fallback, and then runs it. (The caller's own
 * deadline still ends the operation at the caller.)
 */
export function relayWaitMs(side: Relocator): number {
  return side.ctx.timings.cutoverFallbackMs + side.ctx.timings.defaultDeadlineMs;
}
