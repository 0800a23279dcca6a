// The Session owner side of one node (spec section 6): a server that clients connect to (TCP on
// 127.0.0.1 on every real-time backend; stream.ts). Every accepted connection is a new Session, owned by this process and by nothing
// else: it is never stored anywhere, so when the process ends the Session and its bindings end
// with it, and a reconnect (to any node, or this one restarted) is a new Session that must
// authenticate and bind again (V15, R-SES-3).
//
// - A binding is made from the Location Store record (Ready, owner, generation): an unguessable
//   token tied to the objectId and that ObjectGeneration, with the owner as its route and as the
//   ActorRef location snapshot.
// - A relay goes through the mesh to the binding's route, carrying the binding's generation; the
//   owner refuses it (BindingEnded) when that incarnation is gone, and the binding ends (V09).
// - Binding the same Actor again after it was re-created ends the older binding in the Session:
//   nothing sent through an old token (relay, unbind) touches the new binding; a late disconnect of
//   an earlier connection ends only its own Session (R-SES-2).
// - A location update after a planned relocation moves the route and the location snapshot of
//   the bindings of that same generation, on the same connection, with no rebind (R-SES-1).

import type { Clock } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { AppPayload, Attempt, EffectiveTimings, Rid } from '../../src/driver/types.ts';
import type { OwnerSessionView } from '../../src/driver/sessions.ts';
import type { Caller, SendEnd } from '../channel/caller.ts';
import { objectKey, type LocationRecord } from '../location/records.ts';
import type { Broken, MutantName } from '../mutants/index.ts';
import {
  adoptConnection,
  bindingOfOtherSession,
  bindingOnThisNode,
  currentBinding,
  newestOpenOf,
  redirectClient,
  refreshAfterRouteLoss,
  reloadSessions,
  replyToNewestSession,
  resendWhenReady,
  restoreLostSession,
  takeOldToken,
  updateNewestSessionOf,
  type RouteLinks,
} from '../mutants/sessions.ts';
import type { SharedSessions } from '../mutants/shared-sessions.ts';
import type { Letter } from '../objects/mailbox.ts';
import { Operation } from '../node/operation.ts';
import type { NodeStore } from '../store/node-store.ts';
import { StoreUnavailableError } from '../store/types.ts';
import type { Work, WorkResult } from '../node/work.ts';
import { authProof, encode, isRecord, LineReader, proofMatches, type WireFrame } from './protocol.ts';
import { Session, type Binding } from './session.ts';
import type { StreamNet, StreamServer, StreamSocket } from './stream.ts';

/** What the Session owner needs from its node (a MeshNode); its peer links only mutants read. */
export interface SessionOwnerNode extends RouteLinks {
  readonly rid: Rid;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly store: NodeStore;
  readonly broken: Broken;
  readonly timings: EffectiveTimings;
  /** false once the process died. */
  readonly alive: boolean;
  /** false once the process died or hung: it reads and writes nothing. */
  live(): boolean;
  readonly objects: { relay(objectId: string, letter: Letter, generation: number): Promise<WorkResult | undefined> };
}

export interface SessionHostContext {
  node: SessionOwnerNode;
  /** How this node sends operations through the mesh. */
  caller: Caller;
  /** The per-mesh client credential. */
  clientCredential: string;
  /** Only mutants read it: the reference keeps every Session in its own process. */
  shared: SharedSessions;
  /** Where client connections come from (TCP, or a simulated world's streams). */
  net: StreamNet;
}

export type LocationUpdate = { objectId: string; generation: number; owner: Rid };

type SessionRelay = Extract<Work, { type: 'session-relay' }>;

export class SessionHost {
  private server?: StreamServer;
  private readonly sessions = new Map<string, Session>();
  private stopped = false;
  /** The TCP port the Session server listens on (127.0.0.1). */
  port?: number;

  constructor(private readonly ctx: SessionHostContext) {}

  private get node(): SessionOwnerNode {
    return this.ctx.node;
  }

  private broken(name: MutantName): boolean {
    return this.node.broken(name);
  }

  /** The node this Session owner runs on. */
  get rid(): Rid {
    return this.node.rid;
  }

  /** The process runs and holds its Sessions. */
  running(): boolean {
    return !this.stopped && this.node.alive;
  }

  async listen(): Promise<void> {
    const server = await this.ctx.net.listen((socket) => this.accept(socket));
    this.server = server;
    this.port = server.port;
    if (this.stopped) server.close();
    this.ctx.shared.register(this);
    // V15: a restarted process starts with no Session; what the one before it held ended with it.
    if (this.broken('restart-reloads-sessions')) await reloadSessions(this.ctx.shared, this.sessions, this);
  }

