// Every Session of every process of the embedded cluster, in one place. A real deployment has no
// such thing: a Session lives in its owner process only. The reference never reads this list; it
// exists so that mutants can break the rules of spec section 6 the way a framework that shares
// Session state across processes would (restore a dead owner's Session elsewhere, hand a reply to
// the client's newest Session). Every Session owner adds its Sessions here as it accepts them.

import type { Session } from '../sessions/session.ts';
import type { WireFrame } from '../sessions/protocol.ts';

/** A Session owner process, as the list sees it (a SessionHost). */
export interface SessionOwner {
  /** The process runs and holds its Sessions. */
  running(): boolean;
  /** Write a frame to one of its Sessions' connections. */
  send(session: Session, frame: WireFrame): void;
}

interface Entry {
  session: Session;
  host: SessionOwner;
}

export class SharedSessions {
  private readonly entries: Entry[] = [];

  add(session: Session, host: SessionOwner): void {
    this.entries.push({ session, host });
  }

  /** The client's newest Session whose owner process is gone. */
  lostSessionOf(client: string): Session | undefined {
    return [...this.entries].reverse().find((e) => e.session.client === client && !e.host.running())?.session;
  }

  /** Some running process holds an open Session with this ID. */
  isHeld(sessionId: string): boolean {
    return this.entries.some((e) => e.session.id === sessionId && e.session.state === 'open' && e.host.running());
  }

  /** The client's newest open Session on a running process. */
  currentOf(client: string): Entry | undefined {
    return [...this.entries].reverse().find((e) => e.session.client === client && e.session.state === 'open' && e.host.running());
  }
}
