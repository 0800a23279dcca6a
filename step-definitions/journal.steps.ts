// Evidence from the journal of the test application: which handler, factory, timer and lifecycle
// runs happened, where, for which generation, and which results the application received.
// Runs are found by the kit's markers (support/evidence.ts), whatever operation ID they carry.

import { Then } from '@cucumber/cucumber';
import type { JournalEntry, ObjectKind, Rid } from '../src/driver/types.ts';
import { violated } from '../src/checks/violation.ts';
import { eventually, expectWithin, throughout } from './support/eventually.ts';
import { runsOfOp } from './support/evidence.ts';
import { MIN_WATCH_MS, SCHEDULING_TOLERANCE_MS, SPEC_CUTOVER_FALLBACK_MS, type SpotWorld } from './support/world.ts';
import { start } from './support/operations.ts';
import { bothReadBeforeEitherChanged, describeRecord, factoryRuns, handlerRuns, watchRuns } from './support/probes.ts';
import { now, sleep } from './support/kit-clock.ts';

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
  // Judged once every operation that could activate it has ended, then watched for the window.
  for (const name of this.ops.keys()) await this.outcomeOf(name);
  // After a race of first messages (each activating on its sender), both must have found it Missing.
  const racers = [...this.ops.keys()].filter((n) => n.startsWith('the first message from ')).map((n) => n.slice('the first message from '.length) as Rid);
  if (racers.length === 2) await bothReadBeforeEitherChanged(this, racers, objectId);
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

// Watched for the whole window while the first factory is held: a rival activation that found
// the Spot Missing has all that time to build a second incarnation.
Then('no second factory of {string} starts while gate {string} is closed', async function (this: SpotWorld, objectId: string, _gate: string) {
  await throughout(`factory runs of ${objectId}`, this.neverWindow(), async () => {
    const runs = await factoryRuns(this, objectId);
    return runs.length > 1 ? `a second factory started: ${runs.map((r) => `${r.node}:${r.generation}`).join(', ')}` : undefined;
  });
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

/**
 * "Never" for an object whose owner is gone: more than one look, from more than one caller, for as
 * long as the rule turns on (an owner lease: long enough for a runtime that reacts to the lease
 * running out, or to a restart, to do so). Each message must end Unavailable and run nowhere.
 */
async function keepsEndingUnavailable(world: SpotWorld, kind: ObjectKind, objectId: string, callers: Rid[], intent: boolean): Promise<void> {
  const { ownerLeaseMs } = world.description.timings;
  const until = now() + ownerLeaseMs + SCHEDULING_TOLERANCE_MS;
  let round = 0;
  do {
    round++;
    const names: string[] = [];
    for (const from of callers) {
      const name = `probe ${round} from ${from}`;
      names.push(name);
      await start(world, name, { kind: 'object-message', from, objectId, objectKind: kind, payload: { app: 'echo', value: name }, ...(intent ? { instanceIntent: true } : {}) });
    }
    for (const name of names) {
      const o = await world.outcomeOf(name);
      if (o.status !== 'failure' || o.errorKind !== 'Unavailable') violated(`${name} to ${objectId} ended with ${o.status} ${o.errorKind ?? ''}, not Unavailable`);
      const ran = (await world.runsOf(name)).map((e) => e.node);
      if (ran.length) violated(`${name} to ${objectId} was handled on [${ran.join(', ')}]`);
    }
    await sleep(ownerLeaseMs / 4);
  } while (now() < until || round < 2);
}

Then('messages to {objectKind} {string} from {rids} keep ending Unavailable for an owner lease, and none runs', async function (this: SpotWorld, kind: ObjectKind, objectId: string, callers: Rid[]) {
  await keepsEndingUnavailable(this, kind, objectId, callers, false);
});

Then('messages with Instance intent to {objectKind} {string} from {rids} keep ending Unavailable for an owner lease, and none runs', async function (this: SpotWorld, kind: ObjectKind, objectId: string, callers: Rid[]) {
  await keepsEndingUnavailable(this, kind, objectId, callers, true);
});

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
  await start(this, name, { kind: 'object-message', from, objectId, objectKind: kind, payload: { app: 'echo', value: name } });
  const o = await this.outcomeOf(name);
  if (o.status !== 'reply') violated(`${name} to ${objectId} ended with ${o.status} ${o.errorKind ?? ''}`);
  const ran = (await this.runsOf(name)).map((e) => e.node);
  if (ran.join() !== owner) violated(`${name} to ${objectId} was handled on [${ran.join(', ')}], expected ${owner}`);
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
  // None more afterwards: a factory run again later (a second activation, a timer) is a run too many.
  const last = want[want.length - 1];
  await throughout(`factory runs of ${objectId}`, this.neverWindow(), async () => {
    const more = (await factoryRuns(this, objectId)).slice(runs.length).map((r) => `${r.node}:${r.generation}`);
    const extra = last.endsWith('+') ? more.filter((r) => r !== last.slice(0, -1)) : more;
    return extra.length ? `it ran again afterwards (${extra.join(', ')}), expected ${expected}` : undefined;
  });
});

