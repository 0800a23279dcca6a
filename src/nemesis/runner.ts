// The campaign: open the runtime, start the topology, run the workload's workers and the nemesis
// side by side while the recorder writes the history, heal every fault, run the quiet phase, add
// the journal, close everything (also after an error), and judge the history with the checker.

import { BackendStartError, withBackendServers } from '../servers/backend.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppPayload, Driver, OperationSpec, Outcome, Capability } from '../driver/types.ts';
import { openDriver, serversFor, UsageError, type Target } from '../driver/target.ts';
import type { TimerId } from '../driver/clock.ts';
import { kitClockOf, simulatedWorldOf } from '../driver/world.ts';
import { checkText, EXIT_STATUS } from '../checker/check.ts';
import { Recorder, type OpFields } from './recorder.ts';
import { Nemesis, WorkloadGate } from './nemesis.ts';
import { planCampaign, replayCommand, worldOf, type CampaignOptions, type CampaignResult, type PlannedOp } from './campaign.ts';
import { isAimed } from './aim.ts';
import { CHANNEL, MESH, NODES, OBJECTS, channel, topology, type App, type OpPlan, type OpStep } from './workload.ts';
import type { FaultKind } from './schedule.ts';
import { swarm } from './swarm.ts';

export type { CampaignOptions, CampaignResult } from './campaign.ts';

/** An Outcome's fields, as the Driver contract has them. */
const OUTCOME_FIELDS = new Set(['opId', 'status', 'errorKind', 'reply', 'attempts']);

/** Fields of an Outcome the contract does not have (retry advice, say), for outcome-as-contract to judge. */
function beyondContract(outcome: Outcome): { fields?: string[] } {
  const extra = Object.keys(outcome).filter((k) => !OUTCOME_FIELDS.has(k));
  return extra.length ? { fields: extra } : {};
}

/** The attempts an Outcome reports, as the history keeps them (for attempts-stop-at-acceptance, select-one-candidates, direct-attempts-named). */
function attemptsOf(outcome: Outcome): { attempts?: { target: string; accepted: 'yes' | 'no' | 'unknown'; reason?: string }[] } {
  if (!Array.isArray(outcome.attempts) || outcome.attempts.length === 0) return {};
  return { attempts: outcome.attempts.map((a) => ({ target: a.target, accepted: a.accepted, ...(typeof a.reason === 'string' ? { reason: a.reason } : {}) })) };
}

/** Starts the servers a backend needs, runs fn, and stops them again whatever happens. */
export async function withBackend<T>(o: Pick<CampaignOptions, 'impl' | 'backend' | 'callTimeoutMs'> & Partial<Pick<CampaignOptions, 'seed' | 'swarm'>>, log: (line: string) => void, fn: (target: Target) => Promise<T>): Promise<T> {
  // On the simulated backend the campaign's seed is also the world's: one seed replays the whole run.
  const world = o.seed !== undefined ? worldOf({ seed: o.seed, swarm: o.swarm, backend: o.backend }) : undefined;
  const target: Target = { impl: o.impl, backend: o.backend, ...(o.callTimeoutMs ? { callTimeoutMs: o.callTimeoutMs } : {}), ...(o.seed !== undefined ? { seed: o.seed } : {}), ...(world ?? {}) };
  try {
    return await withBackendServers(o.backend, serversFor(target), {
      started: (line) => log(`nemesis: ${line}`),
      interrupted: (signal) => log(`nemesis: interrupted (${signal}); stopping the servers this run started`),
    }, (servers) => fn({ ...target, ...servers }));
  } catch (e) {
    throw e instanceof BackendStartError ? new UsageError(e.message) : e;
  }
}

const NEEDS: Record<OpPlan['f'], Capability> = {
  'channel-request': 'channels',
  'node-direct': 'node-direct',
  create: 'objects',
  'object-message': 'objects',
  close: 'objects',
  relocate: 'relocation',
  'session-relay': 'sessions',
  'channel-set': 'channels',
  join: 'objects',
  'stale-message': 'relocation',
};

/** What the kit adds to the generation it reads to name one the object never had (V08: such a close or relocation is rejected). */
const WRONG_GENERATION = 1000;

