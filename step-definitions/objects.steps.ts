// Actors and Spots by logical ID: creating them, messaging them, closing them, and what the
// Location Store record and the journal of factory runs say afterwards.

import { Given, Then, When } from '@cucumber/cucumber';
import type { JournalEntry, ObjectKind, ObjectRecordView, OperationSpec, RecordState, Rid } from '../src/driver/types.ts';
import { eventually, expectWithin, throughout } from './support/eventually.ts';
import { runsOfOp } from './support/evidence.ts';
import { SCHEDULING_TOLERANCE_MS, type SpotWorld } from './support/world.ts';
import { violated } from '../src/checks/violation.ts';

async function startOp(world: SpotWorld, name: string, spec: OperationSpec): Promise<void> {
  const { opId } = await world.driver.submit(spec);
  world.ops.set(name, { opId, deadlineMs: spec.deadlineMs ?? world.description.timings.defaultDeadlineMs });
  world.lastOp = name;
}

async function replyOf(world: SpotWorld, name: string): Promise<unknown> {
  const o = await world.outcomeOf(name);
  if (o.status !== 'reply') throw new Error(`${name} ended with ${o.status} ${o.errorKind ?? ''}`);
  return o.reply;
}

type FactoryRun = Extract<JournalEntry, { kind: 'factory' }>;

/** Factory runs of the object, optionally only those journaled after position `afterSeq`. */
async function factoryRuns(world: SpotWorld, objectId: string, afterSeq = 0): Promise<FactoryRun[]> {
  return (await world.driver.journal()).filter((e): e is FactoryRun => e.kind === 'factory' && e.objectId === objectId && e.seq > afterSeq);
}

// ---- creating ----------------------------------------------------------------------------------

async function create(world: SpotWorld, kind: ObjectKind, objectId: string, on: Rid, input: Record<string, unknown>, name = 'the creation'): Promise<void> {
  if (kind === 'instance-spot') throw new Error('Instance Spots are created by a message with Instance intent');
  await startOp(world, name, { kind: 'create', from: on, objectId, objectKind: kind, on, input });
}

Given('{objectKind} {string} is Ready on {rid}', async function (this: SpotWorld, kind: ObjectKind, objectId: string, on: Rid) {
  await makeReady(this, kind, objectId, on, {});
});

Given(
  '{objectKind} {string} is Ready on {rid} with a timer every {int} ms',
  async function (this: SpotWorld, kind: ObjectKind, objectId: string, on: Rid, tickMs: number) {
    await makeReady(this, kind, objectId, on, { tickMs });
  },
);

async function makeReady(world: SpotWorld, kind: ObjectKind, objectId: string, on: Rid, input: Record<string, unknown>): Promise<void> {
  const name = `setup of ${objectId}`;
  if (kind === 'instance-spot') {
    await startOp(world, name, { kind: 'object-message', from: on, objectId, objectKind: kind, payload: { app: 'echo', value: 'first' }, instanceIntent: true, activateOn: on, factoryInput: input });
  } else {
    await create(world, kind, objectId, on, input, name);
  }
  await replyOf(world, name);
  world.ops.delete(name);
  const rec = await world.driver.lookup(objectId);
  if (rec.state !== 'Ready' || rec.owner !== on) throw new Error(`${objectId} is not Ready on ${on}: ${JSON.stringify(rec)}`);
}

Given('{string} was closed and created again on {rid}', async function (this: SpotWorld, objectId: string, on: Rid) {
  const rec = await this.driver.lookup(objectId);
  await startOp(this, 'setup close', { kind: 'close', from: on, objectId, generation: rec.generation });
  await replyOf(this, 'setup close');
  await create(this, rec.kind!, objectId, on, {}, 'setup create');
  await replyOf(this, 'setup create');
  for (const n of ['setup close', 'setup create']) this.ops.delete(n);
});

When(
  '{rid} creates {objectKind} {string} on {rid} with input {string}',
  async function (this: SpotWorld, from: Rid, kind: ObjectKind, objectId: string, on: Rid, value: string) {
    await startOp(this, `the creation on ${on}`, { kind: 'create', from, objectId, objectKind: kind as 'actor', on, input: { value } });
  },
);

