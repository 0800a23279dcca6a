// Clause lint: keeps the clause table honest (the clause files beside the features,
// features/**/*.clauses.ts, loaded by src/requirements/clauses.ts). Every requirement ID is split
// into clauses that quote the spec verbatim (checked against the spec text, line by line) and name
// the Then-steps that check them (checked against the Gherkin AST of the features: the scenario
// exists, the step is in it and is an assertion, the scenario carries the ID as a tag).

import { AstBuilder, Errors, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator, StepKeywordType } from '@cucumber/messages';
import type { Feature, GherkinDocument, Scenario, Step } from '@cucumber/messages';
import type { Clause, ClauseCheck } from '../requirements/clauses.ts';
import type { FeatureFile, Problem } from './lint.ts';

/** The uri of problems about the clause table itself (IDs, missing checks). */
export const CLAUSES_URI = 'clauses';
/** The uri of problems about a clause's spec words or lines. */
export const SPEC_URI = 'spec';

export function lintClauses(files: FeatureFile[], specText: string, clauses: Record<string, Clause[]>, ids: string[]): Problem[] {
  const problems: Problem[] = [];
  const report = (uri: string, line: number, message: string) => problems.push({ uri, line, message });
  const features = indexFeatures(files);
  const specLines = specText.split(/\r?\n/);
  const known = new Set(ids);
  const seen = new Set<string>();

  for (const id of Object.keys(clauses)) {
    if (!known.has(id)) report(CLAUSES_URI, 0, `clauses are listed under ${id}, which is not a requirement ID`);
  }

  for (const id of ids) {
    const list = clauses[id] ?? [];
    if (list.length === 0) {
      report(CLAUSES_URI, 0, `requirement ${id} has no clauses`);
      continue;
    }
    for (const clause of list) {
      const name = clause.id;
      const m = /^(.+)\.([1-9]\d*)$/.exec(clause.id);
      if (!m || m[1] !== id) report(CLAUSES_URI, 0, `clause ${name} under ${id} is not named ${id}.<n> (n from 1)`);
      if (seen.has(clause.id)) report(CLAUSES_URI, 0, `clause ${name} is listed twice`);
      seen.add(clause.id);
      if (!clause.says?.trim() || clause.says.includes('\n')) report(CLAUSES_URI, 0, `clause ${name}: says must be one non-empty line`);
      lintWords(clause, specLines, report);
      if (clause.checks.length === 0 && !clause.pending) report(CLAUSES_URI, 0, `clause ${name} has no check`);
      if (clause.checks.length > 0 && clause.pending) report(CLAUSES_URI, 0, `clause ${name} has checks and is still marked pending`);
      const checkKeys = new Set<string>();
      for (const check of clause.checks) {
        const key = `${check.feature}\u0000${check.scenario}\u0000${check.step}`;
        if (checkKeys.has(key)) report(featureUri(check.feature), 0, `clause ${name}: check "${check.step}" of "${check.scenario}" is listed twice`);
        checkKeys.add(key);
        lintCheck(id, name, check, features, report);
      }
    }
  }
  return problems;
}

/** Clauses in all, and how many of them have at least one check. */
export function clauseCoverage(clauses: Record<string, Clause[]>): { total: number; checked: number; pending: string[] } {
  const all = Object.values(clauses).flat();
  return { total: all.length, checked: all.filter((c) => c.checks.length > 0).length, pending: all.filter((c) => c.checks.length === 0).map((c) => c.id) };
}

// --- spec words --------------------------------------------------------------------------------

type Report = (uri: string, line: number, message: string) => void;

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The words must appear in the text of the clause's lines (joined by a space, whitespace
 * normalised), and every listed line must hold some of them. A table row is one line of the spec
 * file whose cells are separated by a single space, so cells quoted as "cell | cell" match either
 * with the ' | ' read as that space, or (for a row quoted in part) as segments found in order on the
 * row, the first segment starting the line.
 */
function lintWords(clause: Clause, specLines: string[], report: Report): void {
  const name = clause.id;
  const lines = clause.lines ?? [];
  const first = lines[0] ?? 0;
  if (lines.length === 0) {
    report(SPEC_URI, 0, `clause ${name} names no spec lines`);
    return;
  }
  const bad = lines.filter((n) => !Number.isInteger(n) || n < 1 || n > specLines.length);
  if (bad.length > 0) {
    report(SPEC_URI, first, `clause ${name}: line(s) ${bad.join(', ')} out of range (the spec has ${specLines.length} lines)`);
    return;
  }
  if (lines.some((n, i) => i > 0 && n <= lines[i - 1])) {
    report(SPEC_URI, first, `clause ${name}: lines must be ascending and distinct (${lines.join(', ')})`);
    return;
  }
  const words = norm(clause.words ?? '');
  if (!words) {
    report(SPEC_URI, first, `clause ${name} quotes no words`);
    return;
  }

  // Join the lines, remembering where each one sits in the joined text.
  let text = '';
  const spans: { line: number; start: number; end: number }[] = [];
  for (const n of lines) {
    const t = norm(specLines[n - 1]);
    if (text) text += ' ';
    spans.push({ line: n, start: text.length, end: text.length + t.length });
    text += t;
  }

  const found = locate(words, text, spans);
  if (!found) {
    report(SPEC_URI, first, `clause ${name}: its words are not on line(s) ${lines.join(', ')} of the spec: "${excerpt(words)}"`);
    return;
  }
  for (const s of spans) {
    if (!found.some(([a, b]) => a < s.end && b > s.start)) {
      report(SPEC_URI, s.line, `clause ${name}: line ${s.line} holds none of its words`);
    }
  }
}

