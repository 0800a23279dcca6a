// The nemesis: from the seed, a fault schedule (which fault, on which node, for how long, after
// which operation of the workload), and the process that carries it out beside the workload.
//
// Faults run one at a time: a fault is applied once every operation before its place in the
// workload has started (and no later operation starts before it is applied), lasts its duration
// (a timer: the workload's pacing, not an event one could await) while the workload goes on, and
// is healed before the next one is applied. So a seed places every fault at the same point of the
// same workload; how operations interleave with it still depends on the machine.
//
// --faults names (a hang is healed by crashing the hung process and restarting it: the Driver
// has no un-hang, and a real hung process is ended the same way):
//   crash            crash a node, restart it after the duration
//   hang             hang a node, heal (crash + restart) it after the duration
//   store-down       the Location Store stops answering everyone, store-up after the duration
//   store-down-node  the Store stops answering one node, store-up for it after the duration
//   store-reply-lost arm store.reply-lost-after-apply on a node (its next Store change applies, the reply is lost)
//   store-late       the Store's answers to one node come 50-400 ms late (store-slow with replies: each call
//                    is carried out on time, the node hears of it later), store-up for it after the duration
//   relocation       arm one of the relocation failpoints on a node (fires at its next relocation step)
//   ack-lost         arm transport.ack-lost-after-write from a node towards a peer: the next operation
//                    written there is delivered, then the connection fails before the acceptance answer
//   connection       the connection from a node to a peer ends (orderly or with a transport error)
//   aim-*            (simulated backend) armed here, carried out when its protocol window opens (aim.ts)
// A failpoint that crashes a node (relocation.crash-*) leaves it dead: the nemesis restarts every
// node it finds dead after each fault, and at the end.

import type { Clock } from '../driver/clock.ts';
import type { Driver, Fault, Rid } from '../driver/types.ts';
import { kitClockOf, simulatedWorldOf } from '../driver/world.ts';
import { fireAimed, isAimed, type AimedEffect } from './aim.ts';
import { LASTING, type FaultStep } from './schedule.ts';
import type { Recorder } from './recorder.ts';
import { NODES, OBJECTS } from './workload.ts';

/** How long an aimed hang is held at least: twice the longest timings' liveness deadline (600 ms) and more. */
const HANG_HOLD_MS = 1500;

/** How far the workload may go: operation i may start once i <= allowedUpTo. */
export class WorkloadGate {
  private allowedUpTo: number;
  private started = 0;
  private waiters: Array<{ ready: () => boolean; resolve: () => void }> = [];

  constructor(firstFault: number | undefined) {
    this.allowedUpTo = firstFault ?? Infinity;
  }

  /** Resolves when operation `index` may start. */
  allow(index: number): Promise<void> {
    return this.until(() => index <= this.allowedUpTo);
  }

  /** An operation started. */
  start(): void {
    this.started++;
    this.wake();
  }

  get startedOps(): number {
    return this.started;
  }

  /** Resolves once `n` operations have started. */
  startedAtLeast(n: number): Promise<void> {
    return this.until(() => this.started >= n);
  }

  openUpTo(index: number): void {
    this.allowedUpTo = index;
    this.wake();
  }

  private until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ ready, resolve }));
  }

  private wake(): void {
    const still: typeof this.waiters = [];
    for (const w of this.waiters) (w.ready() ? w.resolve() : still.push(w));
    this.waiters = still;
  }
}

export interface NemesisCounts {
  applied: number;
  healed: number;
  errors: number;
  restarts: number;
  /** Aimed faults whose window opened and that were carried out. */
  aimed: number;
}

export class Nemesis {
  readonly counts: NemesisCounts = { applied: 0, healed: 0, errors: 0, restarts: 0, aimed: 0 };
  private seq = 0;
  private stopping = false;
  private cutShort: (() => void) | undefined;
  private readonly clock: Clock;
  /** Nodes the nemesis itself crashed or hung and has not restarted yet. */
  private readonly down = new Set<Rid>();