When(
  '{rid} creates {objectKind} {string} on {rid} with input {string}, its factory held on gate {string}',
  async function (this: SpotWorld, from: Rid, kind: ObjectKind, objectId: string, on: Rid, value: string, gate: string) {
    await startOp(this, `the creation on ${on}`, { kind: 'create', from, objectId, objectKind: kind as 'actor', on, input: { value, gate } });
  },
);

When('{rid} creates {objectKind} {string} on {rid}', async function (this: SpotWorld, from: Rid, kind: ObjectKind, objectId: string, on: Rid) {
  await startOp(this, 'the request', { kind: 'create', from, objectId, objectKind: kind as 'actor', on, input: {} });
});

When('the factory of {string} has started on {rid}', async function (this: SpotWorld, objectId: string, node: Rid) {
  await eventually(`the factory of ${objectId} to start on ${node}`, this.description.timings.defaultDeadlineMs, async () =>
    (await factoryRuns(this, objectId)).some((f) => f.node === node),
  );
});

// ---- messages ------------------------------------------------------------------------------------

// One step for every Actor/Spot direct message, read as the spec words it. (The kind group is the
// {objectKind} parameter type's regexp, so Cucumber hands it over already transformed.)
//   A sends Instance Spot "i1" the first message with Instance intent, activating on B, whose factory is held on gate "f"
When(
  /^(\w+) sends (actor|user spot|Instance Spot) "([^"]+)" (a message|another message|the first message|a later message)( with Instance intent)?(?:, activating on (\w+))?(?:, whose factory is held on gate "([^"]+)")?(?:, naming generation (\d+))?(?:, still through (\w+))?(?: that (echoes|fails|blocks on gate "[^"]+"))?(?:, with a deadline of (\d+) ms)?$/,
  async function (this: SpotWorld, from, kind, objectId, which, intent, activateOn, gate, generation, via, handler, deadline) {
    const name = which === 'the first message' ? 'the first message' : which === 'a later message' ? 'the later message' : 'the request';
    const gateName = handler ? /blocks on gate "([^"]+)"/.exec(handler)?.[1] : undefined;
    const spec: OperationSpec = {
      kind: 'object-message',
      from,
      objectId,
      objectKind: kind as ObjectKind,
      payload: gateName ? { app: 'block', gate: gateName, value: name } : handler === 'fails' ? { app: 'fail', value: name } : { app: 'echo', value: name },
      ...(intent ? { instanceIntent: true } : {}),
      ...(activateOn ? { activateOn } : {}),
      ...(gate ? { factoryInput: { gate } } : {}),
      ...(generation ? { generation: Number(generation) } : {}),
      ...(via ? { via } : {}),
      ...(deadline ? { deadlineMs: Number(deadline) } : {}),
    };
    await startOp(this, name, spec);
  },
);

// Two callers race: both messages are submitted before either is answered; each would activate
// on its own node if it alone found the Spot Missing.
When('{rid} and {rid} each send Instance Spot {string} a first message with Instance intent, at once', async function (this: SpotWorld, a: Rid, c: Rid, objectId: string) {
  await Promise.all(
    [a, c].map((from) =>
      startOp(this, `the first message from ${from}`, { kind: 'object-message', from, objectId, objectKind: 'instance-spot', payload: { app: 'echo', value: from }, instanceIntent: true, activateOn: from }),
    ),
  );
});

// The loser of the race may have accepted its message already (it was the candidate the caller
// picked): it does not resubmit it elsewhere, so Unavailable is as right as a reply from the winner.
// What is never right: a message handled anywhere but the one incarnation, or no message handled.
Then('each first message ended with a reply from the node that activated {string}, or Unavailable without running', async function (this: SpotWorld, objectId: string) {
  const names = [...this.ops.keys()].filter((n) => n.startsWith('the first message from '));
  if (names.length !== 2) throw new Error('this step follows two first messages sent at once');
  const owner = (await this.driver.lookup(objectId)).owner;
  let replies = 0;
  for (const name of names) {
    const o = await this.outcomeOf(name);
    const ran = (await this.runsOf(name)).map((e) => e.node);
    if (o.status === 'reply') {
      replies++;
      if (ran.length !== 1 || ran[0] !== owner) violated(`${name} was handled on [${ran.join(', ')}]; ${objectId} is owned by ${owner ?? 'nobody'}`);
    } else if (o.errorKind !== 'Unavailable' || ran.length > 0) {
      violated(`${name} ended with ${o.status} ${o.errorKind ?? ''}${ran.length ? `, handled on [${ran.join(', ')}]` : ''}`);
    }
  }
  if (replies === 0) violated(`neither first message reached the incarnation that was activated`);
});