  /** The process ends: every connection drops and every Session it held is gone. */
  stop(how: 'abandon' | 'orderly' | 'error'): void {
    if (this.stopped) return;
    this.stopped = true;
    this.server?.close();
    for (const s of this.sessions.values()) {
      // V15: the physical connection ends with the process; no other process takes it over.
      if (s.state === 'open' && how === 'abandon' && this.broken('session-connection-adopted') && adoptConnection(this.ctx.shared, s, this)) continue;
      if (s.state === 'open') this.endSession(s, false);
      if (how === 'abandon') s.socket.resetAndDestroy();
      else if (how === 'error') s.socket.destroy();
      else s.socket.end();
    }
  }

  // ---- connections -------------------------------------------------------------------------------

  private accept(socket: StreamSocket): void {
    if (!this.running()) {
      socket.destroy();
      return;
    }
    const session = new Session(socket, this.node.ids);
    this.attach(session);
    if (this.node.live()) this.send(session, { t: 'welcome', node: this.node.rid, session: session.id, nonce: session.nonce });
  }

  /** Hold `session` here and serve what arrives on its connection. */
  private attach(session: Session): void {
    const { socket } = session;
    this.sessions.set(session.id, session);
    this.ctx.shared.add(session, this);
    const reader = new LineReader(
      (line) => this.onLine(session, line),
      () => {
        this.send(session, { t: 'fail', errorKind: 'BadRequest', detail: 'line too long' });
        socket.end();
      },
    );
    socket.on('data', (chunk: string) => reader.push(chunk));
    socket.on('error', () => {}); // a reset is a disconnect like any other
    socket.on('close', () => this.disconnected(session));
  }

  /** Take over a Session whose connection another process held (only a mutant does: V15). */
  adopt(session: Session): void {
    session.socket.removeAllListeners('data');
    session.socket.removeAllListeners('close');
    this.attach(session);
  }

  /** The connection of `session` closed. Only that Session ends - never a newer one (R-SES-2). */
  private disconnected(session: Session): void {
    if (!this.node.live() || this.stopped) return;
    let ending = session;
    if (this.broken('late-disconnect-ends-new-session') && session.client) ending = newestOpenOf(this.sessions.values(), session.client) ?? session;
    if (ending.state === 'open') this.endSession(ending, true);
  }

  private endSession(session: Session, closeSocket: boolean): void {
    session.state = 'ended';
    for (const b of session.bindings.values()) if (b.state === 'bound') this.setState(b, 'ended');
    if (closeSocket && !session.socket.destroyed) session.socket.end();
  }

  /** Write a frame to the Session's connection. */
  send(session: Session, frame: WireFrame): void {
    // A dead or hung process writes nothing; an ended Session gets nothing more.
    if (!this.node.live() || this.stopped || session.socket.destroyed || !session.socket.writable) return;
    // Only a mutant's Session table persists Sessions; it does so before the answer goes out.
    const persisting = this.ctx.shared.saved(session);
    if (persisting) {
      void persisting.then(() => {
        if (!session.socket.destroyed && session.socket.writable) session.socket.write(encode(frame));
      });
      return;
    }
    session.socket.write(encode(frame));
  }

  // ---- requests ----------------------------------------------------------------------------------

  private onLine(session: Session, line: string): void {
    if (!this.node.live() || session.state !== 'open') return;
    if (line.trim() === '') return;
    let frame: unknown;
    try {
      frame = JSON.parse(line);
    } catch {
      return this.send(session, { t: 'fail', errorKind: 'BadRequest', detail: 'the line is not JSON' });
    }
    if (!isRecord(frame) || typeof frame.t !== 'string' || typeof frame.id !== 'string') {
      const id = isRecord(frame) && typeof frame.id === 'string' ? { id: frame.id } : {};
      return this.send(session, { t: 'fail', ...id, errorKind: 'BadRequest', detail: 'a request is an object with string fields "t" and "id"' });
    }
    const id = frame.id;
    // Whatever a request does, it answers; nothing a client sends may take the process down.
    this.serve(session, id, frame).catch(() => this.send(session, { t: 'fail', id, errorKind: 'Unavailable' }));
  }

  private async serve(session: Session, id: string, f: Record<string, unknown>): Promise<void> {
    const bad = (detail: string) => this.send(session, { t: 'fail', id, errorKind: 'BadRequest', detail });
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
    if (this.broken('session-restored-elsewhere')) await restoreLostSession(this.sessions, this.ctx.shared, session, client);
    this.send(session, { t: 'ok', id, session: session.id });
  }

