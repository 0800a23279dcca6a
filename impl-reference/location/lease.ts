// A node's owner lease. Owner eligibility is what the node can prove from its last successful
// renewal: the time it sent that renewal plus the TTL. If the Store cannot be reached, the lease
// simply runs out; StoreFailureGrace never extends it (R-STO-3).

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { NodeStore } from '../store/node-store.ts';
import type { AuthorityRules } from './authority-rules.ts';

export class LeaseKeeper {
  private eligibleUntil = 0;
  private timer?: TimerId;
  private failing = false;
  private regained: Array<() => void> = [];

  constructor(
    private readonly store: NodeStore,
    private readonly ttlMs: number,
    private readonly rules: AuthorityRules,
    /** Called when a renewal succeeds after failed ones: the Store is back. */
    private readonly onStoreBack: () => Promise<void>,
    private readonly clock: Clock,
  ) {}

  async start(): Promise<void> {
    await this.renew();
    this.timer = this.clock.setInterval(() => void this.renew(), Math.max(1, Math.floor(this.ttlMs / 4)));
  }

  stop(): void {
    this.clock.clearTimer(this.timer);
  }

  eligible(): boolean {
    return this.clock.now() < this.eligibleUntil;
  }

  /** Resolves when the node is eligible (at once if it is). */
  whenEligible(): Promise<void> {
    if (this.eligible()) return Promise.resolve();
    return new Promise((r) => this.regained.push(r));
  }

  private async renew(): Promise<void> {
    const sentAt = this.clock.now();
    try {
      await this.store.renewLease(this.ttlMs);
      if (this.failing) {
        this.failing = false;
        await this.onStoreBack(); // re-confirm owners before processing goes on
      }
      // R-STO-3: the lease the Store granted runs from when it took the renewal, no earlier than
      // sentAt; the answer, which may come late, is no later proof.
      this.eligibleUntil = this.rules.eligibleFrom(sentAt, this.clock.now()) + this.ttlMs;
      for (const r of this.regained.splice(0)) r();
    } catch {
      this.failing = true;
      // R-STO-3: eligibility is never extended without a renewal the Store confirmed.
      this.eligibleUntil = this.rules.eligibleAfterFailedRenewal(this.eligibleUntil, this.clock.now(), this.ttlMs);
    }
  }
}
