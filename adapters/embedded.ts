// The embedded adapter: the reference runtime (or one of its mutants) in this process.
// The kit reaches implementations only through adapters; step definitions never import
// impl-reference.

import type { Driver } from '../src/driver/types.ts';
import { EmbeddedCluster, DriverInputError } from '../impl-reference/cluster.ts';
import { MUTANTS, mutantNamed, type MutantInfo } from '../impl-reference/mutants.ts';

export { DriverInputError };

export function openEmbedded(options: { mutant?: string } = {}): Driver {
  return new EmbeddedCluster(options);
}

export function referenceMutants(): MutantInfo[] {
  return MUTANTS.map((m) => ({ ...m, breaks: [...m.breaks] }));
}

export function isReferenceMutant(name: string): boolean {
  return mutantNamed(name) !== undefined;
}
