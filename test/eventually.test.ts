// The kit's waits: a bound is stretched by a stall of the kit's own timer (machine load), never
// otherwise, and a deadline check allows the kit timer's own lateness.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectWithin, timerLateness } from '../step-definitions/support/eventually.ts';
import { RuleViolation } from '../src/checks/violation.ts';

function busy(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) { /* the machine holds the kit up */ }
}

test('a condition that never holds is a violation naming its bound', async () => {
  // A loaded machine may stall the kit's own poll timer here too; the message then says by how much.
  await assert.rejects(expectWithin('the thing', 30, async () => false), (e: unknown) => e instanceof RuleViolation && /^the thing: not seen within 30 ms( \(waited \d+ ms more, as long as the machine held the kit's own timer up\))?$/.test(e.message));
});

test('a stall of the kit itself stretches the bound by as much, and says so', async () => {
  const start = Date.now();
  // The condition holds 90 ms in; the kit is held up for 80 ms right after its first look.
  setTimeout(() => busy(80), 1);
  const seen = await expectWithin('the thing', 30, async () => Date.now() - start >= 90 || undefined);
  assert.equal(seen, true);
  setTimeout(() => busy(80), 1);
  await assert.rejects(expectWithin('the other thing', 30, async () => false), (e: unknown) => e instanceof RuleViolation && /waited \d+ ms more, as long as the machine held the kit's own timer up/.test(e.message));
});

test("timerLateness gives how late the kit's own timer for an instant fired", async () => {
  const at = Date.now() + 20;
  const lateness = timerLateness(at);
  // Held up right away, not from a timer of its own: a test process itself descheduled past the
  // instant would otherwise see both timers due at once and fire the earlier-due one first (not late).
  busy(60);
  const late = await lateness.settle();
  assert.ok(late >= 30, `late ${late}`);
  assert.ok((await timerLateness(Date.now() - 1000).settle()) < 100, "an instant already past counts only the timer's own delay");
});
