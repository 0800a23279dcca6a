// Evidence from the Store: the Location Store's authority records, the Relocation Store's records
// and stages, and the log of the Store calls each node made.

import { Then, When } from '@cucumber/cucumber';
import type { RecordState, Rid, StoreLogEntry } from '../src/driver/types.ts';
import { violated } from '../src/checks/violation.ts';
import { eventually, expectWithin, throughout } from './support/eventually.ts';
import { SCHEDULING_TOLERANCE_MS, SPEC_CUTOVER_FALLBACK_MS, type SpotWorld } from './support/world.ts';
import { bothReadBeforeEitherChanged, describeRecord, factoryRuns, readsRecord } from './support/probes.ts';

async function recordIs(world: SpotWorld, objectId: string, state: RecordState, owner: Rid | undefined, generation: number): Promise<void> {
  const r = await world.driver.lookup(objectId);
  if (r.state !== state || (owner && r.owner !== owner) || r.generation !== generation) violated(`the record of ${objectId} is ${describeRecord(r)}`);
}

Then('the record of {string} is {recordState}, owned by {rid}, generation {int}', async function (this: SpotWorld, objectId: string, state: RecordState, owner: Rid, generation: number) {
  await recordIs(this, objectId, state, owner, generation);
});

Then('the record of {string} is {recordState}, generation {int}', async function (this: SpotWorld, objectId: string, state: RecordState, generation: number) {
  await recordIs(this, objectId, state, undefined, generation);
});

// A membership change is a change of the authority record (V08): applied, the record lists the
// member, under the same owner and generation. Read from the Store, not from the runtime's answer.
Then('the record of {string} is Ready, owned by {rid}, generation {int}, with members {rids}', async function (this: SpotWorld, objectId: string, owner: Rid, generation: number, members: Rid[]) {
  await recordIs(this, objectId, 'Ready', owner, generation);
  const r = await this.driver.lookup(objectId);
  const has = [...(r.members ?? [])].sort();
  if (has.join() !== [...members].sort().join()) violated(`the record of ${objectId} lists members [${has.join(', ')}], expected [${members.join(', ')}]`);
});

// The kit reads the Store itself: the record is written, whatever its writer has heard of it yet.
When('the Location Store holds the {recordState} record of {string}, owned by {rid}', async function (this: SpotWorld, state: RecordState, objectId: string, owner: Rid) {
  await eventually(`the ${state} record of ${objectId}, owned by ${owner}`, this.description.timings.defaultDeadlineMs, async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === state && r.owner === owner;
  });
});

// The same, for an owner change the target makes on the cutover fallback (1,000 ms after relay-ready).
When('the Location Store holds the {recordState} record of {string}, owned by {rid}, on the cutover fallback', async function (this: SpotWorld, state: RecordState, objectId: string, owner: Rid) {
  await eventually(`the ${state} record of ${objectId}, owned by ${owner}`, this.description.timings.defaultDeadlineMs + SPEC_CUTOVER_FALLBACK_MS, async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === state && r.owner === owner;
  });
});

Then('the record of {string} is unchanged', async function (this: SpotWorld, objectId: string) {
  await this.outcomeOf(this.lastOp);
  const before = this.recordBefore;
  if (!before) throw new Error('no record was noted before the operation');
  const now = await this.driver.lookup(objectId);
  if (now.storeVersion !== before.storeVersion) violated(`the record changed: was ${describeRecord(before)}, is ${describeRecord(now)}`);
});

Then('the record of {string} holds the first message', async function (this: SpotWorld, objectId: string) {
  const r = await this.driver.lookup(objectId);
  const { opId } = this.op('the first message');
  if (r.creation?.firstMessage?.opId !== opId) violated(`the stored first message is ${JSON.stringify(r.creation?.firstMessage)}`);
});

Then(
  'generation {int} of {string} was kept on {rid} or cancelled, never carried on elsewhere',
  async function (this: SpotWorld, generation: number, objectId: string, node: Rid) {
    await throughout(`the record of ${objectId}`, this.neverWindow(), async () => {
      const r = await this.driver.lookup(objectId);
      const kept = r.state === 'Creating' && r.owner === node;
      if (r.generation !== generation || !(kept || r.state === 'Missing')) return `the record is ${describeRecord(r)}`;
      return undefined;
    });
  },
);

