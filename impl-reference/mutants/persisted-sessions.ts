// A Session table persisted in the Store: how a framework whose nodes are separate processes would
// share Session state, and so the cross-process form of three Session mutants (restart-reloads-
// sessions, session-restored-elsewhere, token-resolved-across-sessions). A real deployment has no
// such table; the reference never reads it. Each process writes a snapshot of every Session it
// holds, with its RID and process incarnation, whenever it answers on that Session's connection.

import { Socket } from 'node:net';
import type { Clock } from '../../src/driver/clock.ts';
import { cryptoIds } from '../../src/driver/ids.ts';
import type { Rid } from '../../src/driver/types.ts';
import type { StreamSocket } from '../sessions/stream.ts';
import type { Binding, Session } from '../sessions/session.ts';
import { Session as SessionClass } from '../sessions/session.ts';
import type { Store } from '../store/types.ts';
import type { WireFrame } from '../sessions/protocol.ts';
import { SharedSessions, type Entry } from './shared-sessions.ts';

const PREFIX = 'mutant-session/';

interface Snapshot {
  id: string;
  client?: string;
  authenticated: boolean;
  bindings: Binding[];
  open: boolean;
  host: Rid;
  /** The process incarnation that held it. */
  lifecycle: string;
  savedAt: number;
}

export class PersistedSessions extends SharedSessions {
  private writes = Promise.resolve();

  /**
   * @param forward hands a frame to a Session another process holds (a message of the mesh to
   *   that node); session-reply-follows-client uses it.
   */
  constructor(
    private readonly store: Store,
    private readonly rid: Rid,
    private readonly lifecycle: string,
    private readonly forward: (rid: Rid, sessionId: string, frame: WireFrame) => void,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** The reply goes to the client's newest open Session other than the one that asked, wherever it is held. */
  override async deliverToNewest(client: string, except: string, frame: WireFrame): Promise<void> {
    const newest = (await this.snapshots()).reverse().find((s) => s.client === client && s.open);
    if (!newest || newest.id === except) return;
    if (newest.lifecycle !== this.lifecycle) return this.forward(newest.host, newest.id, frame);
    const entry = this.entries.find((e) => e.session.id === newest.id);
    if (entry) entry.host.send(entry.session, frame);
  }

  /**
   * Write the Session's snapshot before the answer goes out (in order, one write at a time; a
   * failed write is dropped), as a framework persisting its Sessions would.
   */
  override saved(session: Session): Promise<void> {
    const snap: Snapshot = {
      id: session.id,
      ...(session.client ? { client: session.client } : {}),
      authenticated: session.authenticated,
      bindings: [...session.bindings.values()].map((b) => structuredClone(b)),
      open: session.state === 'open',
      host: this.rid,
      lifecycle: this.lifecycle,
      savedAt: this.clock.now(),
    };
    this.writes = this.writes.then(async () => {
      for (let i = 0; i < 5; i++) {
        const cur = await this.store.read(PREFIX + snap.id);
        if ((await this.store.compareAndSet(PREFIX + snap.id, cur.version, snap)).applied) return;
      }
    }).catch(() => undefined);
    return this.writes;
  }

  private async snapshots(): Promise<Snapshot[]> {
    await this.writes;
    return (await this.store.list<Snapshot>(PREFIX)).map((e) => e.value).sort((a, b) => a.savedAt - b.savedAt);
  }

  /** The client's newest Session held by another process. */
  override async lostSessionOf(client: string): Promise<Session | undefined> {
    const snap = (await this.snapshots()).reverse().find((s) => s.client === client && s.lifecycle !== this.lifecycle);
    return snap ? revive(snap) : undefined;
  }

  /** The Sessions an earlier process of this node held. */
  override async heldByEndedProcessesOf(rid: Rid): Promise<Session[]> {
    return (await this.snapshots()).filter((s) => s.host === rid && s.lifecycle !== this.lifecycle).map(revive);
  }

  /** The bindings of `objectId` in Sessions other processes held, with their client. */
  override async bindingsOfEndedProcesses(objectId: string): Promise<Array<{ client: string; binding: Binding }>> {
    return (await this.snapshots())
      .filter((s) => s.lifecycle !== this.lifecycle && s.client)
      .flatMap((s) => s.bindings.filter((b) => b.objectId === objectId).map((binding) => ({ client: s.client!, binding })));
  }

  /** The client's newest open Session, as this process holds it; undefined when another holds it. */
  override async currentOf(client: string): Promise<Entry | undefined> {
    const newest = (await this.snapshots()).reverse().find((s) => s.client === client && s.open);
    if (!newest || newest.lifecycle !== this.lifecycle) return undefined;
    return this.entries.find((e) => e.session.id === newest.id);
  }

  /** A binding with this token in another Session of the same client, wherever it is held. */
  override async bindingOf(client: string | undefined, token: string, except: Session): Promise<Binding | undefined> {
    for (const snap of (await this.snapshots()).reverse()) {
      if (snap.id === except.id || snap.client !== client) continue;
      const b = snap.bindings.find((x) => x.token === token);
      if (b) return b;
    }
    return undefined;
  }
}

/** A Session as read back from its snapshot: no connection of its own (the old one died with its process). */
function revive(snap: Snapshot): Session {
  // Its ID comes from the snapshot; the fresh one the constructor draws is replaced at once.
  const s = new SessionClass(new Socket() as unknown as StreamSocket, cryptoIds);
  s.id = snap.id as Session['id'];
  if (snap.client) s.client = snap.client;
  s.authenticated = snap.authenticated;
  for (const b of snap.bindings) s.bindings.set(b.token, b);
  return s;
}
