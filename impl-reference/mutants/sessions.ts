// Mutants of the Session owner side (spec 6; sessions/session-host.ts): Sessions and bindings that
// outlive what they belong to. Each function acts out one bug; the SessionHost calls it from the
// decision point where the rule lives. They touch only Sessions and the shared list.

import type { Binding, Session } from '../sessions/session.ts';
import type { WorkResult } from '../work.ts';
import type { SharedSessions } from './shared-sessions.ts';

/** late-disconnect-ends-new-session: the client's newest open Session here, whichever connection closed (R-SES-2). */
export function newestOpenOf(sessions: Iterable<Session>, client: string): Session | undefined {
  return [...sessions].reverse().find((s) => s.client === client && s.state === 'open');
}

/**
 * session-restored-elsewhere: a client saying hello takes over its Session whose owner process died:
 * its ID, its authentication and its bindings (V15, R-SES-3 make a reconnect a new Session).
 */
export function restoreLostSession(sessions: Map<string, Session>, shared: SharedSessions, session: Session, client: string): void {
  const lost = shared.lostSessionOf(client);
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
export function replyToNewestSession(shared: SharedSessions, relay: { client: string; session: string }, opId: string, result: WorkResult): void {
  if (shared.isHeld(relay.session)) return;
  const current = shared.currentOf(relay.client);
  if (current?.session.state !== 'open') return;
  current.host.send(current.session, result.ok ? { t: 'ok', id: opId, value: result.value } : { t: 'fail', id: opId, errorKind: result.errorKind });
}
