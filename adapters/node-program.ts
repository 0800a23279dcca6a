// The node-program adapter (--impl "node:<cmd>", docs/node-program.md): a runtime gives the kit a
// command that runs one node; the kit starts one process per node and does every fault from
// outside (adapters/node-program/cluster.ts).

import type { Driver } from '../src/driver/types.ts';
import { UsageError, type Adapter } from '../src/driver/target.ts';
import { NodeProgramCluster } from './node-program/cluster.ts';

export { NodeProgramError } from './node-program/node-child.ts';
export { NODE_PROTOCOL_VERSION } from './node-program/handshake.ts';

export function openNodeProgram(command: string): Driver {
  return new NodeProgramCluster(command);
}

export const nodeProgramAdapter: Adapter = {
  name: 'node',
  kind: 'impl',
  argument: 'command',
  what: 'a command that runs one node; the kit starts one process per node and does every fault from outside',
  servers: [],
  check(target) {
    if (target.impl.slice('node:'.length).trim() === '') throw new UsageError('--impl node: needs a command that runs one node, e.g. node:"python3 my-node.py"');
    if (target.backend !== 'embedded') throw new UsageError(`--backend ${target.backend} is the reference's; a node: program's nodes are processes the kit starts itself`);
  },
  open: (target) => openNodeProgram(target.impl.slice('node:'.length)),
};
