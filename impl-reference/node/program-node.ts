// One node of the reference as a node program (protocol 2, docs/node-program.md): the methods the
// kit calls on a process that runs one node, mapped onto a NodeRuntime (runtime.ts), the same node
// the process backend runs. What differs is around it:
// - peers are where the kit says (its relays), not where they say they are: the kit's start
//   configuration and `discovery` calls are written into the node's own Store as descriptors, and
//   the node reads its descriptor list from there as always (program-parts.ts);
// - the transport is plain TCP (transport/tcp.ts), so the kit's relays can cut, silence and reset it;
// - the journal goes to the kit as notifications, stamped on arrival; so do the results the
//   application received;
// - faults are the kit's, from outside; a node program is asked only for failpoints.

import { randomUUID } from 'node:crypto';
import type { ChannelServerSpec, ChannelSpec, Description, Fault, NodeOptions, OperationSpec, Rid } from '../../src/driver/types.ts';
import type { ChannelConfig, NodeConfig } from './config.ts';
import type { StartConfig } from '../../src/driver/node-program.ts';
import { programParts, type ProgramParts } from './program-parts.ts';
import { FAILPOINT_NAMES } from '../../src/driver/failpoints.ts';
import { PROCESS_TIMINGS } from './process-timings.ts';
import { NodeRuntime } from './runtime.ts';
import { rulesOf } from '../mutants/seams.ts';

/** Thrown for a call the node cannot take; its message is the one line the kit shows. */
export class ProgramError extends Error {}

/**
 * What this node program serves. Objects, Instance Spots and Store faults need the kit's Location
 * Store (its Redis through its relays), which the kit gives a program that reports them.
 */
const CAPABILITIES: Description['capabilities'] = ['channels', 'node-direct', 'liveness', 'reconnect', 'objects', 'instance-spots', 'store-faults', 'relocation', 'sessions'];
/**
 * Failpoints fire inside a protocol step no outside action can hit; they are self-reported.
 * store.reply-lost-then-cut-off leaves the node cut off from the Store inside itself: the kit says
 * when the Store answers it again (a `fault` of kind store-up, after it healed the relay).
 */
const FAILPOINTS = [
  'transport.ack-lost-after-write', 'store.reply-lost-after-apply', 'store.fail-before-apply', 'store.reply-lost-then-cut-off',
  ...FAILPOINT_NAMES.filter((n) => n.startsWith('activation.') || n.startsWith('relocation.')),
];


export type Notify = (method: 'journal' | 'outcome' | 'store', params: unknown) => void;

export class ProgramNode {
  private runtime?: NodeRuntime;
  private parts?: ProgramParts;
  private config?: StartConfig;
  private readonly channels = new Map<string, ChannelConfig>();
  private readonly timings = { ...PROCESS_TIMINGS };

  /** `mutant`: a mutant of the reference this node runs (impl-reference/mutants), for the kit's own tests. */
  constructor(
    private readonly notify: Notify,
    private readonly options: { mutant?: string } = {},
  ) {}

  describe(): Description {
    return { name: 'spotcheck-reference', version: '0.1.0', backend: 'node-program', capabilities: [...CAPABILITIES], timings: { ...this.timings }, failpoints: [...FAILPOINTS] };
  }

  async start(config: StartConfig): Promise<{ address: string; sessionPort: number }> {
    if (this.runtime) throw new ProgramError('start: this process already runs a node');
    if (typeof config?.rid !== 'string' || typeof config.mesh !== 'string' || typeof config.credential !== 'string') {
      throw new ProgramError('start: the configuration needs rid, mesh and credential');
    }
    this.config = config;
    for (const c of config.channels ?? []) this.channels.set(c.name, channelConfig(c));
    const nodeConfig: NodeConfig = {
      rid: config.rid,
      mesh: config.mesh,
      credential: config.credential,
      timings: this.timings,
      queueCapacity: config.nodeOptions?.queueCapacity ?? 16,
      workers: config.nodeOptions?.workers ?? 4,
      messageFollowMs: typeof config.messageFollowMs === 'number' ? config.messageFollowMs : this.timings.messageFollowMs,
      channels: [...this.channels.values()],
      releasedGates: config.releasedGates ?? [],
      restart: (config.incarnation ?? 1) > 1,
      ...(this.options.mutant ? { mutant: this.options.mutant } : {}),
    };
    this.parts = await programParts(config, this.notify);
    // A failpoint that crashes the node crashes the process: no goodbye, nothing flushed.
    let sessionPort = 0;
    this.runtime = new NodeRuntime(nodeConfig, this.parts.parts, rulesOf(this.options.mutant), (e) => {
      if (e.event === 'outcome') this.notify('outcome', e.outcome);
      if (e.event === 'ready') sessionPort = e.sessionPort;
    }, () => process.kill(process.pid, 'SIGKILL'));
    await this.runtime.start();
    // Connect to the peers now; waitPeers says when they are ready.
    this.runtime.node.requestRefresh();
    // Session clients (the kit) connect to sessionPort, in the reference's Session protocol.
    return { address: this.runtime.node.address, sessionPort };
  }

