// Conformance levels: what a runtime must be able to do before the kit will say it conforms at
// that level. A level is a set of capabilities plus the failpoints its scenarios arm; each level
// includes the one before it. The requirement IDs of a level are those whose capability it holds,
// and only scenarios whose needs lie inside the level count towards it (a core certificate speaks
// of node direct, not of the Actor direct scenarios that share V02).

import { CAPABILITIES, type Capability, type Description } from '../driver/types.ts';
import { FAILPOINTS } from '../driver/failpoints.ts';
import { REQUIREMENTS } from './registry.ts';

export const LEVEL_NAMES = ['core', 'objects', 'full'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

export interface Level {
  name: LevelName;
  what: string;
  capabilities: Capability[];
}

const CORE: Capability[] = ['channels', 'node-direct', 'liveness', 'reconnect'];
const OBJECTS: Capability[] = [...CORE, 'objects', 'instance-spots', 'store-faults'];

export const LEVELS: Level[] = [
  { name: 'core', what: 'channels with select-one, node direct, liveness and reconnect', capabilities: CORE },
  { name: 'objects', what: 'core, plus Actors and Spots through the Location Store, Instance Spots and Store faults', capabilities: OBJECTS },
  { name: 'full', what: 'objects, plus planned host relocation and client Sessions', capabilities: [...CAPABILITIES] },
];

export function levelNamed(name: string): Level | undefined {
  return LEVELS.find((l) => l.name === name);
}

function rank(name: LevelName): number {
  return LEVEL_NAMES.indexOf(name);
}

/** Failpoints the scenarios of this level arm; a runtime at this level must list them all. */
export function levelFailpoints(level: Level): string[] {
  return FAILPOINTS.filter((f) => rank(f.level) <= rank(level.name)).map((f) => f.name);
}

/** Capability and failpoint tags (without @) a runtime at this level must satisfy. */
export function levelNeeds(level: Level): string[] {
  return [...level.capabilities, ...levelFailpoints(level).map(failpointTag)];
}

/** The requirement IDs a level speaks for. */
export function levelIds(level: Level): string[] {
  return REQUIREMENTS.filter((r) => (level.capabilities as string[]).includes(r.capability)).map((r) => r.id);
}

/** What the implementation lacks for the level: capabilities, then `failpoint:<name>` entries. */
export function lacksForLevel(level: Level, description: Pick<Description, 'capabilities' | 'failpoints'>): string[] {
  const have = new Set<string>([...(description.capabilities ?? []), ...(description.failpoints ?? []).map(failpointTag)]);
  return levelNeeds(level).filter((n) => !have.has(n));
}

// ---- what a scenario needs ------------------------------------------------------------------------
// A scenario names everything it needs in its tags: capabilities (`@objects`) and failpoints
// (`@failpoint:store.reply-lost-after-apply`). The World checks these tags against the Driver calls
// the scenario really makes (step-definitions/support/needs.ts), so a tag cannot be forgotten.

export const FAILPOINT_TAG_PREFIX = 'failpoint:';

export function failpointTag(name: string): string {
  return `${FAILPOINT_TAG_PREFIX}${name}`;
}

/** The capability and failpoint needs among a scenario's tags (tags with or without @). */
export function needsOfTags(tags: readonly string[]): string[] {
  const bare = tags.map((t) => (t.startsWith('@') ? t.slice(1) : t));
  return bare.filter((t) => (CAPABILITIES as readonly string[]).includes(t) || t.startsWith(FAILPOINT_TAG_PREFIX));
}

/** Whether everything a scenario needs lies inside the level. */
export function withinLevel(level: Level, needs: readonly string[]): boolean {
  const allowed = new Set(levelNeeds(level));
  return needs.every((n) => allowed.has(n));
}

// ---- what "met" means -----------------------------------------------------------------------------
// Written once, used by `run`, `certify`, `verify`, `merge` and the site alike (docs/levels.md):
//
//   A run meets level L when
//   1. the implementation reports every capability and failpoint L needs (levelNeeds);
//   2. every requirement ID of L has at least one scenario inside L among the results (a scenario is
//      inside L when everything its tags need lies in L), so a partial selection meets nothing;
//   3. every scenario inside L passed (whatever IDs it carries): a failure inside the level is a
//      failure of the level, and not-applicable inside it cannot happen once 1 holds;
//   4. it meets every level below L: levels are nested;
//   5. above core, no scenario inside L had a fault only the runtime reported: objects and full need
//      every crash, hang, restart, link and Store fault done by the kit from outside the runtime's
//      processes (a node program, docs/node-program.md). Failpoints are the exception: they fire
//      inside a protocol step no outside action can hit, so they are the runtime's word at every
//      level. An exec: runtime acts its faults out itself (wire protocol 1) and can show core only.
//      Results that carry no fault records (the reference's own backends, whose faults the kit's
//      harness does) have nothing self-reported.
//   What lies outside L does not count for or against L: a Sessions scenario that failed keeps a
//   runtime from `full`, not from `objects`.
//   The level met is the highest level met, or none; a requested level R is met when the level met
//   is R or above it (a run that shows `full` has shown `objects`).

/** The least a scenario result must carry to be judged. */
export interface JudgedScenario {
  uri: string;
  line: number;
  tags: readonly string[];
  status: 'passed' | 'failed' | 'not-applicable';
  /** How each fault of the scenario was done (src/driver/fault-record.ts); absent: none recorded. */
  faults?: readonly { kind: string; how: string }[];
}

export interface LevelJudgement {
  level: LevelName;
  met: boolean;
  /** Why not, most telling first; empty when met. */
  reasons: string[];
}

/** Whether the results meet this one level on its own terms (conditions 1 to 3 above). */
export function judgeLevel(level: Level, results: readonly JudgedScenario[], description: Pick<Description, 'capabilities' | 'failpoints'>): LevelJudgement {
  const reasons: string[] = [];
  const lacks = lacksForLevel(level, description);
  if (lacks.length > 0) reasons.push(`the implementation does not report ${lacks.join(', ')}`);
  // In the features' order, not the order the scenarios finished in: the reasons must come out the
  // same when certify or verify judge a report again from its requirements.
  const inside = results.filter((r) => withinLevel(level, needsOfTags(r.tags))).sort(byPlace);
  // Failures first: they are the most telling reason.
  const notPassed = [...inside.filter((r) => r.status === 'failed'), ...inside.filter((r) => r.status === 'not-applicable')];
  for (const r of notPassed.slice(0, 3)) reasons.push(`${r.uri}:${r.line} ${r.status}`);
  if (notPassed.length > 3) reasons.push(`and ${notPassed.length - 3} more scenarios inside ${level.name} that did not pass`);
  const unshown = levelIds(level).filter((id) => !inside.some((r) => r.tags.includes(`@${id}`)));
  if (unshown.length > 0) reasons.push(`no scenario inside ${level.name} ran for ${unshown.join(', ')}`);
  if (rank(level.name) > rank('core')) {
    const selfReported = inside.filter((r) => r.status === 'passed' && selfReportedFaults(r).length > 0);
    if (selfReported.length > 0) {
      const first = selfReported[0];
      const kinds = [...new Set(selfReported.flatMap(selfReportedFaults))].join(', ');
      reasons.push(
        `${selfReported.length} scenario${selfReported.length === 1 ? '' : 's'} inside ${level.name} had faults only the runtime reported (${kinds}; first ${first.uri}:${first.line}): ` +
          `above core the kit must do them from outside, as it does for a node program (docs/node-program.md)`,
      );
    }
  }
  return { level: level.name, met: reasons.length === 0, reasons };
}

function byPlace(a: JudgedScenario, b: JudgedScenario): number {
  if (a.uri !== b.uri) return a.uri < b.uri ? -1 : 1;
  return a.line - b.line;
}

/** The kinds of the scenario's faults that only the runtime reported, failpoints excepted (condition 5). */
function selfReportedFaults(r: JudgedScenario): string[] {
  return (r.faults ?? []).filter((f) => f.how === 'self-reported' && f.kind !== 'failpoint').map((f) => f.kind);
}

/** The highest level the results meet (condition 4: every level below it too), or null. */
export function levelMet(results: readonly JudgedScenario[], description: Pick<Description, 'capabilities' | 'failpoints'>): LevelName | null {
  let met: LevelName | null = null;
  for (const level of LEVELS) {
    if (!judgeLevel(level, results, description).met) break;
    met = level.name;
  }
  return met;
}

/** Whether a run that met `met` meets the requested level. */
export function meets(met: LevelName | null, requested: LevelName): boolean {
  return met !== null && rank(met) >= rank(requested);
}

/**
 * One line on the requested level, the same wherever a level is printed: `level objects: met
 * objects`, `level objects: met objects (the run shows full)`, `level full: not met (met core):
 * <first reason>`, or, for a selection that cannot show a level, `level full: not judged (...)`.
 */
export function levelLine(input: {
  requested: LevelName;
  met: LevelName | null;
  /** Why the requested level was not met (judgeLevel's reasons for the first level not met). */
  reasons?: readonly string[];
  /** Set when the selection was not the whole suite (a --tags run, one shard): it shows no level. */
  partialSelection?: string;
}): string {
  const { requested, met } = input;
  if (input.partialSelection) return `level ${requested}: not judged (${input.partialSelection})`;
  if (meets(met, requested)) return `level ${requested}: met ${requested}${met !== requested ? ` (the run shows ${met})` : ''}`;
  const why = input.reasons && input.reasons.length > 0 ? `: ${input.reasons[0]}` : '';
  return `level ${requested}: not met (${met === null ? 'no level met' : `met ${met}`})${why}`;
}

/** judgeLevel's reasons for the lowest level not met on the way to `requested` (empty when met). */
export function whyNotMet(requested: LevelName, results: readonly JudgedScenario[], description: Pick<Description, 'capabilities' | 'failpoints'>): string[] {
  for (const level of LEVELS) {
    const j = judgeLevel(level, results, description);
    if (!j.met) return j.reasons;
    if (level.name === requested) return [];
  }
  return [];
}
