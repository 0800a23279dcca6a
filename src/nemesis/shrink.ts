// Shrinking a failing seed (simulated backend): the same seed, with as few operations and faults
// as still break the same invariant. The world is deterministic, so each try is one more run of
// the seed with part of its schedule left out, and its verdict is exact, not a matter of luck.
//  1. the shortest prefix of the workload that still fails (halving: the schedule up to any point
//     is the same whatever follows it);
//  2. each fault left out in turn, kept out when the run still fails;
//  3. operations passed over in chunks, then one by one (ddmin), kept out when it still fails.
// A passed-over operation still counts as started, so every fault keeps its place in the workload.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '../checker/check.ts';
import { planCampaign, type CampaignOptions, type CampaignResult } from './campaign.ts';

export interface ShrinkOptions {
  /** The most runs to try (default 400). */
  maxRuns?: number;
  /** Wall-clock bound (default 120 s). */
  maxMs?: number;
  log?: (line: string) => void;
}

export interface Shrunk {
  options: CampaignOptions;
  result: CampaignResult;
  runs: number;
}

/** The invariants a report's violations break. */
export function brokenInvariants(report: Report): string[] {
  return [...new Set(report.violations.map((v) => v.invariant))];
}

/**
 * Shrink `failing` (whose run broke `invariants`) with `run` (a campaign run, in this process).
 * The result fails with at least one of those invariants; its options are the replayable ones.
 */
export async function shrink(
  failing: CampaignOptions,
  invariants: string[],
  run: (o: CampaignOptions) => Promise<CampaignResult>,
  opts: ShrinkOptions = {},
): Promise<Shrunk> {
  const started = Date.now();
  const maxRuns = opts.maxRuns ?? 400;
  const maxMs = opts.maxMs ?? 120_000;
  const scratch = mkdtempSync(join(tmpdir(), 'spotcheck-shrink-'));
  let runs = 0;
  let best: Shrunk | undefined;
  const out = failing.out;
  const fails = async (o: CampaignOptions): Promise<boolean> => {
    if (runs >= maxRuns || Date.now() - started > maxMs) return false;
    runs++;
    const result = await run({ ...o, out: join(scratch, `try-${runs}`) });
    const ok = result.report.violations.some((v) => invariants.includes(v.invariant));
    if (ok) best = { options: o, result, runs };
    return ok;
  };
  try {
    let cur: CampaignOptions = { ...failing, onlyFaults: failing.onlyFaults ?? planCampaign(failing).faults.map((_, i) => i) };
    // 1. the shortest failing prefix
    let lo = 1;
    let hi = cur.ops;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (await fails({ ...cur, ops: mid, onlyFaults: faultsWithin(cur, mid) })) hi = mid;
      else lo = mid + 1;
    }
    cur = { ...cur, ops: hi, onlyFaults: faultsWithin(cur, hi) };
    opts.log?.(`shrink: ${hi} operations still fail`);
    // 2. faults, one at a time
    for (const f of [...cur.onlyFaults!]) {
      const without = { ...cur, onlyFaults: cur.onlyFaults!.filter((x) => x !== f) };
      if (await fails(without)) cur = without;
    }
    opts.log?.(`shrink: ${cur.onlyFaults!.length} fault(s) still needed`);
    // 3. operations: chunks, then single ones
    const skipped = new Set(cur.skipOps ?? []);
    const live = () => [...Array(cur.ops).keys()].filter((i) => !skipped.has(i));
    for (let size = Math.max(1, Math.floor(live().length / 2)); size >= 1; size = size === 1 ? 0 : Math.max(1, Math.floor(size / 2))) {
      const ops = live();
      for (let i = 0; i < ops.length; i += size) {
        const chunk = ops.slice(i, i + size);
        const without = { ...cur, skipOps: [...skipped, ...chunk] };
        if (await fails(without)) {
          for (const n of chunk) skipped.add(n);
          cur = without;
        }
      }
    }
    opts.log?.(`shrink: ${live().length} operation(s) and ${cur.onlyFaults!.length} fault(s) after ${runs} runs`);
    // The shrunk run once more, where the caller wants it kept.
    const result = await run({ ...cur, out });
    return { options: { ...cur, out }, result, runs: runs + 1 };
  } catch (e) {
    if (best) return best;
    throw e;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The faults of `o`'s schedule placed before operation `ops` (positions in the seed's full schedule). */
function faultsWithin(o: CampaignOptions, ops: number): number[] {
  const all = planCampaign({ ...o, onlyFaults: undefined }).faults;
  return (o.onlyFaults ?? all.map((_, i) => i)).filter((i) => all[i] !== undefined && all[i].afterOp < ops - 1);
}

/** The operations and faults a (shrunk) run keeps, one line each, in schedule order. */
export function sequence(o: CampaignOptions): string[] {
  const plan = planCampaign(o);
  const lines: string[] = [];
  const faultsAfter = (i: number) => plan.faults.filter((f) => f.afterOp === i);
  const fault = (f: (typeof plan.faults)[number]) =>
    `  fault after op ${f.afterOp}: ${f.kind}${f.action ? ` (${f.action} when its window opens)` : ` on ${f.node}`}${f.peer ? ` towards ${f.peer}` : ''}${f.failpoint ? ` ${f.failpoint}` : ''}${['crash', 'hang', 'store-down', 'store-down-node', 'store-late'].includes(f.kind) || f.action ? `, ${f.durationMs} ms` : ''}`;
  for (const step of plan.ops) {
    if (!step.skip) {
      const p = step.plan;
      const what = Object.entries(p).filter(([k]) => k !== 'f').map(([k, v]) => `${k}=${typeof v === 'object' ? (v as { id?: string }).id ?? JSON.stringify(v) : v}`).join(' ');
      lines.push(`  op ${step.index} (${step.worker}): ${p.f} ${what}`);
    }
    for (const f of faultsAfter(step.index)) lines.push(fault(f));
  }
  return lines;
}
