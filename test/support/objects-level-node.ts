// A node program that implements exactly the objects level: channels, node direct, liveness,
// reconnect, Actors and Spots through the Location Store, Instance Spots and Store faults, with the
// failpoints of core and objects, and NO relocation and NO Sessions: it reports neither, and refuses
// every call that would need them (a relocate or Session operation, a Session view, a failpoint of
// the full level), as a runtime without them would. Made from the reference's node program
// (impl-reference/node/program-node.ts), so every crash, hang, restart and link or Store fault is
// done by the kit from outside. For test/objects-level.test.ts: such a runtime must be certified
// `objects`. SPOTCHECK_SERVE_MUTANT=<name> breaks one rule in it.
//   --impl "node:node --import tsx test/support/objects-level-node.ts"

import { ProgramError, ProgramNode } from '../../impl-reference/node/program-node.ts';
import { serveNodeProgram } from '../../impl-reference/node/program-stdio.ts';
import type { Description, Fault, OperationSpec } from '../../src/driver/types.ts';
import { levelFailpoints, levelNamed } from '../../src/requirements/levels.ts';

const OBJECTS = levelNamed('objects')!;
const OBJECT_KINDS = new Set(['channel-request', 'node-direct', 'create', 'close', 'join', 'object-message']);

function refuse(what: string): never {
  throw new ProgramError(`not implemented: ${what} (this runtime has no relocation and no Sessions)`);
}

class ObjectsOnlyNode extends ProgramNode {
  override describe(): Description {
    const all = super.describe();
    const failpoints = levelFailpoints(OBJECTS);
    return { ...all, name: 'objects-level-node', capabilities: [...OBJECTS.capabilities], failpoints: all.failpoints.filter((f) => failpoints.includes(f)) };
  }

  override submit(op: OperationSpec): Promise<{ opId: string }> {
    return OBJECT_KINDS.has(op?.kind) ? super.submit(op) : refuse(`operation ${String(op?.kind)}`);
  }

  override fault(fault: Fault): Promise<{ at: number }> {
    if (fault?.kind === 'failpoint' && !levelFailpoints(OBJECTS).includes(fault.name)) refuse(`failpoint ${fault.name}`);
    return super.fault(fault);
  }

  override sessionOwners(): Promise<unknown> {
    return refuse('Sessions');
  }

  override holdsSessions(): Promise<unknown> {
    return refuse('Sessions');
  }
}

serveNodeProgram((notify) => new ObjectsOnlyNode(notify, { mutant: process.env.SPOTCHECK_SERVE_MUTANT || undefined }));
