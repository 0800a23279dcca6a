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
  /**
   * The `###` headings of docs/assumptions.md (parseAssumptions; src/lint/cli.ts reads the file).
   * `@assumption:<slug>` must name one of them. Default: none, so every such tag is a problem.
   * A heading that lists its scenarios must list exactly the scenarios and Examples tables that
   * carry its tag.
   */
  assumptions?: readonly AssumptionHeading[];
}

/** The uri used for problems about the requirement list itself rather than a file. */
export const REQUIREMENTS_URI = 'requirements';

/** The uri used for problems about the scenario lists of docs/assumptions.md. */
export const ASSUMPTIONS_URI = 'docs/assumptions.md';

/**
 * `@assumption:<slug>` marks a scenario (or an Examples table) whose verdict rests on something the
 * spec chapter does not say: the kit's answer, written in docs/assumptions.md under the `###`
 * heading whose GitHub anchor is <slug>. It names no need: it never makes a scenario
 * not-applicable and counts for no level (needsOfTags reads capabilities and failpoints only).
 */
export const ASSUMPTION_TAG_PREFIX = 'assumption:';

/** What the lint needs of a `###` heading of docs/assumptions.md. */
export interface AssumptionHeading {
  /** GitHub's anchor for the heading (headingSlug): what `@assumption:<slug>` names. */
  slug: string;
  heading: string;
  /**
   * The heading's list of the scenarios resting on it: each place a `<path>.feature:<line>` whose
   * path ends the scenario's uri (a file name is enough), the line the scenario's (or the Examples
   * table's) keyword; `line` is where the list starts in docs/assumptions.md. None: not checked.
   */
  scenarios?: { line: number; places: string[] };
}

/** One `###` heading of docs/assumptions.md with its own text. */
export interface Assumption extends AssumptionHeading {
  /** The heading's own paragraphs (Markdown, joined lines), without its scenario list. */
  paragraphs: string[];
}

/**
 * GitHub's anchor for a Markdown heading: lower case, punctuation other than `-` and `_` dropped,
 * each space a `-` ("Select-one tries the heaviest server first" is
 * `select-one-tries-the-heaviest-server-first`).
 */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A paragraph under a heading that starts "Scenarios ...:" is the heading's scenario list, not its text. */
const SCENARIO_LIST = /^Scenarios\b[^:]*:/;
const PLACE = /`([\w./-]+\.feature):(\d+)`/g;

/**
 * The `###` headings of docs/assumptions.md, in order: each with its slug, its own paragraphs and
 * (when it has one) its scenario list, a paragraph starting "Scenarios ...:" that names each scenario
 * as `<file>.feature:<line>` in backquotes.
 */
export function parseAssumptions(markdown: string): Assumption[] {
  const out: Assumption[] = [];
  const lines = markdown.split(/\r?\n/);
  let current: Assumption | undefined;
  let para: { line: number; text: string[] } | undefined;
  const endParagraph = () => {
    if (!current || !para) return;
    const text = para.text.join(' ');
    if (SCENARIO_LIST.test(text)) current.scenarios = { line: para.line, places: [...text.matchAll(PLACE)].map((m) => `${m[1]}:${m[2]}`) };
    else current.paragraphs.push(text);
    para = undefined;
  };
  let fenced = false;
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      endParagraph();
      current = heading[1] === '###' ? { slug: headingSlug(heading[2]), heading: heading[2], paragraphs: [] } : undefined;
      if (current) out.push(current);
      return;
    }
    if (line.trim() === '') return endParagraph();
    if (current) (para ??= { line: i + 1, text: [] }).text.push(line.trim());
  });
  endParagraph();
  return out;
}

const CAPABILITY_TAGS = new Set<string>(KNOWN_CAPABILITY_TAGS.map((c) => `@${c}`));

export function lintFeatures(files: FeatureFile[], opts: LintOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const covered = new Set<string>();
  const slugs = new Set((opts.assumptions ?? []).map((a) => a.slug));
  /** Per assumption slug, the places (`uri:line`) of the scenarios and Examples tables carrying its tag. */
  const resting = new Map<string, string[]>();

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
        if (scenario) {
          lintScenario(scenario, report, covered, slugs);
          for (const { slug, line } of assumptionPlaces(scenario)) resting.set(slug, [...(resting.get(slug) ?? []), `${file.uri}:${line}`]);
        } else checkTags(container.tags, report, container.keyword, slugs);
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
  problems.push(...assumptionLists(opts.assumptions ?? [], resting));
  return problems;
}

