// Starting operations the way a step names them, and the small situations object scenarios set
// up (an object Ready on a node, created again, relocated). One place for them, so every step that
// starts an operation records it the same way (the name a scenario calls it by, its deadline).

import type { AppPayload, ObjectKind, OperationSpec, Rid } from '../../src/driver/types.ts';
import { eventually, expectWithin, timerLateness } from './eventually.ts';
import { SCHEDULING_TOLERANCE_MS, SPEC_CUTOVER_FALLBACK_MS, type RelocationTimes, type SpotWorld } from './world.ts';
import { now } from './kit-clock.ts';
import { isSessionOperation } from '../../src/driver/sessions.ts';

export async function replyOf(world: SpotWorld, name: string): Promise<unknown> {
  const o = await world.outcomeOf(name);
  if (o.status !== 'reply') throw new Error(`${name} ended with ${o.status} ${o.errorKind ?? ''}`);
  return o.reply;
}

export async function create(world: SpotWorld, kind: ObjectKind, objectId: string, on: Rid, input: Record<string, unknown>, name = 'the creation'): Promise<void> {
  if (kind === 'instance-spot') throw new Error('Instance Spots are created by a message with Instance intent');
  await start(world, name, { kind: 'create', from: on, objectId, objectKind: kind, on, input });
}

export async function makeReady(world: SpotWorld, kind: ObjectKind, objectId: string, on: Rid, input: Record<string, unknown>): Promise<void> {
  const name = `setup of ${objectId}`;
  if (kind === 'instance-spot') {
    await start(world, name, { kind: 'object-message', from: on, objectId, objectKind: kind, payload: { app: 'echo', value: 'first' }, instanceIntent: true, activateOn: on, factoryInput: input });
  } else {
    await create(world, kind, objectId, on, input, name);
  }
  await replyOf(world, name);
  world.ops.delete(name);
  const rec = await world.driver.lookup(objectId);
  if (rec.state !== 'Ready' || rec.owner !== on) throw new Error(`${objectId} is not Ready on ${on}: ${JSON.stringify(rec)}`);
}

/**
 * Wait until the object's record names an owner whose lease has run out, and return when it ran
 * out. The record must exist first: a change still on its way to the Store (a Missing record) has no
 * lease to run out. The lease ends on the Store's clock and nothing may extend it (R-STO-3), so the
 * wait is bounded. The instant is the expiry the record states where it states one: the kit sees the
 * lease gone only at its next look, which on a loaded machine can come hundreds of milliseconds
 * later, and an owner that overstays its lease by less than that would hide in the gap.
 */
/**
 * Wait until the owner lease of the object's record has run out. `judged`: the rule says it runs out
 * (a terminated owner renews nothing), so not seeing it is a RuleViolation, not a setup error.
 */
export async function ownerLeaseRunsOut(world: SpotWorld, objectId: string, judged = false): Promise<number> {
  const { ownerLeaseMs, defaultDeadlineMs } = world.description.timings;
  let owned = false;
  let until: number | undefined;
  await (judged ? expectWithin : eventually)(`the owner lease of ${objectId} to run out`, ownerLeaseMs + defaultDeadlineMs, async () => {
    const r = await world.driver.lookup(objectId);
    if (r.state !== 'Missing' && r.owner !== undefined) {
      owned = true;
      if (r.leaseValid) return false;
      until = r.leaseUntil; // the expiry that has passed: no renewal can follow it (R-STO-3)
      return true;
    }
    // Once it had an owner, a record that reads Missing has no lease left either (what the scenario
    // expects of the record is for its own steps to say).
    return owned;
  });
  // A run stamped just after the expiry may have been let through just before it (the runtime's
  // own check and its stamp are not one instant, and a loaded machine parts them): twice the
  // scheduling tolerance, as for the cutover fallback.
  return Math.min(now(), (until ?? Infinity) + 2 * SCHEDULING_TOLERANCE_MS);
}

export async function ownerDies(world: SpotWorld, objectId: string, owner: Rid): Promise<void> {
  await world.fault({ kind: 'crash', node: owner });
  await ownerLeaseRunsOut(world, objectId);
}

/** "echoes" (or nothing said), "fails", "blocks on gate "g"": what the test application's handler will do. */
export function payloadFor(handler: string | undefined, value: unknown): AppPayload {
  if (handler === undefined || handler === 'echoes') return { app: 'echo', value };
  if (handler === 'fails') return { app: 'fail', value };
  const gate = /^blocks on gate "([^"]+)"$/.exec(handler);
  if (gate) return { app: 'block', gate: gate[1], value };
  throw new Error(`unknown handler behaviour: ${handler}`);
}

export async function start(world: SpotWorld, name: string, spec: OperationSpec): Promise<void> {
  const submittedAt = now();
  const { opId } = await world.driver.submit(spec);
  world.ops.set(name, { opId, deadlineMs: spec.deadlineMs ?? world.description.timings.defaultDeadlineMs, submittedAt, ...(isSessionOperation(spec) ? { client: spec.client } : {}) });
  world.lastOp = name;
}

export function channelRequest(from: Rid, channel: string, handler: string, deadlineMs?: number): OperationSpec {
  const spec: OperationSpec = { kind: 'channel-request', from, channel, payload: payloadFor(handler, `to ${channel}`) };
  if (deadlineMs !== undefined) spec.deadlineMs = deadlineMs;
  return spec;
}

export function direct(world: SpotWorld, from: Rid, to: Rid, handler: string): OperationSpec {
  return { kind: 'node-direct', from, mesh: world.meshOf(from), to, payload: payloadFor(handler, `to ${to}`) };
}

/** Watch the object's relocation record and authority record for the rest of the scenario. */
export function watchRelocation(world: SpotWorld, objectId: string, ownerBefore: Rid | undefined): RelocationTimes {
  const start = now();
  const times: RelocationTimes = { stages: new Map(), owners: ownerBefore ? [{ owner: ownerBefore, after: start, at: start }] : [] };
  let previousLook = start;
  world.watch(async () => {
    const asked = now();
    const [rel, rec] = await Promise.all([world.driver.relocation(objectId), world.driver.lookup(objectId)]);
    const answered = now();
    if (rel && !times.stages.has(rel.stage)) {
      times.stages.set(rel.stage, { after: previousLook, at: answered });
      // The fallback's 1,000 ms is a timer in the runtime; the kit times the same instant, so that a
      // machine too loaded to fire timers on time is not blamed on the runtime.
      if (rel.stage === 'relay-ready-accepted') times.fallbackLateness = timerLateness(previousLook + SPEC_CUTOVER_FALLBACK_MS);
    }
    if (rec.owner && times.owners.at(-1)?.owner !== rec.owner) times.owners.push({ owner: rec.owner, after: previousLook, at: answered });
    previousLook = asked;
  });
  return times;
}

export async function relocate(world: SpotWorld, from: Rid, objectId: string, target: Rid, generation?: number, deadline?: number): Promise<void> {
  world.recordBefore = await world.driver.lookup(objectId);
  world.relocationTimes.set(objectId, watchRelocation(world, objectId, world.recordBefore.owner));
  // The source may wait for the target's fallback commit before it can answer.
  const deadlineMs = deadline ?? world.description.timings.defaultDeadlineMs + 2 * SPEC_CUTOVER_FALLBACK_MS;
  const submittedAt = now();
  const { opId } = await world.driver.submit({ kind: 'relocate', from, objectId, target, deadlineMs, ...(generation !== undefined ? { generation } : {}) });
  world.ops.set('the relocation', { opId, deadlineMs, submittedAt });
  world.lastOp = 'the relocation';
}