  constructor(
    private readonly driver: Driver,
    private readonly recorder: Recorder,
    private readonly steps: FaultStep[],
    private readonly gate: WorkloadGate,
    /** Reads the Session clients' views (after every fault, like the records). */
    private readonly readSessions: () => Promise<void> = async () => {},
    /** A workload message's operation, by its marker: what it is and where it was sent from (aimed faults). */
    private readonly planOf: (marker: string) => { f: string; from: Rid } | undefined = () => undefined,
  ) {
    this.clock = kitClockOf(driver);
  }

  /** Carry out the schedule; resolves when every fault was applied and healed, or stop() was called. */
  async run(): Promise<void> {
    for (let k = 0; k < this.steps.length && !this.stopping; k++) {
      const step = this.steps[k];
      await this.gate.startedAtLeast(step.afterOp + 1);
      if (this.stopping) break;
      if (isAimed(step.kind)) {
        // Armed here; its window opens as the workload goes on, which it must meanwhile.
        this.gate.openUpTo(this.steps[k + 1]?.afterOp ?? Infinity);
        const effect = await this.aimed(step);
        // A hang is held past every timings' liveness deadline (600 ms at most) twice over, so that its peers' verdicts count.
        if (effect?.crashed || effect?.storeDown) await this.hold(effect.hung ? Math.max(step.durationMs, HANG_HOLD_MS) : step.durationMs);
        if (effect?.hung) {
          await this.recorder.topology(NODES, true);
          if (await this.alive(effect.hung)) await this.fault({ kind: 'crash', node: effect.hung }, 'crash', effect.hung);
        }
        if (effect?.storeDown) await this.fault({ kind: 'store-up', node: effect.storeDown }, 'store-up', effect.storeDown);
      } else {
        await this.apply(step);
        this.gate.openUpTo(this.steps[k + 1]?.afterOp ?? Infinity);
        if (LASTING.has(step.kind)) await this.hold(step.durationMs);
        // A hung node's peers, read while it is still hung: whether they marked it not-ready within
        // the liveness deadline (silent-peer-not-ready); healing ends the process, which ends it anyway.
        if (step.kind === 'hang') await this.recorder.topology(NODES, true);
        await this.heal(step);
      }
      await this.restartDeadNodes();
      await this.readAll();
    }
    this.gate.openUpTo(Infinity);
  }

  /** End the current fault's duration now and apply no more faults. */
  stop(): void {
    this.stopping = true;
    this.gate.openUpTo(Infinity);
    this.cutShort?.();
  }

  /** Heal everything that may still be broken: Store outages for all and each node, dead nodes. */
  async healAll(): Promise<void> {
    await this.fault({ kind: 'store-up' }, 'store-up');
    for (const node of NODES) await this.fault({ kind: 'store-up', node }, 'store-up', node);
    for (const node of this.down) {
      if (await this.alive(node)) await this.fault({ kind: 'crash', node }, 'crash', node);
    }
    await this.restartDeadNodes();
    await this.readAll();
  }

  private hold(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    // A sleep on the kit's clock (on the simulated backend, what lets the world run meanwhile); stop() cuts it short.
    return Promise.race([this.clock.sleep(ms), new Promise<void>((resolve) => (this.cutShort = resolve))]).then(() => {
      this.cutShort = undefined;
    });
  }

  /** An aimed fault (simulated backend): armed now, carried out when its window opens (aim.ts). */
  private async aimed(step: FaultStep): Promise<AimedEffect | undefined> {
    const world = simulatedWorldOf(this.driver);
    if (!world || !isAimed(step.kind) || !step.action) return undefined;
    this.counts.applied++;
    const effect = await fireAimed(step.kind, step.action, {
      world,
      clock: this.clock,
      driver: this.driver,
      isInstanceSpot: (id) => OBJECTS.some((o) => o.id === id && o.kind === 'instance-spot'),
      planOf: this.planOf,
      nodes: NODES,
      fault: (f, name, node) => this.fault(f, name, node, undefined, step.kind),
    });
    if (effect?.crashed) this.down.add(effect.crashed);
    if (effect?.hung) this.down.add(effect.hung);
    if (effect) this.counts.aimed++;
    return effect;
  }