Then('one creation of {string} holds the Creating record and the other runs no factory', async function (this: SpotWorld, objectId: string) {
  // Both factories wait on a closed gate. One creation secures the Creating record; while it holds
  // it, the other must not run the factory. When the loser hears so (at once, or once the winner is
  // done) is not the rule: it is checked after the gate opens.
  const names = [...this.ops.keys()].filter((n) => n.startsWith('the creation on '));
  if (names.length !== 2) throw new Error('this step expects two creations');
  const creators = names.map((n) => n.slice('the creation on '.length));
  const rec = await expectWithin(`one creation of ${objectId} to hold the Creating record`, this.description.timings.defaultDeadlineMs, async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === 'Creating' && r.owner && creators.includes(r.owner) ? r : undefined;
  });
  this.winner = rec.owner!;
  const loser = creators.find((c) => c !== this.winner)!;
  await throughout(`the creation on ${loser}`, this.neverWindow(), async () => {
    const runs = await factoryRuns(this, objectId);
    if (runs.some((r) => r.node === loser)) return `${loser} ran the factory while ${this.winner} held the Creating record`;
    const r = await this.driver.lookup(objectId);
    return r.owner !== this.winner ? `the record changed while the factory was held: ${describeRecord(r)}` : undefined;
  });
});

Then('one of the two creations of {string} owns it Ready, generation {int}', async function (this: SpotWorld, objectId: string, generation: number) {
  // Both creations read "no object" before either wrote (a late Store): the Store's change decides
  // the winner, and the record says which. The steps after it check the other creation and the factory.
  const names = [...this.ops.keys()].filter((n) => n.startsWith('the creation on '));
  if (names.length !== 2) throw new Error('this step follows two creations made at once');
  for (const name of names) await this.outcomeOf(name);
  const creators = names.map((n) => n.slice('the creation on '.length));
  await bothReadBeforeEitherChanged(this, creators, objectId);
  const r = await this.driver.lookup(objectId);
  if (r.state !== 'Ready' || !r.owner || !creators.includes(r.owner) || r.generation !== generation) {
    violated(`the record of ${objectId} is ${describeRecord(r)}; expected Ready, owned by ${creators.join(' or ')}, generation ${generation}`);
  }
  this.winner = r.owner;
});

Then('the record of {string} is Ready, owned by the node whose creation won, generation {int}', async function (this: SpotWorld, objectId: string, generation: number) {
  const r = await this.driver.lookup(objectId);
  if (r.state !== 'Ready' || r.owner !== this.winner || r.generation !== generation) violated(`the record of ${objectId} is ${describeRecord(r)}; the creation on ${this.winner} won`);
});

Then('the relocation of {string} is at stage {word}', async function (this: SpotWorld, objectId: string, stage: string) {
  const rel = await this.driver.relocation(objectId);
  if (rel?.stage !== stage) violated(`the relocation of ${objectId} is at stage ${rel?.stage ?? '(none)'}`);
});

Then('the relocation of {string} aimed at {rid} only', async function (this: SpotWorld, objectId: string, target: Rid) {
  await throughout(`the relocation of ${objectId}`, this.neverWindow(SPEC_CUTOVER_FALLBACK_MS + SCHEDULING_TOLERANCE_MS), async () => {
    const rel = await this.driver.relocation(objectId);
    return rel && rel.target !== target ? `a relocation to ${rel.target} was started` : undefined;
  });
});

