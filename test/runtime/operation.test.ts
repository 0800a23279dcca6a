// Protects the one-terminal-result rule (R-GEN-3) and the operation deadline (R-GEN-1) in
// impl-reference/kernel/operation.ts: finish() hands the application only the first terminal result (the
// 'double-terminal' mutant hands it every one), and race() ends with whichever comes first of the
// awaited value, the deadline (at deadlineAt, not before) and the operation ending.

import { realClock } from '../../src/driver/clock.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rulesOf } from '../../impl-reference/mutants/seams.ts';
import { Operation } from '../../impl-reference/kernel/operation.ts';
import type { Outcome } from '../../src/driver/types.ts';

function operation(deadlineMs: number, mutant?: string) {
  const delivered: Outcome[] = [];
  const op = new Operation('op-1', Date.now() + deadlineMs, (o) => delivered.push(o), realClock, rulesOf(mutant).terminal);
  return { op, delivered };
}

const never = () => new Promise<never>(() => {});

test('finish delivers only the first terminal result; a later one is dropped', () => {
  const { op, delivered } = operation(1000);
  op.attempts.push({ target: 'B', accepted: 'yes', reason: 'accepted' });
  assert.equal(op.isEnded, false);
  op.finish('reply', { reply: { v: 1 } });
  op.finish('timeout');
  op.finish('failure', { errorKind: 'Unavailable' });
  assert.equal(op.isEnded, true);
  assert.deepEqual(delivered, [
    { opId: 'op-1', status: 'reply', reply: { v: 1 }, attempts: [{ target: 'B', accepted: 'yes', reason: 'accepted' }] },
  ]);
  // The outcome holds a copy of the attempts, not the live list.
  op.attempts[0].reason = 'changed';
  assert.equal(delivered[0].attempts[0].reason, 'accepted');
});

test("with mutant 'double-terminal' every terminal result is delivered", () => {
  const { op, delivered } = operation(1000, 'double-terminal');
  op.finish('timeout');
  op.finish('reply', { reply: 2 });
  assert.deepEqual(
    delivered.map((o) => o.status),
    ['timeout', 'reply'],
  );
});

test("race resolves 'value' when the promise wins", async () => {
  const { op } = operation(1000);
  assert.deepEqual(await op.race(Promise.resolve(42)), { kind: 'value', value: 42 });
});

test("race resolves 'ended' when the operation is finished meanwhile", async () => {
  const { op } = operation(1000);
  const raced = op.race(never());
  setImmediate(() => op.finish('cancelled'));
  assert.deepEqual(await raced, { kind: 'ended' });
  // And an operation that has already ended does not wait at all.
  assert.deepEqual(await op.race(never()), { kind: 'ended' });
});

test("race resolves 'deadline' at deadlineAt", async () => {
  const { op } = operation(30);
  const raced = await op.race(never());
  const at = Date.now();
  assert.deepEqual(raced, { kind: 'deadline' });
  assert.ok(at >= op.deadlineAt, `resolved ${op.deadlineAt - at} ms before deadlineAt`);
  assert.ok(at < op.deadlineAt + 500, `resolved ${at - op.deadlineAt} ms after deadlineAt`);
});

test("race honours a deadline already past: 'deadline' at once", async () => {
  const { op } = operation(-5);
  assert.deepEqual(await op.race(never()), { kind: 'deadline' });
});

// KNOWN BUG (reported, not fixed here): race() arms setTimeout(deadlineAt - Date.now()); Node's
// timers count whole milliseconds of the monotonic clock, so the timer can fire up to 1 ms before
// deadlineAt on the Date.now() clock, and 'deadline' (then a 'timeout' outcome) comes early. Many
// overlapping races, as in a busy node, show it every run.
test("race never resolves 'deadline' before deadlineAt", async () => {
  const early: number[] = [];
  const runs: Promise<void>[] = [];
  for (let i = 0; i < 100; i++) {
    const { op } = operation(20 + (i % 17));
    runs.push(
      op.race(never()).then(() => {
        if (Date.now() < op.deadlineAt) early.push(op.deadlineAt - Date.now());
      }),
    );
    await new Promise((r) => setTimeout(r, i % 3 === 0 ? 1 : 0));
  }
  await Promise.all(runs);
  assert.deepEqual(early, [], `${early.length} of 100 races resolved 'deadline' before deadlineAt`);
});
