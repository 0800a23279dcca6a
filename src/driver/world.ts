// What the kit learns of the world an implementation runs in. Every backend but one runs on the
// machine: its clock is the machine's. A Driver of the simulated backend (`sim`, src/sim/) carries
// a `simulated` property: the world's seed and the clock every wait of the kit must go through
// (its sleeps are what make the world move), and a way to stop the world between the kit's steps.
// It is local to the kit's process and never crosses the wire.

import { realClock, type Clock } from './clock.ts';
import type { Driver, JournalEntry, Rid, StoreLogEntry } from './types.ts';

/** An entry as a node writes it, before the evidence that keeps it numbers it (distributes over a union). */
export type Unnumbered<T> = T extends unknown ? Omit<T, 'seq'> : never;

/**
 * Something that just happened in the world, at the instant it happened: a line a node wrote to
 * its evidence (a journal entry, a Store call it made), or a Store change the Store carried out
 * (before the node that asked hears the answer).
 */
export type WorldEvent =
  | { kind: 'journal'; entry: Unnumbered<JournalEntry> }
  | { kind: 'store-call'; entry: Unnumbered<StoreLogEntry> }
  | { kind: 'store-applied'; node: Rid; key: string; expectedVersion: number };

export interface SimulatedWorld {
  /** The seed the world was built from: the same seed and the same calls give the same history. */
  readonly seed: number;
  /** Virtual time; sleeping on it lets the world run until then. */
  readonly clock: Clock;
  /** Nothing happens in the world, and no time passes, until go(). */
  freeze(): void;
  go(): void;
  /** Events the world has run so far. */
  events(): number;
  /**
   * Hear every WorldEvent as it happens, inside the event that made it: what the listener starts
   * (a fault through the Driver) takes effect before anything else happens in the world. This is
   * how a fault is aimed at a protocol window (src/nemesis/aim.ts). Returns the way to stop hearing.
   */
  listen(listener: (e: WorldEvent) => void): () => void;
}

export function simulatedWorldOf(driver: Driver | undefined): SimulatedWorld | undefined {
  return (driver as { simulated?: SimulatedWorld } | undefined)?.simulated;
}

/** The clock the kit waits on for this Driver: the simulated world's, else the machine's. */
export function kitClockOf(driver: Driver | undefined): Clock {
  return simulatedWorldOf(driver)?.clock ?? realClock;
}
