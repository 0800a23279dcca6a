// Mutants of the owner side of Actors and Spots (spec 4, 6; objects/object-host.ts and its parts)
// and of the Location Store authority (spec 7; location/authority.ts, location/lease.ts): each is
// another implementation of one rule of objects/host-rules.ts (HOST_MUTANTS) or
// location/authority-rules.ts (AUTHORITY_MUTANTS), which the ObjectHost, changeRecord and the
// LeaseKeeper ask where the rule applies.

import { REFERENCE_AUTHORITY, type AuthorityRules } from '../location/authority-rules.ts';
import { REFERENCE_HOST, type HostRules } from '../objects/host-rules.ts';
import { fail } from '../kernel/work.ts';
import { reactivateAsNew, reloadFromRecord } from './objects.ts';
import type { MutantName } from './index.ts';

/** Each mutant of the owner side of Actors and Spots (objects/host-rules.ts): the rule it implements otherwise. */
export const HOST_MUTANTS = {
  // R-CRE-1: a creation that lost the Creating record runs the factory too, and so does one that finds another's under way.
  'creation-race-both-run-factory': {
    securedCreatingRecord: () => true,
    creationFoundUnderWay: (side, rec, input) => side.factory(rec.objectId, rec.generation, input),
  },
  'creation-lost-change-runs-factory': { securedCreatingRecord: () => true },
  // V06.2: a Creating record of another node is recovered without asking whether its creator still lives.
  'creation-ignores-creator-lease': { creatorStillCreating: async () => false },
  // V06.1, R-CRE-2.3: the recovery is a new creation: the next generation, with this creation's input.
  'creation-recovery-new-generation': { recoveredRecord: (rec, here, input) => ({ ...rec, owner: here, generation: rec.generation + 1, creation: { input } }) },
  // V06.3: a recovery that lost the take-over goes on all the same.
  'recovery-ignores-lost-takeover': { tookOverCreation: () => true },
  // V08.4: the recovered creation's factory runs for the next generation, as a new creation's would.
  'recovery-factory-next-generation': { recoveryFactoryGeneration: (found) => found.generation + 1 },
  // R-CRE-1.2: the generation is counted again when the record turns Ready.
  'ready-generation-bumped-again': { readyRecord: (rec) => ({ ...rec, generation: rec.generation + 1 }) },
  // R-INST-1.2: a message finding the activation under way here resumes it as unfinished; or the factory runs again once Ready.
  'activation-resumed-while-under-way': { waitsForActivationUnderWay: () => false },
  'activation-factory-runs-twice': {
    activationReady: async (side, rec) => {
      await side.factory(rec.objectId, rec.generation, rec.creation?.input);
      return side.alive();
    },
  },
  // V11.2: the recovery pointer's node is compared, not its lifecycle: a restarted process resumes.
  'recovery-pointer-ignores-lifecycle': { pointerNamesThisProcess: (pointer, rid) => pointer.targetNode === rid },
  // R-INST-5.2: a cold activation after Close reuses the closed generation.
  'activation-reuses-generation': { newIncarnationGeneration: (previous) => previous ?? 1 },
  // R-INST-7.1: the creation record holds the factory input only; the first message stays in memory.
  'first-message-not-stored': { activationCreation: (input) => ({ input }) },
  // R-INST-1.3: the factory runs before the Creating record is secured, or after losing it.
  'activation-factory-before-creating-record': { buildBeforeCreatingRecord: (side, next) => side.factory(next.objectId, next.generation, next.creation?.input) },
  'activation-lost-change-builds-anyway': { activationSecured: () => true },
  // R-INST-2.3: replay cursor 0 is taken for "first message replayed".
  'resume-replay-cursor-off-by-one': { firstMessageReplayed: (replayCursor) => replayCursor >= 0 },
  // R-INST-7.2: the stored first message goes to the back of the queue.
  'activation-later-message-first': { restoreFirstMessage: (mailbox, first) => mailbox.post(first) },
  // R-REL-2.5: an instance held for a move, or let go, keeps its timer running.
  'let-go-instance-keeps-timer': { heldInstanceStopsTimer: () => false, letGoInstanceStopsTimer: () => false },
  'held-source-keeps-timer': { heldInstanceStopsTimer: () => false },
  // R-STO-3.3: a timer checks that the process lives, not that the node is owner-eligible.
  'timer-ignores-eligibility': { timerFires: (alive) => alive },
  // V09.1: a Session relay is delivered whatever the binding's generation.
  'binding-reused-after-recreation': { bindingEnded: () => false },
  // R-INST-4.2: an Instance Spot this restarted owner does not host is taken for Missing and cold-activated anew.
  'unhosted-instance-spot-reactivated': {
    notHostedHere: (side, objectId, letter, instanceIntent) => (instanceIntent ? reactivateAsNew(side, objectId, letter) : REFERENCE_HOST.notHostedHere(side, objectId, letter, instanceIntent)),
  },
  // R-OBJ-4.5: a restarted owner rebuilds the object from its record.
  'restarted-owner-reloads-from-record': { notHostedHere: (side, objectId, letter) => reloadFromRecord(side, objectId, letter) },
  // V07: a message naming another generation than the hosted one is refused.
  'message-requires-generation': { refusesMessage: (hosted, named) => (named !== undefined && named !== hosted ? fail('GenerationMismatch') : undefined) },
  // R-INST-3.2: Instance intent to a Ready Instance Spot runs its activation (the factory) again.
  'ready-instance-reactivated': {
    intentToHosted: (side, inst, instanceIntent) => (instanceIntent && inst.kind === 'instance-spot' ? side.factory(inst.objectId, inst.generation, undefined) : undefined),
  },
  // R-STO-4.1: the Store back, owned objects are processed without re-reading their records.
  'recovery-skips-owner-confirmation': { reconfirmsOwners: () => false },
  // V08: a Close or a membership change is carried out whatever generation it names.
  'close-ignores-generation': { mismatchStopsClose: () => false },
  'membership-ignores-generation': { mismatchStopsMembership: () => false },
  // R-INST-5.1: Close replies once the record is Closing, without the authority release.
  'close-never-releases-authority': { closeReleasesAuthority: () => false },
} satisfies { [M in MutantName]?: Partial<HostRules> };

/** Each mutant of the Location Store authority (location/authority-rules.ts): the rule it implements otherwise. */
export const AUTHORITY_MUTANTS = {
  // R-STO-1.1: a change with no answer is taken as applied.
  'store-guess-applied': { changeUnanswered: async (c) => ({ applied: true, version: c.expectedVersion + 1 }) },
  // R-STO-1.2: a change with no answer is taken as not applied and sent again, unchecked.
  'store-guess-not-applied': { changeUnanswered: (c) => c.store.compareAndSet(c.key, c.expectedVersion, c.next) },
  // R-STO-1.3: any newer StoreVersion is taken for this change's own write.
  'unclear-change-judged-by-version': {
    writeIsOurs: (current, expectedVersion, next) => current.version > expectedVersion || REFERENCE_AUTHORITY.writeIsOurs(current, expectedVersion, next),
  },
  // R-STO-3.1: eligibility is counted from the renewal's answer, or extended without a renewal.
  'lease-counted-from-answer': { eligibleFrom: (_sentAt, answeredAt) => answeredAt },
  'grace-extends-lease': { eligibleAfterFailedRenewal: (_until, now, ttlMs) => now + ttlMs },
} satisfies { [M in MutantName]?: Partial<AuthorityRules> };
