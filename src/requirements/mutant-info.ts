// What the kit's pages say of a mutant (a bug of a runtime, one rule broken): the site and `trace`
// are given the list by the command that runs them, so that the kit below the CLI needs no
// particular runtime's mutants (docs/architecture.md).

export interface MutantDescription {
  name: string;
  /** Clause IDs (src/requirements/clauses.ts) whose rule the mutant breaks. */
  breaks: string[];
  what: string;
  /**
   * The reference's rules this mutant implements otherwise (a seam mutant: impl-reference/
   * mutants/seams.ts); absent for a mutant that is still a `broken(<name>)` switch.
   */
  seams?: string[];
  /** Set when the bug needs nodes in one address space. */
  oneAddressSpace?: string;
}
