// `spotcheck merge`: shards of one run (`spotcheck run --shard i/n`, each on its own machine) made
// into one compliance.json, as if the selection had run at once. Only shards that belong together
// are merged: made by this kit's version, of the same implementation (name, version, backend,
// capabilities and failpoints), level and selection, each shard i/n exactly once, no scenario in
// two shards, none missing. Statuses, counts and the level met are computed again from the
// scenarios, by this kit's rules; a shard's own summary is not trusted.

import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { KIT } from '../certify/kit.ts';
import { buildCompliance, resultsOf, type Compliance, type RunEnvironment } from './compliance.ts';
import { LEVEL_NAMES, type LevelName } from '../requirements/levels.ts';

/** A file that cannot be read or is not a report: exit 2, one line naming the file. */
export class ReportInputError extends Error {}
/** Reports that do not belong together: exit 2, one line naming both files. */
export class MergeRefused extends Error {}

export interface ReportFile {
  file: string;
  compliance: Compliance;
}

/** Why `c` is not a compliance report of this kit's format, or undefined. */
export function complianceShapeProblem(c: unknown): string | undefined {
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return 'not a JSON object';
  const o = c as Record<string, any>;
  if (typeof o.kit?.name !== 'string' || typeof o.kit?.version !== 'string') return 'no kit {name, version}';
  if (typeof o.implementation?.name !== 'string' || typeof o.implementation?.version !== 'string' || typeof o.implementation?.backend !== 'string')
    return 'no implementation {name, version, backend}';
  if (typeof o.startedAt !== 'string' || Number.isNaN(Date.parse(o.startedAt))) return 'no startedAt date';
  if (typeof o.durationMs !== 'number') return 'no durationMs';
  if (!LEVEL_NAMES.includes(o.level?.requested) || !(o.level.met === null || LEVEL_NAMES.includes(o.level.met)) || !Array.isArray(o.level.lacks))
    return 'no level {requested, met, lacks}';
  if (!Array.isArray(o.requirements)) return 'no requirements list';
  for (const r of o.requirements) {
    if (typeof r?.id !== 'string' || typeof r.status !== 'string' || !Array.isArray(r.scenarios) || typeof r.counts !== 'object' || r.counts === null)
      return `a requirement entry without id, status, counts and scenarios (${JSON.stringify(r)?.slice(0, 60)})`;
    for (const s of r.scenarios) {
      if (typeof s?.uri !== 'string' || typeof s.line !== 'number' || typeof s.name !== 'string' || !['passed', 'failed', 'not-applicable'].includes(s.status))
        return `${r.id}: a scenario entry without name, uri, line and status`;
      if (s.needs !== undefined && !(Array.isArray(s.needs) && s.needs.every((n: unknown) => typeof n === 'string'))) return `${r.id}: scenario needs is not a list of names`;
    }
  }
  if (typeof o.summary !== 'object' || o.summary === null) return 'no summary';
  if (o.run !== undefined) {
    const run = o.run;
    if (typeof run !== 'object' || run === null) return 'run is not an object';
    const sel = run.selection;
    if (typeof sel !== 'object' || sel === null) return 'no run.selection';
    if (!(sel.tags === null || typeof sel.tags === 'string')) return 'run.selection.tags is not a string or null';
    if (!(sel.levelOnly === null || LEVEL_NAMES.includes(sel.levelOnly))) return 'run.selection.levelOnly is not a level or null';
    if (!(sel.shard === null || (Number.isInteger(sel.shard?.index) && Number.isInteger(sel.shard?.total) && sel.shard.index >= 1 && sel.shard.index <= sel.shard.total)))
      return 'run.selection.shard is not {index, total} or null';
    if (!Array.isArray(run.scenarios) || !run.scenarios.every((k: unknown) => typeof k === 'string')) return 'run.scenarios is not a list of uri:line';
    if (!Number.isInteger(run.repeat) || run.repeat < 1 || !Number.isInteger(run.changed) || run.changed < 0) return 'run.repeat/run.changed are not counts';
    const d = run.description;
    if (typeof d?.name !== 'string' || !Array.isArray(d.capabilities) || !Array.isArray(d.failpoints)) return 'run.description is not a describe() result';
    if (!Array.isArray(run.servers) || !Array.isArray(run.environment)) return 'run.servers/run.environment are not lists';
  }
  return undefined;
}

