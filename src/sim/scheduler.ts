// The simulated world's one clock and its discrete-event loop. Every timer, lease, deadline, frame
// delivery and Store answer of the nodes in the world is an event on this clock; nothing in the
// world waits on the machine.
//
// The loop runs one event per immediate (setImmediate): by the time the next immediate runs, every
// promise continuation the last event started has run (Node drains microtasks after each immediate
// callback), so the world is quiescent, and the next event is the earliest pending one. Virtual
// time jumps to it. Immediates are queued a batch at a time (STEPS_PER_TURN): Node runs every
// immediate queued before a turn's check phase in that turn, draining microtasks between them, so a
// batch runs many events per turn of the event loop without giving up quiescence between two, and
// the cost of a turn (its poll for I/O) is paid once per batch instead of once per event. Events
// due at the same instant run in an order the seed drew (events.ts).
// Given the same seed and the same calls from outside, the world does the same things in the same
// order, whatever the machine's load.
//
// The world moves only while someone outside it waits on it (`drive`): the kit's calls to the
// Driver and the kit's sleeps. Between two of them, and while frozen (between the steps of a
// scenario, when Cucumber does its own I/O), no event runs and no time passes, so what the kit
// does between its waits never races the world.

import type { Clock, TimerId } from '../driver/clock.ts';
import { Prng } from '../nemesis/prng.ts';
import { EventHeap, type SimEvent } from './events.ts';

/** Virtual time starts here (a fixed instant, so timestamps read like wall-clock ones and repeat). */
export const SIM_EPOCH = Date.UTC(2030, 0, 1);

/**
 * Every event runs at least this much later than the one before (2^-10 ms, exact in a double at
 * these magnitudes). Events due at one millisecond would otherwise share one timestamp although
 * one led to the next (a crash, the restart, a client's new Session on the new process), and a
 * history, judged by time, could not tell which came first.
 */
export const EVENT_TICK_MS = 1 / 1024;

/** Immediates queued at once: events that may run in one turn of Node's event loop. */
const STEPS_PER_TURN = 64;

/** How far virtual time may run ahead with no wait of the kit starting or ending: past it, a wait is stuck. */
const RUNAWAY_MS = 15 * 60_000;

export class WorldStuck extends Error {}

interface Pending {
  fail(e: Error): void;
}

export class Scheduler {
  private time = SIM_EPOCH;
  private readonly heap = new EventHeap();
  private seq = 0;
  private readonly ranks: Prng;
  private readonly waits = new Set<Pending>();
  private frozen = false;
  /** Steps queued as immediates and not yet run. */
  private queued = 0;
  /** Virtual time when a wait of the kit last started or ended (the runaway guard counts from it). */
  private lastProgress = SIM_EPOCH;
  /** Events run so far (the bench reports events per operation). */
  events = 0;
  /** Events cancelled since the heap was last compacted. */
  private cancelled = 0;

  /** The clock the nodes run on: timers are events; it never makes the world move. */
  readonly clock: Clock;
  /** The clock the kit waits on: the same time, and its sleeps move the world (`drive`). */
  readonly kitClock: Clock;

  constructor(readonly seed: number) {
    this.ranks = new Prng(seed ^ 0x5eed1e55);
    const timers = {
      now: () => this.time,
      setTimeout: (fn: () => void, ms: number): TimerId => this.after(ms, fn),
      setInterval: (fn: () => void, ms: number): TimerId => this.every(ms, fn),
      clearTimer: (t: TimerId | undefined) => this.cancel(t),
    };
    this.clock = { ...timers, sleep: (ms) => new Promise((r) => this.after(ms, r)) };
    this.kitClock = { ...timers, sleep: (ms) => this.drive(new Promise((r) => this.after(ms, r))) };
  }

  now(): number {
    return this.time;
  }

  /** Run `fn` at virtual time `at` (never earlier than now). */
  at(at: number, fn: () => void): SimEvent {
    const e: SimEvent = { at: Math.max(at, this.time), rank: this.ranks.next(), seq: this.seq++, run: fn };
    this.heap.push(e);
    return e;
  }

  /** Run `fn` `ms` from now (a timer: whole milliseconds, at least one turn later). */
  after(ms: number, fn: () => void): SimEvent {
    return this.at(this.time + Math.max(0, Math.ceil(Number.isFinite(ms) ? ms : 0)), fn);
  }

  private every(ms: number, fn: () => void): TimerId {
    const period = Math.max(1, Math.ceil(ms));
    const handle = { current: undefined as SimEvent | undefined, cancelled: false };
    const tick = () => {
      if (handle.cancelled) return;
      handle.current = this.after(period, tick);
      fn();
    };
    handle.current = this.after(period, tick);
    return handle;
  }

  cancel(t: TimerId | undefined): void {
    if (!t) return;
    const e = 'cancelled' in t ? (((t as { cancelled: boolean }).cancelled = true), (t as { current?: SimEvent }).current) : (t as SimEvent);
    if (!e?.run) return;
    e.run = undefined;
    if (++this.cancelled > 4096 && this.cancelled > this.heap.size / 2) {
      this.heap.compact();
      this.cancelled = 0;
    }
  }

  /**
   * Let the world run until `p` settles, and settle with it. Several waits may be under way at
   * once; the world runs while any is. A wait the world can never end (nothing left to happen, or
   * virtual time running on with nobody's wait ending) fails with WorldStuck instead of hanging.
   */
  drive<T>(p: Promise<T>): Promise<T> {
    let pending!: Pending;
    const failed = new Promise<never>((_, reject) => (pending = { fail: reject }));
    this.waits.add(pending);
    this.lastProgress = this.time;
    this.kick();
    return Promise.race([p, failed]).finally(() => {
      this.waits.delete(pending);
      this.lastProgress = this.time;
    });
  }

  /** Nothing happens in the world, and no time passes, until go(). */
  freeze(): void {
    this.frozen = true;
  }

  go(): void {
    this.frozen = false;
    this.kick();
  }

  private kick(): void {
    if (this.queued > 0 || this.frozen || this.waits.size === 0) return;
    this.queued = STEPS_PER_TURN;
    for (let i = 0; i < STEPS_PER_TURN; i++) setImmediate(this.step);
  }

  private readonly step = (): void => {
    this.queued--;
    try {
      this.runNext();
    } finally {
      // The batch's last step queues the next batch, if anyone still waits on the world.
      if (this.queued === 0) this.kick();
    }
  };

  /** Run the earliest pending event, if the world may move now. */
  private runNext(): void {
    if (this.frozen || this.waits.size === 0) return;
    let e = this.heap.pop();
    while (e && !e.run) e = this.heap.pop();
    if (!e) return this.stuck('nothing is left to happen in the simulated world');
    if (e.at - this.lastProgress > RUNAWAY_MS) return this.stuck(`virtual time ran ${RUNAWAY_MS / 60_000} min on with no wait of the kit ending`);
    this.time = Math.max(e.at, this.time + EVENT_TICK_MS);
    const run = e.run!;
    e.run = undefined;
    this.events++;
    run();
  }

  private stuck(why: string): void {
    const waits = [...this.waits];
    this.waits.clear();
    for (const w of waits) w.fail(new WorldStuck(`the kit waited on the simulated world (seed ${this.seed}), but ${why}`));
  }
}