  private async apply(step: FaultStep): Promise<void> {
    this.counts.applied++;
    switch (step.kind) {
      case 'crash':
        if (await this.fault({ kind: 'crash', node: step.node }, 'crash', step.node)) this.down.add(step.node);
        return;
      case 'hang':
        if (await this.fault({ kind: 'hang', node: step.node }, 'hang', step.node)) this.down.add(step.node);
        return;
      case 'store-down':
        await this.fault({ kind: 'store-down' }, 'store-down');
        return;
      case 'store-down-node':
        await this.fault({ kind: 'store-down', node: step.node }, 'store-down', step.node);
        return;
      case 'store-reply-lost':
        await this.fault({ kind: 'failpoint', name: 'store.reply-lost-after-apply', node: step.node }, 'store-reply-lost', step.node);
        return;
      case 'store-late':
        await this.fault({ kind: 'store-slow', node: step.node, ms: step.lateMs!, replies: true }, 'store-slow', step.node);
        return;
      case 'relocation':
        await this.fault({ kind: 'failpoint', name: step.failpoint!, node: step.node }, 'failpoint', step.node, step.failpoint);
        return;
      case 'ack-lost':
        await this.fault({ kind: 'failpoint', name: 'transport.ack-lost-after-write', node: step.node, peer: step.peer! }, 'failpoint', step.node, 'transport.ack-lost-after-write');
        return;
      case 'connection':
        // A connection that is not there (its peer is down, or it is being made again) is refused: fail, nothing happened.
        await this.fault({ kind: 'close-connection', node: step.node, peer: step.peer!, mode: step.mode! }, 'close-connection', step.node);
        return;
    }
  }

  private async heal(step: FaultStep): Promise<void> {
    switch (step.kind) {
      case 'crash':
        break; // restartDeadNodes restarts it
      case 'hang':
        // The hung process is ended, then started again.
        if (await this.alive(step.node)) await this.fault({ kind: 'crash', node: step.node }, 'crash', step.node);
        break;
      case 'store-down':
        await this.fault({ kind: 'store-up' }, 'store-up');
        break;
      case 'store-down-node':
      case 'store-late':
        await this.fault({ kind: 'store-up', node: step.node }, 'store-up', step.node);
        break;
      default:
        return;
    }
    this.counts.healed++;
  }

  private async alive(node: Rid): Promise<boolean> {
    try {
      return (await this.driver.node(node)).alive;
    } catch {
      return true;
    }
  }

  private async restartDeadNodes(): Promise<void> {
    for (const node of NODES) {
      if (await this.alive(node)) {
        this.down.delete(node);
        continue;
      }
      // A restart may break off half-way (a Store outage during it; another runtime may keep a
      // Store failpoint armed across it, which fires once): a second attempt goes through.
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await this.fault({ kind: 'restart', node }, 'restart', node)) {
          this.down.delete(node);
          this.counts.restarts++;
          break;
        }
        // A restart that broke off half-way may leave a process that counts as running: end it and go again.
        if (await this.alive(node)) await this.fault({ kind: 'crash', node }, 'crash', node);
      }
    }
  }

  private async readAll(): Promise<void> {
    await Promise.all([...OBJECTS.map((o) => this.recorder.read(o.id, true)), this.readSessions(), this.recorder.topology(NODES)]);
  }

  /**
   * One fault as a history operation of the process "nemesis": ok when the Driver said it took
   * effect, fail when it refused it (nothing happened), info when the call broke off (unknown).
   */
  private async fault(fault: Fault, f: string, node?: Rid, failpoint?: string, aim?: string): Promise<boolean> {
    const op = `n-${this.seq++}`;
    const peer = 'peer' in fault ? fault.peer : undefined;
    const ms = fault.kind === 'store-slow' ? fault.ms : undefined;
    const base = { process: 'nemesis', op, f, ...(node ? { node } : {}), ...(peer ? { peer } : {}), ...(failpoint ? { failpoint } : {}), ...(ms !== undefined ? { ms } : {}), ...(aim ? { aim } : {}) };
    this.recorder.op({ type: 'invoke', ...base });
    try {
      await this.driver.fault(fault);
      this.recorder.op({ type: 'ok', ...base });
      return true;
    } catch (e) {
      this.counts.errors++;
      const message = (e as Error).message.split('\n')[0];
      // The kit's refusals (DriverInputError) are checked before anything is done.
      const refused = (e as Error).constructor?.name === 'DriverInputError';
      this.recorder.op({ type: refused ? 'fail' : 'info', ...base, value: message });
      return false;
    }
  }
}
