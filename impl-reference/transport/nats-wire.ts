// What travels on a NATS connection of the transport (nats.ts has the subjects): the envelopes a
// connection's frames and controls are carried in, and the encoding and subject helpers every
// part uses.

import type { CloseMode, Frame } from './types.ts';

export type Envelope =
  | { s: number; f: Frame; x?: 1 }
  | { s: number; c: 'close'; m: CloseMode }
  | { s: number; c: 'failed' };

export const enc = new TextEncoder();
const dec = new TextDecoder();

export function parse(data: Uint8Array): unknown {
  try {
    return JSON.parse(dec.decode(data));
  } catch {
    return undefined; // a frame is data from the network: garbage is dropped, never thrown on
  }
}

/** One subject token from any string: letters, digits, '-' and '_' only, never empty. */
export function token(s: string): string {
  const t = s.replace(/[^A-Za-z0-9_-]/g, '_');
  return t === '' ? '_' : t;
}

export function isSubject(s: string): boolean {
  return /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(s);
}
