// The failpoints armed on one node: each fires once, inside a protocol step no outside fault can
// reach (docs/driver.md, "Failpoints"). The Store's own failpoints live with the Store's reach.

import type { Rid } from '../../src/driver/types.ts';

export class Failpoints {
  /** `transport.ack-lost-after-write`, armed per peer. */
  private readonly ackLost = new Set<Rid>();
  /** Named failpoints of the node's own steps (activation.*, relocation.*). */
  private readonly named = new Set<string>();

  armAckLost(peer: Rid): void {
    this.ackLost.add(peer);
  }

  /** Whether the next write to `peer` loses its acceptance (and disarms it). */
  takeAckLost(peer: Rid): boolean {
    return this.ackLost.delete(peer);
  }

  arm(name: string): void {
    this.named.add(name);
  }

  /** Whether `name` is armed (and disarms it). */
  take(name: string): boolean {
    return this.named.delete(name);
  }
}
