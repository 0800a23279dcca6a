// One STREAM connection of a kit Session client (client.ts) to a Session owner, and what the client
// accepts from the owner on it: every frame is held to the Session protocol (protocol.ts,
// docs/assumptions.md), and one that is not a frame of it is recorded as a protocol error, never
// read. The client is the kit's instrument, not the runtime under test: no mutant ever bends it.

import type { Rid } from '../../src/driver/types.ts';
import type { ClientBinding, PushedFrame } from '../../src/driver/sessions.ts';
import { encode, isRecord, LineReader, type WireFrame } from './protocol.ts';
import type { StreamSocket } from './stream.ts';

export const ERROR_KINDS: readonly string[] = ['NotFound', 'Unavailable', 'Busy', 'HandlerError', 'AlreadyExists', 'GenerationMismatch', 'RelocationFailed', 'BindingEnded', 'Unauthenticated'];
/** What a `fail` may name: an ErrorKind, or BadRequest for a line that is not a request (protocol.ts). */
const FAIL_KINDS: readonly string[] = [...ERROR_KINDS, 'BadRequest'];

export type Answer = WireFrame | 'lost';

/**
 * What is wrong with a frame the Session owner sent, if it is not a frame of the Session protocol
 * (docs/assumptions.md, impl-reference/sessions/protocol.ts); undefined for a frame of it. The kit's
 * client holds the owner to the protocol as the kit holds an adapter to the Driver schema: it reads
 * nothing from a frame it cannot read as the protocol says.
 */
export function protocolError(f: unknown): string | undefined {
  if (!isRecord(f) || typeof f.t !== 'string') return 'a line that is not a JSON object with a string "t"';
  const has = (...keys: string[]) => keys.every((k) => typeof f[k] === 'string');
  const what = `a "${f.t}" frame`;
  if (f.id !== undefined && typeof f.id !== 'string') return `${what} whose "id" is not a string`;
  switch (f.t) {
    case 'welcome':
      return has('node', 'session', 'nonce') ? undefined : `${what} without its "node", "session" and "nonce"`;
    case 'ok':
    case 'timeout':
      if (!has('id')) return `${what} without the "id" of the request it answers`;
      return f.attempts === undefined || Array.isArray(f.attempts) ? undefined : `${what} whose "attempts" is not a list`;
    case 'fail':
      if (typeof f.errorKind !== 'string' || !FAIL_KINDS.includes(f.errorKind)) return `${what} with errorKind ${JSON.stringify(f.errorKind)}, which is none of ${FAIL_KINDS.join(', ')}`;
      return f.attempts === undefined || Array.isArray(f.attempts) ? undefined : `${what} whose "attempts" is not a list`;
    case 'location-update':
      return has('token', 'objectId', 'route') && Number.isInteger(f.generation) ? undefined : `${what} without its "token", "objectId", "generation" and "route"`;
    case 'binding-ended':
      return has('token') ? undefined : `${what} without its "token"`;
    default:
      return `a frame of unknown type "${f.t}"`;
  }
}

/** What is wrong with an `ok` answer to a request of this type, if it lacks what the protocol gives it. */
export function okAnswerError(request: string, f: WireFrame): string | undefined {
  switch (request) {
    case 'hello':
    case 'auth':
      return typeof f.session === 'string' ? undefined : `the ok answer to ${request} has no "session"`;
    case 'bind': {
      const b = f.binding;
      const whole = isRecord(b) && typeof b.token === 'string' && typeof b.objectId === 'string' && Number.isInteger(b.generation) && typeof b.route === 'string';
      return whole ? undefined : 'the ok answer to bind has no whole "binding" {token, objectId, generation, route}';
    }
    default:
      return undefined;
  }
}

