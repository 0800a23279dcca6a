// Mutants: the reference runtime with exactly one rule broken. The kit proves that each one is
// caught by the scenarios tagged with the IDs it breaks; a mutant that survives is a bug in the kit.
//
// The layer: this module has the names and `broken`, the question the runtime still asks at the
// place where a rule lives in the areas not yet turned into seams ("is this rule broken in this
// run?"); a name is a literal type, so a misspelt one at a decision point does not compile. In the
// areas that are seams, a mutant is another implementation of one named rule instead (seams.ts). Code that exists only to act out a bug lives beside
// it, one module per area of the runtime (channel, connection, objects, relocation, sessions),
// called from that single decision point. The layer imports only leaf modules of the runtime
// (types, records, Operation): what it needs of a runtime class it declares as an interface.
// The kit's own instruments (the Driver's outcome bookkeeping, the Session test client) never ask.
// The lists themselves are in list/, one per area, each naming the clauses its mutants break.

import type { MutantSpec } from './list/spec.ts';
import { CORE_MUTANTS } from './list/core.ts';
import { OBJECT_MUTANTS } from './list/objects.ts';
import { RELOCATION_AND_SESSION_MUTANTS } from './list/relocation-sessions.ts';

const LIST = [...CORE_MUTANTS, ...OBJECT_MUTANTS, ...RELOCATION_AND_SESSION_MUTANTS] as const satisfies readonly MutantSpec[];

export type MutantName = (typeof LIST)[number]['name'];

export interface MutantInfo {
  name: MutantName;
  /** Clause IDs (src/requirements/clauses.ts) whose rule this mutant breaks. */
  breaks: string[];
  what: string;
  /** Set when the bug needs nodes in one address space (see list/spec.ts). */
  oneAddressSpace?: string;
}

export const MUTANTS: readonly MutantInfo[] = LIST.map((m: MutantSpec) => ({
  name: m.name as MutantName,
  breaks: [...m.breaks],
  what: m.what,
  ...(m.oneAddressSpace ? { oneAddressSpace: m.oneAddressSpace } : {}),
}));

export function isMutantName(name: string): name is MutantName {
  return LIST.some((m) => m.name === name);
}

export function mutantNamed(name: string): MutantInfo | undefined {
  return MUTANTS.find((m) => m.name === name);
}
