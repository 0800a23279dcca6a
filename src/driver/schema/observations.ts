// What the kit reads back: peer connections, nodes, the journal of the test application, and what
// the Location Store and the Relocation Store hold (spec section 10: "Location Store record lookup").

import Type from 'typebox';
import { AppPayload, Int, Ms, Obj, Rid, Str, doc, named } from './basics.ts';
import { ErrorKind, OutcomeStatus } from './outcomes.ts';
import { ObjectKind } from './operations.ts';
import { NOT_READY_REASONS, PEER_EVENTS, STORE_OPS, STORE_RESULTS } from './lists.ts';

export const NotReadyReason = named(
  'NotReadyReason',
  Type.Enum([...NOT_READY_REASONS], {
    description:
      'Why a connection became not-ready. `orderly-close`: the other end closed a ready connection orderly (a move, a shutdown); ' +
      '`transport-error`: the connection failed (as when an impostor takes the node\'s place); `liveness`: nothing was heard ' +
      'from it within the liveness deadline (a hang, a silent crash); `handshake-refused`: the handshake on a new connection was refused, by either ' +
      'side, so that connection never was ready; `connect-failed`: a connect that failed (nothing listened at the address). Recording a failed connect ' +
      'is optional (neither the reference nor the Python runtime does): the checks that a peer stayed ready look only at events after it first became ' +
      'ready, so what happened while the mesh was starting counts for nothing (docs/runtime-authors.md).',
  }),
);
export type NotReadyReason = Type.Static<typeof NotReadyReason>;

export const PeerEvent = named(
  'PeerEvent',
  Obj(
    {
      event: Type.Enum([...PEER_EVENTS], {
        description:
          '`handshake`: the peer proved its identity on a new connection; `ready`: that connection is ready (after its handshake); `not-ready`: ' +
          'a ready connection was lost, or the handshake on a new one was refused.',
      }),
      connectionId: Str('The connection the event is about: every connection made, a reconnect too, has an ID never used before (V05).'),
      address: Str('Address the connection was made to.'),
      reason: Type.Optional(doc(NotReadyReason, 'Why (not-ready events only).')),
      verifiedRid: Type.Optional(doc(Rid, 'Identity the remote side proved in the handshake (handshake events only).')),
      at: Ms("Milliseconds on the implementation's clock (same clock as FaultResult.at)."),
    },
    { description: "An event in a peer connection's history." },
  ),
);
export type PeerEvent = Type.Static<typeof PeerEvent>;

export const PeerView = named(
  'PeerView',
  Obj(
    {
      node: Rid,
      peer: Rid,
      ready: Type.Boolean({ description: "The node's connection to the peer is ready now (false while the node hangs or once it ended)." }),
      connectionId: Type.Optional(Str('The ID of the connection that was ready last (kept once it is lost).')),
      address: Type.Optional(Str('The address that connection was made to.')),
      history: Type.Array(PeerEvent, { description: 'Every event of the connections from node to peer, as they happened, oldest first.' }),
    },
    { description: "A node's connection to a peer (peer())." },
  ),
);
export type PeerView = Type.Static<typeof PeerView>;

export const HostState = named('HostState', Type.Enum(['Ready', 'Error'], { description: "A node's host state." }));
export type HostState = Type.Static<typeof HostState>;

export const NodeView = named(
  'NodeView',
  Obj(
    {
      rid: Rid,
      alive: Type.Boolean({ description: 'false once the node crashed, an impostor took its place, or it shut down; true while it hangs.' }),
      host: HostState,
      queue: Obj(
        {
          depth: Int('Accepted operations waiting to run (the running ones are not counted).'),
          capacity: Int('queueCapacity: how many accepted operations may wait.'),
          running: Int('Operations running now.'),
          workers: Int('How many operations may run at once.'),
        },
        {
          description:
            'The inbound queue. The node accepts an operation while depth < capacity + (workers - running), and is full when running = workers ' +
            'and depth = capacity (see NodeOptions).',
        },
      ),
    },
    { description: 'A node and its queue (node()).' },
  ),
);
export type NodeView = Type.Static<typeof NodeView>;

const seq = Int('Position in the journal.');
const at = Ms("When, on the implementation's clock.");
const node = Rid;

