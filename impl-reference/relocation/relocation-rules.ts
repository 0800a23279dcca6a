// Planned host relocation's rules (spec section 5, 4.2): when the source may start a move, what it
// takes for relay-ready, what it hands over, and what it does when the move fails before or after
// the irreversible boundary (source.ts); what the target sets up, when it commits the owner change
// and how, and what it does after a failure past the commit (target.ts); what a restarted process
// resumes, and how long and to whom
// the source follows messages once the move committed (follow.ts). The roles ask
// them by name where each applies (`side.rules.<name>(`); REFERENCE_RELOCATION is the Framework's
// behaviour (nothing is resumed, rolled back or taken over), and a kit mutant of relocation is
// another implementation of one of them (RELOCATION_MUTANTS in impl-reference/mutants/relocation.ts).

import type { ObjectKind, Rid } from '../../src/driver/types.ts';
import type { ChangeResult } from '../location/authority.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { Letter } from '../kernel/work.ts';
import { fail, type WorkResult } from '../kernel/work.ts';
import type { RelocationRecord } from '../kernel/relocation-record.ts';
import type { Forwarding, Prepared, RelocationContext, Relocator } from './side.ts';

/** A message the source had not run, with the resolver of the operation waiting for it. */
export type Waiting = Letter & { resolve(r: WorkResult | undefined): void };

/** A node's Relocations as its roles see them: the moves under way, and the rules they follow. */
export interface RuledSide extends Relocator {
  readonly rules: RelocationRules;
}

export interface RelocationRules {
  // ---- source (source.ts) ------------------------------------------------------------------------
  /** R-OBJ-3 (seed 54): one relocation of an object at a time from its source, from its first step to its result. */
  refusesWhileRelocating(side: Relocator, objectId: string): boolean;
  /** R-STO-3: the source reads the object's authority record once: StoreFailureGrace extends no relocation's deadline. */
  readOwnRecord(side: Relocator, objectId: string): Promise<LocationRecord | null>;
  /** V08: a relocation naming another ObjectGeneration than the record's is rejected (GenerationMismatch). */
  generationMatches(named: number | undefined, current: number): boolean;
  /** R-REL-1: source admission closes only once relay-ready is accepted: nothing closes it before the prepare. */
  beforePrepare(side: Relocator, rel: RelocationRecord): void;
  /** V13: only a relay-ready reply lets the relocation past the boundary, not just any answer. */
  isRelayReady(reply: WorkResult | undefined): boolean;
  /**
   * R-REL-1: after an explicit failure before relay-ready was accepted (cancelled, the source kept)
   * the relocation is over: RelocationFailed; no other target is chosen, nor the same one retried.
   */
  prepareFailed(side: Relocator, rel: RelocationRecord, kind: ObjectKind, tried: Rid[]): WorkResult | Promise<WorkResult | undefined>;
  /** V16: accepting relay-ready is recorded like any Store change: an unclear result is re-read, never taken for a failure. Undefined: not recorded. */
  recordRelayReady(side: Relocator, rel: RelocationRecord): Promise<RelocationRecord | undefined>;
  /** R-REL-2: all the messages the source has not run go to the target's temporary queue. */
  waitingToHandOver(side: Relocator, objectId: string): Waiting[];
  /** V13: the waiting messages are handed over whatever the cutover submit does, so before it. */
  handOverThenSubmit(side: Relocator, rel: RelocationRecord, waiting: Waiting[], submit: () => Promise<WorkResult | undefined>): Promise<WorkResult | undefined>;
  /**
   * R-REL-2, R-REL-5, V13: past the boundary a cutover submit that did not commit restores nothing
   * and takes nothing back: the source waits for the target to finish (undefined). `submitted`:
   * the submit was sent (the cutover may have committed).
   */
  cutoverNotConfirmed(side: Relocator, rel: RelocationRecord, submitted: boolean): Promise<WorkResult> | undefined;
  /**
   * R-REL-6, V14, V12: the target died before the commit: the relocation fails; the source is not
   * restored, no other target is tried, and an Instance Spot keeps its authority record.
   */
  targetLostBeforeCommit(side: Relocator, rel: RelocationRecord, kind: ObjectKind, tried: Rid[]): WorkResult | Promise<WorkResult | undefined>;
  // ---- target (target.ts) ------------------------------------------------------------------------
  /** R-REL-1: a prepare that fails leaves nothing behind: the target sets nothing up before it can answer relay-ready. */
  beforeRelayReady(side: Relocator, rel: RelocationRecord, kind: ObjectKind): void;
  /**
   * R-REL-3, R-INST-6: an instance and its temporary queue, dispatch closed until the owner change
   * is known; the state is handed over: no factory, no first message (not a cold activation).
   */
  prepareInstance(side: Relocator, rel: RelocationRecord, kind: ObjectKind): void;
  /** R-REL-2: with no cutover the target continues on its own 1,000 ms after relay-ready (undefined: never). */
  fallbackAfterMs(timings: RelocationContext['timings']): number | undefined;
  /** R-INST-6: a message relayed into the temporary queue is not a first message: nothing is activated for it. */
  relayedIntoPrepared(side: Relocator, p: Prepared): Promise<void> | undefined;
  /** R-REL-2: on the fallback the target continues alone, whether or not the source still runs. */
  continuesAlone(side: Relocator, rel: RelocationRecord): boolean | Promise<boolean>;
  /** R-REL-7: the owner change keeps the ObjectGeneration. */
  generationAfterMove(rec: LocationRecord): number;
  /** V16: target dispatch is a gate: nothing opens it while the owner change's result is not known. */
  whileCommitUnknown(side: Relocator, objectId: string): void;
  /** R-REL-3, V16: the owner change in the Location Store: an unclear result is re-read (by its write ID), never guessed, the temporary queue held. */
  commitOwnerChange(side: Relocator, objectId: string, version: number, next: LocationRecord): Promise<ChangeResult | { applied: boolean }>;
  /** R-OBJ-3: a node that gets the object back by a relocation follows none of its messages away any more. */
  followEndsOnReturn(side: Relocator, objectId: string): void;
  /** R-INST-6: a relocated object gets its lifecycle callback, whatever its kind. */
  getsLifecycleCallback(kind: ObjectKind): boolean;
  /** R-REL-4: a failed callback is not a done one: it is retried on this target within the deadline. */
  lifecycleDone(failed: boolean): boolean;
  /** R-REL-4: after the commit there is no rollback, only a retry here (undefined). */
  afterLifecycleFailure(side: Relocator, rel: RelocationRecord): Promise<boolean> | undefined;
  /** R-REL-4: a failed dispatch switchover is retried on this same target within the deadline. */
  retriesSwitchover(): boolean;
  // ---- a restarted process (relocation.ts) and Message Follow (follow.ts) --------------------------
  /**
   * R-REL-6, R-OBJ-3, V14: a restarted process starts with nothing of the one before it: it
   * resumes no relocation, follows no message and settles nothing it was part of.
   */
  afterRestart(side: Relocator): Promise<void>;
  /**
   * R-REL-5, V14: once the move committed the target is the owner, alive or dead: Message Follow
   * only follows; the source takes nothing back and releases nothing while it lasts.
   */
  whileFollowing(side: Relocator, objectId: string, target: Rid, hosted: { kind: ObjectKind; generation: number } | undefined): void;
  /** R-OBJ-3 (seed 54): the source lets go of the instance that moved away, not whatever is hosted under its ID by then. */
  letGoMovedInstance(side: Relocator, objectId: string, f: Forwarding): void;
  /** R-REL-6: a message this process has no forwarding entry for is not followed (a restarted source follows nothing). */
  followWithoutEntry(side: Relocator, objectId: string, letter: Letter): Promise<WorkResult | undefined> | undefined;
  /** R-OBJ-3: after the commit messages are followed for MessageFollowDuration from the change, and no longer (0: none). */
  stillFollowing(now: number, until: number): boolean;
  /** R-OBJ-3: the duration counts from the commit; following a message does not extend it. */
  followUntilAfterUse(until: number, now: number, durationMs: number): number;
}

