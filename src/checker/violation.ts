// What a check returns: the invariant it broke, the spec rules behind it, one sentence saying what
// happened, and the witness: every history line the violation needs and no other, in the
// history's order. Lines between them are left out, so the stretch shown is the shortest that
// proves the point (each witness line is needed: drop one and the violation no longer follows).

import type { HistoryEvent } from './history.ts';

export interface Violation {
  /** The invariant's name (the check module's name). */
  invariant: string;
  /** Requirement IDs of ../shared/requirements.md the invariant stands for. */
  rules: string[];
  message: string;
  witness: HistoryEvent[];
}

/** A check: a pure function over the parsed events of one history. */
export type Check = (events: HistoryEvent[]) => Violation[];

export function violation(invariant: string, rules: string[], message: string, witness: HistoryEvent[]): Violation {
  const seen = new Set<number>();
  const lines = witness.filter((e) => !seen.has(e.line) && seen.add(e.line)).sort((a, b) => a.line - b.line);
  return { invariant, rules, message, witness: lines };
}

/** Group values by a key, keeping their order. */
export function groupBy<T>(items: T[], key: (t: T) => string | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
