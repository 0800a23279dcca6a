// The Session wire protocol between a client and its Session owner: JSON lines over a TCP
// connection (one JSON object per line, UTF-8, "\n"-terminated). Described in docs/assumptions.md.
//
// owner -> client, once, on accept:   {"t":"welcome","node":RID,"session":SID,"nonce":N}
// client -> owner requests, each with an "id" string unique on the connection:
//   {"t":"hello","id","client":NAME}             -> {"t":"ok","id","session":SID}
//   {"t":"auth","id","proof":P}                  -> {"t":"ok","id","session":SID} | fail Unauthenticated (then the owner closes)
//   {"t":"bind","id","objectId"}                 -> {"t":"ok","id","binding":{token,objectId,generation,route}}
//   {"t":"relay","id","token","payload","deadlineMs"?} -> {"t":"ok","id","value","attempts"} | fail | {"t":"timeout","id","attempts"}
//   {"t":"unbind","id","token"}                  -> {"t":"ok","id"}
// a failure:   {"t":"fail","id"?,"errorKind","detail"?,"attempts"?}   (BadRequest for a line that is not a request)
// owner -> client pushes: {"t":"location-update","token","objectId","generation","route"}
//                         {"t":"binding-ended","token","objectId","generation"}
// P = HMAC-SHA256 over the nonce under the mesh's client credential, in hex.

import { createHmac, timingSafeEqual } from 'node:crypto';

export type WireFrame = Record<string, unknown> & { t: string };

/** A line longer than this is refused and the connection closed (a client cannot grow our buffer). */
export const MAX_LINE_BYTES = 64 * 1024;

/** The per-mesh client credential: derived from the mesh credential, never equal to it. */
export function clientCredential(meshCredential: string): string {
  return createHmac('sha256', meshCredential).update('spotcheck session client credential').digest('hex');
}

export function authProof(credential: string, nonce: string): string {
  return createHmac('sha256', credential).update(`session-auth\n${nonce}`).digest('hex');
}

export function proofMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  // Compared as bytes: a proof with as many characters but more bytes (not ASCII) is a wrong proof too.
  const [want, got] = [Buffer.from(expected), Buffer.from(given)];
  return want.length === got.length && timingSafeEqual(want, got);
}

export function encode(frame: WireFrame): string {
  return `${JSON.stringify(frame)}\n`;
}

/** Splits a byte stream into lines; calls `tooLong` (once) if a line exceeds the limit. */
export class LineReader {
  private buffer = '';
  private failed = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly tooLong: () => void,
    private readonly maxBytes = MAX_LINE_BYTES,
  ) {}

  push(chunk: string): void {
    if (this.failed) return;
    this.buffer += chunk;
    for (;;) {
      const nl = this.buffer.indexOf('\n');
      if (nl < 0) break;
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      if (Buffer.byteLength(line) > this.maxBytes) return this.fail();
      this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      if (this.failed) return;
    }
    if (Buffer.byteLength(this.buffer) > this.maxBytes) this.fail();
  }

  private fail(): void {
    this.failed = true;
    this.buffer = '';
    this.tooLong();
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
