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
