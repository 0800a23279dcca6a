// Mutants of the Session owner side (spec 6; sessions/session-host.ts, requests.ts): Sessions, bindings and relays
// that outlive what they belong to. Each function acts out one bug; SESSION_MUTANTS, at the end, says which rule of
// sessions/session-rules.ts each mutant implements with it. They touch Sessions, their connections and the shared list;
// the relay mutants also the node's peer links, the Caller's send and the Location Store, declared
// here structurally.

import type { Clock } from '../../src/driver/clock.ts';
import type { Rid } from '../../src/driver/types.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { Operation } from '../kernel/operation.ts';
import type { Binding, Session } from '../sessions/session.ts';
import { REFERENCE_SESSIONS, type RouteLinks, type SessionRules } from '../sessions/session-rules.ts';
import type { Work, WorkResult } from '../kernel/work.ts';
import type { MutantName } from './index.ts';
import { SharedSessions, type SessionOwner } from './shared-sessions.ts';
import { PersistedSessions } from './persisted-sessions.ts';
import type { ListContext, SessionList } from '../sessions/session-list.ts';

/** late-disconnect-ends-new-session: the client's newest open Session here, whichever connection closed (R-SES-2). */
export function newestOpenOf(sessions: Iterable<Session>, client: string): Session | undefined {
  return [...sessions].reverse().find((s) => s.client === client && s.state === 'open');
}

/**
 * session-restored-elsewhere: a client saying hello takes over its Session whose owner process died:
 * its ID, its authentication and its bindings (V15, R-SES-3 make a reconnect a new Session).
 */
export async function restoreLostSession(sessions: Map<string, Session>, shared: SharedSessions, session: Session, client: string): Promise<void> {
  const lost = await shared.lostSessionOf(client);
  if (!lost) return;
  sessions.delete(session.id);
  session.id = lost.id;
  sessions.set(session.id, session);
  session.authenticated = lost.authenticated;
  for (const b of lost.bindings.values()) session.bindings.set(b.token, { ...structuredClone(b), state: 'bound' });
}

/** rebind-reuses-token: binding an Actor again hands out its newest old binding's token, taken from that binding (V09). */
export function takeOldToken(session: Session, objectId: string): string | undefined {
  const old = [...session.bindings.values()].reverse().find((b) => b.objectId === objectId);
  if (!old) return undefined;
  session.bindings.delete(old.token);
  return old.token;
}

/**
 * stale-token-relays-to-current, old-token-unbind-applies: a token is taken to mean "this Actor",
 * and resolves to the Session's newest binding of it that is still bound (R-SES-2).
 */
export function currentBinding(session: Session, objectId: string): Binding | undefined {
  return [...session.bindings.values()].reverse().find((b) => b.objectId === objectId && b.state === 'bound');
}

/**
 * session-reply-follows-client: a relay reply whose Session is gone (its owner died) is handed to
 * the client's newest Session on another process (R-SES-3).
 */
export async function replyToNewestSession(shared: SharedSessions, relay: { client: string; session: string }, opId: string, result: WorkResult): Promise<void> {
  await shared.deliverToNewest(relay.client, relay.session, result.ok ? { t: 'ok', id: opId, value: result.value } : { t: 'fail', id: opId, errorKind: result.errorKind });
}

/**
 * session-connection-adopted: when the Session owner process dies, each of its open Sessions, with
 * its client connection, is handed to another running process, which goes on serving it (V15: the
 * physical connection, the Session and its bindings end with the process). False if none runs.
 */
export function adoptConnection(shared: SharedSessions, session: Session, dying: SessionOwner): boolean {
  const other = shared.runningOtherThan(dying);
  if (!other) return false;
  other.adopt(session);
  return true;
}

/**
 * restart-reloads-sessions: a restarted Session owner reloads the Sessions its previous process held
 * on this node (the shared list stands in for a persisted Session table), open again with their
 * authentication and bindings (V15: a restarted process is a different process and restores nothing).
 */
export async function reloadSessions(shared: SharedSessions, sessions: Map<string, Session>, owner: SessionOwner): Promise<void> {
  for (const s of await shared.heldByEndedProcessesOf(owner.rid)) {
    if (sessions.has(s.id)) continue;
    s.state = 'open';
    for (const b of s.bindings.values()) if (b.state === 'ended') b.state = 'bound';
    sessions.set(s.id, s);
    shared.add(s, owner);
  }
}

/**
 * token-resolved-across-sessions: a relay with a token this Session does not hold is looked up among
 * the bindings of the client's other Sessions (a cluster-wide token table) and bound here again
 * (R-SES-3: a new Session must bind again; an old token means nothing in it).
 */
