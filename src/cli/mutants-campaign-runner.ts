// The campaign's own power (`spotcheck mutants --campaign 60s`): the fault campaign alone, with no
// scenario, against every mutant of the reference on the simulated backend. Each mutant gets the
// same seeds, 1, 2, 3 ... (each its own swarm), one after another, until a history is invalid or
// its budget runs out. A mutant is killed by the campaign when the checker finds its history
// invalid and the reference's history of the same seed and operations is valid (the control: a
// seed the reference fails too shows a bug of the reference or a false alarm of the checker, not
// the mutant's; such seeds are passed over and reported, never counted as kills). Whether a
// violation names a rule the mutant breaks is kept beside it (the checker's rule lists are
// narrower than the clauses a mutant names).

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

/** A seed on which the reference itself was invalid (or the control could not run): no mutant's kill on it counts. */
export interface ControlFailure {
  seed: number;
  /** The reference's first violation on it, or why the control run gave no verdict. */
  problem: string;
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
  /** The first seed of every mutant's search (default 1). */
  firstSeed?: number;
  /** The implementation each kill is checked against (default the reference; a test gives a mutant to see the control work). */
  control?: string;
  /** Called once for each seed the reference fails, as it is found. */
  onControlFailure?: (f: ControlFailure) => void;
}

export interface CampaignResults {
  mutants: CampaignMutantResult[];
  /** Seeds the reference failed, by seed: passed over for every mutant. */
  controlFailures: ControlFailure[];
}

export async function campaignMutants(o: MutantsCampaignOptions): Promise<CampaignResults> {
  const mutants = referenceMutants().filter((m) => !o.only || o.only.includes(m.name));
  const results: CampaignMutantResult[] = [];
  // The reference's verdict per seed, run only for seeds some mutant failed on (most mutants are
  // killed on their first seeds, so few controls run), on the worker that found the failure.
  const controls = new Map<number, Promise<ControlFailure | undefined>>();
  const controlFailures: ControlFailure[] = [];
  const control = (worker: SeedWorker, seed: number): Promise<ControlFailure | undefined> => {
    let c = controls.get(seed);
    if (!c) {
      c = worker.run(seedOptions(o.control ?? 'reference', seed)).then((r) => {
        const v = r.ok?.violations[0];
        const f: ControlFailure | undefined = !r.ok ? { seed, problem: r.error ?? 'no verdict' }
          : r.ok.verdict === 'valid' ? undefined
          : { seed, problem: v ? `${v.invariant} [${v.rules.join(', ')}]: ${v.message}` : `verdict ${r.ok.verdict}`, replay: r.ok.command };
        if (f) {
          controlFailures.push(f);
          o.onControlFailure?.(f);
        }
        return f;
      });
      controls.set(seed, c);
    }
    return c;
  };
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
      let next = o.firstSeed ?? 1;
      const lane = async (worker: SeedWorker) => {
        while (!kill.killed && Date.now() - started < o.budgetMs && !worker.ended) {
          const seed = next++;
          const r = await worker.run(seedOptions(`mutant:${m.name}`, seed));
          if (!r.ok || kill.killed) continue;
          kill.seeds++;
          kill.ops += r.ok.ops;
          if (r.ok.verdict !== 'invalid') continue;
          if ((await control(worker, seed)) || kill.killed) continue;
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
  return { mutants: results, controlFailures: controlFailures.sort((a, b) => a.seed - b.seed) };
}
