// Evidence from an operation's Outcome: its one terminal result and its attempts.

import { Then, When, type DataTable } from '@cucumber/cucumber';
import type { Rid } from '../src/driver/types.ts';
import { violated } from '../src/checks/violation.ts';
import { throughout } from './support/eventually.ts';
import { deadlineWatch } from './support/deadline.ts';
import { SCHEDULING_TOLERANCE_MS, type SpotWorld } from './support/world.ts';
import { describeOutcome } from './support/probes.ts';
import { now } from './support/kit-clock.ts';

Then('the other creation ends with failure AlreadyExists', async function (this: SpotWorld) {
  const loser = [...this.ops.keys()].find((n) => n.startsWith('the creation on ') && n !== `the creation on ${this.winner}`)!;
  const o = await this.outcomeOf(loser);
  if (o.status !== 'failure' || o.errorKind !== 'AlreadyExists') violated(`${loser} ended with ${o.status} ${o.errorKind ?? ''}`);
});

Then('the creation that holds the Creating record ends with a reply', async function (this: SpotWorld) {
  const o = await this.outcomeOf(`the creation on ${this.winner}`);
  if (o.status !== 'reply') violated(`the creation on ${this.winner} ended with ${o.status} ${o.errorKind ?? ''}`);
});

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

// Any failure: the rule says the operation does not succeed, and the chapter names no ErrorKind for
// it; but a failure carries one ("The Framework returns a failed operation's ErrorKind", section 8).
Then('{op} ends with a failure', async function (this: SpotWorld, name: string) {
  const o = await this.outcomeOf(name);
  if (o.status !== 'failure' || !o.errorKind) violated(`expected a failure with its ErrorKind, got ${describeOutcome(o)}`);
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
  // The reply may come from the caller itself (an operation the next Framework operation settles
  // on the spot, e.g. a Close that cancels an orphaned creation record); never from two targets.
  if (o.status !== 'reply' || o.attempts.filter((a) => a.accepted === 'yes').length > 1) violated(`expected a reply, accepted by one target at most, got ${describeOutcome(o)}`);
});

// A handler held on a gate has not finished: an outcome before the gate opens was not produced by
// running it (a runtime that answers without doing the work is seen here).
Then('{op} has not ended while gate {string} is closed', async function (this: SpotWorld, name: string, gate: string) {
  const { opId, deadlineMs, submittedAt } = this.op(name);
  // Watched until the operation's deadline at most: a timeout at the deadline is a proper end.
  const untilDeadline = submittedAt + deadlineMs - SCHEDULING_TOLERANCE_MS - now();
  await throughout(`${name} while gate "${gate}" is closed`, Math.min(this.neverWindow(), Math.max(1, untilDeadline)), async () => {
    const o = await this.driver.outcome(opId, 0);
    return o ? `it ended with ${describeOutcome(o)} before its handler could finish` : undefined;
  });
});

Then('{op} ends with a failure by its deadline', async function (this: SpotWorld, name: string) {
  // Which ErrorKind is the runtime's choice; that it ends, failed, by the deadline is the rule.
  const o = await this.outcomeOf(name);
  if (o.status !== 'failure' && o.status !== 'timeout') violated(`expected a failure by the deadline, got ${describeOutcome(o)}`);
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
  const watch = deadlineWatch(this, name);
  const o = await this.outcomeOf(name);
  if (o.status !== 'timeout') violated(`expected a timeout, got ${describeOutcome(o)}`);
  await watch.endedAtDeadline('the timeout was seen');
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
