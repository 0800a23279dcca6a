// The frame reader of the wire protocol (docs/wire-protocol.md): turns what an implementation
// writes on stdout, in whatever chunks the pipe delivers it, into JSON-RPC responses, one per
// line. It is pure (no I/O, no clock, no state beyond the unfinished line) and never throws: any
// input gives messages, or errors that quote the offending text. Which request a response answers
// is not its business (the adapter knows the pending ids).

/** A JSON-RPC 2.0 response as the kit reads it: an integer id and exactly one of result and error. */
export interface WireResponse {
  id: number;
  result?: unknown;
  error?: { code?: unknown; message: string };
}

/**
 * A JSON-RPC notification (a method and no id). Protocol 1 has none; under protocol 2 a node program
 * sends its journal lines and the results its application received this way (docs/node-program.md).
 */
export interface WireNotification {
  method: string;
  params: unknown;
}

/** A response or a notification (with the line it was read from), or an error that quotes the offending text. */
export type Frame =
  | { kind: 'message'; message: WireResponse; text: string }
  | { kind: 'notification'; notification: WireNotification; text: string }
  | { kind: 'error'; error: string };

/** The longest line the reader accepts; a longer one is an error, and is skipped up to its end. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

const QUOTE_CHARS = 120;

/** Up to QUOTE_CHARS of the text, on one line, control characters escaped. */
export function quote(text: string): string {
  const cut = text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text;
  // eslint-disable-next-line no-control-regex
  return cut.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One line (without its newline) as a frame, or nothing for a blank line. */
export function parseLine(line: string): Frame | undefined {
  if (line.trim() === '') return undefined;
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    return { kind: 'error', error: `the implementation wrote a line that is not JSON: ${quote(line)}` };
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
    return { kind: 'error', error: `the implementation wrote JSON that is not a JSON-RPC response: ${quote(line)}` };
  }
  const m = msg as Record<string, unknown>;
  if (typeof m.method === 'string' && !('id' in m)) return { kind: 'notification', notification: { method: m.method, params: m.params }, text: line };
  if (typeof m.id !== 'number' || !Number.isSafeInteger(m.id)) {
    return { kind: 'error', error: `the implementation answered with no request id the kit could have sent: ${quote(line)}` };
  }
  const hasResult = 'result' in m;
  const hasError = 'error' in m && m.error !== undefined && m.error !== null;
  if (hasResult === hasError) {
    return { kind: 'error', error: `the implementation wrote a response with ${hasResult ? 'both result and error' : 'neither result nor error'}: ${quote(line)}` };
  }
  if (hasError) {
    const e = m.error as Record<string, unknown>;
    const text = typeof e === 'string' ? e : typeof e === 'object' && typeof e.message === 'string' ? e.message : '';
    const message = text.trim() !== '' ? text.split('\n')[0] : 'error without a message';
    return { kind: 'message', message: { id: m.id, error: { code: typeof e === 'object' ? e.code : undefined, message } }, text: line };
  }
  return { kind: 'message', message: { id: m.id, result: m.result }, text: line };
}

/** Splits a byte stream into lines (LF or CRLF, UTF-8) and parses each one. */
export class FrameReader {
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });
  private partial = '';
  /** Inside a line that was too long: drop everything up to the next newline. */
  private skipping = false;

  /** The frames completed by this chunk. */
  push(chunk: Uint8Array | string): Frame[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.take(text, false);
  }

  /** The end of the stream: the frame of an unfinished last line, if any. */
  end(): Frame[] {
    return this.take(this.decoder.decode(), true);
  }

  private take(text: string, atEnd: boolean): Frame[] {
    const frames: Frame[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
      const piece = text.slice(start, nl);
      start = nl + 1;
      if (this.skipping) {
        this.skipping = false;
        this.partial = '';
        continue;
      }
      const line = this.partial + piece;
      this.partial = '';
      this.line(line.endsWith('\r') ? line.slice(0, -1) : line, frames);
    }
    if (!this.skipping) {
      this.partial += text.slice(start);
      if (this.partial.length > MAX_LINE_CHARS) {
        frames.push({ kind: 'error', error: `the implementation wrote a line longer than ${MAX_LINE_CHARS} characters: ${quote(this.partial)}` });
        this.partial = '';
        this.skipping = true;
      }
    }
    if (atEnd) {
      const rest = this.skipping ? '' : this.partial;
      this.partial = '';
      this.skipping = false;
      this.line(rest.endsWith('\r') ? rest.slice(0, -1) : rest, frames);
    }
    return frames;
  }

  private line(line: string, frames: Frame[]): void {
    try {
      const f = parseLine(line);
      if (f) frames.push(f);
    } catch (e) {
      // parseLine does not throw; this keeps the promise that the reader never does.
      frames.push({ kind: 'error', error: `the implementation wrote a line the kit could not read (${String((e as Error)?.message)}): ${quote(line)}` });
    }
  }
}
