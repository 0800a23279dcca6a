// A node's heartbeat (spec 3.2, R-CONN-2): every HeartbeatInterval it first asks whether its own
// loop stalled, then runs the liveness check at both ends of its connections: the links it opened
// (PeerLink.tick, the calling end) and the connections peers opened to it (the serving end).

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { EffectiveTimings } from '../../src/driver/types.ts';
import type { MeshRules } from '../connection/mesh-rules.ts';
import type { ServingSide } from '../connection/serving-side.ts';
import type { Membership } from './membership.ts';

export interface HeartbeatNode {
  readonly clock: Clock;
  readonly timings: EffectiveTimings;
  readonly meshRules: MeshRules;
  live(): boolean;
}

export class Heartbeat {
  /** When the heartbeat last ran: a late one tells the node its own loop stalled. */
  private lastTickAt = 0;
  /** The last tick came after a stall: this one does not judge silence either. */
  private stalledBefore = false;
  private timer?: TimerId;

  constructor(
    private readonly node: HeartbeatNode,
    private readonly membership: Membership,
    private readonly serving: ServingSide,
  ) {}

  start(): void {
    // The first tick is judged late against the start too: a stall before it is still the node's own.
    this.lastTickAt = this.node.clock.now();
    this.timer = this.node.clock.setInterval(() => this.tick(), this.node.timings.heartbeatIntervalMs);
  }

  stop(): void {
    this.node.clock.clearTimer(this.timer);
  }

  private tick(): void {
    const node = this.node;
    if (!node.live()) return;
    // Liveness checks go on while the Store is unreachable (R-STO-2).
    if (!this.membership.storeAnswers && !node.meshRules.checksLivenessInGrace()) return;
    const now = node.clock.now();
    // A tick that comes two intervals late means this node's own loop stalled (a loaded machine, a
    // long pause): what its peers sent meanwhile is still queued, unread. Silence is judged on the
    // next tick, once that is read, so a node never blames a peer for its own stall; a peer that
    // really went silent is still found out within the liveness deadline plus one interval.
    const stalled = now - this.lastTickAt > 2 * node.timings.heartbeatIntervalMs;
    // Nor does the tick after it judge: the first ping after a stall is answered a turn later (the
    // memory transport delivers on the next turn, and the answer on the one after), and a loaded
    // machine may run the next tick before that turn. The tick after that has heard the answer.
    const judge = !stalled && !this.stalledBefore;
    this.stalledBefore = stalled;
    this.lastTickAt = now;
    for (const link of this.membership.otherLinks()) link.tick(now, judge);
    if (judge) this.serving.checkLiveness(now);
  }
}