export async function bindingOfOtherSession(shared: SharedSessions, session: Session, token: string, clock: Clock): Promise<Binding | undefined> {
  const old = await shared.bindingOf(session.client, token, session);
  if (!old) return undefined;
  const b: Binding = { ...structuredClone(old), state: 'bound' };
  b.history.push({ event: 'bound', route: b.route, generation: b.generation, at: clock.now() });
  session.bindings.set(token, b);
  return b;
}

/**
 * relocation-redirects-client: after telling the client its Actor moved, the Session owner closes the
 * client's connection so that it reconnects (nearer the Actor), and keeps the Session for it to
 * resume (R-SES-1: the physical connection is kept through a planned relocation).
 */
export function redirectClient(session: Session): void {
  session.socket.removeAllListeners('close'); // the Session stays, to be resumed
  session.socket.end();
}

/**
 * unbind-token-looked-up-node-wide: a token the requesting Session does not hold is looked up among
 * the bindings of every Session this node holds, as if tokens were one table per node (R-SES-2: a
 * token of a previous Session means nothing in the new one).
 */
export function bindingOnThisNode(sessions: Iterable<Session>, token: string): Binding | undefined {
  for (const s of sessions) {
    const b = s.bindings.get(token);
    if (b) return b;
  }
  return undefined;
}

/**
 * location-update-follows-client: a location update for a binding whose Session owner process is
 * gone is pushed, with that binding's token, to the client's newest Session, when this process holds
 * it (R-SES-3: the previous connection's binding update is not applied to the new Session).
 */
export async function updateNewestSessionOf(shared: SharedSessions, u: { objectId: string; generation: number; owner: string }, here: SessionOwner): Promise<void> {
  for (const { client, binding } of await shared.bindingsOfEndedProcesses(u.objectId)) {
    if (binding.generation !== u.generation) continue;
    const current = await shared.currentOf(client);
    if (current?.host !== here) continue;
    here.send(current.session, { t: 'location-update', token: binding.token, objectId: binding.objectId, generation: binding.generation, route: u.owner });
  }
}


/**
 * relay-resent-after-reconnect: a relay the route accepted and whose connection was then lost is
 * written again once the route is ready on a new connection, within the relay's deadline (V05: a
 * reconnect carries nothing of the old connection's relays over; the first one may have run).
 */
export async function resendWhenReady<E extends { kind: string }>(caller: { send(op: Operation, target: Rid, work: Work): Promise<E> }, links: RouteLinks, op: Operation, route: Rid, work: Work, lost: E): Promise<E> {
  const link = links.link(route);
  if (!link) return lost;
  const waited = await op.race(link.whenReady());
  if (waited.kind !== 'value') return lost;
  return caller.send(op, route, work);
}

/**
 * binding-refreshed-after-owner-loss: once the connection to a binding's route has been lost since
 * the binding was made (or last moved), the binding is refreshed from the object's Location Store
 * record before the relay: route, location snapshot and generation (V09: after an owner failure a
 * new incarnation is not the binding's; the binding stays ended).
 */
export async function refreshAfterRouteLoss(links: RouteLinks, store: { read<T>(key: string): Promise<{ value: T | null }> }, b: Binding, clock: Clock): Promise<void> {
  const since = b.history.at(-1)?.at ?? 0;
  if (!links.link(b.route)?.history.some((e) => e.event === 'not-ready' && e.at > since)) return;
  const rec = (await store.read<LocationRecord>(objectKey(b.objectId))).value;
  if (rec?.state !== 'Ready' || !rec.owner) return;
  b.route = rec.owner;
  b.generation = rec.generation;
  b.location = { owner: rec.owner, generation: rec.generation };
  b.history.push({ event: 'location-update', route: rec.owner, generation: rec.generation, at: clock.now() });
}

/** Each mutant of the Session owner side (sessions/session-rules.ts): the rule it implements otherwise. */
/** The list a Session mutant keeps: it made it (sessionList below), so it knows what it is. */
const listOf = (side: { readonly shared: SessionList }): SharedSessions => side.shared as SharedSessions;

/** Sessions shared in memory: by every node of an in-process cluster, or by this process alone. */
const inMemoryList = (c: ListContext): SessionList => c.inProcess ?? new SharedSessions();

/**
 * Sessions shared by every node: in memory in one address space, and between processes the way a
 * framework sharing Session state would, through a table in the Store (persisted-sessions.ts).
 */
const persistedList = (c: ListContext): SessionList => c.inProcess ?? new PersistedSessions(c.store, c.rid, c.lifecycle, c.forward, c.clock);

