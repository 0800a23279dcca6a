// The wire protocol's methods (docs/wire-protocol.md): `open`, and every Driver method by name, each
// with its positional arguments (`params.args`) and its result. The Driver interface
// (src/driver/types.ts) is checked against this table at compile time, so the two cannot drift.

import Type, { type TSchema } from 'typebox';
import { Obj, Rid, Str } from './basics.ts';
import { Description } from './description.ts';
import { Fault, FaultResult } from './faults.ts';
import { JournalEntry, NodeView, ObjectRecordView, PeerView, RelocationView, StoreLogEntry } from './observations.ts';
import { OperationSpec } from './operations.ts';
import { Outcome } from './outcomes.ts';
import { SessionView } from './sessions.ts';
import { ChannelServerSpec, ChannelSpec, NodeOptions, Topology } from './topology.ts';

/** The version of the wire protocol this kit speaks; `open` must answer it as `protocol`. */
import { WIRE_PROTOCOL_VERSION } from './lists.ts';

export { WIRE_PROTOCOL_VERSION };

/** One positional argument of a method. */
export interface Param<S extends TSchema = TSchema> {
  name: string;
  schema: S;
}

export interface MethodSpec<P extends readonly Param[] = readonly Param[], R extends TSchema = TSchema> {
  description: string;
  /** A Driver method (params `{driver, args}`); `open` is the only one that is not. */
  driver: boolean;
  params: P;
  result: R;
}

const arg = <S extends TSchema>(name: string, schema: S): Param<S> => ({ name, schema });
const method = <const P extends readonly Param[], R extends TSchema>(description: string, params: P, result: R): MethodSpec<P, R> => ({
  description,
  driver: true,
  params,
  result,
});
/** The result of a method that returns nothing. */
const None = Type.Null();

export const OpenResult = Obj(
  {
    driver: Str('The id of the new cluster; every later call names it as `params.driver`.'),
    protocol: Type.Literal(WIRE_PROTOCOL_VERSION, { description: 'The version of the wire protocol the runtime speaks.' }),
  },
  { description: 'The new cluster and the protocol version.' },
);

export const METHODS = {
  open: {
    description: 'Start a fresh, independent cluster (one per scenario). Its params are `{}`; it is not a Driver method.',
    driver: false,
    params: [],
    result: OpenResult,
  } satisfies MethodSpec<[], typeof OpenResult>,
  describe: method('What the implementation is and can do.', [], Description),
  start: method('Start the nodes; answers when every peer connection of every mesh is ready.', [arg('topology', Topology)], None),
  addChannel: method('Define a channel and its servers.', [arg('channel', ChannelSpec)], None),
  setServer: method("Change a channel server's state or weight.", [arg('channel', Str()), arg('server', ChannelServerSpec)], None),
  addNode: method('Start one more node in a mesh (it registers its descriptor in the Location Store).', [arg('mesh', Str()), arg('rid', Rid)], None),
  configureNode: method("Change a node's worker count or queue capacity (only the ones given), at once.", [arg('node', Rid), arg('options', NodeOptions)], None),
  submit: method(
    'Start an operation; it runs on without the caller waiting. Its deadline counts from this call.',
    [arg('op', OperationSpec)],
    Obj({ opId: Str('The id of the operation, for outcome and cancel.') }),
  ),
  outcome: method(
    "The operation's terminal Outcome, or null if it has none after waitMs.",
    [arg('opId', Str()), arg('waitMs', Type.Number())],
    Type.Union([Outcome, Type.Null()]),
  ),
  cancel: method('Cancel the operation.', [arg('opId', Str())], None),
  shutdown: method(
    'Orderly shutdown of a node: each operation it started that has not ended ends with "shutdown" (its application receives that once), then ' +
      'it closes every connection with a goodbye and stops: not alive, nothing more runs, is accepted or is delivered there.',
    [arg('node', Rid)],
    None,
  ),
  releaseGate: method('Let every handler blocked on the gate go on.', [arg('gate', Str())], None),
  peer: method("A node's connection to a peer, and its history.", [arg('node', Rid), arg('peer', Rid)], PeerView),
  node: method('A node, its host state and its queue.', [arg('node', Rid)], NodeView),
  journal: method('Every entry of the journal of the test application, in order.', [], Type.Array(JournalEntry)),
  lookup: method("The object's authority record, read from the Location Store.", [arg('objectId', Str())], ObjectRecordView),
  relocation: method(
    'The latest relocation of the object, from the Relocation Store (null if none).',
    [arg('objectId', Str())],
    Type.Union([RelocationView, Type.Null()]),
  ),
  storeLog: method('Every Location Store call each node made.', [], Type.Array(StoreLogEntry)),
  session: method(
    "A Session client's connections: what it saw on each, and the Session state its owner holds.",
    [arg('client', Str())],
    SessionView,
  ),
  fault: method('Inject a fault.', [arg('fault', Fault)], FaultResult),
  close: method('Stop everything; the cluster is not used again.', [], None),
};

export type MethodName = keyof typeof METHODS;
export type DriverMethodName = Exclude<MethodName, 'open'>;

/** Positional arguments, as TypeScript sees them (a homomorphic map, so a tuple stays a tuple). */
type StaticArgs<P> = { -readonly [K in keyof P]: P[K] extends Param<infer S> ? Type.Static<S> : never };
/** The positional arguments of a method, as TypeScript sees them. */
export type ArgsOf<M extends MethodName> = StaticArgs<(typeof METHODS)[M]['params']>;
/** The result of a method, as TypeScript sees it (`null` for none). */
export type ResultOf<M extends MethodName> = Type.Static<(typeof METHODS)[M]['result']>;

