// The calling side's rules (spec 2 and 3.1), each a decision the Caller asks for by name at the
// place where the rule applies: which servers select-one may choose, what may happen after one
// send ended, how node direct delivers. REFERENCE_CALLING is the Framework's behaviour; a kit mutant
// of this area is another implementation of one of these functions (impl-reference/mutants/
// channel.ts), handed to the Caller in its place. So the Caller reads as the reference, and `trace`
// finds where a rule is decided from the calls `rules.<name>(` (src/trace/decides.ts).

import type { Clock } from '../../src/driver/clock.ts';
import type { ChannelKind, ErrorKind, Rid } from '../../src/driver/types.ts';
import type { Acceptance, Submission } from '../connection/peer-link.ts';
import type { SendEnd } from '../connection/node-context.ts';
import type { Operation } from '../kernel/operation.ts';
import type { Work } from '../kernel/work.ts';
import { isCandidate, type ChannelServer } from './select-one.ts';

/** What the rules may use of the Caller and its node. */
export interface CallingSide {
  readonly rid: Rid;
  readonly clock: Clock;
  readonly timings: { readonly reconnectBackoffMs: number; readonly heartbeatIntervalMs: number; readonly defaultDeadlineMs: number };
  send(op: Operation, target: Rid, work: Work): Promise<SendEnd>;
  /** End the operation from how its last send ended. */
  finishFrom(op: Operation, end: SendEnd, refused?: ErrorKind): void;
  /** The last send ended: end the operation (through the rules' `conclude`). */
  conclude(op: Operation, target: Rid, work: Work, end: SendEnd): Promise<void>;
  reachable(target: Rid): boolean;
  /** The other peers' links, ready or not. */
  otherLinks(): Array<{ peer: Rid; ready: boolean }>;
  link(peer: Rid): { whenReady(): Promise<void> } | undefined;
}

export interface CallingRules {
  /** R-CH-1: a server select-one may choose (the calling node's own included, as any other). */
  isCandidate(kind: ChannelKind, server: ChannelServer, self: Rid): boolean;
  /** R-GEN-1: select-one chooses only within the operation's deadline. */
  deadlineBoundsSelection(): boolean;
  /** V01: one write of the operation to the server picked; 'moved-on' passes to the next. */
  sendTo(side: CallingSide, op: Operation, target: Rid, work: Work): Promise<SendEnd | 'moved-on'>;
  /**
   * V01, V03, R-GEN-1, R-GEN-2: after a send ended, may another server be chosen? Only while
   * nothing accepted: a refusal for capacity, a server not ready. Otherwise the operation ends.
   */
  mayChooseAgain(side: CallingSide, op: Operation, end: SendEnd): boolean;
  /** V01: the servers a new choice is made among, after `end`: the eligible ones still. */
  reselectionPool(end: SendEnd, pool: ChannelServer[], every: ChannelServer[], side: CallingSide): ChannelServer[];
  /**
   * R-GEN-1: every candidate refused for capacity: wait a backoff and choose again, within the
   * deadline. True to choose again; false when the operation has ended.
   */
  everyCandidateRefused(side: CallingSide, op: Operation): Promise<boolean>;
  /** R-CH-2: whether the named node is in the mesh the caller names. */
  inMesh(descriptorMesh: string | undefined, mesh: string): boolean;
  /** R-CH-2: the error kind of node direct to a RID that is not in the mesh. */
  notInMesh(): ErrorKind;
  /** V02, V04, R-CH-2: node direct, the named node only, at once. */
  direct(side: CallingSide, op: Operation, to: Rid, work: Work): Promise<void>;
  /** V03: how long a written operation waits to learn whether it was accepted. */
  acceptance(side: CallingSide, written: Submission): Promise<Acceptance>;
  /** V03: accepted, then the connection was lost: the handler may be running. */
  acceptedThenLost(): 'lost' | 'not-ready';
  /** R-GEN-4: the last send ended: so does the operation, with no new operation started. */
  conclude(side: CallingSide, op: Operation, target: Rid, work: Work, end: SendEnd): Promise<void>;
}

export const REFERENCE_CALLING: CallingRules = {
  isCandidate: (kind, server) => isCandidate(kind, server),
  deadlineBoundsSelection: () => true,
  sendTo: (side, op, target, work) => side.send(op, target, work),
  mayChooseAgain: (_side, _op, end) => end.kind === 'refused' || end.kind === 'not-ready',
  reselectionPool: (_end, pool) => pool,
  async everyCandidateRefused(side, op) {
    const waited = await op.race(op.clock.sleep(side.timings.reconnectBackoffMs));
    if (waited.kind === 'deadline') op.finish('timeout');
    return waited.kind === 'value';
  },
  inMesh: (descriptorMesh, mesh) => descriptorMesh === mesh,
  notInMesh: () => 'NotFound',
  direct: async (side, op, to, work) => side.conclude(op, to, work, await side.send(op, to, work)),
  acceptance: (_side, written) => written.acceptance,
  acceptedThenLost: () => 'lost',
  async conclude(side, op, _target, _work, end) {
    side.finishFrom(op, end);
  },
};
