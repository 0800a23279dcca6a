// Planned host relocation's rules (spec section 5, 4.2): what a restarted process resumes, and how
// long and to whom the source follows messages once the move committed (follow.ts). The roles ask
// them by name where each applies (`side.rules.<name>(`); REFERENCE_RELOCATION is the Framework's
// behaviour (nothing is resumed, rolled back or taken over), and a kit mutant of relocation is
// another implementation of one of them (RELOCATION_MUTANTS in impl-reference/mutants/relocation.ts).

import type { ObjectKind, Rid } from '../../src/driver/types.ts';
import type { Letter } from '../objects/mailbox.ts';
import type { WorkResult } from '../node/work.ts';
import type { Forwarding, Relocator } from './side.ts';

/** A node's Relocations as its roles see them: the moves under way, and the rules they follow. */
export interface RuledSide extends Relocator {
  readonly rules: RelocationRules;
}

export interface RelocationRules {
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
  afterRestart: async () => {},
  whileFollowing: () => {},
  letGoMovedInstance: (_side, _objectId, f) => f.letGo?.(),
  followWithoutEntry: () => undefined,
  stillFollowing: (now, until) => now < until,
  followUntilAfterUse: (until) => until,
};
