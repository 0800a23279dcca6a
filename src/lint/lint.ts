// Feature lint: keeps the requirement tags on scenarios honest, so that a coverage report built
// from them means something. It works on the Gherkin AST (not on pickles) because the rules are
// about where a tag was written: on a Feature, a Rule, a Scenario or an Examples table.

import { AstBuilder, Errors, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import type { Examples, Feature, GherkinDocument, Rule, Scenario, Tag } from '@cucumber/messages';
import {
  KNOWN_CAPABILITY_TAGS,
  REQUIREMENTS,
  REQUIREMENT_TAG,
  requiredIds as defaultRequiredIds,
  requirementById,
} from '../requirements/registry.ts';
import { FAILPOINT_TAG_PREFIX, LEVELS, levelIds, needsOfTags, withinLevel } from '../requirements/levels.ts';
import { FAILPOINT_NAMES } from '../driver/failpoints.ts';
import { LONG_TAG } from '../run/long-first.ts';

export interface FeatureFile {
  uri: string;
  text: string;
}

export interface Problem {
  uri: string;
  /** 1-based; 0 for problems that belong to no line (missing coverage). */
  line: number;
  message: string;
}

export interface LintOptions {
  /** IDs that must have at least one scenario. Default: the registry's required ones. */
  requiredIds?: string[];
}

/** The uri used for problems about the requirement list itself rather than a file. */
export const REQUIREMENTS_URI = 'requirements';

const CAPABILITY_TAGS = new Set<string>(KNOWN_CAPABILITY_TAGS.map((c) => `@${c}`));

export function lintFeatures(files: FeatureFile[], opts: LintOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const covered = new Set<string>();

  for (const file of files) {
    const parsed = parse(file);
    if ('errors' in parsed) {
      problems.push(...parsed.errors);
      continue;
    }
    const own: Problem[] = [];
    const report = (line: number, message: string) => own.push({ uri: file.uri, line, message });
    const feature = parsed.doc.feature;
    if (feature) {
      for (const { container, scenario } of walk(feature)) {
        if (scenario) lintScenario(scenario, report, covered);
        else checkTags(container.tags, report, container.keyword);
      }
    }
    // A tag line can raise several problems in one pass; sort so the output reads in file order.
    own.sort((a, b) => a.line - b.line);
    problems.push(...own);
  }

  for (const id of opts.requiredIds ?? defaultRequiredIds()) {
    if (!covered.has(id)) {
      problems.push({ uri: REQUIREMENTS_URI, line: 0, message: `required ID ${id} has no scenario` });
    }
  }
  problems.push(...unreachableLevels(files, covered));
  return problems;
}

/**
 * A level is met only when each of its IDs passed on a scenario inside the level
 * (src/requirements/levels.ts). An ID of a level whose every scenario needs something outside it
 * makes that level unreachable for any runtime: a problem of the suite, found here rather than by
 * a runtime author whose run can never say `met`.
 */
function unreachableLevels(files: FeatureFile[], covered: Set<string>): Problem[] {
  const needsById = new Map<string, string[][]>();
  for (const file of files) {
    const parsed = parse(file);
    if ('errors' in parsed || !parsed.doc.feature) continue;
    for (const { scenario } of walk(parsed.doc.feature)) {
      if (!scenario) continue;
      const tables = scenario.examples.length === 0 ? [[] as readonly Tag[]] : scenario.examples.filter((t) => t.tableBody.length > 0).map((t) => t.tags);
      for (const extra of tables) {
        const tags = [...scenario.tags, ...extra].map((t) => t.name);
        for (const id of requirementIds([...scenario.tags, ...extra])) needsById.set(id, [...(needsById.get(id) ?? []), needsOfTags(tags)]);
      }
    }
  }
  const out: Problem[] = [];
  for (const level of LEVELS) {
    for (const id of levelIds(level)) {
      const all = needsById.get(id) ?? [];
      if (!covered.has(id) || all.some((needs) => withinLevel(level, needs))) continue;
      const outside = [...new Set(all.flat().filter((n) => !withinLevel(level, [n])))];
      out.push({ uri: REQUIREMENTS_URI, line: 0, message: `${id} belongs to level ${level.name}, but every scenario of it needs ${outside.join(', ')}, outside ${level.name}: no runtime could meet ${level.name}` });
    }
  }
  return out;
}

/**
 * Scenarios per requirement ID, for every ID in the registry (0 when uncovered), in registry
 * order. Counts what cucumber runs: each Examples row is one scenario (one pickle), a plain
 * Scenario is one. Only tags the linter accepts count (scenario, outline and table tags, not
 * Feature or Rule tags). Files that do not parse contribute nothing.
 */
export function coverage(files: FeatureFile[]): Map<string, number> {
  const counts = new Map<string, number>(REQUIREMENTS.map((r) => [r.id, 0]));
  const bump = (tags: readonly Tag[], n: number) => {
    for (const id of requirementIds(tags)) {
      if (counts.has(id)) counts.set(id, counts.get(id)! + n);
    }
  };
  for (const file of files) {
    const parsed = parse(file);
    if ('errors' in parsed || !parsed.doc.feature) continue;
    for (const { scenario } of walk(parsed.doc.feature)) {
      if (!scenario) continue;
      if (scenario.examples.length === 0) {
        bump(scenario.tags, 1);
        continue;
      }
      for (const table of scenario.examples) {
        // A tag on both the outline and the table must not count the rows twice.
        bump(dedupe([...scenario.tags, ...table.tags]), table.tableBody.length);
      }
    }
  }
  return counts;
}

// --- parsing ---------------------------------------------------------------------------------

function parse(file: FeatureFile): { doc: GherkinDocument } | { errors: Problem[] } {
  const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
  try {
    return { doc: parser.parse(file.text) };
  } catch (err) {
    // Anything that is not a Gherkin error is a bug in the linter: let it surface.
    if (!(err instanceof Errors.GherkinException)) throw err;
    // The parser collects several errors into one CompositeParserException.
    const errors = err.errors?.length ? err.errors : [err];
    return {
      errors: errors.map((e) => ({
        uri: file.uri,
        line: (e as Errors.GherkinException).location?.line ?? 0,
        // Messages start with "(line:col): "; the line is already in the problem.
        message: `parse error: ${e.message.replace(/^\(\d+:\d+\): /, '').split('\n')[0]}`,
      })),
    };
  }
}

/** Each container (Feature, Rule) once on its own, then each scenario with its container. */
function* walk(feature: Feature): Generator<{ container: Feature | Rule; scenario?: Scenario }> {
  yield { container: feature };
  for (const child of feature.children) {
    if (child.scenario) yield { container: feature, scenario: child.scenario };
    if (child.rule) {
      yield { container: child.rule };
      for (const ruleChild of child.rule.children) {
        if (ruleChild.scenario) yield { container: child.rule, scenario: ruleChild.scenario };
      }
    }
  }
}

// --- rules -----------------------------------------------------------------------------------

type Report = (line: number, message: string) => void;

/**
 * Tags on a Feature or Rule. Gherkin would pass them down to every scenario, which would make a
 * whole file "cover" an ID without saying which scenario checks it, so they are refused and do
 * not count as coverage. Capability tags are fine there.
 */
function checkTags(tags: readonly Tag[], report: Report, keyword: string): void {
  for (const tag of tags) {
    if (!checkTag(tag, report)) continue;
    report(tag.location.line, `${tag.name} is on a ${keyword}: tag scenarios or their Examples tables, not Features or Rules`);
  }
}

/**
 * Rules (a) and (d) for one tag. Returns true when it is a valid requirement tag, so callers can
 * apply their placement rules to it.
 */
function checkTag(tag: Tag, report: Report): boolean {
  if (REQUIREMENT_TAG.test(tag.name)) {
    if (requirementById(tag.name.slice(1))) return true;
    report(tag.location.line, `${tag.name} is not a requirement ID in the registry`);
    return false;
  }
  if (tag.name.startsWith(`@${FAILPOINT_TAG_PREFIX}`)) {
    const name = tag.name.slice(1 + FAILPOINT_TAG_PREFIX.length);
    if (!FAILPOINT_NAMES.includes(name)) report(tag.location.line, `${tag.name} names no published failpoint (src/driver/failpoints.ts)`);
    return false;
  }
  if (tag.name === LONG_TAG) return false;
  if (!CAPABILITY_TAGS.has(tag.name)) {
    report(tag.location.line, `unknown tag ${tag.name} (not a requirement ID, capability or @failpoint:<name> tag)`);
  }
  return false;
}

/** Rule (c): the scenario, or for an outline each Examples table, carries a requirement ID. */
function lintScenario(scenario: Scenario, report: Report, covered: Set<string>): void {
  const ownIds = validIds(scenario.tags, report);
  const name = `${scenario.keyword} "${scenario.name}"`;

  if (scenario.examples.length === 0) {
    if (ownIds.length === 0) report(scenario.location.line, `${name} has no requirement tag`);
    ownIds.forEach((id) => covered.add(id));
    return;
  }
  for (const table of scenario.examples) {
    const ids = [...ownIds, ...validIds(table.tags, report)];
    if (ids.length === 0) {
      report(table.location.line, `${tableName(table)} of ${name} has no requirement tag (tag the table or the outline)`);
    }
    // A table without rows runs nothing, so it covers nothing (as in coverage()).
    if (table.tableBody.length > 0) ids.forEach((id) => covered.add(id));
  }
}

function tableName(table: Examples): string {
  return table.name ? `${table.keyword} "${table.name}"` : `${table.keyword} table`;
}

/** Checks each tag and returns the bare IDs of the valid requirement tags among them. */
function validIds(tags: readonly Tag[], report: Report): string[] {
  return tags.filter((t) => checkTag(t, report)).map((t) => t.name.slice(1));
}

/** Bare IDs of the registry requirement tags in `tags`, without reporting anything. */
function requirementIds(tags: readonly Tag[]): string[] {
  return tags
    .filter((t) => REQUIREMENT_TAG.test(t.name) && requirementById(t.name.slice(1)))
    .map((t) => t.name.slice(1));
}

function dedupe(tags: Tag[]): Tag[] {
  return [...new Map(tags.map((t) => [t.name, t])).values()];
}
