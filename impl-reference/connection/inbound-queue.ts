// A node's bounded inbound queue. Submission is non-blocking: it either accepts the operation
// (from then on this node owns its execution) or refuses it for capacity, at once.

import { realClock, type Clock } from '../../src/driver/clock.ts';
import { REFERENCE_MESH, type MeshRules } from './mesh-rules.ts';

export interface QueuedWork {
  opId: string;
  /** The deadline the operation came with, if any (the queue's rules may look at it). */
  deadlineAt?: number;
  run(): Promise<void>;
}

export class InboundQueue {
  private readonly waiting: QueuedWork[] = [];
  private running = 0;
  private stopped = false;

  constructor(
    public capacity: number,
    public workers: number,
    /** The node's rules for its queue (connection/mesh-rules.ts). */
    private readonly rules: MeshRules = REFERENCE_MESH,
    /** The clock those rules run on. */
    private readonly clock: Clock = realClock,
  ) {}

  /** true = accepted, false = refused for capacity. */
  offer(work: QueuedWork): boolean {
    // Capacity is the waiting room beyond the workers that are free right now.
    const freeWorkers = Math.max(0, this.workers - this.running);
    const refused = this.stopped || this.waiting.length >= this.capacity + freeWorkers;
    // R-GEN-1: a refused operation never runs here.
    if (refused && !this.rules.keepsRefusedWork()) return false;
    this.waiting.push(work);
    queueMicrotask(() => this.pump());
    return !refused;
  }

  pump(): void {
    while (!this.stopped && this.running < this.workers && this.waiting.length > 0) {
      const work = this.waiting.shift()!;
      this.running++;
      const running = work.run().finally(() => {
        this.running--;
        this.pump();
      });
      // R-GEN-4: accepted work runs once, however long it takes.
      this.rules.workerStarted({
        clock: this.clock,
        work,
        ...(work.deadlineAt !== undefined ? { deadlineAt: work.deadlineAt } : {}),
        running,
        requeue: (w) => {
          this.waiting.unshift(w);
          this.pump();
        },
      });
    }
  }

  /** The process is gone: nothing waiting will ever run. */
  stop(): void {
    this.stopped = true;
    this.waiting.length = 0;
  }

  view(): { depth: number; capacity: number; running: number; workers: number } {
    return { depth: this.waiting.length, capacity: this.capacity, running: this.running, workers: this.workers };
  }
}
