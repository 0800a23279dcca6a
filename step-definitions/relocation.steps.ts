// Planned host relocation and Message Follow: starting a relocation, arming its failpoints, and
// what the Relocation Store, the Location Store record and the journal say afterwards.

import { Given, Then, When } from '@cucumber/cucumber';
import type { JournalEntry, Rid } from '../src/driver/types.ts';
import { eventually, expectWithin, throughout } from './support/eventually.ts';
import { SCHEDULING_TOLERANCE_MS, SPEC_CUTOVER_FALLBACK_MS, SPEC_MESSAGE_FOLLOW_DEFAULT_MS, type SpotWorld } from './support/world.ts';
import { violated } from '../src/checks/violation.ts';

Given('MessageFollowDuration is {int} ms', function (this: SpotWorld, ms: number) {
  if (this.meshes.size > 0) throw new Error('MessageFollowDuration must be set before the mesh starts');
  this.messageFollowMs = ms;
});

/** When (kit clock) the relocation of an object was first seen at each stage, and its owner change. */
export interface RelocationTimes {
  stages: Map<string, number>;
  owners: Array<{ owner: Rid; at: number }>;
}

/** Watch the object's relocation record and authority record for the rest of the scenario. */
function watchRelocation(world: SpotWorld, objectId: string, ownerBefore: Rid | undefined): RelocationTimes {
  const times: RelocationTimes = { stages: new Map(), owners: ownerBefore ? [{ owner: ownerBefore, at: Date.now() }] : [] };
  world.watch(async () => {
    const [rel, rec] = await Promise.all([world.driver.relocation(objectId), world.driver.lookup(objectId)]);
    if (rel && !times.stages.has(rel.stage)) times.stages.set(rel.stage, Date.now());
    if (rec.owner && times.owners.at(-1)?.owner !== rec.owner) times.owners.push({ owner: rec.owner, at: Date.now() });
  });
  return times;
}

async function relocate(world: SpotWorld, from: Rid, objectId: string, target: Rid, generation?: number): Promise<void> {
  world.recordBefore = await world.driver.lookup(objectId);
  world.relocationTimes.set(objectId, watchRelocation(world, objectId, world.recordBefore.owner));
  // The source may wait for the target's fallback commit before it can answer.
  const deadlineMs = world.description.timings.defaultDeadlineMs + 2 * SPEC_CUTOVER_FALLBACK_MS;
  const { opId } = await world.driver.submit({ kind: 'relocate', from, objectId, target, deadlineMs, ...(generation !== undefined ? { generation } : {}) });
  world.ops.set('the relocation', { opId, deadlineMs });
  world.lastOp = 'the relocation';
}

When('{rid} relocates {string} to {rid}', async function (this: SpotWorld, from: Rid, objectId: string, target: Rid) {
  await relocate(this, from, objectId, target);
});

When('{rid} relocates {string} to {rid}, naming generation {int}', async function (this: SpotWorld, from: Rid, objectId: string, target: Rid, generation: number) {
  await relocate(this, from, objectId, target, generation);
});

Given('{string} was relocated from {rid} to {rid}', async function (this: SpotWorld, objectId: string, _from: Rid, target: Rid) {
  await relocate(this, target, objectId, target);
  const o = await this.outcomeOf('the relocation');
  if (o.status !== 'reply') throw new Error(`the relocation ended with ${o.status} ${o.errorKind ?? ''}`);
  const rec = await this.driver.lookup(objectId);
  if (rec.owner !== target) throw new Error(`after the relocation the owner is ${rec.owner}`);
});

// One step per failpoint of the relocation protocol, named by where it fires.
const RELOCATION_FAILPOINTS: Record<string, string> = {
  'fails explicitly before relay-ready is accepted': 'relocation.fail-before-relay-ready',
  'cannot submit the cutover': 'relocation.cutover-submit-fails',
  'dies right after accepting relay-ready': 'relocation.crash-source-after-relay-ready',
  'dies when the cutover arrives, before the commit': 'relocation.crash-target-before-commit',
  'dies right after the commit': 'relocation.crash-target-after-commit',
  'dies once it learned of the commit': 'relocation.crash-source-after-commit',
  'fails its first lifecycle callback': 'relocation.lifecycle-callback-fails',
};

Given(
  /^(?:the )?(source|target) (\w+) (fails explicitly before relay-ready is accepted|cannot submit the cutover|dies right after accepting relay-ready|dies when the cutover arrives, before the commit|dies right after the commit|dies once it learned of the commit|fails its first lifecycle callback)$/,
  async function (this: SpotWorld, _role: string, node: Rid, what: string) {
    await this.driver.fault({ kind: 'failpoint', name: RELOCATION_FAILPOINTS[what], node });
  },
);

Given("{rid}'s next Location Store change loses its reply, and then {rid} cannot reach the Store", async function (this: SpotWorld, node: Rid, _again: Rid) {
  await this.driver.fault({ kind: 'failpoint', name: 'store.reply-lost-then-cut-off', node });
});

When('node {rid} has died', async function (this: SpotWorld, node: Rid) {
  await eventually(`node ${node} to die`, this.description.timings.defaultDeadlineMs, async () => !(await this.driver.node(node)).alive);
});

When('node {rid} restarts', async function (this: SpotWorld, node: Rid) {
  await this.fault({ kind: 'restart', node });
});

/** Kit clock of the last owner change of the object the scenario relocated. */
async function ownerChangedAt(world: SpotWorld): Promise<number> {
  const changes = await eventually('the owner change of a relocated object to be seen', world.description.timings.defaultDeadlineMs, async () => {
    const all = [...world.relocationTimes.values()].flatMap((t) => t.owners.slice(1));
    return all.length > 0 ? all : undefined;
  });
  return Math.max(...changes.map((c) => c.at));
}

