// The calling side of an operation: which target it is written to, and what happens when that
// target refuses, accepts, or is lost. The rules of spec sections 2 and 3.1 live here:
// - select-one may move to another eligible server only while no server has accepted (V01),
//   and only within the operation's deadline (R-GEN-1);
// - once accepted, or when acceptance is unknown, the operation is never written anywhere else
//   (R-GEN-2, V03);
// - node direct keeps the RID the caller named (V02, R-CH-2);
// - a failure is returned as it is: the framework starts no new operation (R-GEN-4).

import type { ChannelKind, Rid } from '../src/driver/types.ts';
import type { MeshNode } from './mesh-node.ts';
import type { Operation } from './operation.ts';
import type { Acceptance, Completion, Submission } from './peer-link.ts';
import { isCandidate, RoundRobin, type ChannelServer } from './select-one.ts';

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

/** How one attempt ended, from the point of view of target selection. */
type AttemptEnd = 'done' | 'refused';

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

  async channelRequest(op: Operation, channelName: string, payload: unknown): Promise<void> {
    const channel = this.channels.get(channelName);
    if (!channel) return op.finish('failure', { errorKind: 'NotFound' });
    let rr = this.roundRobins.get(channelName);
    if (!rr) this.roundRobins.set(channelName, (rr = new RoundRobin()));
    if (this.broken('reselect-past-deadline')) op.deadlineApplies = false;
    for (;;) {
      const candidates = channel.servers.filter((s) => isCandidate(channel.kind, s, this.broken) && this.reachable(s.node));
      if (candidates.length === 0) return op.finish('failure', { errorKind: 'Unavailable' });
      const tried = new Set<Rid>();
      while (tried.size < candidates.length) {
        const pick = rr.pick(candidates.filter((c) => !tried.has(c.node)))!;
        tried.add(pick.node);
        if ((await this.attempt(op, pick.node, payload, true)) === 'done') return;
      }
      // Every candidate refused for capacity. Nothing was accepted, so another round may pick
      // again - but only within the deadline of this same operation.
      const waited = await op.race(new Promise((r) => setTimeout(r, this.node.timings.reconnectBackoffMs)));
      if (waited.kind === 'deadline') return op.finish('timeout');
      if (waited.kind === 'ended') return;
    }
  }

  private reachable(target: Rid): boolean {
    if (target === this.node.rid) return this.node.live();
    return this.node.link(target)?.ready ?? false;
  }

  // ---- node direct -----------------------------------------------------------------------------

  async nodeDirect(op: Operation, mesh: string, to: Rid, payload: unknown): Promise<void> {
    const descriptor = this.node.discovery.lookup(to);
    if (mesh !== this.node.mesh || !descriptor || descriptor.mesh !== mesh) {
      const errorKind = this.broken('direct-unknown-rid-unavailable') ? 'Unavailable' : 'NotFound';
      return op.finish('failure', { errorKind });
    }
    let target = to;
    if (!this.reachable(to)) {
      if (this.broken('direct-not-ready-waits')) {
        const waited = await op.race(this.node.link(to)!.whenReady());
        if (waited.kind === 'deadline') return op.finish('timeout');
        if (waited.kind === 'ended') return;
      } else if (this.broken('direct-reroutes') && this.otherReadyPeer(to)) {
        target = this.otherReadyPeer(to)!;
      } else {
        op.attempts.push({ target: to, accepted: 'no', reason: 'not-ready' });
        return op.finish('failure', { errorKind: 'Unavailable' });
      }
    }
    if ((await this.attempt(op, target, payload, false)) === 'done') return;
    // Refused for capacity: the caller named this node, so there is nowhere else to go.
    const other = this.broken('direct-reroutes') ? this.otherReadyPeer(to) : undefined;
    if (other && (await this.attempt(op, other, payload, false)) === 'done') return;
    op.finish('failure', { errorKind: 'Busy' });
  }

  private otherReadyPeer(not: Rid): Rid | undefined {
    return this.node.otherLinks().find((l) => l.peer !== not && l.ready)?.peer;
  }

  // ---- one attempt -------------------------------------------------------------------------------

  private submitTo(op: Operation, target: Rid, payload: unknown): Submission | undefined {
    if (target === this.node.rid) return this.submitLocal(op.opId, payload);
    const link = this.node.link(target);
    if (!link?.ready) return undefined;
    return link.submit(op.opId, payload, this.node.takeAckLost(target));
  }

  private submitLocal(opId: string, payload: unknown): Submission {
    let settle!: (c: Completion) => void;
    const completion = new Promise<Completion>((r) => (settle = r));
    const accepted = this.node.queue.offer({
      opId,
      run: async () => {
        const result = await this.node.runHandler(opId, payload);
        if (result) settle(result.ok ? { ok: true, value: result.value } : { ok: false, errorKind: 'HandlerError' });
      },
    });
    const acceptance: Promise<Acceptance> = Promise.resolve(accepted ? 'yes' : 'no');
    return { acceptance, completion };
  }

  /**
   * Write the operation to one target and follow it. 'refused' means nothing was accepted and
   * selection may go on; 'done' means the operation has its terminal result (or must get none
   * from here).
   */
  private async attempt(op: Operation, target: Rid, payload: unknown, viaChannel: boolean): Promise<AttemptEnd> {
    const sub = this.submitTo(op, target, payload);
    if (!sub) {
      op.attempts.push({ target, accepted: 'no', reason: 'not-ready' });
      return 'refused';
    }
    const attempt = { target, accepted: 'unknown' as Acceptance, reason: 'pending', ...(sub.connectionId ? { connectionId: sub.connectionId } : {}) };
    op.attempts.push(attempt);
    const acc = await op.race(sub.acceptance);
    if (acc.kind === 'ended') return 'done';
    if (acc.kind === 'deadline') {
      attempt.reason = 'deadline';
      op.finish('timeout');
      return 'done';
    }
    attempt.accepted = acc.value;
    if (acc.value === 'no') {
      attempt.reason = 'capacity';
      return 'refused';
    }
    if (acc.value === 'unknown') {
      // The frame was written but the connection was lost before acceptance was known: it may
      // have run. It is never written to another peer.
      attempt.reason = 'connection-lost';
      if (viaChannel && this.broken('resubmit-on-unknown-acceptance')) return 'refused';
      op.finish('failure', { errorKind: 'Unavailable' });
      return 'done';
    }
    attempt.reason = 'accepted';
    return this.followAccepted(op, target, payload, sub, viaChannel);
  }

  private async followAccepted(op: Operation, target: Rid, payload: unknown, sub: Submission, viaChannel: boolean): Promise<AttemptEnd> {
    const done = await op.race(sub.completion);
    if (done.kind === 'ended') return 'done';
    if (done.kind === 'deadline') {
      if (viaChannel && this.broken('rerun-accepted-on-timeout') && !op.rerun) {
        op.rerun = true;
        op.deadlineAt = Date.now() + this.node.timings.defaultDeadlineMs;
        return 'refused';
      }
      op.finish('timeout');
      if (this.broken('double-terminal')) this.finishWith(op, await sub.completion);
      return 'done';
    }
    const c = done.value;
    if ('lost' in c) {
      // Accepted, then the connection was lost: the handler may be running. Not re-run elsewhere.
      op.attempts[op.attempts.length - 1].reason = 'connection-lost-after-acceptance';
      if (viaChannel && this.broken('reselect-after-acceptance')) return 'refused';
      op.finish('failure', { errorKind: 'Unavailable' });
      return 'done';
    }
    if (!c.ok && this.broken('auto-retry-failed') && !op.rerun) {
      op.rerun = true;
      return this.attempt(op, target, payload, viaChannel);
    }
    this.finishWith(op, c);
    return 'done';
  }

  private finishWith(op: Operation, c: Completion): void {
    if ('lost' in c) op.finish('failure', { errorKind: 'Unavailable' });
    else if (c.ok) op.finish('reply', { reply: c.value });
    else op.finish('failure', { errorKind: c.errorKind });
  }
}
