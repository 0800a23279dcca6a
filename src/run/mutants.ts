// The kit's honesty check: run the scenarios of each mutant's broken IDs against that mutant.
// A mutant is killed when every ID it breaks has a failing scenario; one that survives means the
// suite cannot see that rule being broken, which is a bug in the kit.

import { referenceMutants } from '../../adapters/embedded.ts';
import { REQUIREMENT_TAG } from '../requirements/registry.ts';
import type { Suite } from './suite.ts';

export interface MutantResult {
  name: string;
  breaks: string[];
  failedIds: string[];
  killed: boolean;
}

export function mutantNames(): string[] {
  return referenceMutants().map((m) => m.name);
}

export async function runMutants(
  suite: Suite,
  opts: { backend: string; redisUrl?: string; only?: string[]; onMutant?: (r: MutantResult, done: number, total: number) => void },
): Promise<MutantResult[]> {
  const mutants = referenceMutants().filter((m) => !opts.only || opts.only.includes(m.name));
  const out: MutantResult[] = [];
  for (const m of mutants) {
    const tags = m.breaks.map((id) => `@${id}`).join(' or ');
    const run = await suite.run({ target: { impl: `mutant:${m.name}`, backend: opts.backend, redisUrl: opts.redisUrl }, tags });
    const failed = new Set<string>();
    for (const r of run.results) {
      if (r.status !== 'failed') continue;
      for (const t of r.tags) if (REQUIREMENT_TAG.test(t)) failed.add(t.slice(1));
    }
    const failedIds = [...failed].sort();
    const result = { name: m.name, breaks: [...m.breaks], failedIds, killed: m.breaks.every((id) => failed.has(id)) };
    out.push(result);
    opts.onMutant?.(result, out.length, mutants.length);
  }
  return out;
}