/** The object's generation as the Store has it now (0 when the read fails: a generation nobody holds). */
async function readGenerationOf(driver: Driver, objectId: string): Promise<number> {
  try {
    return (await driver.lookup(objectId)).generation;
  } catch {
    return 0;
  }
}

const FAULT_NEEDS: Record<FaultKind, Capability> = {
  crash: 'liveness',
  hang: 'liveness',
  'store-down': 'store-faults',
  'store-down-node': 'store-faults',
  'store-reply-lost': 'store-faults',
  relocation: 'relocation',
  'ack-lost': 'channels',
  connection: 'liveness',
  'store-late': 'store-faults',
  'aim-accepted': 'liveness',
  'aim-relay-ready': 'relocation',
  'aim-store-answer': 'store-faults',
  'aim-activation': 'instance-spots',
  'aim-grace': 'store-faults',
};

/** What a Session client of the workload holds: its current connection, and its bindings there and on the one before. */
interface ClientState {
  node?: string;
  open: boolean;
  session?: string;
  tokens: Map<string, string>;
  previous: Map<string, string>;
}

export async function runCampaign(o: CampaignOptions): Promise<CampaignResult> {
  const log = o.log ?? ((line: string) => process.stderr.write(line + '\n'));
  // An in-process runtime that leaves a promise rejection unhandled would end this process (Node's
  // default): the campaign notes it instead, goes on, and reports it beside the verdict.
  const rejections: string[] = [];
  const onRejection = (reason: unknown) => {
    const line = reason instanceof Error ? `${reason.name}: ${reason.message.split('\n')[0]}` : String(reason);
    if (rejections.length === 0) log(`nemesis: the runtime left a promise rejection unhandled: ${line}`);
    rejections.push(line);
  };
  process.on('unhandledRejection', onRejection);
  try {
    return await withBackend(o, log, async (target) => {
      await warmUp(target);
      const driver = await openDriver(target);
      try {
        return { ...(await campaign(driver, o, log)), unhandledRejections: rejections };
      } finally {
        await driver.close().catch(() => {});
      }
    });
  } finally {
    process.off('unhandledRejection', onRejection);
  }
}

/**
 * An in-process runtime loads (and tsx compiles) each of its modules the first time it is used: on
 * this machine that stops the event loop for a few hundred ms, longer than the reference's
 * liveness deadline, so every peer looked half-open in the campaign's first second. One of each
 * operation on a throwaway runtime first; nothing of it goes into the history.
 */
async function warmUp(target: Target): Promise<void> {
  // A simulated world has no such stall: its time is virtual.
  if (target.impl.startsWith('exec:') || target.backend === 'process' || target.backend === 'sim') return;
  const driver = await openDriver(target);
  try {
    await driver.start({ meshes: [{ name: MESH, nodes: ['A', 'B'] }] });
    await driver.addChannel({ name: CHANNEL, kind: 'routemesh', servers: [{ node: 'A', weight: 1 }, { node: 'B', weight: 1 }] });
    const ops: OperationSpec[] = [
      { kind: 'channel-request', from: 'A', channel: CHANNEL, payload: { app: 'echo', value: 0 } },
      { kind: 'node-direct', from: 'A', mesh: MESH, to: 'B', payload: { app: 'fail', value: 0 } },
      { kind: 'create', from: 'A', objectId: 'w', objectKind: 'actor', on: 'B', input: {} },
      { kind: 'object-message', from: 'A', objectId: 'w', objectKind: 'actor', payload: { app: 'echo', value: 0 } },
      { kind: 'relocate', from: 'A', objectId: 'w', target: 'A' },
      { kind: 'close', from: 'A', objectId: 'w', generation: 1 },
      { kind: 'object-message', from: 'A', objectId: 'i', objectKind: 'instance-spot', payload: { app: 'echo', value: 0 }, instanceIntent: true },
    ];
    for (const op of ops) await driver.outcome((await driver.submit(op)).opId, 3000).catch(() => null);
    await driver.lookup('w');
    await driver.relocation('w');
    await driver.journal();
  } catch {
    /* a warm-up that fails leaves the campaign to find out why */
  } finally {
    await driver.close().catch(() => {});
  }
}