Then('exactly one node ran the factory of {string}, for generation {int}, and owns it', async function (this: SpotWorld, objectId: string, generation: number) {
  await throughout(`factory runs of ${objectId}`, this.neverWindow(), async () => {
    const runs = await factoryRuns(this, objectId);
    if (runs.length !== 1) return `it ran ${runs.length} times: ${runs.map((r) => `${r.node}:${r.generation}`).join(', ') || 'never'}`;
    const rec = await this.driver.lookup(objectId);
    if (runs[0].generation !== generation || rec.state !== 'Ready' || rec.owner !== runs[0].node || rec.generation !== generation) {
      return `the factory ran on ${runs[0].node} for generation ${runs[0].generation}; the record is ${describeRecord(rec)}`;
    }
    return undefined;
  });
});

When('{rid} and {rid} each create {objectKind} {string} on themselves with input {string}, at once', async function (this: SpotWorld, a: Rid, c: Rid, kind: ObjectKind, objectId: string, value: string) {
  await Promise.all([a, c].map((on) => startOp(this, `the creation on ${on}`, { kind: 'create', from: on, objectId, objectKind: kind as 'actor', on, input: { value } })));
});

Then(
  'after the fault the factory of {string} ran on one node at most, for generation {int} with its stored input {string}',
  async function (this: SpotWorld, objectId: string, generation: number, input: string) {
    for (const name of [...this.ops.keys()].filter((n) => n.startsWith('the creation on '))) await this.outcomeOf(name);
    await throughout(`factory runs of ${objectId} after the fault`, this.neverWindow(), async () => {
      const after = await factoryRuns(this, objectId, this.journalAtFault);
      const nodes = [...new Set(after.map((r) => r.node))];
      if (nodes.length > 1) return `two targets ran the factory: ${nodes.join(' and ')}`;
      const other = after.find((r) => r.generation !== generation || (r.input as { value?: string }).value !== input);
      return other ? `the factory ran on ${other.node} for generation ${other.generation} with input ${JSON.stringify((other.input as { value?: string }).value)}` : undefined;
    });
  },
);

When('{rid} closes {string} naming generation {int}', async function (this: SpotWorld, from: Rid, objectId: string, generation: number) {
  this.recordBefore = await this.driver.lookup(objectId);
  await startOp(this, 'the request', { kind: 'close', from, objectId, generation });
});

When(
  '{rid} adds {rid} to the members of {string} naming generation {int}',
  async function (this: SpotWorld, from: Rid, member: Rid, objectId: string, generation: number) {
    this.recordBefore = await this.driver.lookup(objectId);
    await startOp(this, 'the request', { kind: 'join', from, objectId, generation, member });
  },
);

When('the owner lease of {string} has run out', async function (this: SpotWorld, objectId: string) {
  // The lease ends on the Store's clock; nothing may extend it (R-STO-3), so it is bounded.
  const { ownerLeaseMs } = this.description.timings;
  await eventually(`the owner lease of ${objectId} to run out`, ownerLeaseMs + 2 * SCHEDULING_TOLERANCE_MS, async () => !(await this.driver.lookup(objectId)).leaseValid);
  this.marks.set('lease ran out', Date.now());
});

When('the owner cache has expired', async function (this: SpotWorld) {
  // The owner cache has no observable state: this waits the stated cache time the
  // implementation reports, plus the tolerance.
  await new Promise((r) => setTimeout(r, this.description.timings.ownerCacheMs + SCHEDULING_TOLERANCE_MS));
});

// ---- an object nobody may take over ---------------------------------------------------------------

/**
 * "Never" for an object whose owner is gone: more than one look, from more than one caller, for as
 * long as the rule turns on (an owner lease: long enough for a runtime that reacts to the lease
 * running out, or to a restart, to do so). Each message must end Unavailable and run nowhere.
 */
