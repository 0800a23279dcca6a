// The end of a run on the terminal: failures, the overloaded-machine note, not-applicable lines by
// capability, and the counts (run and certify print the same).

import { FAILPOINT_TAG_PREFIX } from '../requirements/levels.ts';
import { Progress } from './progress.ts';
import type { ScenarioResult } from '../run/results.ts';

/**
 * Not-applicable scenarios in a few lines (each scenario is in the report): one per capability
 * lacking, `not applicable: 33 scenarios need relocation, which X does not report` (a scenario that
 * lacks two capabilities counts under both), and one line for the scenarios that lack failpoints only.
 */
export function notApplicableLines(results: ScenarioResult[], implementation: string): string[] {
  const byCapability = new Map<string, number>();
  const failpoints = new Set<string>();
  let onlyFailpoints = 0;
  for (const r of results) {
    if (r.status !== 'not-applicable') continue;
    const lacks = r.lacks ?? ['(unstated)'];
    const capabilities = lacks.filter((l) => !l.startsWith(FAILPOINT_TAG_PREFIX));
    for (const c of capabilities) byCapability.set(c, (byCapability.get(c) ?? 0) + 1);
    for (const f of lacks.filter((l) => l.startsWith(FAILPOINT_TAG_PREFIX))) failpoints.add(f.slice(FAILPOINT_TAG_PREFIX.length));
    if (capabilities.length === 0) onlyFailpoints++;
  }
  const n = (count: number) => `${count} scenario${count === 1 ? ' needs' : 's need'}`;
  const lines = [...byCapability].map(([c, count]) => `not applicable: ${n(count)} ${c}, which ${implementation} does not report`);
  if (onlyFailpoints > 0) lines.push(`not applicable: ${n(onlyFailpoints)} failpoints ${implementation} does not report (${[...failpoints].join(', ')})`);
  return lines;
}

/** The last run's failures are summarized at the end; an earlier run's would be lost with its reports. */
export function earlierFailures(progress: Progress, run: number, results: ScenarioResult[]): void {
  for (const r of results.filter((x) => x.status === 'failed')) progress.line(`run ${run}: FAILED ${r.uri}:${r.line} ${r.name}: ${r.message}`);
}

/** Failures on the machine's clock while the machine was overloaded: said once, changing no verdict. */
export const LOADED_SHARE = 0.5;

export function loadedFailures(results: ScenarioResult[]): string | undefined {
  const failed = results.filter((r) => r.status === 'failed');
  const loaded = failed.filter((r) => (r.cpuWaitShare ?? 0) >= LOADED_SHARE);
  if (loaded.length === 0) return undefined;
  const mean = loaded.reduce((a, r) => a + r.cpuWaitShare!, 0) / loaded.length;
  return (
    `note: ${loaded.length} of the ${failed.length} failed scenario(s) ran while the machine was overloaded ` +
    `(some task waited for a CPU ${(mean * 100).toFixed(0)}% of their time, /proc/pressure/cpu): a real-time verdict there may be the machine's; ` +
    `run them again on a quieter machine (--tags, --repeat) before taking them for the runtime's`
  );
}

export function summarize(progress: Progress, results: ScenarioResult[], durationMs: number, out: string, implementation: string): void {
  const n = (s: string) => results.filter((r) => r.status === s).length;
  for (const r of results.filter((x) => x.status === 'failed')) progress.line(`FAILED ${r.uri}:${r.line} ${r.name}: ${r.message}`);
  const loaded = loadedFailures(results);
  if (loaded) progress.line(loaded);
  for (const line of notApplicableLines(results, implementation)) progress.line(line);
  progress.line(`${n('passed')} passed, ${n('failed')} failed, ${n('not-applicable')} not applicable (${(durationMs / 1000).toFixed(1)} s); reports in ${out}`);
}