export const SESSION_MUTANTS = {
  // V15.4: a restarted process reloads the Sessions of the one before it.
  'restart-reloads-sessions': { sessionList: persistedList, processStarted: (side) => reloadSessions(listOf(side), side.sessions, side.owner) },
  // V15.3: a dying process hands its client connections to another.
  'session-connection-adopted': { sessionList: inMemoryList, connectionTakenOver: (side, session) => adoptConnection(listOf(side), session, side.owner) },
  // R-SES-2.3: a disconnect ends the client's newest Session here.
  'late-disconnect-ends-new-session': { sessionOfClosedConnection: (side, closed) => (closed.client ? (newestOpenOf(side.sessions.values(), closed.client) ?? closed) : closed) },
  // R-SES-1.2: the location update is ignored.
  'location-update-ignored': { appliesLocationUpdate: () => false },
  // R-SES-3.5: an update for a dead owner's binding goes to the client's newest Session.
  'location-update-follows-client': { sessionList: persistedList, updateOfLostSessions: (side, u) => void updateNewestSessionOf(listOf(side), u, side.owner) },
  // R-SES-1.5: every bound binding of the Actor moves, whatever its generation.
  'location-update-ignores-generation': { updateApplies: () => true },
  // R-SES-1.4: the binding ends, for the client to bind again.
  'relocation-forces-rebind': { bindingFollowsRelocation: () => false },
  // R-SES-1.3: the location snapshot stays on the old owner.
  'location-snapshot-not-updated': { snapshotAfterUpdate: (before) => before },
  // R-SES-1.1: the client is sent away to reconnect.
  'relocation-redirects-client': { clientTold: (session) => redirectClient(session) },
  // R-SES-3.4: a reply whose Session is gone goes to the client's newest Session.
  'session-reply-follows-client': { sessionList: persistedList, replyOfLostSession: (side, relay, opId, result) => void replyToNewestSession(listOf(side), relay, opId, result) },
  // V15.1-2, R-SES-3.1: hello takes over the client's Session whose owner died.
  'session-restored-elsewhere': { sessionList: persistedList, sessionOfHello: (side, session, client) => restoreLostSession(side.sessions, listOf(side), session, client) },
  // R-SES-3.2: any credential authenticates; or none is needed.
  'session-auth-accepts-any-credential': { authenticates: () => true },
  'session-bind-without-auth': { requiresAuthentication: () => false },
  // V09.2: binding again hands out the old binding's token.
  'rebind-reuses-token': { bindingToken: (session, objectId, fresh) => takeOldToken(session, objectId) ?? fresh },
  // R-SES-3.3: a token of another Session of the client is bound here again.
  'token-resolved-across-sessions': { sessionList: persistedList, relayTokenNotHeld: (side, session, token) => bindingOfOtherSession(listOf(side), session, token, side.node.clock) },
  // R-SES-2.1: a relay through an ended binding goes through the Session's current one of that Actor.
  'stale-token-relays-to-current': { bindingOfRelay: (session, named) => (named.state !== 'bound' ? (currentBinding(session, named.objectId) ?? named) : named) },
  // V09.3: the binding is refreshed from the record once its route's connection was lost.
  'binding-refreshed-after-owner-loss': { bindingBeforeRelay: (side, b) => refreshAfterRouteLoss(side.node, side.node.store, b, side.node.clock) },
  // V02.3: the route not ready, the relay goes to this node; V05.5: one lost with its connection is written again.
  'relay-falls-back-to-local': {
    relaySendEnded: (side, op, route, work, end) => (end.kind === 'not-ready' ? side.caller.send(op, side.node.rid, work) : REFERENCE_SESSIONS.relaySendEnded(side, op, route, work, end)),
  },
  'relay-resent-after-reconnect': {
    relaySendEnded: (side, op, route, work, end) => (end.kind === 'lost' ? resendWhenReady(side.caller, side.node, op, route, work, end) : REFERENCE_SESSIONS.relaySendEnded(side, op, route, work, end)),
  },
  // R-SES-2.4: an unbind's unknown token is looked up in every Session of this node.
  'unbind-token-looked-up-node-wide': { unbindTokenNotHeld: (side, token) => bindingOnThisNode(side.sessions.values(), token) },
  // R-SES-2.2: an unbind with an old token ends the Session's current binding of that Actor.
  'old-token-unbind-applies': { bindingOfUnbind: (session, named) => currentBinding(session, named.objectId) ?? named },
} satisfies { [M in MutantName]?: Partial<SessionRules> };