// V11: the generation an activation began is carried on by the node its pointer names or by nobody:
// no factory runs for it elsewhere, and no record names it owned elsewhere (a new generation may).
Then('no node but {rid} ran the factory of {string} for generation {int}, or owns that generation', async function (this: SpotWorld, node: Rid, objectId: string, generation: number) {
  await throughout(`generation ${generation} of ${objectId}`, this.neverWindow(), async () => {
    const run = (await factoryRuns(this, objectId)).find((r) => r.generation === generation && r.node !== node);
    if (run) return `the factory ran for generation ${generation} on ${run.node}`;
    const r = await this.driver.lookup(objectId);
    return r.generation === generation && r.owner !== undefined && r.owner !== node && r.state !== 'Missing' ? `the record is ${describeRecord(r)}` : undefined;
  });
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

Then('the factory of {string} ran exactly once, on the node whose creation won', async function (this: SpotWorld, objectId: string) {
  const winner = this.winner;
  await throughout(`factory runs of ${objectId}`, this.neverWindow(), async () => {
    const runs = await factoryRuns(this, objectId);
    if (runs.length !== 1 || runs[0].node !== winner) return `it ran on [${runs.map((r) => r.node).join(', ')}], the creation on ${winner} won`;
    return undefined;
  });
});

Then('the handler ran exactly once, on {rid}', async function (this: SpotWorld, node: Rid) {
  const { opId } = this.op();
  await this.outcomeOf(); // evidence is read once the operation has ended
  // An operation may end before its run shows (the caller learned of a failed connection while the
  // target was still taking the written operation up): the run is awaited, within the deadline.
  const ran = await eventually(`the handler to run on ${node}`, this.description.timings.defaultDeadlineMs, async () => {
    const runs = handlerRuns(this, await this.driver.journal(), opId);
    return runs.length > 0 ? runs : undefined;
  }).catch(() => [] as Rid[]);
  if (ran.length !== 1 || ran[0] !== node) violated(`expected one run on ${node}, the journal shows runs on [${ran.join(', ')}]`);
  await watchRuns(this, (runs) => (runs.length > 1 ? `ran again, on [${runs.join(', ')}]` : undefined));
});

Then('the handler ran exactly once', async function (this: SpotWorld) {
  await this.outcomeOf();
  await expectWithin('the handler of the request to run', SCHEDULING_TOLERANCE_MS, async () => (await this.runsOf()).length > 0);
  await watchRuns(this, (runs) => (runs.length > 1 ? `it ran ${runs.length} times, on [${runs.join(', ')}]` : undefined));
});

Then('the handler never ran on {rid}', async function (this: SpotWorld, node: Rid) {
  for (const [name, { opId }] of this.ops) {
    await this.outcomeOf(name);
    const runs = handlerRuns(this, await this.driver.journal(), opId);
    if (runs.includes(node)) violated(`${name} ran on ${node}`);
  }
  await throughout(`runs on ${node}`, this.neverWindow(), async () => {
    const journal = await this.driver.journal();
    const ran = [...this.ops].find(([, { opId }]) => handlerRuns(this, journal, opId).includes(node));
    return ran ? `${ran[0]} ran on ${node}` : undefined;
  });
});

Then('the request never ran on a server that refused it', async function (this: SpotWorld) {
  // A server whose every attempt was refused must never run it. An attempt still unanswered when
  // the deadline ended the operation may have been accepted afterwards: duplication is possible
  // there, and the spec allows it.
  const o = await this.outcomeOf();
  const refusedOnly = (node: Rid) => o.attempts.filter((a) => a.target === node).every((a) => a.accepted === 'no');
  await watchRuns(this, (runs) => {
    const bad = runs.find(refusedOnly);
    return bad ? `it ran on ${bad}, which had refused every attempt` : runs.length > 1 ? `it ran ${runs.length} times` : undefined;
  });
});

Then('the handler never ran for the request', async function (this: SpotWorld) {
  await watchRuns(this, (runs) => (runs.length > 0 ? `it ran on [${runs.join(', ')}]` : undefined));
});

Then('the application on {rid} received exactly one result for the request', async function (this: SpotWorld, node: Rid) {
  const { opId } = this.op();
  const first = await this.outcomeOf();
  const delivered = async () => (await this.driver.journal()).filter((e) => e.kind === 'result' && e.opId === opId);
  await expectWithin(`the application on ${node} to receive the result of the request`, SCHEDULING_TOLERANCE_MS, async () => (await delivered()).length > 0);
  await throughout('results delivered for the request', this.neverWindow(), async () => {
    const results = await delivered();
    if (results.some((r) => r.node !== node)) return `a result was delivered on another node`;
    if (results.length > 1) return `${results.length} results were delivered: ${results.map((r) => (r.kind === 'result' ? r.status : '')).join(', ')}`;
    if (results.length === 1 && results[0].kind === 'result' && results[0].status !== first.status) return `the delivered result is not the outcome's`;
    return undefined;
  });
});

Then('no handler ran for an operation the application did not start', async function (this: SpotWorld) {
  await this.outcomeOf();
  // By marker: a message the application sent once and the framework started again carries the
  // same marker under another operation ID; work of the framework's own carries none of the kit's.
  await throughout('handler runs', this.neverWindow(), async () => {
    const seen = new Set<unknown>();
    for (const e of await this.driver.journal()) {
      if (e.kind !== 'handler') continue;
      const mark = (e.input as { mark?: unknown }).mark;
      if (!this.evidence.isOurs(mark)) return `the framework ran an operation of its own (${e.opId}) on ${e.node}`;
      if (seen.has(mark)) return `the framework ran a message the application sent once a second time, as ${e.opId} on ${e.node}`;
      seen.add(mark);
    }
    return undefined;
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

Then('{op} ran on {rid}', async function (this: SpotWorld, name: string, node: Rid) {
  await expectWithin(`${name} to run on ${node}`, this.description.timings.defaultDeadlineMs, async () =>
    (await this.runsOf(name)).some((e) => e.node === node),
  );
});

Then(
  'no timer or message of {string} ran on {rid} from its lease running out until the Store answers again',
  async function (this: SpotWorld, objectId: string, node: Rid) {
    const since = this.marks.get('lease ran out');
    if (since === undefined) throw new Error('the scenario did not wait for the lease to run out');
    const later = this.op('the later message').opId;
    await throughout(`${objectId} on ${node}`, this.neverWindow(), async () => {
      const j = await this.driver.journal();
      const timer = j.find((e) => e.kind === 'timer' && e.objectId === objectId && e.node === node && e.at > since);
      if (timer) return `a timer ran ${timer.at - since} ms after the owner lease ran out`;
      const run = j.find((e) => (e.kind === 'handler' && e.objectId === objectId && e.node === node && e.at > since) || runsOfOp([e], this.evidence, later).length > 0);
      return run ? `a message ran ${run.at - since} ms after the owner lease ran out` : undefined;
    });
  },
);

// From when the Store answered the node again (the kit's fault, on the runtime's clock): the record
// names another owner or generation since before then, so a timer run of this generation stamped
// later is the node running an object it no longer owns (R-STO-4). Watched for an owner lease and
// more after the Store answered: the node renews within it, and re-confirms before it runs anything.
Then('no timer of {string} for generation {int} runs on {rid} from the Store answering again on', async function (this: SpotWorld, objectId: string, generation: number, node: Rid) {
  const back = this.marks.get('store back');
  if (back === undefined) throw new Error(`the scenario did not make the Location Store answer ${node} again`);
  await throughout(`timers of ${objectId} on ${node}`, Math.max(this.neverWindow(), this.settleMs()), async () => {
    const run = (await this.driver.journal()).find((e) => e.kind === 'timer' && e.objectId === objectId && e.generation === generation && e.node === node && e.at > back);
    return run ? `a timer of generation ${generation} ran on ${node} ${run.at - back} ms after the Store answered again` : undefined;
  });
});

// From when the kit had the relocation's result: a timer run stamped later on the source means the
// source is still running the object past its owner change (a run before it is not counted).
Then('no timer of {string} runs on {rid} from the end of the relocation on', async function (this: SpotWorld, objectId: string, node: Rid) {
  await this.outcomeOf('the relocation');
  const since = now();
  await throughout(`timers of ${objectId} on ${node}`, this.neverWindow(), async () => {
    const run = (await this.driver.journal()).find((e) => e.kind === 'timer' && e.objectId === objectId && e.node === node && e.at > since);
    return run ? `a timer ran on ${node} ${run.at - since} ms after the relocation ended` : undefined;
  });
});

// From the first look that saw relay-ready accepted in the Relocation Store: the source accepted it
// before it recorded it, so a timer run stamped later is the source running the object past the
// boundary. Watched past the 1,000 ms fallback, by which the owner change is made whatever the
// source hears.
Then('no timer of {string} runs on {rid} from relay-ready accepted on', async function (this: SpotWorld, objectId: string, node: Rid) {
  const times = this.relocationTimes.get(objectId);
  if (!times) throw new Error(`the scenario relocated no object called "${objectId}"`);
  const seen = await eventually(`the relocation of ${objectId} to reach relay-ready-accepted`, this.description.timings.defaultDeadlineMs, async () => times.stages.get('relay-ready-accepted'));
  await throughout(`timers of ${objectId} on ${node}`, Math.max(MIN_WATCH_MS, seen.at + SPEC_CUTOVER_FALLBACK_MS + this.settleMs() - now()), async () => {
    const run = (await this.driver.journal()).find((e) => e.kind === 'timer' && e.objectId === objectId && e.node === node && e.at > seen.at);
    return run ? `a timer ran on ${node} ${run.at - seen.at} ms after relay-ready accepted was recorded` : undefined;
  });
});

Then('the factory of {string} ran exactly once, on {rid}', async function (this: SpotWorld, objectId: string, node: Rid) {
  await throughout(`factory runs of ${objectId}`, this.neverWindow(), async () => {
    const runs = await factoryRuns(this, objectId);
    if (runs.length > 1) return `it ran ${runs.length} times: ${runs.map((r) => `${r.node}:${r.generation}`).join(', ')}`;
    if (runs.length === 1 && runs[0].node !== node) return `it ran on ${runs[0].node}`;
    return undefined;
  });
  if ((await factoryRuns(this, objectId)).length !== 1) violated(`the factory of ${objectId} did not run`);
});
