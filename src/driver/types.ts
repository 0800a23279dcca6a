// The Driver contract: everything a step definition may ask of an implementation.
//
// Every input and output is plain JSON data (no callbacks, no class instances), because the same
// contract is served in process (embedded), across OS processes, and to runtimes written in other
// languages over a JSON-RPC wire protocol. Methods are async for the same reason.
//
// The surface follows the spec's section 10 ("target selection result, returned ErrorKind/outcome,
// Location Store record lookup, Session binding state") plus cluster control and fault injection.

export type { AppPayload, Rid } from './basics.ts';
import type { AppPayload, Rid } from './basics.ts';

import type { SessionOperationSpec, SessionView } from './sessions.ts';
export type { SessionOperationSpec, SessionView } from './sessions.ts';

/** Timings the implementation actually uses; "within the deadline" waits read them from here. */
export interface EffectiveTimings {
  /** How often a ready connection is probed. */
  heartbeatIntervalMs: number;
  /** A silent (half-open) peer must be not-ready within this time (Transport Liveness). */
  livenessDeadlineMs: number;
  /** Delay before a lost connection is re-established. */
  reconnectBackoffMs: number;
  /** Deadline of an operation that names none. */
  defaultDeadlineMs: number;
  /** Owner lease TTL: owner eligibility ends this long after the last successful renewal. */
  ownerLeaseMs: number;
  /** How long a caller trusts a cached owner (never beyond the owner's lease). */
  ownerCacheMs: number;
  /** How often a node re-reads the full node descriptor list from the Location Store. */
  descriptorRefreshMs: number;
  /** How long a node keeps retrying an unclear Store change before the operation fails. */
  storeFailureGraceMs: number;
  /** After relay-ready was accepted, the target commits on its own this long without a cutover receipt. */
  cutoverFallbackMs: number;
  /** MessageFollowDuration unless the topology sets another (the spec's default is 30 s; 0 = off). */
  messageFollowMs: number;
}

/**
 * Capability names; a scenario tagged with a capability the implementation lacks is not-applicable.
 * Failpoints are not a capability of their own: Description.failpoints lists them one by one, and a
 * scenario names each one it arms (`@failpoint:<name>`).
 */
