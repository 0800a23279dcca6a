// What a client asks of its Session (spec 6): hello, auth with the mesh's client credential, bind
// from the Location Store record, relay through the mesh to the binding's route, unbind. Every
// request is answered on the Session's own connection; nothing a client sends may take the
// process down. The connection and the Session's life are the SessionHost's (session-host.ts).

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { AppPayload, Attempt, EffectiveTimings, Rid } from '../../src/driver/types.ts';
import type { Caller, SendEnd } from '../channel/caller.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { SessionList } from './session-list.ts';
import { Operation } from '../kernel/operation.ts';
import type { Letter } from '../kernel/work.ts';
import type { Work, WorkResult } from '../kernel/work.ts';
import type { NodeStore } from '../store/node-store.ts';
import { StoreUnavailableError } from '../store/types.ts';
import { authProof, isRecord, proofMatches, type WireFrame } from './protocol.ts';
import type { Session, Binding } from './session.ts';
import type { RouteLinks, SessionRules } from './session-rules.ts';

/** What the Session owner needs from its node (a MeshNode); its peer links only mutants read. */
export interface SessionOwnerNode extends RouteLinks {
  readonly rid: Rid;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly store: NodeStore;
  readonly timings: EffectiveTimings;
  /** false once the process died. */
  readonly alive: boolean;
  /** false once the process died or hung: it reads and writes nothing. */
  live(): boolean;
  readonly objects: { relay(objectId: string, letter: Letter, generation: number): Promise<WorkResult | undefined> };
}

/** What answering a request needs of the Session owner side. */
export interface RequestDesk {
  readonly node: SessionOwnerNode;
  /** How this node sends operations through the mesh. */
  readonly caller: Caller;
  /** The per-mesh client credential. */
  readonly clientCredential: string;
  /** Only mutants read it: the reference keeps every Session in its own process. */
  readonly shared: SessionList;
  /** The Sessions this process holds (only mutants look beyond the requesting one, or add to it). */
  readonly sessions: Map<string, Session>;
  send(session: Session, frame: WireFrame): void;
  endSession(session: Session, closeSocket: boolean): void;
  /** End a binding and tell the client on the Session's connection. */
  endBinding(session: Session, b: Binding): void;
  setState(b: Binding, state: 'ended' | 'unbound'): void;
}

export class ClientRequests {
  constructor(
    private readonly desk: RequestDesk,
    private readonly rules: SessionRules,
  ) {}

  private get node(): SessionOwnerNode {
    return this.desk.node;
  }

  /** One line arrived on the Session's connection: a request, answered whatever it does. */
  onLine(session: Session, line: string): void {
    if (!this.node.live() || session.state !== 'open') return;
    if (line.trim() === '') return;
    let frame: unknown;
    try {
      frame = JSON.parse(line);
    } catch {
      return this.desk.send(session, { t: 'fail', errorKind: 'BadRequest', detail: 'the line is not JSON' });
    }
    if (!isRecord(frame) || typeof frame.t !== 'string' || typeof frame.id !== 'string') {
      const id = isRecord(frame) && typeof frame.id === 'string' ? { id: frame.id } : {};
      return this.desk.send(session, { t: 'fail', ...id, errorKind: 'BadRequest', detail: 'a request is an object with string fields "t" and "id"' });
    }
    const id = frame.id;
    // Whatever a request does, it answers; nothing a client sends may take the process down.
    this.serve(session, id, frame).catch(() => this.desk.send(session, { t: 'fail', id, errorKind: 'Unavailable' }));
  }

  private async serve(session: Session, id: string, f: Record<string, unknown>): Promise<void> {
    const bad = (detail: string) => this.desk.send(session, { t: 'fail', id, errorKind: 'BadRequest', detail });
    switch (f.t) {
      case 'hello':
        if (typeof f.client !== 'string' || f.client === '') return bad('hello needs a "client" name');
        return this.hello(session, id, f.client);
      case 'auth':
        return this.auth(session, id, f.proof);
      case 'bind':
        if (typeof f.objectId !== 'string') return bad('bind needs an "objectId"');
        return this.bind(session, id, f.objectId);
      case 'relay': {
        if (typeof f.token !== 'string' || !isRecord(f.payload) || typeof f.payload.app !== 'string') return bad('relay needs a "token" and a "payload"');
        const deadlineMs = typeof f.deadlineMs === 'number' && f.deadlineMs > 0 ? f.deadlineMs : this.node.timings.defaultDeadlineMs;
        return this.relay(session, id, f.token, f.payload as AppPayload, deadlineMs);
      }
      case 'unbind':
        if (typeof f.token !== 'string') return bad('unbind needs a "token"');
        return this.unbind(session, id, f.token);
      default:
        return bad(`unknown request "${f.t}"`);
    }
  }

  private async hello(session: Session, id: string, client: string): Promise<void> {
    session.client = client;
    // V15, R-SES-3: a Session ends with its owner process; hello on a new connection is a new Session.
    await this.rules.sessionOfHello(this.desk, session, client);
    this.desk.send(session, { t: 'ok', id, session: session.id });
  }

  private auth(session: Session, id: string, proof: unknown): void {
    const verified = proofMatches(authProof(this.desk.clientCredential, session.nonce), proof);
    // R-SES-3: a Session authenticates with the mesh's client credential, or ends.
    if (!this.rules.authenticates(verified)) {
      this.desk.send(session, { t: 'fail', id, errorKind: 'Unauthenticated' });
      return this.desk.endSession(session, true);
    }
    session.authenticated = true;
    this.desk.send(session, { t: 'ok', id, session: session.id });
  }

