// The cluster the kit asks for: meshes of nodes, node options, channels and their servers.

import Type from 'typebox';
import { Int, Obj, Rid, Str, doc, named } from './basics.ts';

export const NodeOptions = named(
  'NodeOptions',
  Obj(
    {
      queueCapacity: Type.Optional(
        Int(
          "How many accepted operations may wait in the node's inbound queue, not counting the running ones. The node accepts an operation " +
            'while waiting < queueCapacity + free workers, and is full when `workers` run and `queueCapacity` wait. Absent: the runtime\'s own ' +
            'default (16 in the reference and the Python runtime).',
        ),
      ),
      workers: Type.Optional(
        Int("How many accepted operations the node runs at once. Absent: the runtime's own default (4 in the reference and the Python runtime)."),
      ),
    },
    {
      description:
        "A node's worker count and queue capacity. configureNode changes only the ones given, at once. \"Node B's queue is full\" sets both to 1 " +
        'and fills B with operations that block until their gate opens: one running, one waiting (step-definitions/topology.steps.ts).',
    },
  ),
);
export type NodeOptions = Type.Static<typeof NodeOptions>;

export const MeshSpec = named(
  'MeshSpec',
  Obj(
    { name: Str(), nodes: Type.Array(Rid), nodeOptions: Type.Optional(doc(NodeOptions, 'Options of every node of the mesh (default: the runtime\'s own).')) },
    { description: 'A RouteMesh and its nodes.' },
  ),
);
export type MeshSpec = Type.Static<typeof MeshSpec>;

export const Topology = named(
  'Topology',
  Obj(
    {
      meshes: Type.Array(MeshSpec),
      messageFollowMs: Type.Optional(Type.Number({ description: 'MessageFollowDuration for this run of the topology (0 turns Message Follow off).' })),
    },
    { description: 'The meshes start() brings up.' },
  ),
);
export type Topology = Type.Static<typeof Topology>;

export const ChannelKind = named('ChannelKind', Type.Enum(['routemesh', 'clientserver'], { description: 'The kind of a channel.' }));
export type ChannelKind = Type.Static<typeof ChannelKind>;

export const ServerState = named('ServerState', Type.Enum(['Ready', 'NotReady'], { description: "A channel server's state." }));
export type ServerState = Type.Static<typeof ServerState>;

export const ChannelServerSpec = named(
  'ChannelServerSpec',
  Obj(
    {
      node: Rid,
      weight: Type.Optional(
        Type.Number({
          description:
            'RouteMesh only: a server of weight 0 is never a candidate. Absent: 1 (the kit sends no weight for a server a scenario gives none, ' +
            'and expects it to be a candidate). ClientServer servers have no weight.',
        }),
      ),
      state: Type.Optional(doc(ServerState, 'Absent: Ready.')),
    },
    { description: 'A server of a channel. In setServer, only the fields given change.' },
  ),
);
export type ChannelServerSpec = Type.Static<typeof ChannelServerSpec>;

export const ChannelSpec = named(
  'ChannelSpec',
  Obj({ name: Str(), kind: ChannelKind, servers: Type.Array(ChannelServerSpec) }, { description: 'A channel and its servers.' }),
);
export type ChannelSpec = Type.Static<typeof ChannelSpec>;