Then('the record of {string} becomes Ready, owned by {rid}, generation {int}, on the 1,000 ms cutover fallback', async function (this: SpotWorld, objectId: string, owner: Rid, generation: number) {
  // With no cutover receipt the target commits on the spec's fallback: 1,000 ms after relay-ready
  // was accepted (whatever fallback the runtime reports). Both moments are watched on the kit's
  // clock from the start of the relocation, so the interval is measured, not reported.
  const times = this.relocationTimes.get(objectId);
  if (!times) throw new Error(`the scenario started no relocation of ${objectId}`);
  await expectWithin(`${objectId} to be Ready, owned by ${owner}, generation ${generation}`, 2 * SPEC_CUTOVER_FALLBACK_MS, async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === 'Ready' && r.owner === owner && r.generation === generation;
  });
  // The watcher looks every few milliseconds: give it the moment to see what this step just saw.
  const committed = await eventually(`the watcher to see the owner change to ${owner}`, SCHEDULING_TOLERANCE_MS, async () => times.owners.find((o) => o.owner === owner));
  const boundary = times.stages.get('relay-ready-accepted');
  if (boundary === undefined) violated(`the relocation of ${objectId} was never seen at stage relay-ready-accepted`);
  // Each moment is known to within the watcher's looks; the fallback must fit the interval they allow.
  const shortest = committed.after - boundary.at;
  const longest = committed.at - boundary.after;
  const slack = 2 * SCHEDULING_TOLERANCE_MS;
  const late = shortest > SPEC_CUTOVER_FALLBACK_MS + slack && times.fallbackLateness ? await times.fallbackLateness.settle() : 0;
  if (shortest > SPEC_CUTOVER_FALLBACK_MS + slack + late || longest < SPEC_CUTOVER_FALLBACK_MS - slack) {
    violated(`the owner changed between ${Math.max(0, shortest)} and ${longest} ms after relay-ready was accepted; with no cutover receipt the spec's fallback is ${SPEC_CUTOVER_FALLBACK_MS} ms (±${slack} ms, and the kit's own timer for its end was ${late} ms late)`);
  }
});

Then('the record of {string} stays Ready, owned by {rid}, generation {int}', async function (this: SpotWorld, objectId: string, owner: Rid, generation: number) {
  // Watched past the cutover fallback: nothing may take the object over later either.
  await throughout(`the record of ${objectId}`, this.neverWindow(SPEC_CUTOVER_FALLBACK_MS + SCHEDULING_TOLERANCE_MS), async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === 'Ready' && r.owner === owner && r.generation === generation ? undefined : `it is ${r.state}, owned by ${r.owner}, generation ${r.generation}`;
  });
});

// A relocation moves the generation it started with (line 87): whatever else happens to the object
// meanwhile, its target never comes to own another generation of it. Watched past the fallback.
Then('the relocation target {rid} never owns a generation of {string} other than {int}', async function (this: SpotWorld, target: Rid, objectId: string, generation: number) {
  await throughout(`the record of ${objectId}`, this.neverWindow(SPEC_CUTOVER_FALLBACK_MS + SCHEDULING_TOLERANCE_MS), async () => {
    const r = await this.driver.lookup(objectId);
    return r.owner === target && r.generation !== generation ? `it names the relocation's target as its owner at another generation: ${describeRecord(r)}` : undefined;
  });
});

// Line 86: an explicit Close that finished, "including authority release": a lookup reads Missing,
// and nothing holds the object's authority any more. Watched past the cutover fallback. Whether a
// Close is taken at all while the object is being relocated the chapter does not say: a Close that
// failed asks nothing here.
Then('if the Close ended with a reply, the record of {string} stays Missing, generation {int}, its authority released', async function (this: SpotWorld, objectId: string, generation: number) {
  const o = await this.outcomeOf('the request');
  if (o.status !== 'reply') return;
  await throughout(`the record of ${objectId}`, this.neverWindow(SPEC_CUTOVER_FALLBACK_MS + SCHEDULING_TOLERANCE_MS), async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === 'Missing' && r.generation === generation && !r.owner ? undefined : `the Close ended with a reply, yet the record is ${describeRecord(r)}`;
  });
});

Then("the record of {string} stays owned by the node the relocation's result names", async function (this: SpotWorld, objectId: string) {
  // Whatever the outcome: a reply means the owner changed to the target, a failure that it did not.
  const o = await this.outcomeOf('the relocation');
  const before = this.recordBefore;
  if (!before?.owner) throw new Error(`no owner of ${objectId} was noted before the relocation`);
  const rel = await this.driver.relocation(objectId);
  const owner = o.status === 'reply' ? rel?.target : before.owner;
  if (!owner) violated(`the relocation of ${objectId} replied, but no relocation record names its target`);
  await throughout(`the owner of ${objectId}`, this.neverWindow(SPEC_CUTOVER_FALLBACK_MS + SCHEDULING_TOLERANCE_MS), async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === 'Ready' && r.owner === owner && r.generation === before.generation
      ? undefined
      : `the relocation ended with ${o.status}, yet the record is ${r.state}, owned by ${r.owner}, generation ${r.generation}`;
  });
});

