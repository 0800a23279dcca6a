// One Session as its owner process holds it (spec 6): the client connection it was accepted on, who
// the client says it is, whether it authenticated, and its bindings. Nothing of it is stored
// anywhere else; it ends with its connection or its process.

import { randomBytes, randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { BindingView } from '../../src/driver/sessions.ts';

/** The owner's binding is exactly what the Driver shows of it. */
export type Binding = BindingView;

export class Session {
  id = randomUUID();
  client?: string;
  authenticated = false;
  state: 'open' | 'ended' = 'open';
  readonly nonce = randomBytes(16).toString('hex');
  /** By token, in the order they were made. */
  readonly bindings = new Map<string, Binding>();

  constructor(readonly socket: Socket) {}
}
