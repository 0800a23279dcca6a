// What a read of the node descriptor list makes of it (spec 3.3; R-CH-2): the list read in full is
// the mesh. The descriptor list asks this one rule; the node's mesh rules (connection/mesh-rules.ts)
// carry it with the others, and a kit mutant of it is another implementation (mutants/connection.ts).

import type { Rid } from '../../src/driver/types.ts';
import type { NodeDescriptor } from './records.ts';

export interface ListRules {
  /** R-CH-2: the list read in full is the mesh: a node it no longer has does not exist here. */
  listAfterRead(last: Map<Rid, NodeDescriptor>, read: Map<Rid, NodeDescriptor>): Map<Rid, NodeDescriptor>;
}

export const REFERENCE_LIST: ListRules = {
  listAfterRead: (_last, read) => read,
};
