// Then-steps about an operation's Outcome (its terminal result and its attempts) and about the
// journal of handler runs and delivered results. Every assertion reads evidence the
// implementation produced; none reads back what the scenario itself set.

import { Then, When, type DataTable } from '@cucumber/cucumber';
import type { JournalEntry, Outcome, Rid } from '../src/driver/types.ts';
import { expectWithin, throughout } from './support/eventually.ts';
import { runsOfOp } from './support/evidence.ts';
import { SCHEDULING_TOLERANCE_MS, type SpotWorld } from './support/world.ts';
import { violated } from '../src/checks/violation.ts';

function describeOutcome(o: Outcome): string {
  const attempts = o.attempts.map((a) => `${a.target}:${a.accepted}`).join(', ');
  return `${o.status}${o.errorKind ? ` ${o.errorKind}` : ''} (attempts: ${attempts || 'none'})`;
}

/** Nodes the operation's message was handled on, found by the kit's marker (not the operation ID). */
function handlerRuns(world: SpotWorld, journal: JournalEntry[], opId: string): Rid[] {
  return runsOfOp(journal, world.evidence, opId).map((e) => e.node);
}

Then('{op} ends with a reply from {rid}', async function (this: SpotWorld, name: string, node: Rid) {
  const o = await this.outcomeOf(name);
  const accepted = o.attempts.filter((a) => a.accepted === 'yes');
  if (o.status !== 'reply' || accepted.length !== 1 || accepted[0].target !== node) {
    violated(`expected a reply from ${node}, got ${describeOutcome(o)}`);
  }
});

Then('{op} ends with failure {word}', async function (this: SpotWorld, name: string, errorKind: string) {
  const o = await this.outcomeOf(name);
  if (o.status !== 'failure' || o.errorKind !== errorKind) violated(`expected failure ${errorKind}, got ${describeOutcome(o)}`);
});

When('{op} has ended', async function (this: SpotWorld, name: string) {
  const op = this.op(name);
  if (!(await this.driver.outcome(op.opId, op.deadlineMs + SCHEDULING_TOLERANCE_MS))) throw new Error(`${name} did not end`);
});

// An Outcome says what happened and nothing more: the Framework returns the ErrorKind but does
// not indicate whether to retry (spec section 8). A runtime that adds advice (a "retryable" flag,
// a back-off hint) to the outcome the application receives breaks that; the kit sees it as a field
// the Driver contract does not have.
const OUTCOME_FIELDS = new Set(['opId', 'status', 'errorKind', 'reply', 'attempts']);
const ATTEMPT_FIELDS = new Set(['target', 'accepted', 'reason', 'connectionId']);

Then('the failure carries its ErrorKind and no retry advice', async function (this: SpotWorld) {
  const o = await this.outcomeOf();
  if (o.status !== 'failure' || !o.errorKind) violated(`expected a failure with an ErrorKind, got ${describeOutcome(o)}`);
  const extra = Object.keys(o).filter((k) => !OUTCOME_FIELDS.has(k));
  const extraAttempt = o.attempts.flatMap((a) => Object.keys(a)).filter((k) => !ATTEMPT_FIELDS.has(k));
  if (extra.length || extraAttempt.length) violated(`the outcome carries more than its ErrorKind: ${[...extra, ...extraAttempt.map((k) => `attempts[].${k}`)].join(', ')}`);
});

Then('{op} ends with a reply', async function (this: SpotWorld, name: string) {
  const o = await this.outcomeOf(name);
  if (o.status !== 'reply' || o.attempts.filter((a) => a.accepted === 'yes').length !== 1) violated(`expected a reply, accepted by one target, got ${describeOutcome(o)}`);
});

Then('{op} ends cancelled', async function (this: SpotWorld, name: string) {
  const o = await this.outcomeOf(name);
  if (o.status !== 'cancelled') violated(`expected cancelled, got ${describeOutcome(o)}`);
});

Then('{op} ends with shutdown', async function (this: SpotWorld, name: string) {
  const o = await this.outcomeOf(name);
  if (o.status !== 'shutdown') violated(`expected shutdown, got ${describeOutcome(o)}`);
});

Then('{op} ends with a timeout at its deadline', async function (this: SpotWorld, name: string) {
  const started = Date.now();
  const o = await this.outcomeOf(name);
  if (o.status !== 'timeout') violated(`expected a timeout, got ${describeOutcome(o)}`);
  const waited = Date.now() - started;
  const limit = this.op(name).deadlineMs + SCHEDULING_TOLERANCE_MS;
  if (waited > limit) violated(`the timeout came ${waited} ms after the request started, past its deadline (${limit} ms)`);
});

Then('every one of the requests ended with a reply from {rid}', async function (this: SpotWorld, node: Rid) {
  for (const name of this.ops.keys()) {
    const o = await this.outcomeOf(name);
    const accepted = o.attempts.filter((a) => a.accepted === 'yes');
    if (o.status !== 'reply' || accepted[0]?.target !== node) violated(`${name}: expected a reply from ${node}, got ${describeOutcome(o)}`);
  }
});

Then('the attempts were', async function (this: SpotWorld, table: DataTable) {
  const o = await this.outcomeOf();
  const want = table.hashes().map((r) => `${r.target}:${r.accepted}`);
  const got = o.attempts.map((a) => `${a.target}:${a.accepted}`);
  if (want.join(', ') !== got.join(', ')) violated(`expected attempts [${want.join(', ')}], got [${got.join(', ')}]`);
});

Then('every attempt named {rid}', async function (this: SpotWorld, node: Rid) {
  const o = await this.outcomeOf();
  const other = o.attempts.find((a) => a.target !== node);
  if (other) violated(`an attempt went to ${other.target}: ${describeOutcome(o)}`);
});

Then('no server accepted the request', async function (this: SpotWorld) {
  // The last attempt may still be unanswered when the deadline ends the operation ("unknown");
  // what matters is that none was accepted, and that at least one was refused for capacity.
  const o = await this.outcomeOf();
  if (o.attempts.some((a) => a.accepted === 'yes')) violated(`a server accepted: ${describeOutcome(o)}`);
  if (!o.attempts.some((a) => a.accepted === 'no')) violated(`no attempt was refused: ${describeOutcome(o)}`);
});

// ---- the journal -------------------------------------------------------------------------------

/** Handler runs of the request, watched for the quiet window so that a late re-run is seen. */
async function watchRuns(world: SpotWorld, check: (runs: Rid[]) => string | undefined): Promise<void> {
  const { opId } = world.op();
  await throughout('handler runs of the request', world.neverWindow(), async () => check(handlerRuns(world, await world.driver.journal(), opId)));
}

Then('the handler ran exactly once, on {rid}', async function (this: SpotWorld, node: Rid) {
  const { opId } = this.op();
  await this.outcomeOf(); // evidence is read once the operation has ended
  const now = handlerRuns(this, await this.driver.journal(), opId);
  if (now.length !== 1 || now[0] !== node) violated(`expected one run on ${node}, the journal shows runs on [${now.join(', ')}]`);
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
