// The calling side of an operation: which target it is written to, and what happens when that
// target refuses, accepts, or is lost. The rules of spec sections 2 and 3.1 live here:
// - select-one may move to another eligible server only while no server has accepted (V01),
//   and only within the operation's deadline (R-GEN-1);
// - once accepted, or when acceptance is unknown, the operation is never written anywhere else
//   (R-GEN-2, V03);
// - node direct keeps the RID the caller named (V02, R-CH-2);
// - a failure is returned as it is: the framework starts no new operation (R-GEN-4).

import type { ChannelKind, ErrorKind, Rid } from '../../src/driver/types.ts';
import type { CallingNode } from '../connection/calling-node.ts';
import type { Operation } from '../kernel/operation.ts';
import type { Acceptance, Completion, Submission } from '../connection/peer-link.ts';
import type { SendEnd } from '../connection/node-context.ts';
export type { SendEnd } from '../connection/node-context.ts';
import { REFERENCE_CALLING, type CallingRules, type CallingSide } from './rules.ts';
import { RoundRobin, type ChannelServer } from './select-one.ts';
import type { Work } from '../kernel/work.ts';

export interface ChannelEntry {
  name: string;
  kind: ChannelKind;
  servers: ChannelServer[];
}

/** Channel membership as every node sees it (the Membership chapter is out of hand; see docs). */
export class ChannelDirectory {
  private readonly channels = new Map<string, ChannelEntry>();
  define(entry: ChannelEntry): void {
    this.channels.set(entry.name, entry);
  }
  get(name: string): ChannelEntry | undefined {
    return this.channels.get(name);
  }
}

export class Caller implements CallingSide {
  private readonly roundRobins = new Map<string, RoundRobin>();

  constructor(
    private readonly node: CallingNode,
    private readonly channels: ChannelDirectory,
    /** The calling side's rules (rules.ts): the reference's, or a kit mutant's in place of one. */
    private readonly rules: CallingRules = REFERENCE_CALLING,
  ) {}

  get rid(): Rid {
    return this.node.rid;
  }

  get clock() {
    return this.node.clock;
  }

  get timings() {
    return this.node.timings;
  }

  otherLinks() {
    return this.node.otherLinks();
  }

  link(peer: Rid) {
    return this.node.link(peer);
  }

  // ---- select-one over a channel ---------------------------------------------------------------

  async channelRequest(op: Operation, channelName: string, work: Work): Promise<void> {
    const channel = this.channels.get(channelName);
    if (!channel) return op.finish('failure', { errorKind: 'NotFound' });
    let rr = this.roundRobins.get(channelName);
    if (!rr) this.roundRobins.set(channelName, (rr = new RoundRobin()));
    // R-GEN-1: select-one chooses only within the operation's deadline.
    op.deadlineApplies = this.rules.deadlineBoundsSelection();
    for (;;) {
      // R-CH-1: the calling node is a candidate of a channel it serves, as any other.
      const candidates = channel.servers.filter((s) => this.rules.isCandidate(channel.kind, s, this.node.rid) && this.reachable(s.node));
      if (candidates.length === 0) return op.finish('failure', { errorKind: 'Unavailable' });
      const tried = new Set<Rid>();
      let pool = candidates;
      for (;;) {
        const left = pool.filter((c) => !tried.has(c.node));
        if (left.length === 0) break;
        const pick = rr.pick(left)!.node;
        tried.add(pick);
        // V01: a server that refuses for capacity is passed over; one that accepted keeps the
        // operation, reply or not.
        const end = await this.rules.sendTo(this, op, pick, work);
        if (end === 'moved-on') continue;
        // R-GEN-1: nothing accepted yet, so another eligible server may be chosen. Acceptance
        // unknown (V03), accepted and then lost (V01), accepted and timed out (R-GEN-2): the
        // operation is never written anywhere else.
        if (!this.rules.mayChooseAgain(this, op, end)) return this.conclude(op, pick, work, end);
        // V01: re-selection picks among eligible servers only.
        pool = this.rules.reselectionPool(end, pool, channel.servers, this);
      }
      // Every candidate refused for capacity. Nothing was accepted, so another round may pick
      // again - but only within the deadline of this same operation.
      if (!(await this.rules.everyCandidateRefused(this, op))) return;
    }
  }

  reachable(target: Rid): boolean {
    if (target === this.node.rid) return this.node.live();
    return this.node.link(target)?.ready ?? false;
  }

