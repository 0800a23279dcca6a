// Mutants of the calling side of Actors and Spots (spec 4; objects/object-caller.ts): failover that
// the spec forbids. Each function acts out one bug; the ObjectCaller calls it from the decision
// point where the rule lives. What they use of the ObjectCaller is declared here, structurally, so
// this layer imports nothing above it. (The owner side's mutants, in object-host.ts, are one-liners.)

import type { OperationSpec, Rid } from '../../src/driver/types.ts';
import type { ChangeResult } from '../location/authority.ts';
import type { LocationRecord } from '../location/records.ts';
import type { Operation } from '../operation.ts';
import type { Work } from '../work.ts';

type ObjectMessage = Extract<OperationSpec, { kind: 'object-message' }>;

/** What these mutants use of an ObjectCaller: all of it is what the reference does too. */
export interface ObjectCallerSide {
  readonly node: { readonly rid: Rid; readonly lifecycle: string };
  change(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult>;
  markMissing(objectId: string, version: number, rec: LocationRecord): Promise<unknown>;
  coldActivate(op: Operation, spec: ObjectMessage, on: Rid): Promise<void>;
  finishOn(op: Operation, target: Rid, work: Work): Promise<void>;
}

/**
 * Failover by re-creation (owner-death-recreates, lease-expiry-makes-missing,
 * cold-activation-for-all-kinds, unfinished-activation-new-incarnation): release the record this
 * caller read and cold-activate a new incarnation on this node, as a failover framework would.
 */
export async function takeOver(side: ObjectCallerSide, op: Operation, spec: ObjectMessage, version: number, rec: LocationRecord): Promise<void> {
  await side.markMissing(spec.objectId, version, rec);
  return side.coldActivate(op, spec, side.node.rid);
}

/**
 * recovery-pointer-picks-other-node: the activation recovery pointer is rewritten to name this node
 * and lifecycle, and the unfinished activation resumes here (V11 resumes it only where it names).
 */
export async function resumeHere(side: ObjectCallerSide, op: Operation, spec: ObjectMessage, version: number, rec: LocationRecord, work: Work): Promise<void> {
  const { rid, lifecycle } = side.node;
  const moved: LocationRecord = { ...rec, state: 'Creating', owner: rid, recovery: { ...rec.recovery!, targetNode: rid, lifecycle } };
  const r = await side.change(spec.objectId, version, moved);
  if (!r.applied) return op.finish('failure', { errorKind: 'Unavailable' });
  return side.finishOn(op, rid, work);
}