/** Matched character ranges of `words` in `text`, or undefined. */
function locate(words: string, text: string, spans: { start: number }[]): [number, number][] | undefined {
  const whole = text.indexOf(words);
  if (whole >= 0) return [[whole, whole + words.length]];
  if (!words.includes(' | ')) return undefined;
  const joined = words.split(' | ').join(' ');
  const asRow = text.indexOf(joined);
  if (asRow >= 0) return [[asRow, asRow + joined.length]];
  // A row quoted in part: its first cell at the start of a line, then the other parts in order.
  const parts = words.split(' | ').map((p) => p.trim()).filter(Boolean);
  for (const { start } of spans) {
    if (!text.startsWith(parts[0], start)) continue;
    const ranges: [number, number][] = [[start, start + parts[0].length]];
    let at = start + parts[0].length;
    for (const p of parts.slice(1)) {
      const i = text.indexOf(p, at);
      if (i < 0) break;
      ranges.push([i, i + p.length]);
      at = i + p.length;
    }
    if (ranges.length === parts.length) return ranges;
  }
  return undefined;
}

function excerpt(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

// --- checks against the features --------------------------------------------------------------

interface ParsedFeature {
  uri: string;
  doc?: GherkinDocument;
  error?: string;
}

/** Feature path relative to features/, e.g. "channel-and-connection/select-one.feature". */
function featureKey(uri: string): string {
  const u = uri.replace(/\\/g, '/').replace(/^\.\//, '');
  const m = /(?:^|\/)features\/(.*)$/.exec(u);
  return m ? m[1] : u;
}

function featureUri(feature: string): string {
  return `features/${feature}`;
}

function indexFeatures(files: FeatureFile[]): Map<string, ParsedFeature> {
  const out = new Map<string, ParsedFeature>();
  for (const file of files) {
    const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
    try {
      out.set(featureKey(file.uri), { uri: file.uri, doc: parser.parse(file.text) });
    } catch (err) {
      if (!(err instanceof Errors.GherkinException)) throw err;
      out.set(featureKey(file.uri), { uri: file.uri, error: err.message.split('\n')[0] });
    }
  }
  return out;
}

function scenariosOf(feature: Feature): Scenario[] {
  const out: Scenario[] = [];
  for (const child of feature.children) {
    if (child.scenario) out.push(child.scenario);
    for (const ruleChild of child.rule?.children ?? []) if (ruleChild.scenario) out.push(ruleChild.scenario);
  }
  return out;
}

/**
 * Each step with the keyword type it really has: an And/But (or *) takes the type of the step
 * before it, so "And x" after a When is a When.
 */
function typedSteps(steps: readonly Step[]): { step: Step; type: StepKeywordType | undefined }[] {
  let last: StepKeywordType | undefined;
  return steps.map((step) => {
    const own = step.keywordType;
    if (own === StepKeywordType.CONTEXT || own === StepKeywordType.ACTION || own === StepKeywordType.OUTCOME) last = own;
    return { step, type: last };
  });
}

function hasTag(scenario: Scenario, id: string): boolean {
  const tag = `@${id}`;
  return scenario.tags.some((t) => t.name === tag) || scenario.examples.some((e) => e.tags.some((t) => t.name === tag));
}

function lintCheck(id: string, name: string, check: ClauseCheck, features: Map<string, ParsedFeature>, report: Report): void {
  const parsed = features.get(check.feature);
  if (!parsed) {
    report(featureUri(check.feature), 0, `clause ${name}: check names feature ${check.feature}, which does not exist`);
    return;
  }
  if (parsed.error || !parsed.doc?.feature) {
    report(parsed.uri, 0, `clause ${name}: feature ${check.feature} does not parse${parsed.error ? ` (${parsed.error})` : ''}`);
    return;
  }
  const candidates = scenariosOf(parsed.doc.feature).filter((s) => s.name === check.scenario);
  if (candidates.length === 0) {
    report(parsed.uri, 0, `clause ${name}: no scenario "${check.scenario}" in ${check.feature}`);
    return;
  }
  // Among scenarios of that name (normally one), the one holding the step.
  const withStep = candidates.find((s) => s.steps.some((st) => st.text === check.step)) ?? candidates[0];
  const line = withStep.location.line;
  const matching = typedSteps(withStep.steps).filter(({ step }) => step.text === check.step);
  if (matching.length === 0) {
    report(parsed.uri, line, `clause ${name}: step "${check.step}" is not in scenario "${check.scenario}"`);
  } else if (!matching.some(({ type }) => type === StepKeywordType.OUTCOME)) {
    const st = matching[0].step;
    report(parsed.uri, st.location.line, `clause ${name}: step "${check.step}" is a ${st.keyword.trim()} that is not part of a Then: only a Then (or an And/But after one) asserts`);
  }
  if (!hasTag(withStep, id)) {
    report(parsed.uri, line, `clause ${name}: scenario "${check.scenario}" does not carry @${id} (on the scenario, or on an Examples table of the outline)`);
  }
}
