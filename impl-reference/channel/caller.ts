// The calling side of an operation: which target it is written to, and what happens when that
// target refuses, accepts, or is lost. The rules of spec sections 2 and 3.1 live here:
// - select-one may move to another eligible server only while no server has accepted (V01),
//   and only within the operation's deadline (R-GEN-1);
// - once accepted, or when acceptance is unknown, the operation is never written anywhere else
//   (R-GEN-2, V03);
// - node direct keeps the RID the caller named (V02, R-CH-2);
// - a failure is returned as it is: the framework starts no new operation (R-GEN-4).

import type { ChannelKind, ErrorKind, Rid } from '../../src/driver/types.ts';
import type { MeshNode } from '../node/mesh-node.ts';
import { acceptanceWithin, directReroutes, relayViaPeer, rerunAcceptedOnTimeout, sendUntilAccepted, sendWithReplyTimeout, waitUntilReady } from '../mutants/channel.ts';
import { rerunOnce } from '../mutants/rerun.ts';
import type { Operation } from '../node/operation.ts';
import type { Acceptance, Answer, Completion, Submission } from '../connection/peer-link.ts';
import type { SendEnd } from '../connection/node-context.ts';
export type { SendEnd } from '../connection/node-context.ts';
import { isCandidate, RoundRobin, type ChannelServer } from './select-one.ts';
import type { Work } from '../node/work.ts';

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

export class Caller {
  private readonly roundRobins = new Map<string, RoundRobin>();

  constructor(
    private readonly node: MeshNode,
    private readonly channels: ChannelDirectory,
  ) {}

  private get broken() {
    return this.node.broken;
  }

  // ---- select-one over a channel ---------------------------------------------------------------

  async channelRequest(op: Operation, channelName: string, work: Work): Promise<void> {
    const channel = this.channels.get(channelName);
    if (!channel) return op.finish('failure', { errorKind: 'NotFound' });
    let rr = this.roundRobins.get(channelName);
    if (!rr) this.roundRobins.set(channelName, (rr = new RoundRobin()));
    // R-GEN-1: select-one chooses only within the operation's deadline.
    if (this.broken('reselect-past-deadline')) op.deadlineApplies = false;
    for (;;) {
      // R-CH-1: the calling node is a candidate of a channel it serves, as any other. The mutant passes it over.
      const candidates = channel.servers.filter((s) => isCandidate(channel.kind, s, this.broken) && this.reachable(s.node) && !(s.node === this.node.rid && this.broken('select-skips-own-node')));
      if (candidates.length === 0) return op.finish('failure', { errorKind: 'Unavailable' });
      const tried = new Set<Rid>();
      let pool = candidates;
      for (;;) {
        const left = pool.filter((c) => !tried.has(c.node));
        if (left.length === 0) break;
        const pick = rr.pick(left)!.node;
        tried.add(pick);
        // V01: a server that refuses for capacity is passed over; one that accepted keeps the
        // operation, reply or not. Each mutant sends in its own way.
        let sent: SendEnd | 'moved-on';
        if (this.broken('busy-server-retried')) sent = await sendUntilAccepted(this, op, pick, work, this.node.timings.reconnectBackoffMs);
        else if (this.broken('reply-timeout-moves-on')) sent = await sendWithReplyTimeout(this, op, pick, work);
        else sent = await this.send(op, pick, work);
        if (sent === 'moved-on') continue;
        const end = sent;
        // R-GEN-1: nothing accepted yet, so another eligible server may be chosen. The mutant ends the request Busy.
        if (end.kind === 'refused' && this.broken('capacity-refusal-ends-busy')) return this.finishFrom(op, end);
        if (end.kind === 'refused' || end.kind === 'not-ready') {
          // V01: re-selection picks among eligible servers only. The mutant takes every reachable server.
          if (this.broken('reselect-ignores-eligibility')) pool = channel.servers.filter((s) => this.reachable(s.node));
          continue;
        }
        // Acceptance unknown (V03), accepted and then lost (V01), accepted and timed out (R-GEN-2):
        // the operation is never written anywhere else. Each mutant selects again.
        if (end.kind === 'unknown' && this.broken('resubmit-on-unknown-acceptance')) continue;
        if (end.kind === 'lost' && this.broken('reselect-after-acceptance')) continue;
        if (end.kind === 'deadline' && end.late && this.broken('rerun-accepted-on-timeout') && rerunAcceptedOnTimeout(op, this.node.timings.defaultDeadlineMs)) continue;
        return this.conclude(op, pick, work, end);
      }
      // Every candidate refused for capacity. Nothing was accepted, so another round may pick
      // again - but only within the deadline of this same operation. The mutant gives up at once,
      // and calls it a timeout though the deadline has not come.
      if (this.broken('reselection-gives-up-early')) return op.finish('timeout');
      const waited = await op.race(this.node.clock.sleep(this.node.timings.reconnectBackoffMs));
      if (waited.kind === 'deadline') return op.finish('timeout');
      if (waited.kind === 'ended') return;
    }
  }

