// The kit's test application as the reference runtime hosts it, and the journal it writes.
// Handlers record every run before they do anything else, so the journal is evidence of what
// actually ran, where.

import type { AppPayload, ErrorKind, FactoryInput, JournalEntry, OutcomeStatus, Rid } from '../../src/driver/types.ts';
import type { Clock } from '../../src/driver/clock.ts';
import type { Unnumbered } from './parts.ts';
import type { Application } from '../kernel/application.ts';

type Entry = JournalEntry extends infer E ? (E extends { seq: number } ? Omit<E, 'seq' | 'at'> : never) : never;

/** The test application's journal: every entry goes to the node's evidence before the run goes on. */
export class Journal {
  constructor(
    private readonly sink: (entry: Unnumbered<JournalEntry>) => void,
    private readonly clock: Clock,
  ) {}
  record(entry: Entry): void {
    this.sink({ at: this.clock.now(), ...entry } as Unnumbered<JournalEntry>);
  }
}

/** Named gates that blocked handlers wait on; shared by every node of the cluster. */
export class Gates {
  private readonly open = new Set<string>();
  private readonly waiting = new Map<string, Array<() => void>>();
  wait(gate: string): Promise<void> {
    if (this.open.has(gate)) return Promise.resolve();
    return new Promise((resolve) => {
      const list = this.waiting.get(gate) ?? [];
      list.push(resolve);
      this.waiting.set(gate, list);
    });
  }
  release(gate: string): void {
    this.open.add(gate);
    for (const resolve of this.waiting.get(gate) ?? []) resolve();
    this.waiting.delete(gate);
  }
}

export class HandlerFailure extends Error {
  readonly errorKind: ErrorKind = 'HandlerError';
}

export class TestApp implements Application {
  constructor(
    readonly journal: Journal,
    private readonly gates: Gates,
  ) {}

  /** Run the handler for one accepted operation on `node` (for an object: its ID and generation). */
  async handle(node: Rid, opId: string, input: AppPayload, object?: { objectId: string; generation: number }): Promise<unknown> {
    this.journal.record(object ? { kind: 'handler', node, opId, input, ...object } : { kind: 'handler', node, opId, input });
    switch (input.app) {
      case 'echo':
        return input.value;
      case 'block':
        await this.gates.wait(input.gate);
        return input.value;
      case 'fail':
        throw new HandlerFailure(`handler failed on purpose`);
      default:
        throw new HandlerFailure(`unknown app ${(input as { app: string }).app}`);
    }
  }

  /** An object's factory: recorded with its exact input, then held on the input's gate if any. */
  async factory(node: Rid, objectId: string, generation: number, input: unknown): Promise<void> {
    this.journal.record({ kind: 'factory', node, objectId, generation, input });
    const gate = (input as FactoryInput | undefined)?.gate;
    if (gate) await this.gates.wait(gate);
  }

  lifecycle(node: Rid, objectId: string, generation: number, event: string, ok: boolean): void {
    this.journal.record({ kind: 'lifecycle', node, objectId, generation, event, ok });
  }

  timer(node: Rid, objectId: string, generation: number): void {
    this.journal.record({ kind: 'timer', node, objectId, generation });
  }

  /** The application on the calling node receives a terminal result. */
  result(node: Rid, opId: string, status: OutcomeStatus, errorKind?: ErrorKind): void {
    this.journal.record(errorKind ? { kind: 'result', node, opId, status, errorKind } : { kind: 'result', node, opId, status });
  }
}