async function keepsEndingUnavailable(world: SpotWorld, kind: ObjectKind, objectId: string, callers: Rid[], intent: boolean): Promise<void> {
  const { ownerLeaseMs } = world.description.timings;
  const until = Date.now() + ownerLeaseMs + SCHEDULING_TOLERANCE_MS;
  let round = 0;
  do {
    round++;
    const names: string[] = [];
    for (const from of callers) {
      const name = `probe ${round} from ${from}`;
      names.push(name);
      await startOp(world, name, { kind: 'object-message', from, objectId, objectKind: kind, payload: { app: 'echo', value: name }, ...(intent ? { instanceIntent: true } : {}) });
    }
    for (const name of names) {
      const o = await world.outcomeOf(name);
      if (o.status !== 'failure' || o.errorKind !== 'Unavailable') violated(`${name} to ${objectId} ended with ${o.status} ${o.errorKind ?? ''}, not Unavailable`);
      const ran = (await world.runsOf(name)).map((e) => e.node);
      if (ran.length) violated(`${name} to ${objectId} was handled on [${ran.join(', ')}]`);
    }
    await new Promise((r) => setTimeout(r, ownerLeaseMs / 4));
  } while (Date.now() < until || round < 2);
}

Then('messages to {objectKind} {string} from {rids} keep ending Unavailable for an owner lease, and none runs', async function (this: SpotWorld, kind: ObjectKind, objectId: string, callers: Rid[]) {
  await keepsEndingUnavailable(this, kind, objectId, callers, false);
});

Then('messages with Instance intent to {objectKind} {string} from {rids} keep ending Unavailable for an owner lease, and none runs', async function (this: SpotWorld, kind: ObjectKind, objectId: string, callers: Rid[]) {
  await keepsEndingUnavailable(this, kind, objectId, callers, true);
});

// ---- an owner that keeps processing --------------------------------------------------------------

Then("a timer of {string} ran on {rid} after {rid}'s peer {rid} was not-ready", async function (this: SpotWorld, objectId: string, owner: Rid, node: Rid, peer: Rid) {
  const lost = (await this.driver.peer(node, peer)).history.find((e) => e.event === 'not-ready');
  if (!lost) violated(`${node}'s peer ${peer} was never not-ready`);
  const { ownerLeaseMs } = this.description.timings;
  await expectWithin(`a timer of ${objectId} on ${owner} after ${peer} failed`, ownerLeaseMs, async () =>
    (await this.driver.journal()).some((e) => e.kind === 'timer' && e.objectId === objectId && e.node === owner && e.at > lost.at),
  );
});

Then('{objectKind} {string} still handles a message from {rid}, on {rid}', async function (this: SpotWorld, kind: ObjectKind, objectId: string, from: Rid, owner: Rid) {
  const name = `a message from ${from}`;
  await startOp(this, name, { kind: 'object-message', from, objectId, objectKind: kind, payload: { app: 'echo', value: name } });
  const o = await this.outcomeOf(name);
  if (o.status !== 'reply') violated(`${name} to ${objectId} ended with ${o.status} ${o.errorKind ?? ''}`);
  const ran = (await this.runsOf(name)).map((e) => e.node);
  if (ran.join() !== owner) violated(`${name} to ${objectId} was handled on [${ran.join(', ')}], expected ${owner}`);
});

// ---- the record --------------------------------------------------------------------------------

function describeRecord(r: ObjectRecordView): string {
  return `${r.state}${r.owner ? `, owned by ${r.owner}` : ''}, generation ${r.generation} (StoreVersion ${r.storeVersion})`;
}

Then(
  /^the record of "([^"]+)" is (Missing|Creating|Ready|Closing)(?:, owned by (\w+))?, generation (\d+)$/,
  async function (this: SpotWorld, objectId: string, state: RecordState, owner: string | undefined, generation: string) {
    const r = await this.driver.lookup(objectId);
    if (r.state !== state || (owner && r.owner !== owner) || r.generation !== Number(generation)) {
      violated(`the record of ${objectId} is ${describeRecord(r)}`);
    }
  },
);

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

// ---- factory runs --------------------------------------------------------------------------------

Then('the factory of {string} ran exactly once, on {rid}', async function (this: SpotWorld, objectId: string, node: Rid) {
  await throughout(`factory runs of ${objectId}`, this.neverWindow(), async () => {
    const runs = await factoryRuns(this, objectId);
    if (runs.length > 1) return `it ran ${runs.length} times: ${runs.map((r) => `${r.node}:${r.generation}`).join(', ')}`;
    if (runs.length === 1 && runs[0].node !== node) return `it ran on ${runs[0].node}`;
    return undefined;
  });
  if ((await factoryRuns(this, objectId)).length !== 1) violated(`the factory of ${objectId} did not run`);
});

