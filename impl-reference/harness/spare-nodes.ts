// Spare node processes: started once a scenario's nodes are ready (and topped up when it ends), so
// that the next scenario's nodes have their code loaded already. A spare serves one node once; no
// process outlives the node it became or serves two scenarios. On this 2-core machine three nodes
// took a median 666 ms from spawn to ready during a run (spawn, load, connect); the spawn and the
// load are what a spare takes ahead.
// SPOTCHECK_NODE_SPARES=0 starts every node when it is needed.

import { SpareProcess, type NodeLaunch } from '../../src/harness/node-process.ts';
import { nodeCommand, nodeEnv } from './node-bundle.ts';

/** At most this many spares wait in one harness process (a scenario starts three to five nodes). */
const MAX_SPARES = 6;

const spares: SpareProcess[] = [];

function enabled(): boolean {
  return process.env.SPOTCHECK_NODE_SPARES !== '0';
}

/** A node's launch: a spare given this configuration when one is ready, a new process otherwise. */
export async function launchNode(configFile: string): Promise<NodeLaunch> {
  while (spares.length > 0) {
    const spare = spares.shift()!;
    if (spare.alive) return { spare, config: configFile };
  }
  return { argv: [...(await nodeCommand()), configFile], env: nodeEnv() };
}

/** Have `count` spares waiting (at most MAX_SPARES). */
export async function keepSpares(count: number): Promise<void> {
  if (!enabled()) return;
  const argv = await nodeCommand();
  const env = nodeEnv();
  while (spares.length < Math.min(count, MAX_SPARES)) spares.push(new SpareProcess(argv, env));
}
