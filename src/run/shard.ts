// Sharding: `spotcheck run --shard i/n` runs the i-th of n parts of the selected scenarios. The
// split is by scenario, never by worker: the selected scenarios are sorted by where they are
// written (feature file path, then line: an outline's Examples row has a line of its own) and the
// k-th of them (from 0) goes to shard (k mod n) + 1. Every machine that sees the same features and
// the same selection computes the same split, so the n shards together run every selected scenario
// exactly once, and shard sizes differ by at most one.

import { UsageError } from '../driver/target.ts';

export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

/** Parse `i/n` (1 <= i <= n); anything else is a one-line UsageError. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const bad = (why: string): never => {
    throw new UsageError(`bad --shard "${text}": ${why}`);
  };
  if (!m) return bad('expected i/n, e.g. 1/3');
  const index = Number(m[1]);
  const total = Number(m[2]);
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(total)) return bad('numbers too large');
  if (total < 1) return bad('n must be at least 1');
  if (index < 1 || index > total) return bad(`i must be from 1 to ${total}`);
  return { index, total };
}

export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.total}`;
}

/** A scenario's stable key: `uri:line`. */
export function scenarioKey(s: { uri: string; line: number }): string {
  return `${s.uri.replaceAll('\\', '/')}:${s.line}`;
}

/** Sorted order of scenario places: path (by code unit), then line as a number. */
export function compareScenarioPlaces(a: { uri: string; line: number }, b: { uri: string; line: number }): number {
  const ua = a.uri.replaceAll('\\', '/');
  const ub = b.uri.replaceAll('\\', '/');
  if (ua !== ub) return ua < ub ? -1 : 1;
  return a.line - b.line;
}

/** The items of one shard, in their original order. */
export function selectShard<T>(items: readonly T[], place: (t: T) => { uri: string; line: number }, shard: Shard): T[] {
  const sorted = items.map((item, i) => ({ item, i, at: place(item) })).sort((a, b) => compareScenarioPlaces(a.at, b.at) || a.i - b.i);
  const keep = new Set(sorted.filter((_, k) => k % shard.total === shard.index - 1).map((x) => x.i));
  return items.filter((_, i) => keep.has(i));
}
