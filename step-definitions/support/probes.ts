// Reading evidence: the journal's runs of an object or operation, the Store log, a connection before
// a fault, and one-line descriptions of outcomes and records for failure messages.

import type { JournalEntry, ObjectRecordView, Outcome, Rid, StoreLogEntry } from '../../src/driver/types.ts';
import { eventually, throughout } from './eventually.ts';
import { runsOfOp } from './evidence.ts';
import type { SpotWorld } from './world.ts';
import { now, sleep } from './kit-clock.ts';

export async function noteConnection(world: SpotWorld, node: Rid, peer: Rid): Promise<void> {
  const v = await world.driver.peer(node, peer);
  world.before.set(`${node}->${peer}`, { connectionId: v.connectionId, address: v.address });
}

export type FactoryRun = Extract<JournalEntry, { kind: 'factory' }>;

/** Factory runs of the object, optionally only those journaled after position `afterSeq`. */
export async function factoryRuns(world: SpotWorld, objectId: string, afterSeq = 0): Promise<FactoryRun[]> {
  return (await world.driver.journal()).filter((e): e is FactoryRun => e.kind === 'factory' && e.objectId === objectId && e.seq > afterSeq);
}

export function describeRecord(r: ObjectRecordView): string {
  return `${r.state}${r.owner ? `, owned by ${r.owner}` : ''}, generation ${r.generation} (StoreVersion ${r.storeVersion})`;
}

export function describeOutcome(o: Outcome): string {
  const attempts = o.attempts.map((a) => `${a.target}:${a.accepted}`).join(', ');
  return `${o.status}${o.errorKind ? ` ${o.errorKind}` : ''} (attempts: ${attempts || 'none'})`;
}

/** Nodes the operation's message was handled on, found by the kit's marker (not the operation ID). */
export function handlerRuns(world: SpotWorld, journal: JournalEntry[], opId: string): Rid[] {
  return runsOfOp(journal, world.evidence, opId).map((e) => e.node);
}

/** Handler runs of the request, watched for the never window so that a late re-run is seen. */
export async function watchRuns(world: SpotWorld, check: (runs: Rid[]) => string | undefined): Promise<void> {
  const { opId } = world.op();
  await throughout('handler runs of the request', world.neverWindow(), async () => check(handlerRuns(world, await world.driver.journal(), opId)));
}

/** Kit clock of the last owner change of the object the scenario relocated. */
export async function ownerChangedAt(world: SpotWorld): Promise<number> {
  const changes = await eventually('the owner change of a relocated object to be seen', world.description.timings.defaultDeadlineMs, async () => {
    const all = [...world.relocationTimes.values()].flatMap((t) => t.owners.slice(1));
    return all.length > 0 ? all : undefined;
  });
  return Math.max(...changes.map((c) => c.at));
}

/** Message Follow has no observable end of its own: its duration is the event, counted from the owner change. */
export async function untilSinceOwnerChange(world: SpotWorld, ms: number): Promise<void> {
  const wait = (await ownerChangedAt(world)) + ms - now();
  if (wait > 0) await sleep(wait);
}

/**
 * A Store call that reads the object's authority record: a read of its key, or a list of a prefix
 * that holds it (a runtime may re-confirm all its objects at once). How it reads is not the rule.
 */
export function readsRecord(e: StoreLogEntry, objectId: string): boolean {
  const key = `obj/${objectId}`;
  return (e.op === 'read' && e.key === key) || (e.op === 'list' && key.startsWith(e.key));
}

/**
 * The premise of a race the late Store (store-slow) sets up: each racing node that read the
 * object's record read it before either node's change of it was applied, so both found what was
 * there before the race. A Store fault that does not hold the calls back lets the first node read
 * and write before the second reads, and the race never happens: the scenario could not judge its
 * rule, and says so. (A node that writes without reading first is not asked to read.)
 */
export async function bothReadBeforeEitherChanged(world: SpotWorld, nodes: Rid[], objectId: string): Promise<void> {
  // Only the race the late calls set up ("the Location Store answers A and C ... late"). With late
  // answers instead, a read is in the log when its answer came, after the call itself was carried
  // out: the log's order is not the order of the calls (instance-spots.feature:86 reads Missing late).
  if (!nodes.every((n) => world.marks.has(`calls late for ${n}, ms`))) return;
  const log = await world.driver.storeLog();
  const firstChange = log.find((e) => nodes.includes(e.node) && e.op === 'change' && e.key === `obj/${objectId}` && e.result === 'applied');
  for (const node of nodes) {
    const reads = log.filter((e) => e.node === node && readsRecord(e, objectId) && e.result === 'ok');
    if (reads.length > 0 && firstChange && reads[0].seq > firstChange.seq) {
      throw new Error(
        `no race: ${firstChange.node}'s change of ${objectId} applied (Store log ${firstChange.seq}) before ${node} first read it (${reads[0].seq}); the late Store (store-slow) did not hold the calls back`,
      );
    }
  }
}