/**
 * R-STO-1 from the Store log alone: `node`'s first change of a key with an unclear result (of `key`,
 * or of any key when none is named) is followed by a re-read of that key; a change that had applied
 * is not made again, and one that had not is retried with the StoreVersion first used.
 */
async function rereadAfterUnclear(world: SpotWorld, node: Rid, key: string | undefined): Promise<void> {
  await world.outcomeOf(world.lastOp);
  const all = (await world.driver.storeLog()).filter((e) => e.node === node);
  const first = all.find((e) => e.op === 'change' && e.result === 'unclear' && (key === undefined || e.key === key));
  if (!first) violated(`${node} made no change${key ? ` of ${key}` : ''} with an unclear result`);
  const log = all.filter((e) => e.key === first.key);
  const at = log.indexOf(first);
  const unclear = log[at];
  const next = log[at + 1];
  if (!next || next.op !== 'read') violated(`after the unclear change of ${first.key} ${node} did ${next ? `a ${next.op}` : 'nothing'}, not a re-read`);
  const applied = next.version === unclear.expectedVersion! + 1;
  const then = log[at + 2];
  if (applied && then?.op === 'change' && then.expectedVersion === unclear.expectedVersion) violated('the change had applied, and was made again');
  if (!applied && next.version === unclear.expectedVersion && then && (then.op !== 'change' || then.expectedVersion !== unclear.expectedVersion)) {
    violated(`the change had not applied; ${node} did not retry it with StoreVersion ${unclear.expectedVersion}`);
  }
}

Then(
  'after its unclear change {rid} re-read {string} with the StoreVersion first used before changing it again',
  async function (this: SpotWorld, node: Rid, objectId: string) {
    await rereadAfterUnclear(this, node, `obj/${objectId}`);
  },
);

// The Relocation Store's keys are the runtime's own layout: the change is found by its unclear
// result (the failpoint makes exactly one), and its re-read by the same key.
Then(
  'after its unclear change {rid} re-read the record it changed with the StoreVersion first used before changing it again',
  async function (this: SpotWorld, node: Rid) {
    await rereadAfterUnclear(this, node, undefined);
  },
);

Then(
  '{rid} re-read {string} from the Location Store before its first timer after the Store answered again',
  async function (this: SpotWorld, node: Rid, objectId: string) {
    const back = this.marks.get('store back')!;
    const timer = (await this.driver.journal()).find((e) => e.kind === 'timer' && e.objectId === objectId && e.node === node && e.at >= back)!;
    const reads = (await this.driver.storeLog()).filter((e: StoreLogEntry) => e.node === node && readsRecord(e, objectId) && e.result === 'ok' && e.at >= back);
    if (!reads.some((e) => e.at <= timer.at)) violated(`${node} processed ${objectId} again without re-reading its record`);
  },
);

When('{rid} has read the record of {string}', async function (this: SpotWorld, node: Rid, objectId: string) {
  await eventually(`${node} to read the record of ${objectId}`, this.description.timings.defaultDeadlineMs, async () =>
    (await this.driver.storeLog()).some((e) => e.node === node && readsRecord(e, objectId) && e.result === 'ok'),
  );
});

When('the Store log is marked', async function (this: SpotWorld) {
  this.marks.set('store log', (await this.driver.storeLog()).length);
});

Then('{rid} read the record of {string} from the Location Store since the mark', async function (this: SpotWorld, node: Rid, objectId: string) {
  await this.outcomeOf();
  const mark = this.marks.get('store log') ?? 0;
  const reads = (await this.driver.storeLog()).slice(mark).filter((e) => e.node === node && readsRecord(e, objectId));
  if (reads.length === 0) violated(`${node} used its cached owner of ${objectId} and did not re-read the Location Store`);
});