async function campaign(driver: Driver, o: CampaignOptions, log: (line: string) => void): Promise<Omit<CampaignResult, 'unhandledRejections'>> {
  mkdirSync(o.out, { recursive: true });
  const historyPath = join(o.out, 'history.jsonl');
  const command = replayCommand(o);
  const description = await driver.describe();
  const can = new Set<string>(description.capabilities);
  const timings = description.timings;
  const plan = planCampaign(o);
  const clock = kitClockOf(driver);
  // Aimed faults need a simulated world to watch for their windows.
  const faults = plan.faults.filter((f) => can.has(FAULT_NEEDS[f.kind]) && (f.kind !== 'ack-lost' || description.failpoints.includes('transport.ack-lost-after-write')) && (!isAimed(f.kind) || simulatedWorldOf(driver)));

  const drawn = o.swarm ? swarm(o.seed, o.backend) : undefined;
  await driver.start({ ...topology(), ...(drawn?.messageFollowMs !== undefined ? { messageFollowMs: drawn.messageFollowMs } : {}) });
  const messageFollowMs = drawn?.messageFollowMs ?? timings.messageFollowMs;
  const recorder = new Recorder(historyPath, driver);
  const ch = channel(drawn?.channelKind);
  // Small nodes (a swarm's choice): servers refuse for capacity, so select-one picks again.
  const small = drawn?.nodeOptions;
  if (small) for (const node of NODES) await driver.configureNode(node, small).catch(() => {});
  const counts = { done: 0, quiet: 0, ok: 0, fail: 0, info: 0, skipped: 0 };
  const gate = new WorkloadGate(faults[0]?.afterOp);
  // A workload message's operation, by its marker (m-<worker>-<index>): what aimed faults aim at.
  const planOf = (marker: string) => {
    const step = plan.ops[Number(/^m-w\d+-(\d+)$/.exec(marker)?.[1] ?? -1)]?.plan;
    return step === undefined ? undefined : { f: step.f, from: step.f === 'session-relay' ? step.node : step.from };
  };
  const nemesis = new Nemesis(driver, recorder, faults, gate, () => readSessions(), planOf);
  const started = Date.now();
  const virtualStart = clock.now();
  let progress: NodeJS.Timeout | undefined;
  let openAllGates = () => {};
  let readSessions = async () => {};
  try {
    recorder.write({ type: 'run', seed: o.seed, command, ...(typeof messageFollowMs === 'number' ? { messageFollowMs } : {}), ...(small ? { nodeOptions: small } : {}), ...(typeof timings.livenessDeadlineMs === 'number' ? { livenessDeadlineMs: timings.livenessDeadlineMs } : {}), ...(simulatedWorldOf(driver) ? { virtualTime: true } : {}) });
    // Each object's last relocation the campaign saw commit: its source is the previous owner a stale message goes through.
    const previousOwner = new Map<string, string>();
    if (can.has('channels')) {
      // The channel as defined: one channel-set per server, so that select-one-candidates knows every server from the start.
      const setup = ch.servers.map((sv) => ({ process: 'setup', op: `setup-${ch.name}-${sv.node}`, f: 'channel-set', node: sv.node, channel: ch.name, channelKind: ch.kind, weight: sv.weight ?? 1, state: sv.state ?? 'Ready' }));
      for (const b of setup) recorder.op({ type: 'invoke', ...b });
      await driver.addChannel(ch);
      for (const b of setup) recorder.op({ type: 'ok', ...b });
    }
    const deadlineMs = timings.defaultDeadlineMs;
    const relocateDeadlineMs = timings.defaultDeadlineMs + timings.cutoverFallbackMs;

    // Gates of blocking handlers, each with the timer that opens it; all are opened when the workload ends.
    const gates = new Map<string, TimerId>();
    const openGate = (gate: string) => {
      clock.clearTimer(gates.get(gate));
      gates.delete(gate);
      void driver.releaseGate(gate).catch(() => {});
    };
    openAllGates = () => [...gates.keys()].forEach(openGate);
    /** After the submit of a blocking message: its gate opens on its time even when the outcome came first (a timeout): the late run is the point. */
    const armGate = (which: App, op?: string) => {
      if (typeof which !== 'object' || !op) return;
      const gate = `g-${op}`;
      gates.set(gate, clock.setTimeout(() => openGate(gate), which.block));
    };
    const readGeneration = (objectId: string) => readGenerationOf(driver, objectId);
    const runOp = async (step: OpStep, process: string, op: string): Promise<void> => {
      const p = step.plan;
      if (!can.has(NEEDS[p.f])) {
        counts.skipped++;
        return;
      }
      const marker = `m-${op}`;
      const which: App = 'app' in p ? p.app : 'echo';
      const app: AppPayload = typeof which === 'object' ? { app: 'block', gate: `g-${op}`, value: op, mark: marker } : { app: which, value: op, mark: marker };
      const objectId = 'object' in p ? p.object.id : undefined;
      if (p.f === 'session-relay') return runSessionRelay(p, process, op, marker, app, () => armGate(which, op));
      if (p.f === 'channel-set') {
        const b = { process, op, f: p.f, node: p.server, channel: CHANNEL, channelKind: ch.kind, weight: p.weight, state: p.state };
        recorder.op({ type: 'invoke', ...b });
        try {
          await driver.setServer(CHANNEL, { node: p.server, weight: p.weight, state: p.state });
          recorder.op({ type: 'ok', ...b });
          counts.ok++;
        } catch (e) {
          recorder.op({ type: 'info', ...b, value: `driver error: ${(e as Error).message.split('\n')[0]}` });
          counts.info++;
        }
        if (process === 'quiet') counts.quiet++;
        else counts.done++;
        return;
      }
      let spec: OperationSpec;
      let node: string | undefined;
      /** The generation the operation names, if it names one (written on its invoke). */
      let generation: number | undefined;
      /** The node a stale message is sent through. */
      let via: string | undefined;
      switch (p.f) {
        case 'channel-request':
          spec = { kind: p.f, from: p.from, channel: CHANNEL, payload: app, deadlineMs };
          break;
        case 'node-direct':
          spec = { kind: p.f, from: p.from, mesh: MESH, to: p.to, payload: app, deadlineMs };
          node = p.to;
          break;
        case 'create':
          spec = { kind: p.f, from: p.from, objectId: p.object.id, objectKind: p.object.kind as 'actor', on: p.on, input: { mark: marker, ...(p.tickMs ? { tickMs: p.tickMs } : {}) }, deadlineMs };
          node = p.on;
          break;
        case 'stale-message':
          via = previousOwner.get(p.object.id) ?? p.via;
          spec = { kind: 'object-message', from: p.from, objectId: p.object.id, objectKind: p.object.kind, payload: app, deadlineMs, via };
          break;
        case 'object-message':
          if (p.staleGeneration) generation = (await readGeneration(p.object.id)) + 1;
          spec = {
            kind: p.f, from: p.from, objectId: p.object.id, objectKind: p.object.kind, payload: app, deadlineMs,
            ...(generation !== undefined ? { generation } : {}),
            ...(p.instanceIntent ? { instanceIntent: true, activateOn: p.activateOn, factoryInput: { mark: `f-${op}`, ...(p.tickMs ? { tickMs: p.tickMs } : {}) } } : {}),
          };
          break;
        case 'close': {
          // Close names the generation it means: the one the kit reads now (or, on purpose, one the object never had).
          generation = (await readGeneration(p.object.id)) + (p.wrongGeneration ? WRONG_GENERATION : 0);
          spec = { kind: p.f, from: p.from, objectId: p.object.id, generation, deadlineMs };
          break;
        }
        case 'join':
          generation = (await readGeneration(p.object.id)) + (p.wrongGeneration ? WRONG_GENERATION : 0);
          spec = { kind: p.f, from: p.from, objectId: p.object.id, generation, member: p.member, deadlineMs };
          node = p.member;
          break;
        case 'relocate':
          if (p.generation) generation = (await readGeneration(p.object.id)) + (p.generation === 'wrong' ? WRONG_GENERATION : 0);
          spec = { kind: p.f, from: p.from, objectId: p.object.id, target: p.target, deadlineMs: relocateDeadlineMs, ...(generation !== undefined ? { generation } : {}) };
          node = p.target;
          break;
      }
      const base = { process, op, f: p.f === 'stale-message' ? 'object-message' : p.f, marker, from: p.from, ...(via ? { via } : {}), ...(p.f === 'object-message' && p.instanceIntent ? { instanceIntent: true } : {}), ...(p.f === 'object-message' || p.f === 'stale-message' || p.f === 'create' ? { objectKind: p.object.kind } : {}), ...(node ? { node } : {}), ...(objectId ? { objectId } : {}), ...(p.f === 'channel-request' ? { channel: CHANNEL } : {}) };
      recorder.op({ type: 'invoke', ...base, deadlineMs: spec.deadlineMs ?? deadlineMs, ...(generation !== undefined && p.f !== 'create' ? { generation } : {}) });
      let outcome: Outcome | null = null;
      try {
        const { opId } = await driver.submit(spec);
        armGate(which, op);
        outcome = await driver.outcome(opId, (spec.deadlineMs ?? deadlineMs) + 2000);
        if (!outcome) recorder.op({ type: 'info', ...base, value: 'no outcome within its deadline and 2 s' });
        else if (outcome.status === 'reply') {
          const reply = outcome.reply as { generation?: unknown } | undefined;
          const created = p.f === 'create' && typeof reply?.generation === 'number' ? reply.generation : undefined;
          recorder.op({ type: 'ok', ...base, value: outcome.reply ?? null, ...(created !== undefined ? { generation: created } : {}), ...attemptsOf(outcome) });
        } else recorder.op({ type: 'fail', ...base, value: outcome.errorKind ?? outcome.status, ...beyondContract(outcome), ...attemptsOf(outcome) });
      } catch (e) {
        recorder.op({ type: 'info', ...base, value: `driver error: ${(e as Error).message.split('\n')[0]}` });
      }
      if (process === 'quiet') counts.quiet++;
      else counts.done++;
      if (!outcome) counts.info++;
      else if (outcome.status === 'reply') counts.ok++;
      else counts.fail++;
      if (p.f === 'relocate' && outcome?.status === 'reply') {
        const rel = await driver.relocation(p.object.id).catch(() => null);
        if (rel && rel.stage === 'committed') previousOwner.set(p.object.id, rel.source);
      }
      if (objectId) await recorder.read(objectId, p.f === 'relocate');
    };

    // Session relays: a client's sub-steps (connect, authenticate, bind) are operations of their
    // own, named after the relay they serve (`w2-17/connect`); the relay is the planned operation.
    const clients = new Map<string, ClientState>();
    const complete = (base: OpFields, outcome: Outcome | null, error?: unknown) => {
      if (error !== undefined) recorder.op({ type: 'info', ...base, value: `driver error: ${(error as Error).message.split('\n')[0]}` });
      else if (!outcome) recorder.op({ type: 'info', ...base, value: 'no outcome within its deadline and 2 s' });
      else if (outcome.status === 'reply') recorder.op({ type: 'ok', ...base, value: outcome.reply ?? null, ...attemptsOf(outcome) });
      else recorder.op({ type: 'fail', ...base, value: outcome.errorKind ?? outcome.status, ...beyondContract(outcome), ...attemptsOf(outcome) });
    };
    const submitted = async (base: OpFields, spec: OperationSpec, afterSubmit?: () => void): Promise<Outcome | null> => {
      recorder.op({ type: 'invoke', ...base });
      try {
        const { opId } = await driver.submit(spec);
        afterSubmit?.();
        const outcome = await driver.outcome(opId, (spec.deadlineMs ?? deadlineMs) + 2000);
        complete(base, outcome);
        return outcome;
      } catch (e) {
        complete(base, null, e);
        return null;
      }
    };
    const runSessionRelay = async (p: Extract<OpPlan, { f: 'session-relay' }>, process: string, op: string, marker: string, payload: AppPayload, afterSubmit: () => void): Promise<void> => {
      const client = p.client;
      const st: ClientState = clients.get(client) ?? { open: false, tokens: new Map(), previous: new Map() };
      clients.set(client, st);
      const objectId = p.object.id;
      if (!st.open || st.node !== p.node) {
        const c = await submitted({ process, op: `${op}/connect`, f: 'session-connect', node: p.node }, { kind: 'session-connect', client, node: p.node, deadlineMs });
        const reply = c?.status === 'reply' ? (c.reply as { sessionId?: string }) : undefined;
        if (reply) {
          st.previous = st.tokens;
          st.tokens = new Map();
          st.node = p.node;
          st.open = true;
          st.session = reply.sessionId;
          if (p.auth !== 'skip') {
            const wrong = p.auth === 'wrong';
            await submitted({ process, op: `${op}/auth`, f: 'session-authenticate', node: p.node, ...(st.session ? { session: st.session } : {}), ...(wrong ? { value: 'wrong-credential' } : {}) }, { kind: 'session-authenticate', client, deadlineMs, ...(wrong ? { wrongCredential: true } : {}) });
          }
        }
      }
      let token = p.stale ? st.previous.get(objectId) : undefined;
      if (!token && st.open && !st.tokens.has(objectId)) {
        const b = await submitted({ process, op: `${op}/bind`, f: 'session-bind', objectId, ...(st.session ? { session: st.session } : {}) }, { kind: 'session-bind', client, objectId, deadlineMs });
        const t = b?.status === 'reply' ? (b.reply as { token?: string }).token : undefined;
        if (t) st.tokens.set(objectId, t);
      }
      token ??= st.tokens.get(objectId) ?? 'no-binding';
      const base = { process, op, f: 'session-relay', marker, objectId, binding: token, ...(st.session ? { session: st.session } : {}) };
      const outcome = await submitted(base, { kind: 'session-relay', client, bindingToken: token, payload, deadlineMs }, afterSubmit);
      counts.done++;
      if (!outcome) counts.info++;
      else if (outcome.status === 'reply') counts.ok++;
      else counts.fail++;
      if (outcome?.status === 'failure' && outcome.errorKind === 'BindingEnded' && st.tokens.get(objectId) === token) st.tokens.delete(objectId);
      const open = await recorder.session(client);
      if (open !== undefined) st.open = open;
      await recorder.read(objectId, false);
    };
    readSessions = async () => {
      await Promise.all([...clients.keys()].map((c) => recorder.session(c)));
    };

    const byWorker = new Map<string, PlannedOp[]>();
    for (const step of plan.ops) byWorker.set(step.worker, [...(byWorker.get(step.worker) ?? []), step]);
    const worker = async (steps: PlannedOp[]) => {
      for (const step of steps) {
        await gate.allow(step.index);
        gate.start();
        // A passed-over operation (a shrunk run) counts as started, so every fault keeps its place.
        if (!step.skip) await runOp(step, step.worker, `${step.worker}-${step.index}`);
      }
    };

    const say = () => {
      const s = (Date.now() - started) / 1000;
      log(`nemesis: ${counts.done}/${o.ops} ops (${counts.ok} ok, ${counts.fail} fail, ${counts.info} info), ${nemesis.counts.applied}/${faults.length} faults, ${nemesis.counts.errors} fault errors, ${recorder.readErrors} read errors, ${s.toFixed(1)} s`);
    };
    progress = setInterval(say, o.progressMs ?? 3000);
    progress.unref();

    const nemesisDone = nemesis.run();
    try {
      await Promise.all([...byWorker.values()].map(worker));
    } finally {
      // The workload is over (or broke): no more faults, and heal what is broken.
      nemesis.stop();
      await nemesisDone;
      openAllGates();
    }
    await nemesis.healAll();

    // The quiet phase: no faults; every object and the channel once more, then the final reads.
    const quiet = OBJECTS.length + 1;
    for (let k = 0; k < quiet; k++) {
      const from = NODES[k % NODES.length];
      const step: OpStep = k < OBJECTS.length
        ? { index: o.ops + k, worker: 'quiet', plan: { f: 'object-message', from, object: OBJECTS[k], app: 'echo' } }
        : { index: o.ops + k, worker: 'quiet', plan: { f: 'channel-request', from, app: 'echo' } };
      await runOp(step, 'quiet', `quiet-${k}`);
    }
    await Promise.all(OBJECTS.map((obj) => recorder.read(obj.id, true)));
    const journalEntries = await recorder.journal();
    say();
    const runMs = Date.now() - started;
    const sim = simulatedWorldOf(driver);
    const world = sim ? { virtualMs: clock.now() - virtualStart, events: sim.events() } : undefined;
    recorder.close();

    const t0 = performance.now();
    const report = checkText(recorder.text());
    const checkMs = performance.now() - t0;
    return {
      report, exitStatus: EXIT_STATUS[report.verdict], historyPath, command, ops: counts, faults: nemesis.counts,
      journalEntries, storeReads: recorder.storeReads, runMs, checkMs, ...(world ? { world } : {}),
    };
  } finally {
    if (progress) clearInterval(progress);
    openAllGates();
    nemesis.stop();
    recorder.close();
  }
}
