// Fault injection: what the kit does to a running cluster, and when it took effect.

import Type from 'typebox';
import { Ms, Obj, Rid, Str, doc, named } from './basics.ts';

const optNode = Type.Optional(doc(Rid, 'Only this node (default everyone).'));

export const Fault = named(
  'Fault',
  Type.Union(
    [
      Obj(
        { kind: Type.Literal('crash'), node: Rid },
        {
          description:
            "The node's process dies: no goodbye on any connection, its state is gone, its application receives nothing more (the operations it " +
            'started get no Outcome). Its peers find out on their own (liveness, or a closed connection).',
        },
      ),
      Obj({ kind: Type.Literal('hang'), node: Rid }, { description: 'The node stays alive but silent: its peers see half-open connections.' }),
      Obj(
        { kind: Type.Literal('close-connection'), node: Rid, peer: Rid, mode: Type.Enum(['orderly', 'error']) },
        { description: 'The connection from node to peer ends: the peer closes it orderly, or the transport fails.' },
      ),
      Obj(
        { kind: Type.Literal('move'), node: Rid },
        { description: 'The node starts listening at a new address; discovery publishes it; old connections close.' },
      ),
      Obj(
        { kind: Type.Literal('impostor'), node: Rid, as: Type.Optional(Rid) },
        {
          description:
            "The real node is gone for good: every connection it has fails with a transport error (its peers mark it not-ready at once), then its " +
            'process ends as in a crash (alive false, its operations get no Outcome). Something else answers at its address, which its descriptor ' +
            'still names. Without `as` it lacks the mesh credential; with `as` it holds the credential and proves to be that other node of the mesh. ' +
            'A peer that reconnects must refuse the handshake (`handshake-refused`) and stay not-ready: it meant the logical peer, not whoever answers.',
        },
      ),
      Obj(
        { kind: Type.Literal('failpoint'), name: Str('A failpoint name (docs/driver.md).'), node: Rid, peer: Type.Optional(Rid) },
        { description: 'Arm a named failpoint (see FAILPOINTS) for the next time the step is reached.' },
      ),
      Obj(
        { kind: Type.Literal('store-down'), node: optNode },
        { description: 'The Location Store stops answering: for everyone, or (with node) only for that node.' },
      ),
      Obj(
        {
          kind: Type.Literal('store-slow'),
          node: optNode,
          ms: Ms('How much later every call is carried out (or, with replies, every answer arrives).'),
          replies: Type.Optional(
            Type.Boolean({
              description:
                'true: every call is carried out on time and its answer reaches the node `ms` later (in the order the Store gave them). ' +
                'The Store then holds what a node wrote while the node has not heard so.',
            }),
          ),
        },
        {
          description:
            'The Location Store answers late: every call (of everyone, or with node only of that node) is carried out `ms` later than it was made. ' +
            'store-up ends it. Two calls made close together then both read before either writes, whatever the distance between the kit and the runtime. ' +
            'With replies, the calls are carried out on time and their answers are late instead.',
        },
      ),
      Obj(
        { kind: Type.Literal('deregister'), node: Rid },
        {
          description:
            'The node leaves discovery: the kit removes its descriptor from the Location Store (the process keeps running). Nodes that read the full ' +
            'list afterwards drop their connection to it.',
        },
      ),
      Obj(
        { kind: Type.Literal('restart'), node: Rid },
        {
          description:
            'Start a crashed node again: same RID, a new process (lifecycle) with no memory of the old one, at a new address its descriptor ' +
            'publishes. Only a crashed node (a running or hung one is an error). Nothing is done to its peers: their connections to the old process ' +
            'are dead, and each peer must find that out itself (liveness, or a closed connection) and reconnect through the descriptor, on new connection IDs.',
        },
      ),
      Obj({ kind: Type.Literal('store-up'), node: optNode }, { description: 'The Store answers again (after store-down), and on time (after store-slow).' }),
    ],
    { description: 'A fault to inject.' },
  ),
);
export type Fault = Type.Static<typeof Fault>;

export const FaultResult = named(
  'FaultResult',
  Obj({ at: Ms("When the fault took effect, on the implementation's clock.") }, { description: 'When a fault took effect.' }),
);
export type FaultResult = Type.Static<typeof FaultResult>;
