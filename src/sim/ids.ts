// The simulated world's unguessable names (connection IDs, lifecycles, tokens, operation IDs),
// drawn from its seed: the same seed names everything the same, so histories repeat byte for byte.

import type { Ids } from '../driver/ids.ts';
import { Prng } from '../nemesis/prng.ts';

export function seededIds(seed: number): Ids {
  const prng = new Prng(seed ^ 0x1d5);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => prng.int(0, 255)));
  return {
    uuid() {
      const b = bytes(16);
      b[6] = (b[6] & 0x0f) | 0x40; // version 4
      b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
      const h = b.toString('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    hex: (n) => bytes(n).toString('hex'),
    base64url: (n) => bytes(n).toString('base64url'),
  };
}
