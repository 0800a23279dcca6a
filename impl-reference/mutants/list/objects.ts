// Mutants of Actors and Spots by logical ID: routing, creation, Instance Spots, owner leases and Store changes.

import type { MutantSpec } from './spec.ts';

export const OBJECT_MUTANTS = [
  { name: 'object-message-rerouted', breaks: ['R-OBJ-1.1', 'R-OBJ-1.2'], what: 'a message to an object whose owner is lost is run on another node' },
  { name: 'owner-cache-never-expires', breaks: ['R-OBJ-2.1'], what: 'the owner cache is trusted after it expired or the owner lease ran out' },
  { name: 'failed-op-follows-new-owner', breaks: ['R-OBJ-2.3'], what: 'an operation that failed at the old owner is resubmitted to the new owner' },
  { name: 'owner-death-recreates', breaks: ['R-OBJ-4.1', 'R-OBJ-4.4'], what: 'an object whose owner died is re-created as a new incarnation on another node' },
  { name: 'creation-race-both-run-factory', breaks: ['R-CRE-1.1', 'R-CRE-1.3'], what: 'a creation that lost the race for the Creating record runs the factory too' },
  { name: 'creation-recovery-new-generation', breaks: ['V06.1', 'R-CRE-2.3'], what: 'a crashed creation is recovered under a new generation with the new input' },
  { name: 'message-requires-generation', breaks: ['V07.1', 'V07.2', 'V07.3'], what: 'an Actor/Spot direct message whose generation does not match is rejected' },
  { name: 'close-ignores-generation', breaks: ['V08.1'], what: 'Close/Destroy with a generation that does not match is carried out' },
  { name: 'membership-ignores-generation', breaks: ['V08.2'], what: 'a membership change with a generation that does not match is carried out' },
  { name: 'lease-expiry-makes-missing', breaks: ['V10.1'], what: "an Instance Spot whose owner lease expired is treated as Missing and cold-activated" },
  { name: 'recovery-pointer-picks-other-node', breaks: ['V11.1', 'V11.3'], what: 'the activation recovery pointer is used to resume the activation on another node' },
  { name: 'cold-activation-for-all-kinds', breaks: ['V12.1', 'V12.2'], what: 'an Actor or User Spot whose creation stopped is cold-activated by an Instance-intent message' },
  { name: 'instance-intent-ignored', breaks: ['R-INST-1.1'], what: 'an Instance-intent message to a Missing Instance Spot ends NotFound' },
  { name: 'unfinished-activation-new-incarnation', breaks: ['R-INST-2.1', 'R-INST-2.2'], what: 'an unfinished first activation is replaced by a new incarnation' },
  { name: 'ready-instance-reactivated', breaks: ['R-INST-3.2'], what: 'a message with Instance intent to a Ready Instance Spot runs its activation again' },
  { name: 'instance-owner-death-releases-authority', breaks: ['R-INST-4.1', 'R-INST-4.4'], what: "an Instance Spot whose owner died has its authority released" },
  { name: 'activation-reuses-generation', breaks: ['R-INST-5.2'], what: 'a cold activation after Close reuses the closed generation' },
  { name: 'activation-later-message-first', breaks: ['R-INST-7.2'], what: 'a later message is processed before the stored first message' },
  { name: 'store-guess-applied', breaks: ['R-STO-1.1'], what: 'a Store change with no reply is taken as applied' },
  { name: 'store-guess-not-applied', breaks: ['R-STO-1.2'], what: 'a Store change with no reply is taken as not applied and sent again unchecked' },
  { name: 'grace-extends-lease', breaks: ['R-STO-3.1'], what: 'while the Store is unreachable the node extends its own owner eligibility' },
  { name: 'recovery-skips-owner-confirmation', breaks: ['R-STO-4.1'], what: 'when the Store is back owned objects are processed without re-reading their records' },
] as const satisfies readonly MutantSpec[];
