// The seed of one scenario's simulated world: a function of the run's seed and of where the
// scenario stands in its feature (file and line, the Examples row's line for an outline), so that a
// scenario gets the same world in any run with that seed, alone or in the whole suite, in any
// worker, in any order.

import type { GherkinDocument, Pickle } from '@cucumber/messages';

/** The line of the scenario (or the Examples row) a pickle was made from; 0 if not found. */
export function pickleLine(doc: GherkinDocument | undefined, pickle: Pickle): number {
  const [scenarioId, rowId] = pickle.astNodeIds;
  const children = (doc?.feature?.children ?? []).flatMap((c) => (c.rule ? c.rule.children : [c]));
  for (const c of children) {
    const sc = c.scenario;
    if (!sc || sc.id !== scenarioId) continue;
    if (rowId) for (const ex of sc.examples) for (const row of ex.tableBody) if (row.id === rowId) return row.location.line;
    return sc.location.line;
  }
  return 0;
}

/** FNV-1a over the run's seed and the scenario's place: a 32-bit seed. */
export function scenarioSeed(runSeed: number, doc: GherkinDocument | undefined, pickle: Pickle): number {
  let h = 0x811c9dc5;
  for (const ch of `${runSeed}\n${pickle.uri}:${pickleLine(doc, pickle)}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