/** Where a scenario carries `@assumption:` tags: on itself (its line), or else on Examples tables (theirs). */
function assumptionPlaces(scenario: Scenario): Array<{ slug: string; line: number }> {
  const slugsOf = (tags: readonly Tag[]) => tags.filter((t) => t.name.startsWith(`@${ASSUMPTION_TAG_PREFIX}`)).map((t) => t.name.slice(1 + ASSUMPTION_TAG_PREFIX.length));
  const own = slugsOf(scenario.tags);
  return [
    ...own.map((slug) => ({ slug, line: scenario.location.line })),
    ...scenario.examples.flatMap((t) => slugsOf(t.tags).filter((slug) => !own.includes(slug)).map((slug) => ({ slug, line: t.location.line }))),
  ];
}

/**
 * docs/assumptions.md names, under each heading, the scenarios resting on it; the tags say the
 * same. A list that names a place no tag is on, or a tag the list leaves out, is a problem: the
 * reader of either must be able to trust it.
 */
function assumptionLists(assumptions: readonly AssumptionHeading[], resting: Map<string, string[]>): Problem[] {
  const out: Problem[] = [];
  const matches = (place: string, listed: string) => {
    const [file, line] = [listed.slice(0, listed.lastIndexOf(':')), listed.slice(listed.lastIndexOf(':') + 1)];
    const [uri, at] = [place.slice(0, place.lastIndexOf(':')), place.slice(place.lastIndexOf(':') + 1)];
    return at === line && (uri === file || uri.endsWith(`/${file}`));
  };
  for (const a of assumptions) {
    if (!a.scenarios) continue;
    const tagged = resting.get(a.slug) ?? [];
    const { line, places } = a.scenarios;
    for (const place of tagged) {
      if (places.some((p) => matches(place, p))) continue;
      const at = place.lastIndexOf(':');
      out.push({ uri: place.slice(0, at), line: Number(place.slice(at + 1)), message: `@${ASSUMPTION_TAG_PREFIX}${a.slug} is here, but docs/assumptions.md does not list this place under "${a.heading}"` });
    }
    for (const p of places) {
      if (!tagged.some((place) => matches(place, p))) out.push({ uri: ASSUMPTIONS_URI, line, message: `"${a.heading}" lists ${p}, but no scenario or Examples table there carries @${ASSUMPTION_TAG_PREFIX}${a.slug}` });
    }
  }
  return out;
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
function checkTags(tags: readonly Tag[], report: Report, keyword: string, slugs: ReadonlySet<string>): void {
  for (const tag of tags) {
    // An assumption is the ground of particular verdicts: a whole file or Rule does not rest on one.
    if (!checkTag(tag, report, slugs) && !tag.name.startsWith(`@${ASSUMPTION_TAG_PREFIX}`)) continue;
    report(tag.location.line, `${tag.name} is on a ${keyword}: tag scenarios or their Examples tables, not Features or Rules`);
  }
}

/**
 * Rules (a) and (d) for one tag. Returns true when it is a valid requirement tag, so callers can
 * apply their placement rules to it.
 */
function checkTag(tag: Tag, report: Report, slugs: ReadonlySet<string>): boolean {
  if (tag.name.startsWith(`@${ASSUMPTION_TAG_PREFIX}`)) {
    const slug = tag.name.slice(1 + ASSUMPTION_TAG_PREFIX.length);
    if (!slugs.has(slug)) report(tag.location.line, `${tag.name} names no ### heading of docs/assumptions.md (${slugs.size ? `known: ${[...slugs].join(', ')}` : 'none known'})`);
    return false;
  }
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
    report(tag.location.line, `unknown tag ${tag.name} (not a requirement ID, capability, @failpoint:<name> or @assumption:<slug> tag)`);
  }
  return false;
}

/** Rule (c): the scenario, or for an outline each Examples table, carries a requirement ID. */
function lintScenario(scenario: Scenario, report: Report, covered: Set<string>, slugs: ReadonlySet<string>): void {
  const ownIds = validIds(scenario.tags, report, slugs);
  const name = `${scenario.keyword} "${scenario.name}"`;

  if (scenario.examples.length === 0) {
    if (ownIds.length === 0) report(scenario.location.line, `${name} has no requirement tag`);
    ownIds.forEach((id) => covered.add(id));
    return;
  }
  for (const table of scenario.examples) {
    const ids = [...ownIds, ...validIds(table.tags, report, slugs)];
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
function validIds(tags: readonly Tag[], report: Report, slugs: ReadonlySet<string>): string[] {
  return tags.filter((t) => checkTag(t, report, slugs)).map((t) => t.name.slice(1));
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
