// The Relocation Store's records (spec 5): what the Driver shows of a relocation, plus the write ID
// every authority change carries. A module of its own so that Work (which carries a record to the
// target) and the mutant layer can name it without importing the relocation roles.

import type { RelocationView } from '../../src/driver/types.ts';

export interface RelocationRecord extends RelocationView {
  writeId: string;
  /**
   * When the source started it (its clock). Each relocation has a record of its own, whose Store
   * version counts only its own stage changes: which relocation of an object is the latest is told
   * by this, not by the version. Absent on records written before it existed.
   */
  startedAt?: number;
}

/**
 * Every relocation has a key of its own, under its object's: the relocations of one object are one
 * prefix (relocationsOf), so reading an object's latest relocation does not read every object's.
 */
export const relocationKey = (rel: { id: string; objectId: string }) => `${relocationsOf(rel.objectId)}${rel.id}`;
export const relocationsOf = (objectId: string) => `${RELOCATION_PREFIX}${encodeURIComponent(objectId)}/`;
export const RELOCATION_PREFIX = 'rel/';
