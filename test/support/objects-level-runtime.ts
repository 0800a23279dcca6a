// A runtime that implements exactly the objects level: channels, node direct, liveness, reconnect,
// Actors and Spots through the Location Store, Instance Spots and Store faults, with the failpoints
// of core and objects, and NO relocation and NO Sessions: it reports neither, and refuses every
// Driver call that would need them (a relocate operation, a relocation view, any Session
// operation or view, a failpoint of the full level), as a runtime without them would. Made from the
// reference served over the wire. For test/objects-level.test.ts: such a runtime must be certified
// `objects`. SPOTCHECK_SERVE_MUTANT=<name> breaks one rule in it.
//   node --import tsx test/support/objects-level-runtime.ts

import { EmbeddedCluster } from '../../impl-reference/harness/embedded-cluster.ts';
import { serveWire } from '../../impl-reference/wire-server.ts';
import type { Driver, Fault, OperationSpec } from '../../src/driver/types.ts';
import { levelFailpoints, levelNamed } from '../../src/requirements/levels.ts';

const OBJECTS = levelNamed('objects')!;

function refuse(what: string): never {
  throw new Error(`not implemented: ${what} (this runtime has no relocation and no Sessions)`);
}

const OBJECT_KINDS = new Set(['channel-request', 'node-direct', 'create', 'close', 'join', 'object-message']);

function open(): Driver {
  const cluster = new EmbeddedCluster({ mutant: process.env.SPOTCHECK_SERVE_MUTANT || undefined });
  const describe = cluster.describe.bind(cluster);
  const submit = cluster.submit.bind(cluster);
  const fault = cluster.fault.bind(cluster);
  cluster.describe = async () => ({ ...(await describe()), name: 'objects-level-runtime', capabilities: [...OBJECTS.capabilities], failpoints: levelFailpoints(OBJECTS) });
  cluster.submit = async (op: OperationSpec) => (OBJECT_KINDS.has(op.kind) ? submit(op) : refuse(`operation ${op.kind}`));
  cluster.fault = async (f: Fault) => (f.kind === 'failpoint' && !levelFailpoints(OBJECTS).includes(f.name) ? refuse(`failpoint ${f.name}`) : fault(f));
  cluster.relocation = async () => refuse('relocation');
  cluster.session = async () => refuse('session');
  return cluster;
}

serveWire(open);