Then('the factory runs of {string} were {string}', async function (this: SpotWorld, objectId: string, expected: string) {
  // "B:1 then A:2": node and generation of each run, in order. "B:1+" allows the factory to have run
  // again for the same node and generation (creation recovery may call it again with the same input).
  const runs = (await factoryRuns(this, objectId)).map((r) => `${r.node}:${r.generation}`);
  const want = expected.split(' then ');
  let i = 0;
  for (const w of want) {
    const name = w.replace(/\+$/, '');
    if (runs[i] !== name) violated(`the factory runs of ${objectId} were ${runs.join(' then ') || 'none'}, expected ${expected}`);
    i++;
    if (w.endsWith('+')) while (runs[i] === name) i++;
  }
  if (i !== runs.length) violated(`the factory runs of ${objectId} were ${runs.join(' then ')}, expected ${expected}`);
});

Then('no factory of {string} ran after the fault', async function (this: SpotWorld, objectId: string) {
  const since = this.journalAtFault;
  await throughout(`factory runs of ${objectId}`, this.neverWindow(), async () => {
    const runs = await factoryRuns(this, objectId, since);
    return runs.length ? `it ran on ${runs.map((r) => `${r.node} for generation ${r.generation}`).join(', ')}` : undefined;
  });
});

Then(
  'creation recovery continued generation {int} of {string} with its stored input {string}, or cancelled exactly that record',
  async function (this: SpotWorld, generation: number, objectId: string, input: string) {
    // The recovering operation ends; by then the record is settled one way or the other. Left
    // Creating under a dead owner is neither continuing nor cancelling.
    await this.outcomeOf(this.lastOp);
    const settled = await expectWithin(`the creation record of ${objectId} to be continued or cancelled`, this.description.timings.defaultDeadlineMs, async () => {
      const rec = await this.driver.lookup(objectId);
      return rec.state === 'Ready' || rec.state === 'Missing' ? rec : undefined;
    });
    if (settled.generation !== generation) violated(`recovery left ${objectId} at ${describeRecord(settled)}, not generation ${generation}`);
    await throughout(`creation recovery of ${objectId}`, this.neverWindow(), async () => {
      const after = await factoryRuns(this, objectId, this.journalAtFault);
      const other = after.find((r) => r.generation !== generation || (r.input as { value?: string }).value !== input);
      if (other) return `the factory ran for generation ${other.generation} with input ${JSON.stringify((other.input as { value?: string }).value)} on ${other.node}`;
      const rec = await this.driver.lookup(objectId);
      if (rec.state !== settled.state || rec.generation !== generation) return `the record moved on to ${describeRecord(rec)}`;
      // Continued: the incarnation exists only if a factory ran for it again, on the node that owns it.
      if (rec.state === 'Ready' && !after.some((r) => r.node === rec.owner)) return `the record is ${describeRecord(rec)}, but no factory ran on ${rec.owner} after the fault`;
      return undefined;
    });
  },
);

Then('the handler of the request ran for generation {int}', async function (this: SpotWorld, generation: number) {
  await this.outcomeOf();
  const gens = (await this.runsOf()).map((e) => e.generation);
  if (gens.length !== 1 || gens[0] !== generation) violated(`the handler ran for generation(s) [${gens.join(', ')}]`);
});

Then('the first message was handled before the later message', async function (this: SpotWorld) {
  const first = this.op('the first message').opId;
  const later = this.op('the later message').opId;
  const at = (opId: string, j: JournalEntry[]) => runsOfOp(j, this.evidence, opId)[0]?.seq;
  const journal = await expectWithin('both messages to be handled', this.description.timings.defaultDeadlineMs, async () => {
    const j = await this.driver.journal();
    return at(first, j) && at(later, j) ? j : undefined;
  });
  if (at(first, journal)! > at(later, journal)!) violated('the later message was handled before the stored first message');
});

Then('the request was sent to one owner only', async function (this: SpotWorld) {
  const o = await this.outcomeOf();
  const targets = new Set(o.attempts.map((a) => a.target));
  if (targets.size > 1) violated(`the request was sent to ${[...targets].join(' and ')}`);
  if (o.status !== 'reply') {
    if ((await this.runsOf()).length) violated('the failed request ran somewhere');
  }
});

