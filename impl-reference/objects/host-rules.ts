// The owner side's rules for Actors and Spots (spec 4, 6, 7): what a Close and a membership change
// act on, who runs the factory of a creation and of a cold activation, what a hosted object's
// messages and timers do, and what a node that hosts nothing of an object answers. The ObjectHost
// and its parts (creation.ts, activation.ts, closing.ts) ask them by name where each applies;
// REFERENCE_HOST is the Framework's behaviour, and a kit mutant of this side is another
// implementation of one of them (HOST_MUTANTS in impl-reference/mutants/object-host.ts).

import type { ObjectKind, Rid } from '../../src/driver/types.ts';
import type { LocationRecord } from '../location/records.ts';
import { fail, type WorkResult } from '../kernel/work.ts';
import type { Versioned } from '../store/types.ts';
import type { Letter, Mailbox } from './mailbox.ts';

/** What the rules may use of the ObjectHost: all of it is what the reference does too. */
export interface HostSide {
  readonly rid: Rid;
  read(objectId: string): Promise<Versioned<LocationRecord>>;
  /** Run the application's factory for an incarnation of the object, on this node. */
  factory(objectId: string, generation: number, input: unknown): Promise<void>;
  /** Whether this process still lives (one that died while building answers nothing). */
  alive(): boolean;
  /** Host an instance of `rec` here, its mailbox open. */
  rehost(rec: LocationRecord): { post(letter: Letter): Promise<WorkResult | undefined> };
}

export interface HostRules {
  // ---- creation (creation.ts) ----
  /** R-CRE-1.1, R-CRE-1.3, R-CRE-1.4: only the creation that secured the Creating record (its change applied) runs the factory. */
  securedCreatingRecord(applied: boolean): boolean;
  /** V06.2: a Creating record whose creator holds a valid owner lease is that node's creation under way, not an abandoned one. */
  creatorStillCreating(creatorLeaseValid: () => Promise<boolean>): Promise<boolean>;
  /** R-CRE-1.1: a creation that finds another one under way runs nothing; it ends AlreadyExists. */
  creationFoundUnderWay(side: HostSide, rec: LocationRecord, input: unknown): Promise<void> | void;
  /**
   * V06.1, R-CRE-2.3: creation recovery continues exactly the record it found - same object ID,
   * same generation, the stored input - with this node as its creator.
   */
  recoveredRecord(rec: LocationRecord, here: Rid, input: unknown): LocationRecord;
  /** V06.3: only the recovery whose change took the record over continues the creation. */
  tookOverCreation(applied: boolean): boolean;
  /** V08.4: the factory of a recovered creation runs for the generation of the record it continues. */
  recoveryFactoryGeneration(found: LocationRecord, continued: LocationRecord): number;
  /** R-CRE-1.2: the generation is counted once, when the Creating record is written; the record turns Ready keeping it. */
  readyRecord(creating: LocationRecord): LocationRecord;
  // ---- cold activation of an Instance Spot (activation.ts) ----
  /** R-INST-1.2: a message that finds this process's activation of the object under way waits behind it; it never resumes it. */
  waitsForActivationUnderWay(): boolean;
  /** V11.2: an unfinished first activation is this process's own only when its recovery pointer names this node and this lifecycle. */
  pointerNamesThisProcess(pointer: { targetNode: Rid; lifecycle: string }, rid: Rid, lifecycle: string): boolean;
  /** R-INST-5.2: a cold activation is a new incarnation, with a generation never used before. */
  newIncarnationGeneration(previous: number | undefined): number;
  /** R-INST-7.1: the first message is stored with the creation record, before anything runs. */
  activationCreation(factoryInput: unknown, first: Letter): NonNullable<LocationRecord['creation']>;
  /** R-INST-1.3: the factory runs only once the activation has secured its Creating record: nothing is built before it (undefined). */
  buildBeforeCreatingRecord(side: HostSide, next: LocationRecord): Promise<void> | undefined;
  /** R-INST-1.3: only the activation whose change secured the Creating record builds the object. */
  activationSecured(applied: boolean): boolean;
  /**
   * R-INST-1.2: one factory run per activation: the record turning Ready builds nothing more
   * (undefined). More building resolves whether the process still lives.
   */
  activationReady(side: HostSide, rec: LocationRecord): Promise<boolean> | undefined;
  /** R-INST-2.3: the replay cursor counts the stored messages already put back (0: none yet). */
  firstMessageReplayed(replayCursor: number): boolean;
  /** R-INST-7.2: the stored first message goes to the head of the queue, before any later one. */
  restoreFirstMessage(mailbox: Pick<Mailbox, 'post' | 'postFirst'>, first: Letter): Promise<WorkResult | undefined>;
  // ---- hosted instances, their timers and messages (object-host.ts) ----
  /** R-REL-2.5: past relay-ready the source runs nothing of the object: holding it for a move stops its timer too. */
  heldInstanceStopsTimer(): boolean;
  /** R-REL-2.5: an instance let go (relocated away, closed, no longer confirmed) does nothing more here, its timer included. */
  letGoInstanceStopsTimer(): boolean;
  /** R-STO-3.3: an object's timer fires only while the process lives and the node is owner-eligible. */
  timerFires(alive: boolean, ownerEligible: boolean): boolean;
  /** V09.1: a binding belongs to one incarnation: a Session relay for another generation than the hosted one ends BindingEnded. */
  bindingEnded(hosted: number, bound: number): boolean;
  /**
   * R-OBJ-4.5, R-INST-4.2: a node that hosts nothing of the object (a restarted process the Store
   * may still name owner) brings nothing back, and makes no new incarnation: Unavailable.
   */
  notHostedHere(side: HostSide, objectId: string, letter: Letter, instanceIntent: boolean): WorkResult | Promise<WorkResult | undefined>;
  /** V07: a message goes to the current Ready object: a generation mismatch alone does not stop the handler (undefined: nothing refuses it). */
  refusesMessage(hosted: number, named: number | undefined): WorkResult | undefined;
  /** R-INST-3.2: Instance intent to a Ready Instance Spot is an ordinary message: nothing is activated again (undefined). */
  intentToHosted(side: HostSide, inst: { objectId: string; kind: ObjectKind; generation: number }, instanceIntent: boolean): Promise<void> | undefined;
  /** R-STO-4.1: the Store back, every owned object is re-confirmed from its record before processing goes on. */
  reconfirmsOwners(): boolean;
  // ---- Close and membership changes (closing.ts) ----
  /** V08.1: Close/Destroy names the generation it ends; a mismatch changes nothing. */
  mismatchStopsClose(recorded: number, named: number): boolean;
  /** V08.2: so does a membership change. */
  mismatchStopsMembership(recorded: number, named: number): boolean;
  /** R-INST-5.1: Close is finished only with the authority release: the record reads Missing, keeping its generation. */
  closeReleasesAuthority(): boolean;
}

