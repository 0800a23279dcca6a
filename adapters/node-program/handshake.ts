// The first exchange with every node program process: the kit offers the protocol versions it
// speaks for node programs, the process answers the one it speaks (docs/node-program.md). Version 1
// is the whole-cluster protocol of exec: runtimes (adapters/jsonrpc.ts); a node program speaks 2.
// A process that answers anything else is refused with one line naming both versions.

import { NodeChild, NodeProgramError, type Arrival } from './node-child.ts';
import { checkResult, mismatchLine } from '../wire-schema.ts';
import type { Description } from '../../src/driver/types.ts';

/** The protocol version of node programs. */
export const NODE_PROTOCOL_VERSION = '2';

/** How long a node program may take to answer any call (its start included). */
export const NODE_CALL_TIMEOUT_MS = 10_000;

/** Starts one process of the command and negotiates the protocol; it is ended if that fails. */
export async function startChild(label: string, command: string, onArrival: (a: Arrival) => void): Promise<NodeChild> {
  const child = new NodeChild(label, command, onArrival);
  try {
    const opened = await child.call<{ protocol?: unknown } | null>('open', { protocols: [NODE_PROTOCOL_VERSION] }, NODE_CALL_TIMEOUT_MS);
    const spoken = opened?.protocol;
    if (spoken !== NODE_PROTOCOL_VERSION) {
      throw new NodeProgramError(
        spoken === undefined
          ? `node ${label}: "${command}" states no protocol version in open's result; a node program speaks protocol "${NODE_PROTOCOL_VERSION}"`
          : `node ${label}: "${command}" speaks protocol ${JSON.stringify(spoken)}; a node program speaks protocol "${NODE_PROTOCOL_VERSION}" (protocol "1" is for --impl exec:)`,
      );
    }
    return child;
  } catch (e) {
    await child.kill();
    throw e;
  }
}

/** What a node program is and can do, asked once per command in a kit process (a process of its own). */
const descriptions = new Map<string, Promise<Description>>();

export function describeProgram(command: string): Promise<Description> {
  let d = descriptions.get(command);
  if (!d) {
    d = (async () => {
      const child = await startChild('describe', command, () => {});
      try {
        const description = await child.call<Description>('describe', { args: [] }, NODE_CALL_TIMEOUT_MS);
        const mismatch = checkResult('describe', description);
        if (mismatch) throw new NodeProgramError(mismatchLine('describe', 'result', mismatch));
        return description;
      } finally {
        await child.end();
      }
    })();
    descriptions.set(command, d);
    d.catch(() => descriptions.delete(command));
  }
  return d;
}
