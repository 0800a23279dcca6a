// Planned host relocation and Message Follow: starting a relocation, arming its failpoints, and
// what the Relocation Store, the Location Store record and the journal say afterwards.

import { Given, Then, When } from '@cucumber/cucumber';
import type { JournalEntry, Rid } from '../src/driver/types.ts';
import { eventually, expectWithin, throughout } from './support/eventually.ts';
import { QUIET_WINDOW_MS, SCHEDULING_TOLERANCE_MS, type SpotWorld } from './support/world.ts';
import { violated } from '../src/checks/violation.ts';

Given('MessageFollowDuration is {int} ms', function (this: SpotWorld, ms: number) {
  if (this.meshes.size > 0) throw new Error('MessageFollowDuration must be set before the mesh starts');
  this.messageFollowMs = ms;
});

async function relocate(world: SpotWorld, from: Rid, objectId: string, target: Rid, generation?: number): Promise<void> {
  world.recordBefore = await world.driver.lookup(objectId);
  // The source may wait for the target's fallback commit before it can answer.
  const deadlineMs = world.description.timings.defaultDeadlineMs + 2 * world.description.timings.cutoverFallbackMs;
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

When('MessageFollowDuration has passed', async function (this: SpotWorld) {
  // Message Follow has no observable end of its own: wait the duration the scenario set.
  await new Promise((r) => setTimeout(r, (this.messageFollowMs ?? this.description.timings.messageFollowMs) + SCHEDULING_TOLERANCE_MS));
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
  await throughout(`the relocation of ${objectId}`, QUIET_WINDOW_MS, async () => {
    const rel = await this.driver.relocation(objectId);
    return rel && rel.target !== target ? `a relocation to ${rel.target} was started` : undefined;
  });
});

Then('the record of {string} becomes Ready, owned by {rid}, generation {int}, within the cutover fallback', async function (this: SpotWorld, objectId: string, owner: Rid, generation: number) {
  const { cutoverFallbackMs, defaultDeadlineMs } = this.description.timings;
  await expectWithin(`${objectId} to be owned by ${owner}`, cutoverFallbackMs + defaultDeadlineMs, async () => {
    const r = await this.driver.lookup(objectId);
    return r.state === 'Ready' && r.owner === owner && r.generation === generation;
  });
});

Then('the record of {string} stays Ready, owned by {rid}, generation {int}', async function (this: SpotWorld, objectId: string, owner: Rid, generation: number) {
  // Watched past the cutover fallback: nothing may take the object over later either.
  const { cutoverFallbackMs } = this.description.timings;
  await throughout(`the record of ${objectId}`, cutoverFallbackMs + QUIET_WINDOW_MS, async () => {
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
  await throughout(`messages of ${objectId} on ${node}`, QUIET_WINDOW_MS, async () => {
    const run = (await this.driver.journal()).find((e): e is Extract<JournalEntry, { kind: 'handler' }> => e.kind === 'handler' && e.objectId === objectId && e.node === node);
    return run ? `${node} dispatched ${run.opId} before the owner change was known` : undefined;
  });
});

Then('{op} ran on {rid}', async function (this: SpotWorld, name: string, node: Rid) {
  await expectWithin(`${name} to run on ${node}`, this.description.timings.defaultDeadlineMs, async () =>
    (await this.runsOf(name)).some((e) => e.node === node),
  );
});
