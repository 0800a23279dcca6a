// The World of one scenario: a Driver for the implementation under test and the names the
// scenario gave to what it started. Steps speak to the Driver only.

import { After, AfterStep, Before, BeforeStep, setDefaultTimeout, setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import type { Description, Driver, Fault, FaultResult, JournalEntry, ObjectRecordView, Outcome, Rid } from '../../src/driver/types.ts';
import { openDriver, type Target } from '../../src/driver/target.ts';
import { failpointTag, needsOfTags } from '../../src/requirements/levels.ts';
import { MACHINE_MEDIA_TYPE, NOT_APPLICABLE_MEDIA_TYPE, NOT_APPLICABLE_PREFIX } from '../../src/run/results.ts';
import { cpuWaitShare, cpuWaitTotalMs } from '../../src/harness/cpu-pressure.ts';
import { recordingNeeds } from './needs.ts';
import { Evidence, auditJournal, auditPeerViews, auditStoreLog, expectedReply, markingEvidence, runsOfOp, scenarioHistory } from './evidence.ts';
import { isDeepStrictEqual } from 'node:util';
import { violated } from '../../src/checks/violation.ts';
import { protocolErrorsOf } from '../../src/driver/sessions.ts';
import { simulatedWorldOf, kitClockOf } from '../../src/driver/world.ts';
import { now, sleep, useKitClock } from './kit-clock.ts';
import { scenarioSeed } from './seed.ts';
import { ERROR_KINDS as SCHEMA_ERROR_KINDS } from '../../src/driver/schema/lists.ts';

/** The Driver schema's ErrorKinds, so that one the schema gains is not a problem here. */
const ERROR_KINDS: readonly string[] = SCHEMA_ERROR_KINDS;

/**
 * When the watcher saw something happen: `at`, the end of the first look that saw it; `after`, the
 * start of the look before, which had not. The event happened in (after, at], however slow the
 * looks were (a loaded machine widens the interval, it never shifts it).
 */
export interface Seen {
  after: number;
  at: number;
}

export interface RelocationTimes {
  stages: Map<string, Seen>;
  owners: Array<{ owner: Rid } & Seen>;
  /** How late the kit's own timer for the cutover fallback's end fired (set once relay-ready is seen). */
  fallbackLateness?: { settle(): Promise<number> };
}


export interface StartedOp {
  opId: string;
  deadlineMs: number;
  /** Kit clock just before the operation was submitted: its deadline runs out after that. */
  submittedAt: number;
  /** The Session client of a Session operation. */
  client?: string;
}

export class SpotWorld extends World<Target> {
  driver!: Driver;
  description!: Description;
  /** Nodes per mesh, as the scenario set them up. */
  meshes = new Map<string, Rid[]>();
  /** Operations by the name the scenario gives them ("the request", "request 3"...). */
  ops = new Map<string, StartedOp>();
  /** The kit's markers in the payloads of the last raw Session line sent (sessions.steps.ts). */
  lineMarks: string[] = [];
  /** The raw Session lines a table sent, with their answers and markers (sessions.steps.ts). */
  rawLines?: { sent: unknown[]; marks: string[] };
  /** Operations started only to fill queues; their handler runs are expected. */
  fillers: string[] = [];
  /** When each relocation the scenario started reached its stages (relocation.steps.ts). */
  readonly relocationTimes = new Map<string, RelocationTimes>();
  /** What the last fault was (a crash may be seen as a closed connection; a hang only by liveness). */
  lastFaultKind?: Fault['kind'];
  /** Operations whose terminal result the scenario has seen. */
  readonly ended = new Set<string>();
  /** Kit clock when each operation's end was first seen (a later step may look at it again). */
  readonly endedSeenAt = new Map<string, number>();
  /** The last fault of each kind, for "at once" and "within the deadline" measurements. */
  lastFault?: FaultResult;
  /** Connection IDs and addresses seen before a fault, per "A->B". */
  before = new Map<string, { connectionId?: string; address?: string }>();
  /** Every connection ID seen on a node's connections and its peers' connections to it, per node. */
  readonly usedConnectionIds = new Map<Rid, Set<string>>();
  /** An object's record as it was before the operation under test. */
  recordBefore?: ObjectRecordView;
  /** MessageFollowDuration the scenario asks for (set before the mesh starts). */
  messageFollowMs?: number;
  /** The node whose creation won a race. */
  winner?: Rid;
  /** Named moments (kit clock, or Store log positions), e.g. "lease ran out". */
  marks = new Map<string, number>();
  /** Capabilities and failpoints the scenario's tags name, and those its Driver calls needed. */
  tagged: string[] = [];
  readonly used = new Set<string>();
  /** Markers on everything the scenario sent, and the faults it caused. */
  readonly evidence = new Evidence();

  constructor(options: IWorldOptions<Target>) {
    super(options);
  }

  /** Journal length when the last fault was injected: "after the fault" means after this. */
  journalAtFault = 0;

  /** Inject a fault, remembering when (implementation clock) and where the journal stood. */
  async fault(f: Fault): Promise<FaultResult> {
    this.journalAtFault = (await this.driver.journal()).length;
    this.lastFault = await this.driver.fault(f);
    this.lastFaultKind = f.kind;
    this.noteEvent();
    return this.lastFault;
  }

  /** The name of the operation started last. */
  lastOp = 'the request';

  /** Set when the scenario ends: background watchers stop. */
  finished = false;
  /** The machine's CPU wait and the wall clock when the scenario began (src/harness/cpu-pressure.ts). */
  machineAtStart?: { cpuWaitMs: number | undefined; wallMs: number };
  /** Watchers started by steps; each stops when the scenario ends. */
  readonly watchers: Promise<void>[] = [];

  /**
   * Look at something every few milliseconds for the rest of the scenario (the Driver reports
   * state, not events): e.g. when a relocation reached each stage, on the kit's clock.
   */
  watch(look: () => Promise<void>, everyMs = 5): void {
    const loop = async () => {
      while (!this.finished) {
        await look().catch((e) => { if (process.env.SPOTCHECK_DEBUG) console.error("watch:", e); });
        await sleep(everyMs);
      }
    };
    this.watchers.push(loop());
  }

  /** Kit clock of the last fault injected or terminal result seen: where "never" windows start. */
  lastEventAt = 0;

  noteEvent(): void {
    this.lastEventAt = now();
  }

  /**
   * The longest a runtime could take to act on a failure on its own: a reconnect (two liveness
   * deadlines plus backoff), the owner lease running out, the owner cache expiring. A runtime that
   * re-runs, re-routes or restores something after a fault would do it within this time.
   */
  settleMs(): number {
    const t = this.description.timings;
    return Math.max(2 * t.livenessDeadlineMs + t.reconnectBackoffMs, t.ownerLeaseMs, t.ownerCacheMs) + SCHEDULING_TOLERANCE_MS;
  }

  /**
   * How long a "never" must still be watched: until `turnsOnMs` (the timing the rule turns on, by
   * default settleMs) after the last fault or terminal result, and at least MIN_WATCH_MS.
   */
  neverWindow(turnsOnMs = this.settleMs()): number {
    return Math.max(MIN_WATCH_MS, this.lastEventAt + turnsOnMs - now());
  }

  op(name = 'the request'): StartedOp {
    const op = this.ops.get(name);
    if (!op) throw new Error(`the scenario started no operation called "${name}"`);
    return op;
  }

  meshOf(rid: Rid): string {
    for (const [mesh, nodes] of this.meshes) if (nodes.includes(rid)) return mesh;
    // A RID outside every mesh (a NotFound case) is addressed within the first mesh.
    return [...this.meshes.keys()][0];
  }

  /** Handler runs of the named operation's message, found by its marker, not its operation ID. */
  async runsOf(name = 'the request'): Promise<Array<Extract<JournalEntry, { kind: 'handler' }>>> {
    return runsOfOp(await this.driver.journal(), this.evidence, this.op(name).opId);
  }

  /** The terminal outcome, waiting at most the operation's deadline plus the stated tolerance. */
  async outcomeOf(name = 'the request'): Promise<Outcome> {
    const op = this.op(name);
    const outcome = await this.driver.outcome(op.opId, op.deadlineMs + SCHEDULING_TOLERANCE_MS);
    if (!outcome) violated(`${name} had no terminal result within its deadline (${op.deadlineMs} ms + ${SCHEDULING_TOLERANCE_MS} ms tolerance)`);
    // A Session operation's answer came in the Session protocol: checked wherever its outcome is read.
    if (op.client !== undefined) {
      const wrong = protocolErrorsOf(await this.driver.session(op.client));
      if (wrong.length > 0) violated(`the Session owner sent client ${op.client} frames that are not the Session protocol: ${wrong.join('; ')}`);
    }
    // R-GEN-4: a failure returns its ErrorKind; checked wherever an outcome is read (and by the audit).
    const wrongKind = withoutErrorKind(name, outcome);
    if (wrongKind) violated(wrongKind);
    // R-GEN-3: a reply is the one its handler gave; checked wherever an outcome is read.
    const expected = outcome.status === 'reply' ? expectedReply(this.evidence, op.opId) : undefined;
    if (expected && !isDeepStrictEqual(outcome.reply, expected.value)) {
      violated(`${name} ended with a reply its handler did not give: ${JSON.stringify(outcome.reply) ?? 'no value'}, where the handler replies ${JSON.stringify(expected.value)}`);
    }
    if (!this.ended.has(name)) {
      this.ended.add(name);
      this.endedSeenAt.set(name, now());
      this.noteEvent();
    }
    return outcome;
  }
}

/**
 * R-GEN-4: a failure returns its ErrorKind (spec line 125: "The Framework returns a failed
 * operation's ErrorKind"), one of the model's (the Driver schema's ErrorKind). Which one a rule asks,
 * its own step says; this asks only that there is one. Undefined when the outcome has it.
 */
export function withoutErrorKind(name: string, outcome: Outcome): string | undefined {
  if (outcome.status !== 'failure' || ERROR_KINDS.includes(outcome.errorKind as string)) return undefined;
  return `${name} failed with ${outcome.errorKind === undefined ? 'no ErrorKind' : `ErrorKind ${JSON.stringify(outcome.errorKind)}`}, none of ${ERROR_KINDS.join(', ')}`;
}

/**
 * Timer and event-loop slack allowed on top of every deadline the implementation reports.
 * Stated here once; the README repeats it.
 */
export const SCHEDULING_TOLERANCE_MS = 50;

/**
 * The spec's own numbers. The kit checks these, never the values a runtime reports: the cutover
 * fallback of section 5 ("the 1,000ms fallback") and the default MessageFollowDuration of
 * section 4.2 ("The default ... is 30 seconds").
 */
export const SPEC_CUTOVER_FALLBACK_MS = 1000;
export const SPEC_MESSAGE_FOLLOW_DEFAULT_MS = 30_000;

/**
 * How long a Given may take to set its situation up (a queue filled, a gate reached): no rule turns
 * on it, so a slow runtime or a loaded machine is waited for rather than failed. Bounded, so a
 * runtime that never gets there fails the step with a setup error.
 */
export const SETUP_BOUND_MS = 10_000;

/** However long ago the relevant event was, a "never" is watched at least this long: more than one look. */
export const MIN_WATCH_MS = 150;

setWorldConstructor(SpotWorld);
setDefaultTimeout(10_000);

Before(async function (this: SpotWorld, { pickle, gherkinDocument }) {
  // On the simulated backend each scenario's world has a seed of its own, drawn from the run's seed
  // and the scenario's place in its feature: the same whatever ran before it or beside it.
  const target = this.parameters.backend === 'sim' ? { ...this.parameters, seed: scenarioSeed(this.parameters.seed ?? 1, gherkinDocument, pickle) } : this.parameters;
  // How loaded the machine is while the scenario runs (on the machine's clock only): said beside a failure.
  this.machineAtStart = { cpuWaitMs: cpuWaitTotalMs(), wallMs: Date.now() };
  this.driver = recordingNeeds(markingEvidence(await openDriver(target), this.evidence), this.used);
  useKitClock(kitClockOf(this.driver));
  this.lastEventAt = now();
  this.description = await this.driver.describe();
  // A scenario needing a capability or failpoint the implementation lacks is not applicable,
  // never passed; the attachment names what it lacks.
  this.tagged = needsOfTags(pickle.tags.map((t) => t.name));
  const have = new Set<string>([...this.description.capabilities, ...this.description.failpoints.map(failpointTag)]);
  const missing = this.tagged.filter((n) => !have.has(n));
  if (missing.length > 0) {
    this.attach(`${NOT_APPLICABLE_PREFIX}${missing.join(',')}`, NOT_APPLICABLE_MEDIA_TYPE);
    return 'skipped';
  }
});

// A parallel worker whose runner is gone (Ctrl-C, a killed run) ends at once and quietly: its
// node processes end with it (they exit when their stdin closes), and nothing is left half-run.
if (process.send) process.once('disconnect', () => process.exit(130));

After(async function (this: SpotWorld, { result }) {
  this.finished = true;
  await Promise.all(this.watchers);
  await this.driver?.close();
  // The scenario's tags must name every need its Driver calls had (see support/needs.ts). Checked
  // only when it passed: a failed scenario may have stopped before its later calls.
  if (result?.status !== 'PASSED') return;
  const untagged = [...this.used].filter((n) => !this.tagged.includes(n));
  if (untagged.length > 0) throw new Error(`kit defect: this scenario needs ${untagged.map((n) => `@${n}`).join(' ')} but is not tagged so`);
});

// Cucumber runs After hooks in reverse order of definition: these run before the one above
// closes the Driver.

// A failed scenario keeps its evidence with the report: the journal and the Store log as the
// implementation gave them, with the kit's own clock, and one history merging them with what the
// kit did (submits and faults) in time order, so a failure can be read without rerunning.
After({ name: 'keep the evidence of a failure' }, async function (this: SpotWorld, { result }) {
  if (result?.status !== 'FAILED' || !this.driver) return;
  const [journal, storeLog] = await Promise.all([this.driver.journal().catch((e: Error) => e.message), this.driver.storeLog().catch((e: Error) => e.message)]);
  const history = typeof journal === 'string' || typeof storeLog === 'string' ? 'not merged: the journal or the Store log could not be read' : scenarioHistory(this.evidence.actions, journal, storeLog);
  const world = simulatedWorldOf(this.driver);
  this.attach(JSON.stringify({ keptAt: now(), ...(world ? { worldSeed: world.seed } : {}), history, journal, storeLog }, null, 1), { mediaType: 'application/json', fileName: 'evidence.json' });
  // On the machine's clock a rule's timing can be missed because the machine was overloaded: say how
  // loaded it was (the share of the scenario's time some task waited for a CPU). In a simulated world
  // time is virtual and load cannot move a verdict.
  const share = world || !this.machineAtStart ? undefined : cpuWaitShare(this.machineAtStart.cpuWaitMs, cpuWaitTotalMs(), Date.now() - this.machineAtStart.wallMs);
  if (share !== undefined) this.attach(JSON.stringify({ cpuWaitShare: Number(share.toFixed(2)) }), MACHINE_MEDIA_TYPE);
});

After({ name: 'the evidence audit' }, async function (this: SpotWorld, { result }) {
  // The whole journal, whatever operation IDs it carries (support/evidence.ts).
  if (result?.status !== 'PASSED' || !this.driver) return;
  const problems = auditJournal(await this.driver.journal(), this.evidence);
  if (problems.length > 0) violated(`the journal shows ${problems.length > 1 ? `${problems.length} problems, first: ` : ''}${problems[0]}`);
  const calls = auditStoreLog(await this.driver.storeLog());
  if (calls.length > 0) violated(`the Store log shows ${calls.length > 1 ? `${calls.length} problems, first: ` : ''}${calls[0]}`);
  const peers = auditPeerViews(this.evidence.peerViews);
  if (peers.length > 0) violated(`the peer views show ${peers.length > 1 ? `${peers.length} problems, first: ` : ''}${peers[0]}`);
  // Every operation of the scenario that has ended, read or not by a step ("whatever becomes of it").
  for (const [name, op] of this.ops) {
    const outcome = await this.driver.outcome(op.opId, 0);
    const wrongKind = outcome ? withoutErrorKind(name, outcome) : undefined;
    if (wrongKind) violated(wrongKind);
  }
});

// A simulated world moves only while the kit waits on it. Between two steps Cucumber does work of
// its own (reports, hooks); the world is frozen then, so that a watcher's wait still under way
// cannot let it run for a time that depends on the machine. Each step thaws it while it runs; the
// After hooks (this one runs first, Cucumber runs them in reverse) thaw it for good.
BeforeStep(function (this: SpotWorld) {
  simulatedWorldOf(this.driver)?.go();
});
AfterStep(function (this: SpotWorld) {
  simulatedWorldOf(this.driver)?.freeze();
});
After({ name: 'the simulated world runs again' }, function (this: SpotWorld) {
  simulatedWorldOf(this.driver)?.go();
});
