// The Driver contract: everything a step definition may ask of an implementation.
//
// Every input and output is plain JSON data (no callbacks, no class instances), because the same
// contract is served in process (embedded), across OS processes, and to runtimes written in other
// languages over a JSON-RPC wire protocol. Methods are async for the same reason.
//
// The surface follows the spec's section 10 ("target selection result, returned ErrorKind/outcome,
// Location Store record lookup, Session binding state") plus cluster control and fault injection.

// Every type that crosses the wire is defined once, as a schema (./schema/, TypeBox), and the
// TypeScript types below derive from it (Static<...>); `npm run schema` writes the JSON Schema
// files (schema/) and the tables of docs/wire-protocol.md from the same source, and the exec
// adapter validates every message against it.

export type { AppPayload, Rid } from './schema/basics.ts';
import type { Rid } from './schema/basics.ts';

export type { SessionOperationSpec, SessionView } from './schema/sessions.ts';
import type { SessionView } from './schema/sessions.ts';

export { CAPABILITIES } from './schema/capabilities.ts';
export type { Capability, Description, EffectiveTimings } from './schema/description.ts';
import type { Description } from './schema/description.ts';

export type { ChannelKind, ChannelServerSpec, ChannelSpec, MeshSpec, NodeOptions, ServerState, Topology } from './schema/topology.ts';
import type { ChannelServerSpec, ChannelSpec, NodeOptions, Topology } from './schema/topology.ts';

export type { FactoryInput, ObjectKind, OperationSpec } from './schema/operations.ts';
import type { OperationSpec } from './schema/operations.ts';

export type { Acceptance, Attempt, ErrorKind, Outcome, OutcomeStatus } from './schema/outcomes.ts';
import type { Outcome } from './schema/outcomes.ts';

export type {
  HostState,
  JournalEntry,
  NodeView,
  NotReadyReason,
  ObjectRecordView,
  PeerEvent,
  PeerView,
  RecordState,
  RelocationStage,
  RelocationView,
  StoreLogEntry,
} from './schema/observations.ts';
import type { JournalEntry, NodeView, ObjectRecordView, PeerView, RelocationView, StoreLogEntry } from './schema/observations.ts';

export type { Fault, FaultResult } from './schema/faults.ts';
import type { Fault, FaultResult } from './schema/faults.ts';

import type { ArgsOf, DriverMethodName, ResultOf } from './schema/methods.ts';

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

// ---- the Driver against the schema's method table --------------------------------------------
// A compile error here means the Driver interface and src/driver/schema/methods.ts disagree about
// a method's arguments or result (a method that returns nothing answers null on the wire).

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type OnTheWire<T> = [T] extends [void] ? null : T;
type MethodMatches<M extends DriverMethodName> = Same<Parameters<Driver[M]>, ArgsOf<M>> extends true
  ? Same<OnTheWire<Awaited<ReturnType<Driver[M]>>>, ResultOf<M>>
  : false;
type AllTrue<T extends Record<string, true>> = T;
export type DriverMatchesSchema = AllTrue<{ [M in DriverMethodName]: MethodMatches<M> }> & AllTrue<{ methods: Same<keyof Driver, DriverMethodName> }>;
