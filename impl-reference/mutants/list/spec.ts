// The shape of one mutant as a list spells it. The lists are split by area of the runtime so that
// each can grow on its own; index.ts joins them, and the literal names become MutantName.

export interface MutantSpec {
  readonly name: string;
  /** Clause IDs (src/requirements/clauses.ts) whose rule this mutant breaks. */
  readonly breaks: readonly string[];
  /** The bug, as a runtime author could have written it. */
  readonly what: string;
  /**
   * Why the bug can only be written where nodes share one address space (the embedded and redis
   * backends); between processes it has no form, and the process backend reports it so.
   */
  readonly oneAddressSpace?: string;
}
