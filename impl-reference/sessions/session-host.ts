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
//
// This file holds the connections, the Sessions' life and location updates; what each client
// request does (hello, auth, bind, relay, unbind) is in requests.ts.

import type { Rid } from '../../src/driver/types.ts';
import type { OwnerSessionView } from '../../src/driver/sessions.ts';
import type { Caller } from '../channel/caller.ts';
import type { SessionList } from './session-list.ts';
import type { WorkResult } from '../kernel/work.ts';
import { encode, LineReader, type WireFrame } from './protocol.ts';
import { ClientRequests, type SessionOwnerNode } from './requests.ts';

export type { SessionOwnerNode } from './requests.ts';
import { Session, type Binding } from './session.ts';
import type { LocationUpdate, SessionRelay, SessionRules, SessionSide } from './session-rules.ts';
import type { StreamNet, StreamServer, StreamSocket } from './stream.ts';

export interface SessionHostContext {
  node: SessionOwnerNode;
  /** How this node sends operations through the mesh. */
  caller: Caller;
  /** The per-mesh client credential. */
  clientCredential: string;
  /** Only mutants read it: the reference keeps every Session in its own process. */
  shared: SessionList;
  /** Where client connections come from (TCP, or a simulated world's streams). */
  net: StreamNet;
  /** The rules of the Session owner side (session-rules.ts). */
  rules: SessionRules;
}

export type { LocationUpdate } from './session-rules.ts';

export class SessionHost {
  private server?: StreamServer;
  private readonly sessions = new Map<string, Session>();
  private stopped = false;
  /** The TCP port the Session server listens on (127.0.0.1). */
  port?: number;

  private readonly requests: ClientRequests;
  private readonly rules: SessionRules;
  /** What the rules may use of this process. */
  private readonly side: SessionSide;

  constructor(private readonly ctx: SessionHostContext) {
    this.rules = ctx.rules;
    this.side = { owner: this, sessions: this.sessions, shared: ctx.shared };
    this.requests = new ClientRequests(
      {
      node: ctx.node,
      caller: ctx.caller,
      clientCredential: ctx.clientCredential,
      shared: ctx.shared,
      sessions: this.sessions,
      send: (session, frame) => this.send(session, frame),
      endSession: (session, closeSocket) => this.endSession(session, closeSocket),
      endBinding: (session, b) => this.endBinding(session, b),
      setState: (b, state) => this.setState(b, state),
      },
      ctx.rules,
    );
  }

  private get node(): SessionOwnerNode {
    return this.ctx.node;
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
    await this.rules.processStarted(this.side);
  }

  /** The process ends: every connection drops and every Session it held is gone. */
  stop(how: 'abandon' | 'orderly' | 'error'): void {
    if (this.stopped) return;
    this.stopped = true;
    this.server?.close();
    for (const s of this.sessions.values()) {
      // V15: the physical connection ends with the process; no other process takes it over.
      if (s.state === 'open' && how === 'abandon' && this.rules.connectionTakenOver(this.side, s)) continue;
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
      (line) => this.requests.onLine(session, line),
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
    const ending = this.rules.sessionOfClosedConnection(this.side, session);
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

  // ---- bindings (what a request does to them is in requests.ts) ----------------------------------

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
    if (!this.node.live() || this.stopped || !this.rules.appliesLocationUpdate()) return;
    // R-SES-3: an update goes to the Session that holds the binding, never to another of its client.
    this.rules.updateOfLostSessions(this.side, u);
    for (const session of this.sessions.values()) {
      if (session.state !== 'open') continue;
      for (const b of session.bindings.values()) {
        if (b.objectId !== u.objectId || b.state !== 'bound') continue;
        // R-SES-1: an update applies to the bindings of the generation it names only.
        if (!this.rules.updateApplies(b.generation, u.generation)) continue;
        // R-SES-1: the binding follows the relocation; it does not end.
        if (!this.rules.bindingFollowsRelocation()) {
          this.endBinding(session, b);
          continue;
        }
        if (b.route === u.owner && b.location.owner === u.owner) continue;
        b.route = u.owner;
        // R-SES-1: the ActorRef location snapshot moves with the route.
        b.location = this.rules.snapshotAfterUpdate(b.location, u);
        b.history.push({ event: 'location-update', route: u.owner, generation: u.generation, at: this.node.clock.now() });
        this.send(session, { t: 'location-update', token: b.token, objectId: b.objectId, generation: b.generation, route: u.owner });
        // R-SES-1: the client keeps its connection; it is told, not sent elsewhere.
        this.rules.clientTold(session);
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
    if (result) this.rules.replyOfLostSession(this.side, work, opId, result);
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