export const REFERENCE_HOST: HostRules = {
  securedCreatingRecord: (applied) => applied,
  creatorStillCreating: (creatorLeaseValid) => creatorLeaseValid(),
  creationFoundUnderWay: () => {},
  recoveredRecord: (rec, here) => ({ ...rec, owner: here }),
  tookOverCreation: (applied) => applied,
  recoveryFactoryGeneration: (_found, continued) => continued.generation,
  readyRecord: (creating) => creating,
  waitsForActivationUnderWay: () => true,
  pointerNamesThisProcess: (pointer, rid, lifecycle) => pointer.targetNode === rid && pointer.lifecycle === lifecycle,
  newIncarnationGeneration: (previous) => (previous ?? 0) + 1,
  activationCreation: (input, first) => ({ input, firstMessage: { opId: first.opId, payload: first.payload } }),
  buildBeforeCreatingRecord: () => undefined,
  activationSecured: (applied) => applied,
  activationReady: () => undefined,
  firstMessageReplayed: (replayCursor) => replayCursor >= 1,
  restoreFirstMessage: (mailbox, first) => mailbox.postFirst(first),
  heldInstanceStopsTimer: () => true,
  letGoInstanceStopsTimer: () => true,
  timerFires: (alive, ownerEligible) => alive && ownerEligible,
  bindingEnded: (hosted, bound) => hosted !== bound,
  notHostedHere: () => fail('Unavailable'),
  refusesMessage: () => undefined,
  intentToHosted: () => undefined,
  reconfirmsOwners: () => true,
  mismatchStopsClose: (recorded, named) => recorded !== named,
  mismatchStopsMembership: (recorded, named) => recorded !== named,
  closeReleasesAuthority: () => true,
};