export const CAPABILITIES = [
  'channels', // RouteMesh and ClientServer channels with select-one
  'node-direct', // node direct messages by RID
  'liveness', // heartbeat liveness and half-open detection (needs the hang and crash faults)
  'reconnect', // reconnect through the current descriptor (needs the move and impostor faults)
  'objects', // Actors and Spots by logical ID through the Location Store
  'instance-spots', // Instance Spot cold activation
  'store-faults', // Location Store outages and lost replies
  'relocation', // planned host relocation
  'sessions', // client Sessions and bindings
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface Description {
  name: string;
  version: string;
  backend: string;
  capabilities: Capability[];
  timings: EffectiveTimings;
  /** Failpoint names (from FAILPOINTS) this implementation can fire. */
  failpoints: string[];
}

// ---- topology -------------------------------------------------------------------------------

export interface NodeOptions {
  /** How many accepted operations may wait in the node's inbound queue. */
  queueCapacity?: number;
  /** How many operations the node runs at once. */
  workers?: number;
}

export interface MeshSpec {
  name: string;
  nodes: Rid[];
  nodeOptions?: NodeOptions;
}

export interface Topology {
  meshes: MeshSpec[];
  /** MessageFollowDuration for this run of the topology (0 turns Message Follow off). */
  messageFollowMs?: number;
}

export type ChannelKind = 'routemesh' | 'clientserver';
export type ServerState = 'Ready' | 'NotReady';

export interface ChannelServerSpec {
  node: Rid;
  /** RouteMesh only; ClientServer servers have no weight. */
  weight?: number;
  state?: ServerState;
}

export interface ChannelSpec {
  name: string;
  kind: ChannelKind;
  servers: ChannelServerSpec[];
}

// ---- the test application -------------------------------------------------------------------
// The kit defines the application that runs inside the runtime. Every handler run lands in the
// journal, so "ran exactly once, on C" is a statement about evidence.


// ---- objects ---------------------------------------------------------------------------------

export type ObjectKind = 'actor' | 'user-spot' | 'instance-spot';
export type RecordState = 'Missing' | 'Creating' | 'Ready' | 'Closing';

/** Factory input of the test application: hold the factory on a gate, run a timer. */
export interface FactoryInput {
  /** The kit's marker of the operation that supplied this input (see AppPayload). */
  mark?: string;
  gate?: string;
  /** Every tickMs the instance records a timer run while its node is owner-eligible. */
  tickMs?: number;
  value?: unknown;
}

/** What the Location Store says about an object (spec section 10: "Location Store record lookup"). */
export interface ObjectRecordView {
  objectId: string;
  state: RecordState;
  kind?: ObjectKind;
  owner?: Rid;
  generation: number;
  storeVersion: number;
  /** Whether the owner's lease is valid now, on the Store's clock. */
  leaseValid: boolean;
  creation?: { input: unknown; firstMessage?: { opId: string; payload: unknown } };
  recovery?: { root: string; replayCursor: number; targetNode: Rid; lifecycle: string };
  firstMessageRestored?: boolean;
  members?: Rid[];
}

export type RelocationStage = 'preparing' | 'relay-ready-accepted' | 'committed' | 'cancelled' | 'rolled-back';

export interface RelocationView {
  id: string;
  objectId: string;
  generation: number;
  source: Rid;
  target: Rid;
  stage: RelocationStage;
}

export interface StoreLogEntry {
  seq: number;
  at: number;
  node: Rid;
  op: 'read' | 'change' | 'list' | 'lease';
  key: string;
  expectedVersion?: number;
  version?: number;
  result: 'ok' | 'applied' | 'conflict' | 'unclear' | 'unavailable';
}

// ---- operations ------------------------------------------------------------------------------

export type OperationSpec =
  | { kind: 'channel-request'; from: Rid; channel: string; payload: AppPayload; deadlineMs?: number }
  | { kind: 'node-direct'; from: Rid; mesh: string; to: Rid; payload: AppPayload; deadlineMs?: number }
  /** Create an Actor or User Spot; `on` is the node that secures the Creating record and runs the factory. */
  | { kind: 'create'; from: Rid; objectId: string; objectKind: 'actor' | 'user-spot'; on: Rid; input: FactoryInput; deadlineMs?: number }
  /**
   * Actor/Spot direct message by logical ID. `generation` is the caller's (possibly stale) view;
   * with `instanceIntent` a Missing Instance Spot is cold-activated (on `activateOn`, default the
   * caller) with `factoryInput`.
   */
  | {
      kind: 'object-message';
      from: Rid;
      objectId: string;
      /** The kind of reference the caller holds (an ActorRef, a User Spot or an Instance Spot ref). */
      objectKind: ObjectKind;
      payload: AppPayload;
      generation?: number;
      /** The caller still believes this node is the owner (a stale owner cache), and sends there. */
      via?: Rid;
      instanceIntent?: boolean;
      activateOn?: Rid;
      factoryInput?: FactoryInput;
      deadlineMs?: number;
    }
  /** Close (Destroy) with authority release; rejected unless `generation` matches. */
  | { kind: 'close'; from: Rid; objectId: string; generation: number; deadlineMs?: number }
  /** Planned relocation of an Actor or Spot from its owner to `target`; `generation` is checked when given. */
  | { kind: 'relocate'; from: Rid; objectId: string; target: Rid; generation?: number; deadlineMs?: number }
  /** User Spot membership change; rejected unless `generation` matches. */
  | { kind: 'join'; from: Rid; objectId: string; generation: number; member: Rid; deadlineMs?: number }
  /** A client's Session operations (connect, authenticate, bind, relay, unbind, disconnect): src/driver/sessions.ts. */
  | SessionOperationSpec;

export type OutcomeStatus = 'reply' | 'failure' | 'timeout' | 'cancelled' | 'shutdown';

/** ErrorKinds of the reference model (the Error Model chapter is not in hand; see docs). */
export type ErrorKind = 'NotFound' | 'Unavailable' | 'Busy' | 'HandlerError' | 'AlreadyExists' | 'GenerationMismatch' | 'RelocationFailed'
  /** Sessions: a relay or unbind through a binding that has ended (its incarnation is gone, or it was replaced). */
  | 'BindingEnded'
  /** Sessions: the Session is not authenticated, or the credential was refused. */
  | 'Unauthenticated';

export type Acceptance = 'yes' | 'no' | 'unknown';

export interface Attempt {
  target: Rid;
  accepted: Acceptance;
  /** Why the attempt ended as it did, e.g. "capacity", "connection-lost", "accepted". */
  reason: string;
  /** The connection the operation was written to (absent for a local target). */
  connectionId?: string;
}

export interface Outcome {
  opId: string;
  status: OutcomeStatus;
  errorKind?: ErrorKind;
  reply?: unknown;
  attempts: Attempt[];
}

// ---- observations ----------------------------------------------------------------------------

export type NotReadyReason = 'orderly-close' | 'transport-error' | 'liveness' | 'handshake-refused' | 'connect-failed';

export interface PeerEvent {
  event: 'handshake' | 'ready' | 'not-ready';
  connectionId: string;
  /** Address the connection was made to. */
  address: string;
  reason?: NotReadyReason;
  /** Identity the remote side proved in the handshake (handshake events only). */
  verifiedRid?: Rid;
  /** Milliseconds on the implementation's clock (same clock as FaultResult.at). */
  at: number;
}

export interface PeerView {
  node: Rid;
  peer: Rid;
  ready: boolean;
  connectionId?: string;
  address?: string;
  history: PeerEvent[];
}

export type HostState = 'Ready' | 'Error';

export interface NodeView {
  rid: Rid;
  alive: boolean;
  host: HostState;
  queue: { depth: number; capacity: number; running: number; workers: number };
}

export type JournalEntry =
  | { seq: number; at: number; kind: 'handler'; node: Rid; opId: string; input: AppPayload; objectId?: string; generation?: number }
  | { seq: number; at: number; kind: 'result'; node: Rid; opId: string; status: OutcomeStatus; errorKind?: ErrorKind }
  | { seq: number; at: number; kind: 'factory'; node: Rid; objectId: string; generation: number; input: unknown }
  | { seq: number; at: number; kind: 'timer'; node: Rid; objectId: string; generation: number }
  /** A lifecycle callback run (e.g. "relocated-in" on a relocation target), and whether it succeeded. */
  | { seq: number; at: number; kind: 'lifecycle'; node: Rid; objectId: string; generation: number; event: string; ok: boolean };

// ---- faults ----------------------------------------------------------------------------------

export type Fault =
  /** The node's process dies: no goodbye on any connection, its state is gone. */
  | { kind: 'crash'; node: Rid }
  /** The node stays alive but silent: its peers see half-open connections. */
  | { kind: 'hang'; node: Rid }
  /** The connection from node to peer ends: the peer closes it orderly, or the transport fails. */
  | { kind: 'close-connection'; node: Rid; peer: Rid; mode: 'orderly' | 'error' }
  /** The node starts listening at a new address; discovery publishes it; old connections close. */
  | { kind: 'move'; node: Rid }
  /**
   * Something answers at the node's address instead of it; old connections fail. Without `as` it
   * lacks the mesh credential; with `as` it holds the credential and proves to be that other node of
   * the mesh (a reconnect must still reach the logical peer it meant).
   */
  | { kind: 'impostor'; node: Rid; as?: Rid }
  /** Arm a named failpoint (see FAILPOINTS) for the next time the step is reached. */
  | { kind: 'failpoint'; name: string; node: Rid; peer?: Rid }
  /** The Location Store stops answering: for everyone, or (with node) only for that node. */
  | { kind: 'store-down'; node?: Rid }
  /**
   * The Location Store answers late: every call (of everyone, or with node only of that node) is
   * carried out `ms` later than it was made. store-up ends it. Two calls made close together then
   * both read before either writes, whatever the distance between the kit and the runtime.
   */
  | { kind: 'store-slow'; node?: Rid; ms: number }
  /**
   * The node leaves discovery: the kit removes its descriptor from the Location Store (the process
   * keeps running). Nodes that read the full list afterwards drop their connection to it.
   */
  | { kind: 'deregister'; node: Rid }
  /** Start a crashed node again: same RID, a new process (lifecycle) with no memory of the old one. */
  | { kind: 'restart'; node: Rid }
  /** The Store answers again (after store-down), and on time (after store-slow). */
  | { kind: 'store-up'; node?: Rid };

export interface FaultResult {
  /** When the fault took effect, on the implementation's clock. */
  at: number;
}

// ---- the Driver ------------------------------------------------------------------------------

export interface Driver {
  describe(): Promise<Description>;

  /** Start the nodes; resolves when every peer connection of every mesh is ready. */
  start(topology: Topology): Promise<void>;
  /** Define a channel and its servers. */
  addChannel(channel: ChannelSpec): Promise<void>;
  /** Change a channel server's state or weight. */
  setServer(channel: string, server: ChannelServerSpec): Promise<void>;
  /** Start one more node in a mesh (it registers its descriptor in the Location Store). */
  addNode(mesh: string, rid: Rid): Promise<void>;
  /** Change a node's queue capacity or worker count. */
  configureNode(node: Rid, options: NodeOptions): Promise<void>;

  /** Start an operation; it runs on without the caller waiting. */
  submit(op: OperationSpec): Promise<{ opId: string }>;
  /** The operation's terminal Outcome, or null if it has none after waitMs. */
  outcome(opId: string, waitMs: number): Promise<Outcome | null>;
  cancel(opId: string): Promise<void>;
  /** Orderly shutdown of a node: its in-flight operations end with "shutdown". */
  shutdown(node: Rid): Promise<void>;
  /** Let every handler blocked on the gate go on. */
  releaseGate(gate: string): Promise<void>;

  peer(node: Rid, peer: Rid): Promise<PeerView>;
  node(node: Rid): Promise<NodeView>;
  journal(): Promise<JournalEntry[]>;
  /** The object's authority record, read from the Location Store. */
  lookup(objectId: string): Promise<ObjectRecordView>;
  /** The latest relocation of the object, from the Relocation Store (null if none). */
  relocation(objectId: string): Promise<RelocationView | null>;
  /** Every Location Store call each node made. */
  storeLog(): Promise<StoreLogEntry[]>;
  /** A Session client's connections: what it saw on each, and the Session state its owner holds. */
  session(client: string): Promise<SessionView>;

  fault(fault: Fault): Promise<FaultResult>;

  /** Stop everything; the driver is not used again. */
  close(): Promise<void>;
}
