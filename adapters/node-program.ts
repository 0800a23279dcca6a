// The node-program adapter (--impl "node:<cmd>", docs/node-program.md): a runtime gives the kit a
// command that runs one node; the kit starts one process per node and does every fault from
// outside (adapters/node-program/cluster.ts).

import type { Driver } from '../src/driver/types.ts';
import { NodeProgramCluster } from './node-program/cluster.ts';

export { NodeProgramError } from './node-program/node-child.ts';
export { NODE_PROTOCOL_VERSION } from './node-program/handshake.ts';

export function openNodeProgram(command: string): Driver {
  return new NodeProgramCluster(command);
}
