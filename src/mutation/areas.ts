// The runtime's own code, by area, for mutation testing (StrykerJS, `npm run mutation`): what Stryker
// may write bugs into. The reference runtime lives in impl-reference/; the harness that drives it,
// the kit's own mutants, the test application and the kit's instruments (Session test clients, the
// wire server) are not the runtime and are left out, as are the transport and Store that only the
// process and redis backends use (the in-process suite Stryker drives never runs them, so their
// mutants would all be "no coverage"). test/mutation.test.ts checks that every file of
// impl-reference/ is in exactly one area or listed here as left out.

export const AREAS = {
  channel: ['channel/caller.ts', 'channel/rules.ts', 'channel/select-one.ts', 'kernel/operation.ts', 'node/start-operation.ts', 'kernel/work.ts'],
  connection: ['connection/inbound-queue.ts', 'connection/mesh-rules.ts', 'location/list-rules.ts', 'connection/link-rules.ts', 'connection/node-context.ts', 'connection/peer-link.ts', 'connection/serving-side.ts', 'node/mesh-node.ts', 'node/membership.ts', 'node/heartbeat.ts', 'node/dispatch.ts', 'node/failpoints.ts', 'node/runtime.ts', 'location/descriptors.ts', 'transport/memory.ts'],
  objects: ['objects/mailbox.ts', 'objects/object-caller.ts', 'objects/routing-rules.ts', 'objects/object-host.ts', 'objects/host-context.ts', 'objects/host-rules.ts', 'objects/creation.ts', 'objects/activation.ts', 'objects/closing.ts', 'location/authority.ts', 'location/authority-rules.ts', 'location/lease.ts', 'location/records.ts'],
  relocation: ['relocation/relocation.ts', 'relocation/relocation-rules.ts', 'relocation/side.ts', 'relocation/source.ts', 'relocation/target.ts', 'relocation/follow.ts', 'kernel/relocation-record.ts'],
  sessions: ['sessions/session-host.ts', 'sessions/session-rules.ts', 'sessions/session-list.ts', 'sessions/requests.ts', 'sessions/session.ts', 'sessions/protocol.ts'],
  store: ['store/memory.ts', 'store/node-store.ts'],
} as const;

export type Area = keyof typeof AREAS;
export const AREA_NAMES = Object.keys(AREAS) as Area[];

/** impl-reference/ files that are not mutated, and why. Folders end in '/'. */
export const LEFT_OUT: Record<string, string> = {
  'harness/': 'the harness that serves the Driver over the nodes: the kit side, not the runtime',
  'mutants/': "the kit's own mutants: bugs already, by design",
  'node/app.ts': "the test application: the kit's instrument inside the runtime",
  'kernel/application.ts': 'the Application interface the runtime calls: types only, nothing to mutate',
  'connection/calling-node.ts': 'what the calling sides need of their node: types only, nothing to mutate',
  'kernel/plain-copy.ts': "the copy that keeps the kit and the runtime from sharing objects (structuredClone's result, made faster): the harness boundary, not a rule",
  'kernel/outcome-book.ts': "the Driver's book of first Outcomes: the kit's instrument (it never builds an operation)",
  'sessions/client.ts': "the kit's Session test clients: an instrument outside the mesh",
  'sessions/client-connection.ts': "one connection of the kit's Session test clients, and the frames it accepts: an instrument outside the mesh",
  'node/config.ts': 'configuration types and defaults',
  'node/rules.ts': "the table of every area's rules: each rule is mutated in its own area's file",
  'node/control.ts': "a node's JSON control interface: how the harness speaks to it",
  'node/main.ts': 'the OS-process entry of a node (process backend only)',
  'node/parts.ts': "a node's parts wired for the in-process backends",
  'node/process-parts.ts': "a node's parts wired for the process backend only",
  'transport/nats.ts': 'the NATS transport: process backend only',
  'transport/nats-end.ts': 'the NATS transport (one end of a connection): process backend only',
  'transport/nats-listener.ts': 'the NATS transport (the listening side): process backend only',
  'transport/nats-wire.ts': 'the NATS transport (envelopes and subjects): process backend only',
  'transport/tcp.ts': 'the TCP transport: the reference as a node program only (node:), which the in-process mutation run does not start',
  'node/program.ts': "the OS-process entry of the reference as a node program (node:, protocol 2): the kit's way to certify it over the wire",
  'node/program-stdio.ts': "a node program's JSON-RPC on stdio, shared by the reference's and the kit's fixtures: node: only",
  'node/program-node.ts': "a node program's methods mapped onto a NodeRuntime: node: only",
  'node/program-parts.ts': "a node program's parts (TCP, its Store, notifications): node: only",
  'node/kit-addresses.ts': "the node program's Store view that puts the kit's relay addresses in the descriptors: node: only",
  'node/process-timings.ts': 'timing constants of the reference when each node is an OS process',
  'transport/types.ts': 'types only',
  'transport/wire.ts': "how a frame crosses an in-memory connection: the next turn of the loop, or the simulated world's seeded delay (the kit's scheduler, not the runtime)",
  'sessions/stream.ts': 'the client connections Sessions run on (TCP, or in-memory pairs in the simulated world): the network under the runtime, as transport/nats.ts is',
  'store/redis.ts': 'the Redis Location Store: redis and process backends only',
  'store/resp.ts': "the Redis Store's RESP2 connection: redis and process backends and node programs only, which the in-process mutation run does not start",
  'store/types.ts': 'types only',
  'wire-server.ts': 'the wire protocol server: the kit side',
};

export const RUNTIME_ROOT = 'impl-reference';

export function areaFiles(area: Area): string[] {
  return AREAS[area].map((f) => `${RUNTIME_ROOT}/${f}`);
}

export function areaOf(file: string): Area | undefined {
  const rel = file.startsWith(`${RUNTIME_ROOT}/`) ? file.slice(RUNTIME_ROOT.length + 1) : file;
  return AREA_NAMES.find((a) => (AREAS[a] as readonly string[]).includes(rel));
}
