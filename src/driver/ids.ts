// Where the runtime's and the harness's unguessable names come from (connection IDs, lifecycles,
// tokens, nonces, operation IDs). Real backends draw them from the OS; the simulated world draws
// them from its seed, so that one seed gives one history byte for byte.

import { randomBytes, randomUUID } from 'node:crypto';

export interface Ids {
  /** A fresh UUID (version 4 form). */
  uuid(): string;
  /** `bytes` random bytes, as hex. */
  hex(bytes: number): string;
  /** `bytes` random bytes, as base64url. */
  base64url(bytes: number): string;
}

export const cryptoIds: Ids = {
  uuid: () => randomUUID(),
  hex: (bytes) => randomBytes(bytes).toString('hex'),
  base64url: (bytes) => randomBytes(bytes).toString('base64url'),
};
