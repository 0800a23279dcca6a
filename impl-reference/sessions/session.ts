// One Session as its owner process holds it (spec 6): the client connection it was accepted on, who
// the client says it is, whether it authenticated, and its bindings. Nothing of it is stored
// anywhere else; it ends with its connection or its process.

import type { Ids } from '../../src/driver/ids.ts';
import type { BindingView } from '../../src/driver/sessions.ts';
import type { StreamSocket } from './stream.ts';

/** The owner's binding is exactly what the Driver shows of it. */
export type Binding = BindingView;

export class Session {
  id: string;
  client?: string;
  authenticated = false;
  state: 'open' | 'ended' = 'open';
  readonly nonce: string;
  /** By token, in the order they were made. */
  readonly bindings = new Map<string, Binding>();

  constructor(
    readonly socket: StreamSocket,
    ids: Ids,
  ) {
    this.id = ids.uuid();
    this.nonce = ids.hex(16);
  }
}
