// The shape of a clause, and the `on(...)` helper the clause files beside the features
// (features/**/*.clauses.ts) write their checks with. src/requirements/clauses.ts loads those files
// into the table the kit reads; this module imports nothing so that they can import it.

export interface ClauseCheck {
  /** Feature file path relative to features/, e.g. 'channel-and-connection/select-one.feature'. */
  feature: string;
  /** The Scenario or Scenario Outline name exactly as written in the file (outline names keep their <placeholders>). */
  scenario: string;
  /** The text of a Then/And/But step exactly as written in that scenario (without the keyword; outline steps keep <placeholders>). This step's assertion is what checks the clause. */
  step: string;
}

export interface Clause {
  /** `${requirementId}.${n}`, n from 1, e.g. 'V01.1', 'R-GEN-2.1'. Stable: never renumber. */
  id: string;
  /** 1-based line numbers in the spec file that hold the words. */
  lines: number[];
  /** The spec's own words, verbatim (one sentence, a part of one sentence, or a table row's cells joined by ' | '), exactly as they appear on those lines (whitespace may be normalised). */
  words: string;
  /** What a scenario must observe for this clause, one line, in our words. */
  says: string;
  /** Scenario steps that check it. Empty only when no scenario checks it yet. */
  checks: ClauseCheck[];
  /** Only with no checks: the scenario that would check it (an open item, reported by the lint). */
  pending?: string;
}

/** Checks: the given steps of one scenario. */
export function on(feature: string, scenario: string, ...steps: string[]): ClauseCheck[] {
  return steps.map((step) => ({ feature, scenario, step }));
}
