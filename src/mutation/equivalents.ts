// Survivors of mutation testing shown equivalent: the mutant cannot behave differently from the
// reference, and here is why. Each entry names the exact place (file, line), the mutator, the code
// it replaces and its replacement; test/mutation.test.ts fails when an entry stops matching the
// code (the line no longer holds `original`), so an "equivalent" note cannot outlive the code it
// was written about. A mutant matching an entry is counted apart, never as killed.

export interface Equivalent {
  /** impl-reference/... */
  file: string;
  /** 1-based line the mutant starts on. */
  line: number;
  /** Stryker's mutator name, e.g. ConditionalExpression. */
  mutator: string;
  /** The code the mutant replaces, as it stands on that line (a substring of it). */
  original: string;
  /** Stryker's replacement text. */
  replacement: string;
  /** Why no run can tell the two apart. */
  why: string;
}

export const EQUIVALENTS: Equivalent[] = [];