export function readReport(file: string): ReportFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ReportInputError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ReportInputError(`${file}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const problem = complianceShapeProblem(json);
  if (problem) throw new ReportInputError(`${file}: not a compliance.json of spotcheck (${problem})`);
  return { file, compliance: json as Compliance };
}

function implementationOf(c: Compliance) {
  const d = c.run!.description;
  return { ...c.implementation, capabilities: [...d.capabilities].sort(), failpoints: [...d.failpoints].sort() };
}

/** Merge the shards i/n (all of them, each once) into one report; refuse what does not belong together. */
export function mergeShards(shards: ReportFile[]): Compliance {
  if (shards.length === 0) throw new MergeRefused('no shards to merge');
  for (const s of shards) {
    if (!s.compliance.run) throw new MergeRefused(`${s.file}: has no run section (written by an older spotcheck?): cannot tell which scenarios it ran`);
    if (!s.compliance.run.selection.shard) throw new MergeRefused(`${s.file}: is not a shard (it ran without --shard)`);
    if (s.compliance.kit.name !== KIT.name || s.compliance.kit.version !== KIT.version)
      throw new MergeRefused(`${s.file}: made by ${s.compliance.kit.name} ${s.compliance.kit.version}, but this is ${KIT.name} ${KIT.version}: merge with the kit that ran it`);
  }
  const [first, ...rest] = shards;
  const f = first.compliance;
  const fr = f.run!;
  for (const s of rest) {
    const c = s.compliance;
    const r = c.run!;
    const refuse = (what: string, a: unknown, b: unknown): never => {
      throw new MergeRefused(`${s.file} and ${first.file} are of different ${what} (${JSON.stringify(b)} vs ${JSON.stringify(a)}): not shards of one run`);
    };
    if (!isDeepStrictEqual(implementationOf(c), implementationOf(f))) {
      const a = implementationOf(f);
      const b = implementationOf(c);
      if (a.backend !== b.backend) refuse('backends', a.backend, b.backend);
      refuse('implementations', `${a.name} ${a.version}`, `${b.name} ${b.version}${a.name === b.name && a.version === b.version ? ' (capabilities or failpoints differ)' : ''}`);
    }
    if (c.level.requested !== f.level.requested) refuse('levels', f.level.requested, c.level.requested);
    if (r.selection.tags !== fr.selection.tags) refuse('--tags selections', fr.selection.tags, r.selection.tags);
    if (r.selection.levelOnly !== fr.selection.levelOnly) refuse('level selections', fr.selection.levelOnly, r.selection.levelOnly);
    if (r.selection.shard!.total !== fr.selection.shard!.total) refuse('shard counts', `n=${fr.selection.shard!.total}`, `n=${r.selection.shard!.total}`);
  }
  const total = fr.selection.shard!.total;
  const byIndex = new Map<number, ReportFile>();
  for (const s of shards) {
    const i = s.compliance.run!.selection.shard!.index;
    const other = byIndex.get(i);
    if (other) throw new MergeRefused(`${s.file} and ${other.file} are both shard ${i}/${total}: overlapping shards`);
    byIndex.set(i, s);
  }
  const ranBy = new Map<string, string>();
  for (const s of shards) {
    for (const key of s.compliance.run!.scenarios) {
      const other = ranBy.get(key);
      if (other) throw new MergeRefused(`${s.file} and ${other} both ran ${key}: overlapping shards`);
      ranBy.set(key, s.file);
    }
  }
  const missing = Array.from({ length: total }, (_, k) => k + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) throw new MergeRefused(`shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${total}`).join(', ')} missing: a merge needs every shard of the run`);

  const ordered = [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  const starts = ordered.map((s) => Date.parse(s.compliance.startedAt));
  const ends = ordered.map((s) => Date.parse(s.compliance.startedAt) + s.compliance.durationMs);
  const startedAt = new Date(Math.min(...starts));
  const environments: RunEnvironment[] = [];
  for (const s of ordered) for (const e of s.compliance.run!.environment) if (!environments.some((x) => isDeepStrictEqual(x, e))) environments.push(e);
  return buildCompliance({
    kit: { name: f.kit.name, version: f.kit.version },
    implementation: { ...f.implementation },
    description: fr.description,
    level: f.level.requested as LevelName,
    startedAt,
    durationMs: Math.max(...ends) - startedAt.getTime(),
    results: ordered.flatMap((s) => resultsOf(s.compliance)),
    run: {
      selection: { tags: fr.selection.tags, levelOnly: fr.selection.levelOnly, shard: null, mergedFrom: total },
      scenarios: [...ranBy.keys()].sort(),
      repeat: Math.min(...ordered.map((s) => s.compliance.run!.repeat)),
      changed: ordered.reduce((n, s) => n + s.compliance.run!.changed, 0),
      description: fr.description,
      servers: ordered.flatMap((s) => s.compliance.run!.servers),
      environment: environments,
      shards: ordered.map((s) => ({ index: s.compliance.run!.selection.shard!.index, startedAt: s.compliance.startedAt, durationMs: s.compliance.durationMs })),
    },
  });
}