  async waitPeers(peers: Rid[], withinMs: number): Promise<null> {
    const node = this.me().node;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        node.peersReady(peers),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new ProgramError(`peer connections of ${node.rid} to ${peers.join(', ')} were not ready within ${withinMs} ms`)), withinMs))),
      ]);
    } finally {
      clearTimeout(timer);
    }
    return null;
  }

  /** Where peers are now (a new node, or one the kit moved to new relays). */
  async discovery(peers: Record<Rid, string>): Promise<null> {
    const node = this.me().node;
    await this.parts!.learn(peers);
    // Read the list in full before answering, so a reconnect after this call goes to the new
    // address. The cluster's Store may be unreachable now: the last list stays (R-STO-2), and the
    // node's own refresh picks the change up once the Store answers.
    await node.discovery.refresh().catch(() => undefined);
    node.requestRefresh();
    return null;
  }

  async addChannel(spec: ChannelSpec): Promise<null> {
    const config = channelConfig(spec);
    this.channels.set(spec.name, config);
    await this.me().handle('channel', { channel: config });
    return null;
  }

  async setServer(channel: string, server: ChannelServerSpec): Promise<null> {
    const c = this.channels.get(channel);
    if (!c) throw new ProgramError(`no channel named ${channel}`);
    const s = c.servers.find((x) => x.node === server.node);
    if (!s) throw new ProgramError(`${server.node} does not serve channel ${channel}`);
    if (server.weight !== undefined) s.weight = server.weight;
    if (server.state !== undefined) s.state = server.state;
    await this.me().handle('channel', { channel: c });
    return null;
  }

  async configureNode(options: NodeOptions): Promise<null> {
    await this.me().handle('configure', options ?? {});
    return null;
  }

  async submit(op: OperationSpec): Promise<{ opId: string }> {
    const runtime = this.me();
    const from = (op as { from?: unknown }).from;
    if (from !== this.config!.rid) throw new ProgramError(`submit: operation from ${String(from)} given to node ${this.config!.rid}`);
    const opId = `${this.config!.rid}-${randomUUID()}`;
    const deadlineAt = Date.now() + ((op as { deadlineMs?: number }).deadlineMs ?? this.timings.defaultDeadlineMs);
    await runtime.handle('submit', { opId, deadlineAt, spec: op });
    return { opId };
  }

  async cancel(opId: string): Promise<null> {
    await this.me().handle('cancel', { opId });
    return null;
  }

  async shutdown(): Promise<null> {
    await this.me().handle('shutdown', {});
    return null;
  }

  async releaseGate(gate: string): Promise<null> {
    await this.me().handle('releaseGate', { gate });
    return null;
  }

  peer(peer: Rid): Promise<unknown> {
    return this.me().handle('peer', { peer });
  }

  node(): Promise<unknown> {
    return this.me().handle('node', {});
  }

  /** The Sessions with these IDs this process holds, as it holds them. */
  sessionOwners(sessionIds: string[]): Promise<unknown> {
    return this.me().handle('sessionOwners', { sessionIds: Array.isArray(sessionIds) ? sessionIds : [] });
  }

  /** Which of these Session IDs this process holds open. */
  holdsSessions(sessionIds: string[]): Promise<unknown> {
    return this.me().handle('holdsSessions', { sessionIds: Array.isArray(sessionIds) ? sessionIds : [] });
  }

  async fault(fault: Fault): Promise<{ at: number }> {
    if (fault?.kind === 'store-up') {
      // The kit healed this node's Store relay: what a Store failpoint cut off inside heals too.
      await this.me().handle('storeReach', { reachable: true });
      return { at: Date.now() };
    }
    if (fault?.kind !== 'failpoint') throw new ProgramError(`fault ${String(fault?.kind)} is the kit's to do from outside; a node program is asked only for failpoints`);
    if (!FAILPOINTS.includes(fault.name)) throw new ProgramError(`failpoint ${fault.name} is not one this node program fires`);
    const at = Date.now();
    await this.me().handle('failpoint', { name: fault.name, peer: fault.peer });
    return { at };
  }

  /** The process is done (stdin closed): no goodbye, as a crash (the kit ends it anyway). */
  async close(): Promise<void> {
    await this.runtime?.close();
  }

  private me(): NodeRuntime {
    if (!this.runtime) throw new ProgramError('no node started in this process yet (start comes first)');
    return this.runtime;
  }
}

function channelConfig(spec: ChannelSpec): ChannelConfig {
  if (typeof spec?.name !== 'string' || !Array.isArray(spec.servers)) throw new ProgramError('a channel needs a name and servers');
  return { name: spec.name, kind: spec.kind, servers: spec.servers.map((s) => ({ node: s.node, weight: s.weight ?? 1, state: s.state ?? 'Ready' })) };
}