export const REFERENCE_RELOCATION: RelocationRules = {
  refusesWhileRelocating: (side, objectId) => side.relocating.has(objectId),
  readOwnRecord: async (side, objectId) => (await side.ctx.store.read<LocationRecord>(objectKey(objectId))).value,
  generationMatches: (named, current) => named === undefined || named === current,
  beforePrepare: () => {},
  isRelayReady: (reply) => !!reply?.ok,
  prepareFailed: () => fail('RelocationFailed'),
  recordRelayReady: (side, rel) => side.setStage(rel, 'relay-ready-accepted'),
  waitingToHandOver: (side, objectId) => side.ctx.takeWaiting(objectId),
  handOverThenSubmit(side, rel, waiting, submit) {
    side.handOver(rel, waiting);
    return submit();
  },
  cutoverNotConfirmed: () => undefined,
  targetLostBeforeCommit: () => fail('RelocationFailed'),
  beforeRelayReady: () => {},
  prepareInstance: (side, rel, kind) => side.ctx.prepare({ objectId: rel.objectId, kind, generation: rel.generation }),
  fallbackAfterMs: (timings) => timings.cutoverFallbackMs,
  relayedIntoPrepared: () => undefined,
  continuesAlone: () => true,
  generationAfterMove: (rec) => rec.generation,
  whileCommitUnknown: () => {},
  commitOwnerChange: (side, objectId, version, next) => side.change(objectKey(objectId), version, next),
  followEndsOnReturn: (side, objectId) => void side.forwarding.delete(objectId),
  getsLifecycleCallback: () => true,
  lifecycleDone: (failed) => !failed,
  afterLifecycleFailure: () => undefined,
  retriesSwitchover: () => true,
  afterRestart: async () => {},
  whileFollowing: () => {},
  letGoMovedInstance: (_side, _objectId, f) => f.letGo?.(),
  followWithoutEntry: () => undefined,
  stillFollowing: (now, until) => now < until,
  followUntilAfterUse: (until) => until,
};