export const JournalEntry = named(
  'JournalEntry',
  Type.Union(
    [
      Obj(
        { seq, at, kind: Type.Literal('handler'), node, opId: Str(), input: AppPayload, objectId: Type.Optional(Str()), generation: Type.Optional(Int()) },
        { description: 'A handler run, with the payload as the handler received it.' },
      ),
      Obj(
        { seq, at, kind: Type.Literal('result'), node, opId: Str(), status: OutcomeStatus, errorKind: Type.Optional(ErrorKind) },
        { description: 'A terminal result the application on the calling node received.' },
      ),
      Obj(
        // input is optional: a factory run without input has none, and JSON has no undefined.
        { seq, at, kind: Type.Literal('factory'), node, objectId: Str(), generation: Int(), input: Type.Optional(Type.Unknown()) },
        { description: 'A factory run.' },
      ),
      Obj({ seq, at, kind: Type.Literal('timer'), node, objectId: Str(), generation: Int() }, { description: 'A timer run.' }),
      Obj(
        { seq, at, kind: Type.Literal('lifecycle'), node, objectId: Str(), generation: Int(), event: Str(), ok: Type.Boolean() },
        { description: 'A lifecycle callback run (e.g. "relocated-in" on a relocation target), and whether it succeeded.' },
      ),
    ],
    { description: 'One entry of the journal of the test application.' },
  ),
);
export type JournalEntry = Type.Static<typeof JournalEntry>;

export const RecordState = named('RecordState', Type.Enum(['Missing', 'Creating', 'Ready', 'Closing'], { description: 'The state of an authority record.' }));
export type RecordState = Type.Static<typeof RecordState>;

/** What the Location Store says about an object (spec section 10: "Location Store record lookup"). */
export const ObjectRecordView = named(
  'ObjectRecordView',
  Obj(
    {
      objectId: Str(),
      state: RecordState,
      kind: Type.Optional(ObjectKind),
      owner: Type.Optional(Rid),
      generation: Int(),
      storeVersion: Int(),
      leaseValid: Type.Boolean({ description: "Whether the owner's lease is valid now, on the Store's clock." }),
      leaseUntil: Type.Optional(
        Int(
          "Optional: the expiry (ms since the epoch, the Store's clock) that the owner's last lease renewal set, also once it has passed. It lets the kit's history checker see a lease that certainly ended.",
        ),
      ),
      creation: Type.Optional(
        Obj({ input: Type.Unknown(), firstMessage: Type.Optional(Obj({ opId: Str(), payload: Type.Unknown() })) }),
      ),
      recovery: Type.Optional(Obj({ root: Str(), replayCursor: Int(), targetNode: Rid, lifecycle: Str() })),
      firstMessageRestored: Type.Optional(Type.Boolean()),
      members: Type.Optional(Type.Array(Rid)),
    },
    { description: 'What the Location Store says about an object (spec section 10: "Location Store record lookup").' },
  ),
);
export type ObjectRecordView = Type.Static<typeof ObjectRecordView>;

export const RelocationStage = named(
  'RelocationStage',
  Type.Enum(['preparing', 'relay-ready-accepted', 'committed', 'cancelled', 'rolled-back'], { description: 'The stage of a relocation.' }),
);
export type RelocationStage = Type.Static<typeof RelocationStage>;

export const RelocationView = named(
  'RelocationView',
  Obj(
    { id: Str(), objectId: Str(), generation: Int(), source: Rid, target: Rid, stage: RelocationStage },
    { description: 'A relocation, as the Relocation Store holds it.' },
  ),
);
export type RelocationView = Type.Static<typeof RelocationView>;

export const StoreLogEntry = named(
  'StoreLogEntry',
  Obj(
    {
      seq: Int('Position in the Store log.'),
      at: Ms("When its result was known, on the implementation's clock."),
      node: doc(Rid, 'The node that made the call.'),
      op: Type.Enum([...STORE_OPS], {
        description:
          '`read`: one key; `change`: a compare-and-set of one key; `list`: every key under a prefix, in one read; `lease`: a lease renewal or a ' +
          "read of the Store's clock (the reference logs these only when they fail).",
      }),
      key: Str(
        'The key: `obj/<objectId>` for an object\'s authority record (the kit finds the record\'s calls by this key), `node/<rid>` for a node ' +
          'descriptor, `rel/<objectId>/<id>` for a relocation record (the reference keeps them so); for `list`, the prefix; for `lease`, the node.',
      ),
      expectedVersion: Type.Optional(
        Int(
          '`change` only: the StoreVersion the compare-and-set expected the key to have, i.e. the version the node last read of it (0: never ' +
            'written). A change that applies makes the key\'s StoreVersion expectedVersion + 1.',
        ),
      ),
      version: Type.Optional(
        Int(
          '`read` with result `ok` only: the key\'s StoreVersion as read (0: never written). After an unclear change the kit reads the ' +
            're-read\'s version (R-STO-1): expectedVersion + 1 means the change applied, expectedVersion that it did not.',
        ),
      ),
      result: Type.Enum([...STORE_RESULTS], {
        description:
          '`ok`: a read or list was answered; `applied` / `conflict`: a change took effect / found another StoreVersion and did nothing; `unclear`: ' +
          'a change whose answer never came, so it may or may not have applied; `unavailable`: the Store could not be reached (any op).',
      }),
    },
    { description: 'One Location Store call a node made.' },
  ),
);
export type StoreLogEntry = Type.Static<typeof StoreLogEntry>;
