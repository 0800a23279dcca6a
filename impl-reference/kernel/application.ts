// The application a node hosts, as the runtime calls it: a handler per accepted operation, an
// object's factory, its lifecycle events and timers, and the terminal result on the calling node.
// The runtime knows only this interface; the kit's test application (node/app.ts, TestApp) is one
// implementation, which journals every call before it does anything else.

import type { AppPayload, ErrorKind, OutcomeStatus, Rid } from '../../src/driver/types.ts';

export interface Application {
  /** Run the handler for one accepted operation on `node` (for an object: its ID and generation). */
  handle(node: Rid, opId: string, input: AppPayload, object?: { objectId: string; generation: number }): Promise<unknown>;
  /** An object's factory, run once per activation of a generation. */
  factory(node: Rid, objectId: string, generation: number, input: unknown): Promise<void>;
  /** A lifecycle event of an object's incarnation (activated, relocated away, closed...). */
  lifecycle(node: Rid, objectId: string, generation: number, event: string, ok: boolean): void;
  /** An object's timer fired. */
  timer(node: Rid, objectId: string, generation: number): void;
  /** The application on the calling node receives a terminal result. */
  result(node: Rid, opId: string, status: OutcomeStatus, errorKind?: ErrorKind): void;
}
