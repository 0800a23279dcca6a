// The campaign's own power (`spotcheck mutants --campaign 60s`): the fault campaign alone, with no
// scenario, against every mutant of the reference on the simulated backend. Each mutant gets the
// same seeds, 1, 2, 3 ... (each its own swarm), one after another, until a history is invalid or
// its budget runs out. A mutant is killed by the campaign when the checker finds its history
// invalid (the reference's are valid: test/nemesis-sim.test.ts and the bench); whether a violation
// names a rule the mutant breaks is kept beside it (the checker's rule lists are narrower than
// the clauses a mutant names).

import { availableParallelism } from 'node:os';
import { referenceMutants } from '../../adapters/embedded.ts';
import { SeedWorker } from '../nemesis/search.ts';
import type { CampaignOptions } from '../nemesis/campaign.ts';
import { requirementOf } from '../run/mutants.ts';

export interface CampaignKill {
  killed: boolean;
  /** Wall time the campaign took, to the kill or to the end of its budget. */
  seconds: number;
  seeds: number;
  ops: number;
  /** The seed whose history was invalid, its violation and the command that replays it. */
  seed?: number;
  invariant?: string;
  rules?: string[];
  /** Whether a violation names a requirement the mutant breaks. */
  onItsRules?: boolean;
  message?: string;
  replay?: string;
}

export interface CampaignMutantResult {
  name: string;
  breaks: string[];
  campaign: CampaignKill;
}

export interface MutantsCampaignOptions {
  budgetMs: number;
  /** Operations of each seed's campaign. */
  ops: number;
  /** Worker processes, all on one mutant's seeds at a time (default: one per core). */
  jobs?: number;
  only?: string[];
  out: string;
  onMutant?: (r: CampaignMutantResult, done: number, total: number) => void;
}

export async function campaignMutants(o: MutantsCampaignOptions): Promise<CampaignMutantResult[]> {
  const mutants = referenceMutants().filter((m) => !o.only || o.only.includes(m.name));
  const results: CampaignMutantResult[] = [];
  const seedOptions = (impl: string, seed: number): CampaignOptions => ({ impl, backend: 'sim', seed, ops: o.ops, faults: [], rate: 0, swarm: true, out: `${o.out}/campaign/${impl.replace(/[^a-z0-9-]/gi, '_')}/seed-${seed}` });
  const workers = Array.from({ length: Math.max(1, o.jobs ?? availableParallelism()) }, () => new SeedWorker());
  try {
    // Each worker's first campaign loads and compiles the runtime: not counted against a mutant.
    await Promise.all(workers.map((w) => w.run(seedOptions('reference', 0))));
    // One mutant at a time, all workers on its seeds (1, 2, 3 ... in turn): the time to a kill is
    // the wall time of the search for it, as a user searching for that bug would see it.
    for (const m of mutants) {
      const ids = new Set(m.breaks.map(requirementOf));
      const started = Date.now();
      const kill: CampaignKill = { killed: false, seconds: 0, seeds: 0, ops: 0 };
      let next = 1;
      const lane = async (worker: SeedWorker) => {
        while (!kill.killed && Date.now() - started < o.budgetMs && !worker.ended) {
          const seed = next++;
          const r = await worker.run(seedOptions(`mutant:${m.name}`, seed));
          if (!r.ok || kill.killed) continue;
          kill.seeds++;
          kill.ops += r.ok.ops;
          if (r.ok.verdict !== 'invalid') continue;
          const v = r.ok.violations.find((x) => x.rules.some((id) => ids.has(id))) ?? r.ok.violations[0];
          Object.assign(kill, { killed: true, seed, invariant: v.invariant, rules: v.rules, onItsRules: v.rules.some((id) => ids.has(id)), message: v.message, replay: r.ok.command });
          kill.seconds = Math.round((Date.now() - started) / 100) / 10;
        }
      };
      await Promise.all(workers.map(lane));
      if (!kill.killed) kill.seconds = Math.round((Date.now() - started) / 100) / 10;
      results.push({ name: m.name, breaks: [...m.breaks], campaign: kill });
      o.onMutant?.(results[results.length - 1], results.length, mutants.length);
    }
  } finally {
    for (const w of workers) w.close();
  }
  return results;
}
