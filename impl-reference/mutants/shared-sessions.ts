// Every Session (and Session owner process) of the embedded cluster, in one place. A real deployment has no
// such thing: a Session lives in its owner process only. The reference never reads this list; it
// exists so that mutants can break the rules of spec section 6 the way a framework that shares
// Session state across processes would (restore a dead owner's Session elsewhere, hand a reply or
// a binding update to the client's newest Session, hand a dead process's connections to another,
// reload a restarted process's Sessions, resolve a token of another Session). Every Session owner
// registers here when it listens, and adds its Sessions as it accepts them.

import type { Rid } from '../../src/driver/types.ts';
import type { Binding, Session } from '../sessions/session.ts';
import type { WireFrame } from '../sessions/protocol.ts';
import type { SessionList, SessionOwner } from '../sessions/session-list.ts';

export type { SessionOwner };

export interface Entry {
  session: Session;
  host: SessionOwner;
}

export class SharedSessions implements SessionList {
  protected readonly entries: Entry[] = [];
  private readonly owners: SessionOwner[] = [];

  /** A Session owner process started listening for clients. */
  register(owner: SessionOwner): void {
    this.owners.push(owner);
  }

  add(session: Session, host: SessionOwner): void {
    this.entries.push({ session, host });
  }

  /** The Session was answered on: a table that persists Sessions writes it (persisted-sessions.ts). */
  saved(_session: Session): Promise<void> | undefined {
    return undefined;
  }

  /** The client's newest Session whose owner process is gone. */
  async lostSessionOf(client: string): Promise<Session | undefined> {
    return [...this.entries].reverse().find((e) => e.session.client === client && !e.host.running())?.session;
  }

  /** Some running process holds an open Session with this ID. */
  isHeld(sessionId: string): boolean {
    return this.entries.some((e) => e.session.id === sessionId && e.session.state === 'open' && e.host.running());
  }

  /** Some running Session owner process other than `owner`. */
  runningOtherThan(owner: SessionOwner): SessionOwner | undefined {
    return this.owners.find((h) => h !== owner && h.running());
  }

  /** The Sessions held by processes of `rid` that are no longer running. */
  async heldByEndedProcessesOf(rid: Rid): Promise<Session[]> {
    return [...new Set(this.entries.filter((e) => e.host.rid === rid && !e.host.running()).map((e) => e.session))];
  }

  /** A binding with this token in another Session of the same client. */
  async bindingOf(client: string | undefined, token: string, except: Session): Promise<Binding | undefined> {
    for (const { session } of [...this.entries].reverse()) {
      if (session === except || session.client !== client) continue;
      const b = session.bindings.get(token);
      if (b) return b;
    }
    return undefined;
  }

  /** The bindings of `objectId` held by Sessions whose owner process is no longer running, with their client. */
  async bindingsOfEndedProcesses(objectId: string): Promise<Array<{ client: string; binding: Binding }>> {
    const found: Array<{ client: string; binding: Binding }> = [];
    for (const { session, host } of this.entries) {
      if (host.running() || !session.client) continue;
      for (const b of session.bindings.values()) if (b.objectId === objectId) found.push({ client: session.client, binding: b });
    }
    return found;
  }

  /**
   * Hand `frame` to the client's newest open Session, when the Session `except` is no longer held by
   * a running process (session-reply-follows-client).
   */
  async deliverToNewest(client: string, except: string, frame: WireFrame): Promise<void> {
    if (this.isHeld(except)) return;
    const current = await this.currentOf(client);
    if (current?.session.state !== 'open') return;
    current.host.send(current.session, frame);
  }

  /** The client's newest open Session on a running process. */
  async currentOf(client: string): Promise<Entry | undefined> {
    return [...this.entries].reverse().find((e) => e.session.client === client && e.session.state === 'open' && e.host.running());
  }
}