  private auth(session: Session, id: string, proof: unknown): void {
    const verified = proofMatches(authProof(this.ctx.clientCredential, session.nonce), proof);
    // R-SES-3: a Session authenticates with the mesh's client credential, or ends.
    if (!verified && !this.broken('session-auth-accepts-any-credential')) {
      this.send(session, { t: 'fail', id, errorKind: 'Unauthenticated' });
      return this.endSession(session, true);
    }
    session.authenticated = true;
    this.send(session, { t: 'ok', id, session: session.id });
  }

  private authenticated(session: Session, id: string): boolean {
    // R-SES-3: nothing is bound, relayed or unbound before the Session authenticated.
    if (session.authenticated || this.broken('session-bind-without-auth')) return true;
    this.send(session, { t: 'fail', id, errorKind: 'Unauthenticated' });
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
      return this.send(session, { t: 'fail', id, errorKind: 'Unavailable' });
    }
    if (!rec || rec.state === 'Missing') return this.send(session, { t: 'fail', id, errorKind: 'NotFound' });
    if (rec.state !== 'Ready' || !rec.owner || !leaseValid) return this.send(session, { t: 'fail', id, errorKind: 'Unavailable' });
    if (session.state !== 'open') return;
    // A binding of an earlier incarnation of this Actor stays ended: the new one does not revive it.
    for (const b of session.bindings.values()) {
      if (b.objectId === objectId && b.state === 'bound' && b.generation !== rec.generation) this.endBinding(session, b);
    }
    let token = this.node.ids.base64url(18);
    // V09: a binding of a re-created Actor is a new binding, with a token of its own.
    if (this.broken('rebind-reuses-token')) token = takeOldToken(session, objectId) ?? token;
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
    this.send(session, { t: 'ok', id, binding: { token, objectId, generation: rec.generation, route: rec.owner } });
  }

  private async relay(session: Session, id: string, token: string, payload: AppPayload, deadlineMs: number): Promise<void> {
    if (!this.authenticated(session, id)) return;
    let b = session.bindings.get(token);
    // R-SES-3: a token is known only to the Session that bound it; a new Session binds again.
    if (!b && this.broken('token-resolved-across-sessions')) b = await bindingOfOtherSession(this.ctx.shared, session, token, this.node.clock);
    if (!b) return this.send(session, { t: 'fail', id, errorKind: 'NotFound' });
    // R-SES-2: a token names one binding; through an ended one nothing is relayed.
    if (b.state !== 'bound' && this.broken('stale-token-relays-to-current')) b = currentBinding(session, b.objectId) ?? b;
    if (b.state !== 'bound') return this.send(session, { t: 'fail', id, errorKind: 'BindingEnded' });
    // V09: a binding keeps the incarnation it was made for, whatever became of its route's process.
    if (this.broken('binding-refreshed-after-owner-loss')) await refreshAfterRouteLoss(this.node, this.node.store, b, this.node.clock);
    // The relay is an operation of its own on the mesh, with the client's request ID, sent to the
    // binding's route and nowhere else.
    const op = new Operation(id, this.node.clock.now() + deadlineMs, () => {}, this.node.clock);
    const work: Work = { type: 'session-relay', objectId: b.objectId, generation: b.generation, payload, client: session.client ?? '', session: session.id };
    let end = await this.ctx.caller.send(op, b.route, work);
    // V02: a relay keeps its binding's route. The mutant falls back to this node when the route is not ready.
    if (end.kind === 'not-ready' && this.broken('relay-falls-back-to-local')) end = await this.ctx.caller.send(op, this.node.rid, work);
    // V05: a relay lost with its connection is not written again on the new connection.
    if (end.kind === 'lost' && this.broken('relay-resent-after-reconnect')) end = await resendWhenReady(this.ctx.caller, this.node, op, b.route, work, end);
    op.finish('failure'); // ends the internal operation; nobody receives this result
    const attempts: Attempt[] = op.attempts.map((a) => ({ ...a }));
    this.send(session, this.relayAnswer(session, b, id, end, attempts));
  }

  private relayAnswer(session: Session, b: Binding, id: string, end: SendEnd, attempts: Attempt[]): WireFrame {
    switch (end.kind) {
      case 'result': {
        const c = end.completion;
        if (c.ok) return { t: 'ok', id, value: c.value, attempts };
        // The owner says the binding's incarnation is gone: the binding stays ended (V09).
        if (c.errorKind === 'BindingEnded' && b.state === 'bound') this.endBinding(session, b);
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
    if (!b && this.broken('unbind-token-looked-up-node-wide')) b = bindingOnThisNode(this.sessions.values(), token);
    if (!b) return this.send(session, { t: 'fail', id, errorKind: 'NotFound' });
    // R-SES-2: an unbind ends the binding its token names, never a newer one of the same Actor.
    if (this.broken('old-token-unbind-applies')) b = currentBinding(session, b.objectId) ?? b;
    if (b.state !== 'bound') return this.send(session, { t: 'fail', id, errorKind: 'BindingEnded' });
    this.setState(b, 'unbound');
    this.send(session, { t: 'ok', id });
  }

  private setState(b: Binding, state: 'ended' | 'unbound'): void {
    b.state = state;
    b.history.push({ event: state, route: b.route, generation: b.generation, at: this.node.clock.now() });
  }

  /** End a binding and tell the client on the Session's connection. */
  private endBinding(session: Session, b: Binding): void {
    this.setState(b, 'ended');
    this.send(session, { t: 'binding-ended', token: b.token, objectId: b.objectId, generation: b.generation });
  }

  // ---- location updates (R-SES-1) ----------------------------------------------------------------

  /**
   * A planned relocation committed: the object now lives on `owner`, same generation. Every binding
   * of that incarnation follows it: route and location snapshot move, the client is told on its
   * connection, nothing is rebound. An update naming another generation is not applied.
   */
  applyLocationUpdate(u: LocationUpdate): void {
    // R-SES-1: a location update is applied (the mutant ignores it).
    if (!this.node.live() || this.stopped || this.broken('location-update-ignored')) return;
    // R-SES-3: an update goes to the Session that holds the binding, never to another of its client.
    if (this.broken('location-update-follows-client')) void updateNewestSessionOf(this.ctx.shared, u, this);
    for (const session of this.sessions.values()) {
      if (session.state !== 'open') continue;
      for (const b of session.bindings.values()) {
        if (b.objectId !== u.objectId || b.state !== 'bound') continue;
        // R-SES-1: an update applies to the bindings of the generation it names only.
        if (b.generation !== u.generation && !this.broken('location-update-ignores-generation')) continue;
        // R-SES-1: the binding follows the relocation; it does not end.
        if (this.broken('relocation-forces-rebind')) {
          this.endBinding(session, b);
          continue;
        }
        if (b.route === u.owner && b.location.owner === u.owner) continue;
        b.route = u.owner;
        // R-SES-1: the ActorRef location snapshot moves with the route.
        if (!this.broken('location-snapshot-not-updated')) b.location = { owner: u.owner, generation: u.generation };
        b.history.push({ event: 'location-update', route: u.owner, generation: u.generation, at: this.node.clock.now() });
        this.send(session, { t: 'location-update', token: b.token, objectId: b.objectId, generation: b.generation, route: u.owner });
        // R-SES-1: the client keeps its connection; it is told, not sent elsewhere.
        if (this.broken('relocation-redirects-client')) redirectClient(session);
      }
    }
  }

  /** A frame another process hands to a Session held here (only a mutant does: R-SES-3). */
  frameArrived(sessionId: string, frame: WireFrame): WorkResult {
    const session = this.sessions.get(sessionId);
    if (!session || session.state !== 'open') return { ok: false, errorKind: 'NotFound' };
    this.send(session, frame);
    return { ok: true, value: {} };
  }

  // ---- the route's side of a relay -----------------------------------------------------------------

  /** A relay arrived here, at the binding's route: deliver it to the incarnation it names. */
  async relayArrived(opId: string, work: SessionRelay): Promise<WorkResult | undefined> {
    const result = await this.node.objects.relay(work.objectId, { opId, payload: work.payload }, work.generation);
    // R-SES-3: the reply goes back on the route to the Session that asked, or nowhere.
    if (result && this.broken('session-reply-follows-client')) void replyToNewestSession(this.ctx.shared, work, opId, result);
    return result;
  }

  // ---- observations ------------------------------------------------------------------------------

  view(sessionId: string): OwnerSessionView | undefined {
    const s = this.sessions.get(sessionId);
    if (!s) return undefined;
    const v: OwnerSessionView = {
      sessionId: s.id,
      node: this.node.rid,
      state: s.state,
      authenticated: s.authenticated,
      bindings: [...s.bindings.values()].map((b) => structuredClone(b)),
    };
    if (s.client) v.client = s.client;
    return v;
  }

  /** This process holds an open Session with this ID. */
  holds(sessionId: string): boolean {
    return this.running() && this.sessions.get(sessionId)?.state === 'open';
  }
}
