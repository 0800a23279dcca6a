// The journal of a node-program run is read behind a barrier: a handler's line from C and the
// result A received come on two different pipes, so A's result can be read first though C wrote
// its line before it replied. Before the kit answers journal(), each running node answers a round
// trip on its own stdio, and with it every line it wrote earlier has been read (CI saw
// liveness.feature:53 fail once on "the handler ran on [], expected C" without it).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NodeProgramCluster } from '../adapters/node-program/cluster.ts';
import type { Arrival } from '../adapters/node-program/node-child.ts';

interface Inside {
  slots: Map<string, unknown>;
  evidence: { arrived(rid: string, incarnation: number, a: Arrival): void };
}

/** A node whose journal line is still in its pipe: it is read just before the answer to the next call. */
function lateLine(inside: Inside, rid: string, state: 'running' | 'hung' | 'dead', calls: string[]) {
  const line: Arrival = { method: 'journal', params: { kind: 'handler', opId: 'op-1', input: { mark: 'm' } }, at: 1 };
  return {
    state,
    async call(method: string) {
      calls.push(`${rid} ${method}`);
      inside.evidence.arrived(rid, 0, line);
      return {};
    },
  };
}

test('journal(): a line a running node wrote before the call is in the answer; hung and dead nodes are not asked', async () => {
  const d = new NodeProgramCluster('unused');
  const inside = d as unknown as Inside;
  const calls: string[] = [];
  for (const [rid, state] of [['A', 'running'], ['C', 'running'], ['H', 'hung'], ['X', 'dead']] as const) {
    inside.slots.set(rid, { rid, mesh: 'm1', incarnation: 0, dead: false, child: lateLine(inside, rid, state, calls) });
  }
  const nodes = (await d.journal()).filter((e) => e.kind === 'handler').map((e) => e.node).sort();
  assert.deepEqual(nodes, ['A', 'C'], 'the lines still in the pipes of the running nodes are read');
  assert.deepEqual(calls.sort(), ['A node', 'C node']);
});

test('journal(): a node that stops answering because it died meanwhile does not fail the read; a running one that fails does', async () => {
  const d = new NodeProgramCluster('unused');
  const inside = d as unknown as Inside;
  const dying = { state: 'running' as string, async call() { this.state = 'dead'; throw new Error('node B is not running'); } };
  inside.slots.set('B', { rid: 'B', mesh: 'm1', incarnation: 0, dead: false, child: dying });
  assert.deepEqual(await d.journal(), []);
  inside.evidence.arrived('B', 0, { method: 'journal', params: { kind: 'handler', opId: 'op-2', input: {} }, at: 2 });
  const broken = { state: 'running', async call() { throw new Error('node B: no method node'); } };
  inside.slots.set('B', { rid: 'B', mesh: 'm1', incarnation: 0, dead: false, child: broken });
  await assert.rejects(d.journal(), /no method node/);
});

test('journal(): with nothing notified since the last barrier began, a poll asks nobody; a new notification brings the round trip back', async () => {
  const d = new NodeProgramCluster('unused');
  const inside = d as unknown as Inside;
  const calls: string[] = [];
  const quiet = { state: 'running', async call(method: string) { calls.push(method); return {}; } };
  inside.slots.set('A', { rid: 'A', mesh: 'm1', incarnation: 0, dead: false, child: quiet });
  await d.journal();
  await d.journal();
  await d.journal();
  assert.equal(calls.length, 1, 'three polls of a quiet journal: one round trip');
  inside.evidence.arrived('A', 0, { method: 'outcome', params: { opId: 'op-1', status: 'reply', attempts: [] }, at: 3 });
  await d.journal();
  assert.equal(calls.length, 2, 'a result arrived: the next read asks again');
});