export class ClientConnection {
  open = false;
  closedBy?: 'client' | 'owner';
  sessionId?: string;
  nonce?: string;
  readonly bindings: ClientBinding[] = [];
  readonly updates: PushedFrame[] = [];
  readonly foreign: PushedFrame[] = [];
  /** Frames the owner sent that are not frames of the protocol, each with what is wrong with it. */
  readonly protocolErrors: string[] = [];
  private readonly pending = new Map<string, (a: Answer) => void>();
  /** Raw lines sent without an `id`, oldest first: each takes the next answer that carries none. */
  private readonly unaddressed: Array<(a: Answer) => void> = [];
  private welcomed!: (ok: boolean) => void;
  readonly welcome = new Promise<boolean>((r) => (this.welcomed = r));
  private closedSignal!: () => void;
  readonly closed = new Promise<void>((r) => (this.closedSignal = r));

  constructor(
    readonly index: number,
    readonly node: Rid,
    readonly socket: StreamSocket,
  ) {
    this.open = true;
    const reader = new LineReader(
      (line) => this.onLine(line),
      () => socket.destroy(),
    );
    socket.on('data', (chunk: string) => reader.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      this.open = false;
      this.closedBy ??= 'owner';
      this.welcomed(false);
      for (const settle of this.pending.values()) settle('lost');
      this.pending.clear();
      for (const settle of this.unaddressed.splice(0)) settle('lost');
      this.closedSignal();
    });
  }

  private onLine(line: string): void {
    let f: unknown;
    try {
      f = JSON.parse(line);
    } catch {
      return void this.protocolErrors.push(`a line that is not JSON: ${clip(line)}`);
    }
    const wrong = protocolError(f);
    if (wrong) this.protocolErrors.push(`${wrong}: ${clip(line)}`);
    if (!isRecord(f) || typeof f.t !== 'string') return;
    const frame = f as WireFrame;
    if (frame.t === 'welcome') {
      this.sessionId = String(frame.session);
      this.nonce = String(frame.nonce);
      return this.welcomed(true);
    }
    const id = typeof frame.id === 'string' ? frame.id : undefined;
    if (id !== undefined) {
      const settle = this.pending.get(id);
      if (settle) {
        this.pending.delete(id);
        return settle(frame);
      }
      // An answer to a request this connection never sent, or sent and already had answered.
      return void this.foreign.push(summary(frame));
    }
    // A failure that names no request answers the oldest raw line sent without an id (if any).
    if (frame.t === 'fail' && this.unaddressed.length > 0) return this.unaddressed.shift()!(frame);
    if ((frame.t === 'location-update' || frame.t === 'binding-ended') && this.bindings.some((b) => b.token === frame.token)) {
      return void this.updates.push(summary(frame));
    }
    this.foreign.push(summary(frame));
  }

  request(frame: WireFrame & { id: string }): Promise<Answer> {
    if (!this.open) return Promise.resolve('lost');
    return new Promise((resolve) => {
      this.pending.set(frame.id, resolve);
      this.socket.write(encode(frame));
    });
  }

  /** Write one raw line; its answer is the one carrying its `id`, or (without one) the next carrying none. */
  sendLine(line: string): Promise<Answer> {
    if (!this.open) return Promise.resolve('lost');
    let id: string | undefined;
    try {
      const parsed: unknown = JSON.parse(line);
      if (isRecord(parsed) && typeof parsed.id === 'string') id = parsed.id;
    } catch {
      // not JSON: the answer carries no id
    }
    return new Promise((resolve) => {
      if (id !== undefined) this.pending.set(id, resolve);
      else this.unaddressed.push(resolve);
      this.socket.write(`${line}\n`);
    });
  }

  disconnect(): Promise<void> {
    if (this.open) {
      this.closedBy ??= 'client';
      this.socket.end();
    }
    return this.closed;
  }
}

function clip(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}...` : line;
}

export function summary(f: WireFrame): PushedFrame {
  const s: PushedFrame = { t: f.t };
  if (typeof f.id === 'string') s.id = f.id;
  if (typeof f.token === 'string') s.token = f.token;
  if (typeof f.objectId === 'string') s.objectId = f.objectId;
  if (typeof f.generation === 'number') s.generation = f.generation;
  if (typeof f.route === 'string') s.route = f.route;
  return s;
}