// ---- situations the Instance Spot table starts from ------------------------------------------------

async function stoppedActivation(world: SpotWorld, objectId: string, on: Rid, failpoint: string): Promise<void> {
  await world.driver.fault({ kind: 'failpoint', name: failpoint, node: on });
  const from = [...world.meshes.values()].flat().find((r) => r !== on)!;
  await startOp(world, 'the first message', { kind: 'object-message', from, objectId, objectKind: 'instance-spot', payload: { app: 'echo', value: 'first' }, instanceIntent: true, activateOn: on });
  const o = await world.outcomeOf('the first message');
  if (o.status !== 'failure') throw new Error(`the first activation did not stop: ${o.status}`);
}

Given('the first activation of {string} on {rid} stopped before Ready', async function (this: SpotWorld, objectId: string, on: Rid) {
  await stoppedActivation(this, objectId, on, 'activation.fail-before-ready');
});

Given('the first activation of {string} on {rid} stopped before the restore', async function (this: SpotWorld, objectId: string, on: Rid) {
  await stoppedActivation(this, objectId, on, 'activation.fail-before-restore');
});

async function ownerDies(world: SpotWorld, objectId: string, owner: Rid): Promise<void> {
  await world.fault({ kind: 'crash', node: owner });
  const { ownerLeaseMs } = world.description.timings;
  await eventually(`the owner lease of ${objectId} to run out`, ownerLeaseMs + 2 * SCHEDULING_TOLERANCE_MS, async () => !(await world.driver.lookup(objectId)).leaseValid);
}

Given('Instance Spot {string} is Ready on {rid}, whose owner died', async function (this: SpotWorld, objectId: string, on: Rid) {
  await makeReady(this, 'instance-spot', objectId, on, {});
  await ownerDies(this, objectId, on);
});

Given('Instance Spot {string} was Ready on {rid} and closed', async function (this: SpotWorld, objectId: string, on: Rid) {
  await makeReady(this, 'instance-spot', objectId, on, {});
  await startOp(this, 'setup close', { kind: 'close', from: on, objectId, generation: 1 });
  await replyOf(this, 'setup close');
  this.ops.delete('setup close');
});

Given('{objectKind} {string} was being created on {rid} when {rid} died', async function (this: SpotWorld, kind: ObjectKind, objectId: string, on: Rid, dead: Rid) {
  await startOp(this, 'setup create', { kind: 'create', from: on, objectId, objectKind: kind as 'actor', on, input: { gate: 'never' } });
  await eventually(`the factory of ${objectId} to start`, this.description.timings.defaultDeadlineMs, async () => (await factoryRuns(this, objectId)).length > 0);
  this.ops.delete('setup create');
  await ownerDies(this, objectId, dead);
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

// ---- creation races ------------------------------------------------------------------------------

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

Then('the other creation ends with failure AlreadyExists', async function (this: SpotWorld) {
  const loser = [...this.ops.keys()].find((n) => n.startsWith('the creation on ') && n !== `the creation on ${this.winner}`)!;
  const o = await this.outcomeOf(loser);
  if (o.status !== 'failure' || o.errorKind !== 'AlreadyExists') violated(`${loser} ended with ${o.status} ${o.errorKind ?? ''}`);
});

Then('the creation that holds the Creating record ends with a reply', async function (this: SpotWorld) {
  const o = await this.outcomeOf(`the creation on ${this.winner}`);
  if (o.status !== 'reply') violated(`the creation on ${this.winner} ended with ${o.status} ${o.errorKind ?? ''}`);
});

Then('the factory of {string} ran exactly once, on the node whose creation won', async function (this: SpotWorld, objectId: string) {
  const winner = this.winner;
  await throughout(`factory runs of ${objectId}`, this.neverWindow(), async () => {
    const runs = await factoryRuns(this, objectId);
    if (runs.length !== 1 || runs[0].node !== winner) return `it ran on [${runs.map((r) => r.node).join(', ')}], the creation on ${winner} won`;
    return undefined;
  });
});

Then('the record of {string} is Ready, owned by the node whose creation won, generation {int}', async function (this: SpotWorld, objectId: string, generation: number) {
  const r = await this.driver.lookup(objectId);
  if (r.state !== 'Ready' || r.owner !== this.winner || r.generation !== generation) violated(`the record of ${objectId} is ${describeRecord(r)}; the creation on ${this.winner} won`);
});
