// The Redis Store's connection: a RESP2 client of the few commands store/redis.ts sends (EVAL, HGET,
// TIME, QUIT). Why not ioredis: loading it costs a node process about 70 ms of CPU (its table of
// every Redis command, debug, its cluster support), a quarter of the reference node program's
// whole start, and a run starts several hundred node processes, every one of which opens a Store.
//
// It keeps the promises the Store's timings rest on (store/redis.ts):
// - a connection attempt not made within connectTimeoutMs fails (connect ETIMEDOUT);
// - a connection is ready once the server answers a PING on it (as ioredis's ready check waits for
//   INFO): a relay that accepts the connection but passes nothing on is no ready server, and a
//   command is never sent there (its result would be unclear, where in truth it never left);
//   a PING unanswered within commandTimeoutMs ends the connection, to be tried again;
// - a lost or failed connection is tried again every reconnectEveryMs, forever, until disconnect();
// - a command is sent only while connected (no offline queue): otherwise it is refused at once, so
//   a command is never parked and sent later, after its caller was told the Store was unavailable;
// - a command with no reply within commandTimeoutMs is rejected; its reply, should it come later,
//   is dropped (replies come in order, so it keeps its place in the queue);
// - a lost connection rejects every command still waiting: whether each applied is unknown.
// Events: 'ready' (connected), 'error' (the connection's error), 'close' (the connection ended).

import { EventEmitter } from 'node:events';
import { createConnection, type Socket } from 'node:net';

/** A reply of the server's own saying a command failed (`-ERR ...`): the server answered. */
export class ReplyError extends Error {
  override name = 'ReplyError';
}

export type Reply = string | number | null | Reply[];

export interface RespOptions {
  host: string;
  port: number;
  connectTimeoutMs: number;
  commandTimeoutMs: number;
  reconnectEveryMs: number;
}

interface Waiting {
  resolve(reply: Reply): void;
  reject(e: Error): void;
  /** Settled already (timed out): its reply, when it comes, is dropped. */
  settled: boolean;
  timer: NodeJS.Timeout;
}

export type RespStatus = 'connecting' | 'ready' | 'reconnecting' | 'end';

export class RespClient extends EventEmitter {
  status: RespStatus = 'connecting';
  private socket: Socket | undefined;
  private readonly queue: Waiting[] = [];
  private pending: Buffer = Buffer.alloc(0);
  private retry: NodeJS.Timeout | undefined;

  constructor(readonly options: RespOptions) {
    super();
    this.connect();
  }

  /** Sends one command; resolves with its reply, rejects with a ReplyError or the connection's failure. */
  call(...args: (string | number)[]): Promise<Reply> {
    if (this.status !== 'ready') return Promise.reject(new Error(`not connected (${this.status})`));
    return this.send(args);
  }

  private send(args: (string | number)[]): Promise<Reply> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error('not connected'));
    return new Promise<Reply>((resolve, reject) => {
      const w: Waiting = {
        resolve,
        reject,
        settled: false,
        timer: setTimeout(() => settle(w, new Error('Command timed out')), this.options.commandTimeoutMs),
      };
      this.queue.push(w);
      socket.write(encode(args));
    });
  }

  /** QUIT, then the connection ends and is not tried again. */
  async quit(): Promise<void> {
    const reply = this.call('QUIT').catch(() => undefined);
    this.status = 'end';
    await reply;
    this.disconnect();
  }

  /** Ends the connection now and stops trying again; every command still waiting fails. */
  disconnect(): void {
    this.status = 'end';
    clearTimeout(this.retry);
    this.socket?.destroy();
  }

  private connect(): void {
    const { host, port, connectTimeoutMs } = this.options;
    const socket = createConnection({ host, port });
    this.socket = socket;
    this.pending = Buffer.alloc(0);
    socket.setNoDelay(true);
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' })), connectTimeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      if (this.status === 'end') return void socket.destroy();
      this.send(['PING']).then(
        () => {
          if (this.socket !== socket || this.status === 'end') return;
          this.status = 'ready';
          this.emit('ready');
        },
        (e: Error) => socket.destroy(e), // unanswered or refused: this connection is no use
      );
    });
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    // With nobody listening, an 'error' event would throw: the close that follows says enough.
    socket.on('error', (e) => this.listenerCount('error') > 0 && this.emit('error', e));
    socket.once('close', () => {
      clearTimeout(timer);
      if (this.socket === socket) this.socket = undefined;
      const lost = this.queue.splice(0);
      for (const w of lost) settle(w, new Error('Connection is closed.'));
      if (this.status !== 'end') {
        this.status = 'reconnecting';
        this.retry = setTimeout(() => this.connect(), this.options.reconnectEveryMs);
      }
      this.emit('close');
    });
  }

  /** Hands each whole reply in the bytes so far to the command waiting longest. */
  private read(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let at = 0;
    for (;;) {
      let parsed: Parsed | undefined;
      try {
        parsed = parse(this.pending, at);
      } catch (e) {
        return void this.socket?.destroy(e as Error); // not Redis speaking: start afresh
      }
      if (!parsed) break;
      at = parsed.next;
      const w = this.queue.shift();
      // A reply no command waits for: the stream is out of step; start afresh on a new connection.
      if (!w) return void this.socket?.destroy(new Error('a reply no command waited for'));
      if (parsed.error !== undefined) settle(w, new ReplyError(parsed.error));
      else settle(w, undefined, parsed.value);
    }
    this.pending = this.pending.subarray(at);
  }
}

function settle(w: Waiting, error: Error | undefined, reply: Reply = null): void {
  if (w.settled) return;
  w.settled = true;
  clearTimeout(w.timer);
  if (error) w.reject(error);
  else w.resolve(reply);
}

function encode(args: (string | number)[]): string {
  let out = `*${args.length}\r\n`;
  for (const a of args) {
    const s = String(a);
    out += `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
  }
  return out;
}

interface Parsed {
  value: Reply;
  /** The server's error message, when the reply is an error. */
  error?: string;
  next: number;
}

/** One whole RESP2 reply starting at `at`, or undefined if the bytes so far end inside it. */
export function parse(buf: Buffer, at: number): Parsed | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const type = buf[at];
  const line = buf.toString('utf8', at + 1, eol);
  const next = eol + 2;
  switch (type) {
    case 0x2b: // + simple string
      return { value: line, next };
    case 0x2d: // - error
      return { value: null, error: line, next };
    case 0x3a: // : integer
      return { value: Number(line), next };
    case 0x24: { // $ bulk string, $-1 nil
      const len = Number(line);
      if (len < 0) return { value: null, next };
      if (buf.length < next + len + 2) return undefined;
      return { value: buf.toString('utf8', next, next + len), next: next + len + 2 };
    }
    case 0x2a: { // * array, *-1 nil
      const n = Number(line);
      if (n < 0) return { value: null, next };
      const items: Reply[] = [];
      let pos = next;
      for (let i = 0; i < n; i++) {
        const item = parse(buf, pos);
        if (!item) return undefined;
        // An error inside an array (a script's error_reply in a table) is kept as its message.
        items.push(item.error !== undefined ? item.error : item.value);
        pos = item.next;
      }
      return { value: items, next: pos };
    }
    default:
      throw new Error(`not a RESP2 reply (byte ${type} at ${at})`);
  }
}
