// The simulated world's scheduler and network (src/sim/): virtual time, the seeded order of events
// due at one instant, lanes that keep their order, a world that stands still unless the kit waits
// on it, and a wait that can never end failing instead of hanging.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Scheduler, SIM_EPOCH, WorldStuck } from '../src/sim/scheduler.ts';
import { SimWire } from '../impl-reference/harness/sim-network.ts';
import { Prng } from '../src/nemesis/prng.ts';

test('timers fire in virtual time, at once in wall time', async () => {
  const s = new Scheduler(1);
  const fired: number[] = [];
  s.clock.setTimeout(() => fired.push(s.now() - SIM_EPOCH), 30_000);
  s.clock.setTimeout(() => fired.push(s.now() - SIM_EPOCH), 10);
  const wall = Date.now();
  await s.kitClock.sleep(60_000);
  assert.deepEqual(fired, [10, 30_000]);
  assert.equal(s.now() - SIM_EPOCH, 60_000);
  assert.ok(Date.now() - wall < 1000, 'a minute of virtual time took no wall time to speak of');
});

test('an interval fires every period until cleared; a cleared timer never fires', async () => {
  const s = new Scheduler(1);
  const ticks: number[] = [];
  const t = s.clock.setInterval(() => ticks.push(s.now() - SIM_EPOCH), 100);
  const never = s.clock.setTimeout(() => ticks.push(-1), 50);
  s.clock.clearTimer(never);
  await s.kitClock.sleep(350);
  s.clock.clearTimer(t);
  await s.kitClock.sleep(500);
  assert.deepEqual(ticks, [100, 200, 300]);
});

test('events due at one instant run in an order the seed decides', async () => {
  const order = async (seed: number) => {
    const s = new Scheduler(seed);
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) s.clock.setTimeout(() => seen.push(i), 5);
    await s.kitClock.sleep(10);
    return seen.join(',');
  };
  assert.equal(await order(3), await order(3), 'the same seed, the same order');
  const orders = new Set(await Promise.all([1, 2, 3, 4, 5].map(order)));
  assert.ok(orders.size > 1, 'other seeds, other orders');
});

test('promise continuations of one event run before the next event', async () => {
  const s = new Scheduler(1);
  const seen: string[] = [];
  s.clock.setTimeout(() => void Promise.resolve().then(() => seen.push('continuation of a')).then(() => seen.push('and its next')), 5);
  s.clock.setTimeout(() => seen.push('b'), 5);
  s.clock.setTimeout(() => seen.push('c'), 6);
  await s.kitClock.sleep(10);
  assert.ok(seen.indexOf('and its next') < seen.indexOf('c'), seen.join(' | '));
});

test('a wire keeps the order of each lane, whatever delays it draws', async () => {
  const s = new Scheduler(9);
  const wire = new SimWire(s, new Prng(9), { min: 0, max: 20 });
  const a = {};
  const b = {};
  const got: string[] = [];
  for (let i = 0; i < 50; i++) {
    wire.carry(a, () => got.push(`a${i}`));
    wire.carry(b, () => got.push(`b${i}`));
  }
  await s.kitClock.sleep(100);
  const lane = (p: string) => got.filter((x) => x.startsWith(p)).map((x) => Number(x.slice(1)));
  assert.deepEqual(lane('a'), [...Array(50).keys()]);
  assert.deepEqual(lane('b'), [...Array(50).keys()]);
  assert.notDeepEqual(got, [...Array(50).keys()].flatMap((i) => [`a${i}`, `b${i}`]), 'the lanes interleave as the delays fall');
});

test('the world stands still unless the kit waits on it, and while frozen', async () => {
  const s = new Scheduler(1);
  let fired = false;
  s.clock.setTimeout(() => (fired = true), 1);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(fired, false, 'nobody waited: no event ran');
  s.freeze();
  const waiting = s.kitClock.sleep(5);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(fired, false, 'frozen: no event ran although the kit waits');
  s.go();
  await waiting;
  assert.equal(fired, true);
});

test('a wait the world can never end fails, naming the seed', async () => {
  const s = new Scheduler(42);
  await assert.rejects(s.drive(new Promise(() => {})), (e: unknown) => e instanceof WorldStuck && /seed 42.*nothing is left to happen/.test((e as Error).message));
  s.clock.setInterval(() => {}, 1000);
  await assert.rejects(s.drive(new Promise(() => {})), (e: unknown) => e instanceof WorldStuck && /ran 15 min on/.test((e as Error).message));
});
