// The node descriptor list, read from the Location Store. The node keeps the last list it read
// in full; when the Store cannot be read (StoreFailureGrace) it goes on with that list: the
// connection intents stay, and no target outside it is connected (R-STO-2).

import type { Rid } from '../../src/driver/types.ts';
import { REFERENCE_LIST, type ListRules } from './list-rules.ts';
import type { NodeStore } from '../store/node-store.ts';
import { NODE_PREFIX, type NodeDescriptor } from './records.ts';

export interface ListChange {
  added: NodeDescriptor[];
  removed: Rid[];
}

export class DescriptorList {
  private last = new Map<Rid, NodeDescriptor>();
  /** false while the Store cannot be read. */
  fresh = true;

  constructor(
    private readonly store: NodeStore,
    /** What a read of the list makes of it (list-rules.ts; the node gives its mesh rules). */
    private readonly rules: ListRules = REFERENCE_LIST,
  ) {}

  lookup(rid: Rid): NodeDescriptor | undefined {
    const d = this.last.get(rid);
    return d && { ...d };
  }

  inMesh(mesh: string): NodeDescriptor[] {
    return [...this.last.values()].filter((d) => d.mesh === mesh).map((d) => ({ ...d }));
  }

  /** Read the full list; on success it replaces the last one and the difference is returned. */
  async refresh(): Promise<ListChange> {
    const entries = await this.store.list<NodeDescriptor>(NODE_PREFIX);
    const next = new Map(entries.map((e) => [e.value.rid, e.value]));
    const added = [...next.values()].filter((d) => !this.last.has(d.rid));
    const removed = [...this.last.keys()].filter((rid) => !next.has(rid));
    // R-CH-2: the list read in full is the mesh; a node it no longer has does not exist here.
    this.last = this.rules.listAfterRead(this.last, next);
    this.fresh = true;
    return { added, removed };
  }

  /** Mutant only (grace-connects-new-target): take a descriptor from elsewhere than a full read of the Store. */
  learn(d: NodeDescriptor): void {
    this.last.set(d.rid, { ...d });
  }

  /** Mutant only (grace-forgets-descriptors): drop the last list as if nothing had been read. */
  forget(): void {
    this.last.clear();
  }
}
