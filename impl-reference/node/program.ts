// The reference as a node program (--impl "node:node --import tsx impl-reference/node/program.ts",
// docs/node-program.md): this process runs ONE node; the kit starts one per node of the topology,
// owns every link between them (its relays) and does every fault from outside. JSON-RPC 2.0 on
// stdin/stdout (program-stdio.ts), the methods of program-node.ts.

import { ProgramNode } from './program-node.ts';
import { serveNodeProgram } from './program-stdio.ts';

serveNodeProgram((notify) => new ProgramNode(notify));