/** Message Follow has no observable end of its own: its duration is the event, counted from the owner change. */
async function untilSinceOwnerChange(world: SpotWorld, ms: number): Promise<void> {
  const wait = (await ownerChangedAt(world)) + ms - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

When('MessageFollowDuration has passed', async function (this: SpotWorld) {
  await untilSinceOwnerChange(this, (this.messageFollowMs ?? SPEC_MESSAGE_FOLLOW_DEFAULT_MS) + SCHEDULING_TOLERANCE_MS);
});

// The default is the spec's 30 s: a scenario on it is as long as that, and says so.
const LONG = { timeout: SPEC_MESSAGE_FOLLOW_DEFAULT_MS + 10_000 };

When('{int} seconds have passed since the owner change', LONG, async function (this: SpotWorld, seconds: number) {
  await untilSinceOwnerChange(this, seconds * 1000);
});

When("the spec's default MessageFollowDuration has passed since the owner change", LONG, async function (this: SpotWorld) {
  if (this.messageFollowMs !== undefined) throw new Error('this scenario set a MessageFollowDuration of its own');
  await untilSinceOwnerChange(this, SPEC_MESSAGE_FOLLOW_DEFAULT_MS + SCHEDULING_TOLERANCE_MS);
});

// ---- evidence ------------------------------------------------------------------------------------

Then('the relocation of {string} is at stage {word}', async function (this: SpotWorld, objectId: string, stage: string) {
  const rel = await this.driver.relocation(objectId);
  if (rel?.stage !== stage) violated(`the relocation of ${objectId} is at stage ${rel?.stage ?? '(none)'}`);
});

When('the relocation of {string} has reached stage {word}', async function (this: SpotWorld, objectId: string, stage: string) {
  await eventually(`the relocation of ${objectId} to reach ${stage}`, this.description.timings.defaultDeadlineMs, async () => (await this.driver.relocation(objectId))?.stage === stage);
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
  const committed = await eventually(`the watcher to see the owner change to ${owner}`, SCHEDULING_TOLERANCE_MS, async () => times.owners.find((o) => o.owner === owner)?.at);
  const boundary = times.stages.get('relay-ready-accepted');
  if (boundary === undefined) violated(`the relocation of ${objectId} was never seen at stage relay-ready-accepted`);
  const took = committed - boundary;
  const slack = 2 * SCHEDULING_TOLERANCE_MS;
  if (took > SPEC_CUTOVER_FALLBACK_MS + slack || took < SPEC_CUTOVER_FALLBACK_MS - slack) {
    violated(`the owner changed ${took} ms after relay-ready was accepted; with no cutover receipt the spec's fallback is ${SPEC_CUTOVER_FALLBACK_MS} ms (±${slack} ms)`);
  }
});

Then('the record of {string} stays Ready, owned by {rid}, generation {int}', async function (this: SpotWorld, objectId: string, owner: Rid, generation: number) {
  // Watched past the cutover fallback: nothing may take the object over later either.
  await throughout(`the record of ${objectId}`, this.neverWindow(SPEC_CUTOVER_FALLBACK_MS + SCHEDULING_TOLERANCE_MS), async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === 'Ready' && r.owner === owner && r.generation === generation ? undefined : `it is ${r.state}, owned by ${r.owner}, generation ${r.generation}`;
  });
});

Then('the lifecycle callback of {string} succeeded on {rid} after {int} failed attempt(s)', async function (this: SpotWorld, objectId: string, node: Rid, failed: number) {
  const runs = await expectWithin(`the lifecycle callback of ${objectId} to succeed`, this.description.timings.defaultDeadlineMs, async () => {
    const j = (await this.driver.journal()).filter((e) => e.kind === 'lifecycle' && e.objectId === objectId);
    return j.some((e) => e.kind === 'lifecycle' && e.ok) ? j : undefined;
  });
  const where = runs.map((e) => (e.kind === 'lifecycle' ? `${e.node}:${e.ok ? 'ok' : 'failed'}` : ''));
  const want = [...Array(failed).fill(`${node}:failed`), `${node}:ok`];
  if (where.join(', ') !== want.join(', ')) violated(`lifecycle callbacks: ${where.join(', ')}`);
});

Then('no message of {string} ran on {rid} while it could not reach the Store', async function (this: SpotWorld, objectId: string, node: Rid) {
  await throughout(`messages of ${objectId} on ${node}`, this.neverWindow(), async () => {
    const run = (await this.driver.journal()).find((e): e is Extract<JournalEntry, { kind: 'handler' }> => e.kind === 'handler' && e.objectId === objectId && e.node === node);
    return run ? `${node} dispatched ${run.opId} before the owner change was known` : undefined;
  });
});

Then('no lifecycle callback of {string} ran on {rid}', async function (this: SpotWorld, objectId: string, node: Rid) {
  await throughout(`lifecycle callbacks of ${objectId} on ${node}`, this.neverWindow(), async () => {
    const run = (await this.driver.journal()).find((e) => e.kind === 'lifecycle' && e.objectId === objectId && e.node === node);
    return run ? `${node} ran the ${run.kind === 'lifecycle' ? run.event : ''} callback: the target kept what it had prepared` : undefined;
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

Then('{op} ran on {rid}', async function (this: SpotWorld, name: string, node: Rid) {
  await expectWithin(`${name} to run on ${node}`, this.description.timings.defaultDeadlineMs, async () =>
    (await this.runsOf(name)).some((e) => e.node === node),
  );
});
