// The Driver's smallest terms, shared by the node and Session halves of the contract (types.ts,
// sessions.ts) so that neither has to import the other.

/** A node's RID within its RouteMesh. */
export type Rid = string;

/**
 * A message of the test application. The runtime carries it unchanged from the caller to the
 * handler, and the journal records it as the handler received it. `mark` is the kit's own: unique
 * in the scenario, made by the kit for each message it sends, so that every handler run can be
 * traced to the message that caused it whatever operation ID the runtime gave it.
 */
export type AppPayload = { mark?: string } & (
  | { app: 'echo'; value: unknown }
  /** Runs until the named gate is released, then replies with value. */
  | { app: 'block'; gate: string; value: unknown }
  /** The handler fails; the outcome is a failure with ErrorKind HandlerError. */
  | { app: 'fail'; value: unknown }
);
