// Helpers of the Session steps (sessions.steps.ts, session-lines.steps.ts): a client's view, read
// so that a frame outside the Session protocol fails the scenario wherever it is read, its
// connections and binding tokens, and Session operations run as setup.

import type { Rid } from '../../src/driver/types.ts';
import { protocolErrorsOf, type BindingView, type ClientConnectionView, type SessionOperationSpec, type SessionView } from '../../src/driver/sessions.ts';
import type { SpotWorld } from './world.ts';
import { start } from './operations.ts';
import { describeOutcome } from './probes.ts';
import { violated } from '../../src/checks/violation.ts';

/** Run a Session operation that is a step of the setup, and require that it ends with a reply. */
export async function done(world: SpotWorld, spec: SessionOperationSpec, what: string): Promise<unknown> {
  const name = `setup: ${what}`;
  await start(world, name, spec);
  const o = await world.outcomeOf(name);
  world.ops.delete(name);
  if (o.status !== 'reply') throw new Error(`${what} ended with ${describeOutcome(o)}`);
  return o.reply;
}

/** The client's connections; a frame of the owner that is not the Session protocol breaks the scenario wherever it is read. */
export async function session(world: SpotWorld, client: string): Promise<SessionView> {
  const v = await world.driver.session(client);
  const wrong = protocolErrorsOf(v);
  if (wrong.length > 0) violated(`the Session owner sent client ${client} frames that are not the Session protocol: ${wrong.join('; ')}`);
  return v;
}

export function current(v: SessionView): ClientConnectionView {
  const c = v.connections.at(-1);
  if (!c) throw new Error(`client ${v.client} has no connection`);
  return c;
}

export function nth(v: SessionView, n: number): ClientConnectionView {
  const c = v.connections.find((x) => x.connection === n);
  if (!c) throw new Error(`client ${v.client} has no connection ${n}`);
  return c;
}

/** Every binding token the client was given for the object, on any of its connections, in order. */
export function tokensOf(v: SessionView, objectId: string): string[] {
  return v.connections.flatMap((c) => c.bindings.filter((b) => b.objectId === objectId).map((b) => b.token));
}

/** "its binding" is the newest token the client holds for the object; "its old binding" the one before. */
export async function token(world: SpotWorld, client: string, objectId: string, which: 'newest' | 'old'): Promise<string> {
  const tokens = tokensOf(await session(world, client), objectId);
  const t = which === 'newest' ? tokens.at(-1) : tokens.at(-2);
  if (!t) throw new Error(`client ${client} holds no ${which === 'old' ? 'earlier ' : ''}binding of ${objectId}`);
  return t;
}

export function ownerBinding(c: ClientConnectionView, tok: string): BindingView | undefined {
  return c.atOwner?.bindings.find((b) => b.token === tok);
}

export function describeBinding(b: BindingView | undefined): string {
  if (!b) return 'not held by the Session owner';
  return `${b.state}, generation ${b.generation}, route ${b.route}, location ${b.location.owner}:${b.location.generation}`;
}

export async function openSession(world: SpotWorld, client: string, node: Rid, objectId?: string): Promise<void> {
  await done(world, { kind: 'session-connect', client, node }, `client ${client} connecting to ${node}`);
  await done(world, { kind: 'session-authenticate', client }, `client ${client} authenticating`);
  if (objectId) await done(world, { kind: 'session-bind', client, objectId }, `client ${client} binding ${objectId}`);
}