  private authenticated(session: Session, id: string): boolean {
    // R-SES-3: nothing is bound, relayed or unbound before the Session authenticated.
    if (session.authenticated || !this.rules.requiresAuthentication()) return true;
    this.desk.send(session, { t: 'fail', id, errorKind: 'Unauthenticated' });
    return false;
  }

  private async bind(session: Session, id: string, objectId: string): Promise<void> {
    if (!this.authenticated(session, id)) return;
    let rec: LocationRecord | null | undefined;
    let leaseValid = false;
    try {
      rec = (await this.node.store.read<LocationRecord>(objectKey(objectId))).value;
      if (rec?.owner) leaseValid = (await this.node.store.leaseExpiry(rec.owner)) !== null;
    } catch (e) {
      if (!(e instanceof StoreUnavailableError)) throw e;
      return this.desk.send(session, { t: 'fail', id, errorKind: 'Unavailable' });
    }
    if (!rec || rec.state === 'Missing') return this.desk.send(session, { t: 'fail', id, errorKind: 'NotFound' });
    if (rec.state !== 'Ready' || !rec.owner || !leaseValid) return this.desk.send(session, { t: 'fail', id, errorKind: 'Unavailable' });
    if (session.state !== 'open') return;
    // A binding of an earlier incarnation of this Actor stays ended: the new one does not revive it.
    for (const b of session.bindings.values()) {
      if (b.objectId === objectId && b.state === 'bound' && b.generation !== rec.generation) this.desk.endBinding(session, b);
    }
    // V09: a binding of a re-created Actor is a new binding, with a token of its own.
    const token = this.rules.bindingToken(session, objectId, this.node.ids.base64url(18));
    const binding: Binding = {
      token,
      objectId,
      generation: rec.generation,
      route: rec.owner,
      location: { owner: rec.owner, generation: rec.generation },
      state: 'bound',
      history: [{ event: 'bound', route: rec.owner, generation: rec.generation, at: this.node.clock.now() }],
    };
    session.bindings.set(token, binding);
    this.desk.send(session, { t: 'ok', id, binding: { token, objectId, generation: rec.generation, route: rec.owner } });
  }

  private async relay(session: Session, id: string, token: string, payload: AppPayload, deadlineMs: number): Promise<void> {
    if (!this.authenticated(session, id)) return;
    let b = session.bindings.get(token);
    // R-SES-3: a token is known only to the Session that bound it; a new Session binds again.
    if (!b) b = await this.rules.relayTokenNotHeld(this.desk, session, token);
    if (!b) return this.desk.send(session, { t: 'fail', id, errorKind: 'NotFound' });
    // R-SES-2: a token names one binding; through an ended one nothing is relayed.
    b = this.rules.bindingOfRelay(session, b);
    if (b.state !== 'bound') return this.desk.send(session, { t: 'fail', id, errorKind: 'BindingEnded' });
    // V09: a binding keeps the incarnation it was made for, whatever became of its route's process.
    await this.rules.bindingBeforeRelay(this.desk, b);
    // The relay is an operation of its own on the mesh, with the client's request ID, sent to the
    // binding's route and nowhere else.
    const op = new Operation(id, this.node.clock.now() + deadlineMs, () => {}, this.node.clock);
    const work: Work = { type: 'session-relay', objectId: b.objectId, generation: b.generation, payload, client: session.client ?? '', session: session.id };
    // V02: a relay keeps its binding's route; V05: one lost with its connection is not written again on a new one.
    const end = await this.rules.relaySendEnded(this.desk, op, b.route, work, await this.desk.caller.send(op, b.route, work));
    op.finish('failure'); // ends the internal operation; nobody receives this result
    const attempts: Attempt[] = op.attempts.map((a) => ({ ...a }));
    this.desk.send(session, this.relayAnswer(session, b, id, end, attempts));
  }

  private relayAnswer(session: Session, b: Binding, id: string, end: SendEnd, attempts: Attempt[]): WireFrame {
    switch (end.kind) {
      case 'result': {
        const c = end.completion;
        if (c.ok) return { t: 'ok', id, value: c.value, attempts };
        // The owner says the binding's incarnation is gone: the binding stays ended (V09).
        if (c.errorKind === 'BindingEnded' && b.state === 'bound') this.desk.endBinding(session, b);
        return { t: 'fail', id, errorKind: c.errorKind, attempts };
      }
      case 'deadline':
        return { t: 'timeout', id, attempts };
      case 'refused':
        return { t: 'fail', id, errorKind: 'Busy', attempts };
      default:
        return { t: 'fail', id, errorKind: 'Unavailable', attempts };
    }
  }

  private unbind(session: Session, id: string, token: string): void {
    if (!this.authenticated(session, id)) return;
    let b = session.bindings.get(token);
    // R-SES-2: a token is looked up in the requesting Session only; a previous Session's is unknown here.
    if (!b) b = this.rules.unbindTokenNotHeld(this.desk, token);
    if (!b) return this.desk.send(session, { t: 'fail', id, errorKind: 'NotFound' });
    // R-SES-2: an unbind ends the binding its token names, never a newer one of the same Actor.
    b = this.rules.bindingOfUnbind(session, b);
    if (b.state !== 'bound') return this.desk.send(session, { t: 'fail', id, errorKind: 'BindingEnded' });
    this.desk.setState(b, 'unbound');
    this.desk.send(session, { t: 'ok', id });
  }
}
