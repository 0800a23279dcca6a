// Certification runs the scenarios of one level, several times, and requires them to agree.

import { CAPABILITIES } from '../driver/types.ts';
import { FAILPOINTS } from '../driver/failpoints.ts';
import { levelNeeds, failpointTag, type Level } from '../requirements/levels.ts';
import type { ScenarioResult } from '../run/results.ts';
import { scenarioKey } from '../run/shard.ts';

/** A tag expression for the scenarios whose needs lie inside the level (none outside it), or '' for all. */
export function levelSelection(level: Level): string {
  const allowed = new Set(levelNeeds(level));
  const outside = [...CAPABILITIES, ...FAILPOINTS.map((f) => failpointTag(f.name))].filter((n) => !allowed.has(n));
  return outside.map((n) => `not @${n}`).join(' and ');
}

export interface Changed {
  key: string;
  name: string;
  /** One status per run; 'absent' where the scenario did not run. */
  statuses: string[];
}

/** The scenarios whose result was not the same in every run (or that did not run every time). */
export function changedScenarios(runs: ScenarioResult[][]): Changed[] {
  const history = new Map<string, { name: string; statuses: string[] }>();
  runs.forEach((results, i) => {
    for (const r of results) {
      const key = scenarioKey(r);
      const h = history.get(key) ?? { name: r.name, statuses: Array<string>(runs.length).fill('absent') };
      h.statuses[i] = r.status;
      history.set(key, h);
    }
  });
  return [...history].filter(([, h]) => new Set(h.statuses).size > 1).map(([key, h]) => ({ key, name: h.name, statuses: h.statuses })).sort((a, b) => (a.key < b.key ? -1 : 1));
}
