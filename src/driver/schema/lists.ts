// The Driver schema's closed lists as plain values, with no TypeBox in them: the schema's modules
// build their enums from these, and code that only needs a list (the evidence audit and the outcome
// checks in every Cucumber worker, the checker's history parser, the JSON-RPC adapter's protocol
// version) imports this module instead of the schema. Loading TypeBox's few hundred files through the TypeScript
// loader was a noticeable part of every worker's start.

/** The version of the wire protocol the kit speaks (`describe().protocol`). */
export const WIRE_PROTOCOL_VERSION = '1';

/** ErrorKinds of the reference model (ErrorKind; docs/assumptions.md, "ErrorKinds the chapter does not name"). */
export const ERROR_KINDS = ['NotFound', 'Unavailable', 'Busy', 'HandlerError', 'AlreadyExists', 'GenerationMismatch', 'RelocationFailed', 'BindingEnded', 'Unauthenticated'] as const;

/** Why a connection became not-ready (PeerEvent.reason). */
export const NOT_READY_REASONS = ['orderly-close', 'transport-error', 'liveness', 'handshake-refused', 'connect-failed'] as const;

/** What a peer's history records (PeerEvent.event). */
export const PEER_EVENTS = ['handshake', 'ready', 'not-ready'] as const;

export const STORE_OPS = ['read', 'change', 'list', 'lease'] as const;
export const STORE_RESULTS = ['ok', 'applied', 'conflict', 'unclear', 'unavailable'] as const;

/**
 * What each Store call may end with (StoreLogEntry): a read, list or lease is answered or the Store
 * could not be reached; a change applies, conflicts or is unclear.
 */
export const STORE_RESULTS_BY_OP: Readonly<Record<(typeof STORE_OPS)[number], readonly (typeof STORE_RESULTS)[number][]>> = {
  read: ['ok', 'unavailable'],
  list: ['ok', 'unavailable'],
  lease: ['ok', 'unavailable'],
  change: ['applied', 'conflict', 'unclear', 'unavailable'],
};
