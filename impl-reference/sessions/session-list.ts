// Where a Session owner process tells of itself and of its Sessions (spec 6: a Session lives in its
// owner process only). The reference tells no one: OWN_PROCESS does nothing and nothing reads it. A
// framework that shares Session state across processes keeps a list every process reads (restoring
// a dead owner's Session elsewhere, handing a dead process's connections on, reloading a restarted
// process's Sessions); the kit's Sessions mutants are such lists (mutants/shared-sessions.ts), and
// SessionRules.sessionList says which list a node keeps.

import type { Clock } from '../../src/driver/clock.ts';
import type { Rid } from '../../src/driver/types.ts';
import type { Store } from '../store/types.ts';
import type { WireFrame } from './protocol.ts';
import type { Session } from './session.ts';

/** A Session owner process, as a list sees it (a SessionHost). */
export interface SessionOwner {
  /** The node it runs on (a restarted process runs on the same node as the one before it). */
  readonly rid: Rid;
  /** The process runs and holds its Sessions. */
  running(): boolean;
  /** Write a frame to one of its Sessions' connections. */
  send(session: Session, frame: WireFrame): void;
  /** Hold a Session whose connection another process accepted, and serve that connection. */
  adopt(session: Session): void;
}

export interface SessionList {
  /** A Session owner process started listening for clients. */
  register(owner: SessionOwner): void;
  /** The owner accepted a Session. */
  add(session: Session, owner: SessionOwner): void;
  /** The Session was answered on: a list that persists Sessions writes it first (the answer waits for it). */
  saved(session: Session): Promise<void> | undefined;
}

/** The reference: every Session stays in its own process, told to no one. */
export const OWN_PROCESS: SessionList = {
  register: () => {},
  add: () => {},
  saved: () => undefined,
};

/** What a node has for the list it keeps. */
export interface ListContext {
  /** The list every node of this address space shares (the in-process backends give one). */
  inProcess?: SessionList;
  store: Store;
  rid: Rid;
  /** This process incarnation. */
  lifecycle: string;
  clock: Clock;
  /** Hand a frame to a Session another process holds (a message of the mesh to its node). */
  forward(rid: Rid, sessionId: string, frame: WireFrame): void;
}
