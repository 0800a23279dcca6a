// The owner side's rules for Actors and Spots (spec 4, 6, 7): what a Close and a membership change
// act on, who runs the factory of a creation and of a cold activation, what a hosted object's
// messages and timers do, and what a node that hosts nothing of an object answers. The ObjectHost
// and its parts (creation.ts, activation.ts, closing.ts) ask them by name where each applies;
// REFERENCE_HOST is the Framework's behaviour, and a kit mutant of this side is another
// implementation of one of them (HOST_MUTANTS in impl-reference/mutants/object-host.ts).

import type { Rid } from '../../src/driver/types.ts';
import type { LocationRecord } from '../location/records.ts';
import type { WorkResult } from '../node/work.ts';
import type { Versioned } from '../store/types.ts';
import type { Letter } from './mailbox.ts';

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
  mismatchStopsClose: (recorded, named) => recorded !== named,
  mismatchStopsMembership: (recorded, named) => recorded !== named,
  closeReleasesAuthority: () => true,
};