  reachable(target: Rid): boolean {
    if (target === this.node.rid) return this.node.live();
    return this.node.link(target)?.ready ?? false;
  }

  // ---- node direct -----------------------------------------------------------------------------

  async nodeDirect(op: Operation, mesh: string, to: Rid, work: Work): Promise<void> {
    const descriptor = this.node.discovery.lookup(to);
    // R-CH-2: a RID that does not exist in the mesh is NotFound; a node of another mesh is in the
    // same descriptor list, but not in this mesh. The mutant looks the RID up whatever its mesh.
    const inMesh = descriptor !== undefined && (descriptor.mesh === mesh || this.broken('direct-rid-of-any-mesh'));
    if (mesh !== this.node.mesh || !inMesh) {
      const errorKind = this.broken('direct-unknown-rid-unavailable') ? 'Unavailable' : 'NotFound';
      return op.finish('failure', { errorKind });
    }
    // V02: the caller named this node. Not ready, or refusing for capacity, it is still the only
    // target: nothing goes to another node.
    if (this.broken('direct-reroutes')) return directReroutes(this, this.node, op, to, work);
    // V04: only the named node's connection matters. The mutant asks for every peer link (the start-up gate).
    if (this.broken('direct-needs-every-peer-ready') && !this.node.otherLinks().every((l) => l.ready)) return op.finish('failure', { errorKind: 'Unavailable' });
    // R-CH-2: a node that is not ready ends the operation Unavailable at once, without waiting.
    if (!this.reachable(to) && this.broken('direct-not-ready-waits') && !(await waitUntilReady(this.node, op, to))) return;
    // R-CH-2: ... and no other node is attempted. The mutant relays it through another ready peer.
    if (!this.reachable(to) && this.broken('direct-relays-via-peer')) return relayViaPeer(this, this.node, op, to, work);
    return this.conclude(op, to, work, await this.send(op, to, work));
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
    const acc = await op.race(this.broken('unanswered-write-moves-on') ? acceptanceWithin(sub.acceptance, this.node.clock.sleep(2 * this.node.timings.heartbeatIntervalMs)) : sub.acceptance);
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
      // Accepted, then the connection was lost: the handler may be running. The mutant reports the
      // server as not ready, which select-one passes over (V03).
      attempt.reason = 'connection-lost-after-acceptance';
      return { kind: this.broken('lost-after-acceptance-as-not-ready') ? 'not-ready' : 'lost' };
    }
    return { kind: 'result', completion: done.value };
  }

  /** The last send of a channel request or node direct ended: so does the operation. */
  private async conclude(op: Operation, target: Rid, work: Work, end: SendEnd): Promise<void> {
    // R-GEN-4: a failure is returned as it is. The mutant starts the operation again, once.
    if (this.broken('auto-retry-failed') && end.kind === 'result' && !end.completion.ok && rerunOnce(op)) end = await this.send(op, target, work);
    this.finishFrom(op, end);
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
