// Where accepted work goes on the node that accepted it (spec 3.3): the application's handler,
// the Session owner side, the object host, a relocated object's new location; and a node's own
// queue, for a caller that is its own target. A process that died meanwhile answers nothing.

import type { Rid } from '../../src/driver/types.ts';
import type { InboundQueue } from '../connection/inbound-queue.ts';
import type { SessionOwnerSide } from '../connection/node-context.ts';
import type { Completion, Submission } from '../connection/peer-link.ts';
import type { Application } from '../kernel/application.ts';
import { fail, ok, type Work, type WorkResult } from '../kernel/work.ts';

/** A relocated object's new location, as a location-update work carries it. */
export interface LocationUpdate {
  objectId: string;
  generation: number;
  owner: Rid;
}

/**
 * R-CH-2: node direct goes to the named node only, so a node relays nothing on to another: work of
 * kind 'relay' comes only from a kit mutant's caller, and the reference answers it Unavailable. The
 * mutant's relaying half is another implementation of this rule (impl-reference/mutants/channel.ts).
 */
export interface RelayRules {
  relayed(node: DispatchNode, work: Extract<Work, { type: 'relay' }>): Promise<WorkResult>;
}

export const REFERENCE_RELAY: RelayRules = {
  relayed: async () => fail('Unavailable'),
};

/** What running work needs of its node. */
export interface DispatchNode {
  readonly rid: Rid;
  readonly alive: boolean;
  readonly app: Application;
  readonly relayRules: RelayRules;
  readonly queue: InboundQueue;
  readonly timings: { defaultDeadlineMs: number };
  readonly objects: { handle(work: Work, opId: string): Promise<WorkResult | undefined> };
  readonly sessions?: SessionOwnerSide;
  locationUpdate(u: LocationUpdate): void;
  link(peer: Rid): { ready: boolean } | undefined;
  sendWork(target: Rid, work: Work, deadlineMs: number): Promise<WorkResult | undefined>;
}

/** Submit to the node's own queue (the caller is the target). */
export function submitLocal(node: DispatchNode, opId: string, work: Work): Submission {
  let settle!: (c: Completion) => void;
  const completion = new Promise<Completion>((r) => (settle = r));
  const accepted = node.queue.offer({
    opId,
    run: async () => {
      const result = await runWork(node, opId, work);
      if (result) settle(result);
    },
  });
  return { acceptance: Promise.resolve(accepted ? 'yes' : 'no'), completion };
}

/** Run accepted work; undefined when the process died meanwhile (no reply, ever). */
export async function runWork(node: DispatchNode, opId: string, work: Work): Promise<WorkResult | undefined> {
  try {
    return await runUnguarded(node, opId, work);
  } catch {
    // Nothing a peer sends may take the process down; a dead process answers nothing.
    return node.alive ? fail('Unavailable') : undefined;
  }
}

async function runUnguarded(node: DispatchNode, opId: string, work: Work): Promise<WorkResult | undefined> {
  if (!node.alive) return undefined;
  let result: WorkResult | undefined;
  if (work.type === 'app') {
    try {
      result = ok(await node.app.handle(node.rid, opId, work.payload));
    } catch {
      result = fail('HandlerError');
    }
  } else if (work.type === 'location-update') {
    node.locationUpdate({ objectId: work.objectId, generation: work.generation, owner: work.owner });
    result = ok({});
  } else if (work.type === 'session-relay') {
    result = node.sessions ? await node.sessions.relayArrived(opId, work) : fail('Unavailable');
  } else if (work.type === 'session-frame') {
    result = node.sessions ? node.sessions.frameArrived(work.session, work.frame) : fail('Unavailable');
  } else if (work.type === 'relay') {
    result = await node.relayRules.relayed(node, work);
  } else {
    result = await node.objects.handle(work, opId);
  }
  return node.alive ? result : undefined;
}
