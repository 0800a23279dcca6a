// What the kit reads back: peer connections, nodes, the journal of the test application, and what
// the Location Store and the Relocation Store hold (spec section 10: "Location Store record lookup").

import Type from 'typebox';
import { AppPayload, Int, Ms, Obj, Rid, Str, doc, named } from './basics.ts';
import { ErrorKind, OutcomeStatus } from './outcomes.ts';
import { ObjectKind } from './operations.ts';

export const NotReadyReason = named(
  'NotReadyReason',
  Type.Enum(['orderly-close', 'transport-error', 'liveness', 'handshake-refused', 'connect-failed'], { description: 'Why a connection became not-ready.' }),
);
export type NotReadyReason = Type.Static<typeof NotReadyReason>;

export const PeerEvent = named(
  'PeerEvent',
  Obj(
    {
      event: Type.Enum(['handshake', 'ready', 'not-ready']),
      connectionId: Str(),
      address: Str('Address the connection was made to.'),
      reason: Type.Optional(NotReadyReason),
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
      ready: Type.Boolean(),
      connectionId: Type.Optional(Str()),
      address: Type.Optional(Str()),
      history: Type.Array(PeerEvent),
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
      alive: Type.Boolean(),
      host: HostState,
      queue: Obj({ depth: Int(), capacity: Int(), running: Int(), workers: Int() }),
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
      seq: Int(),
      at: Ms(),
      node: Rid,
      op: Type.Enum(['read', 'change', 'list', 'lease']),
      key: Str(),
      expectedVersion: Type.Optional(Int()),
      version: Type.Optional(Int()),
      result: Type.Enum(['ok', 'applied', 'conflict', 'unclear', 'unavailable']),
    },
    { description: 'One Location Store call a node made.' },
  ),
);
export type StoreLogEntry = Type.Static<typeof StoreLogEntry>;