  // ---- node direct -----------------------------------------------------------------------------

  async nodeDirect(op: Operation, mesh: string, to: Rid, work: Work): Promise<void> {
    // R-CH-2: a RID that does not exist in the mesh is NotFound; a node of another mesh is in the
    // same descriptor list, but not in this mesh.
    const descriptor = this.node.discovery.lookup(to);
    if (mesh !== this.node.mesh || !this.rules.inMesh(descriptor?.mesh, mesh)) return op.finish('failure', { errorKind: this.rules.notInMesh() });
    // V02: the caller named this node. Not ready, or refusing for capacity, it is still the only
    // target: nothing goes to another node, and a node that is not ready ends the operation
    // Unavailable at once (R-CH-2).
    return this.rules.direct(this, op, to, work);
  }

  // ---- one send --------------------------------------------------------------------------------

  private submitTo(op: Operation, target: Rid, work: Work): Submission | undefined {
    if (target === this.node.rid) return this.node.live() ? this.node.submitLocal(op.opId, work) : undefined;
    const link = this.node.link(target);
    if (!link?.ready) return undefined;
    return link.submit(op.opId, work, this.node.failpoints.takeAckLost(target), op.deadlineApplies ? op.deadlineAt : undefined);
  }

  /**
   * Write the operation to one target and follow it until it ends there. Records the attempt;
   * never finishes the operation and never chooses another target: that is the caller's policy.
   */
  async send(op: Operation, target: Rid, work: Work): Promise<SendEnd> {
    const sub = this.submitTo(op, target, work);
    if (!sub) {
      op.attempts.push({ target, accepted: 'no', reason: 'not-ready' });
      return { kind: 'not-ready' };
    }
    const attempt = { target, accepted: 'unknown' as Acceptance, reason: 'pending', ...(sub.connectionId ? { connectionId: sub.connectionId } : {}) };
    op.attempts.push(attempt);
    // V03: a write with no answer yet has unknown acceptance until the connection says otherwise.
    // The mutant gives the server two heartbeats to accept, then takes silence for a refusal.
    const acc = await op.race(this.rules.acceptance(this, sub));
    if (acc.kind === 'ended') return { kind: 'ended' };
    if (acc.kind === 'deadline') {
      attempt.reason = 'deadline';
      return { kind: 'deadline' };
    }
    attempt.accepted = acc.value;
    if (acc.value === 'no') {
      attempt.reason = 'capacity';
      return { kind: 'refused' };
    }
    if (acc.value === 'unknown') {
      // Written, but the connection was lost before acceptance was known: it may have run.
      attempt.reason = 'connection-lost';
      return { kind: 'unknown' };
    }
    attempt.reason = 'accepted';
    const done = await op.race(sub.completion);
    if (done.kind === 'ended') return { kind: 'ended' };
    if (done.kind === 'deadline') return { kind: 'deadline', late: sub.completion };
    if ('lost' in done.value) {
      // Accepted, then the connection was lost: the handler may be running (V03).
      attempt.reason = 'connection-lost-after-acceptance';
      return { kind: this.rules.acceptedThenLost() };
    }
    return { kind: 'result', completion: done.value };
  }

  /** The last send of a channel request or node direct ended: so does the operation (R-GEN-4). */
  conclude(op: Operation, target: Rid, work: Work, end: SendEnd): Promise<void> {
    return this.rules.conclude(this, op, target, work, end);
  }

  /** End the operation from how its send ended: the one terminal result, no advice, no retry. */
  finishFrom(op: Operation, end: SendEnd, refused: ErrorKind = 'Busy'): void {
    switch (end.kind) {
      case 'result':
        return this.finishWith(op, end.completion);
      case 'refused':
        return op.finish('failure', { errorKind: refused });
      case 'not-ready':
      case 'unknown':
      case 'lost':
        return op.finish('failure', { errorKind: 'Unavailable' });
      case 'deadline':
        op.finish('timeout');
        // A reply after the timeout is one more terminal signal: handed on, and the Operation drops it.
        if (end.late) void end.late.then((c) => this.finishWith(op, c));
        return;
      case 'ended':
        return;
    }
  }

  private finishWith(op: Operation, c: Completion): void {
    if ('lost' in c) op.finish('failure', { errorKind: 'Unavailable' });
    else if (c.ok) op.finish('reply', { reply: c.value });
    else op.finish('failure', { errorKind: c.errorKind });
  }
}
