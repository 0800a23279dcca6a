// The cluster the kit asks for: meshes of nodes, node options, channels and their servers.

import Type from 'typebox';
import { Int, Obj, Rid, Str, named } from './basics.ts';

export const NodeOptions = named(
  'NodeOptions',
  Obj(
    {
      queueCapacity: Type.Optional(Int("How many accepted operations may wait in the node's inbound queue.")),
      workers: Type.Optional(Int('How many operations the node runs at once.')),
    },
    { description: "A node's queue capacity and worker count." },
  ),
);
export type NodeOptions = Type.Static<typeof NodeOptions>;

export const MeshSpec = named(
  'MeshSpec',
  Obj({ name: Str(), nodes: Type.Array(Rid), nodeOptions: Type.Optional(NodeOptions) }, { description: 'A RouteMesh and its nodes.' }),
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
      weight: Type.Optional(Type.Number({ description: 'RouteMesh only; ClientServer servers have no weight.' })),
      state: Type.Optional(ServerState),
    },
    { description: 'A server of a channel.' },
  ),
);
export type ChannelServerSpec = Type.Static<typeof ChannelServerSpec>;

export const ChannelSpec = named(
  'ChannelSpec',
  Obj({ name: Str(), kind: ChannelKind, servers: Type.Array(ChannelServerSpec) }, { description: 'A channel and its servers.' }),
);
export type ChannelSpec = Type.Static<typeof ChannelSpec>;

