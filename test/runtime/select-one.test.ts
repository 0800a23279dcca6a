// Protects select-one (impl-reference/channel/select-one.ts), rule R-CH-1: in a RouteMesh channel only Ready
// servers with weight > 0 are candidates, in a ClientServer channel only Ready servers (weight is not
// looked at), the calling node's own server as any other; each select-one mutant (another
// isCandidate rule, impl-reference/mutants/channel.ts) breaks exactly its own half of that; and the smooth weighted
// round-robin picks in proportion to weight, deterministically.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rulesOf } from '../../impl-reference/mutants/seams.ts';
import { RoundRobin, toServer, type ChannelServer } from '../../impl-reference/channel/select-one.ts';

type Candidate = (kind: 'routemesh' | 'clientserver', server: ChannelServer) => boolean;
/** The candidate rule of the reference or of one mutant, asked by node A. */
const candidateOf = (mutant?: string): Candidate => (kind, server) => rulesOf(mutant).calling.isCandidate(kind, server, 'A');
const server = (node: string, weight: number, state: 'Ready' | 'NotReady' = 'Ready'): ChannelServer => ({ node, weight, state });

test('routemesh: a candidate is Ready with weight > 0', () => {
  const isCandidate = candidateOf();
  assert.equal(isCandidate('routemesh', server('B', 1)), true);
  assert.equal(isCandidate('routemesh', server('B', 10)), true);
  assert.equal(isCandidate('routemesh', server('B', 0)), false);
  assert.equal(isCandidate('routemesh', server('B', -1)), false);
  assert.equal(isCandidate('routemesh', server('B', 5, 'NotReady')), false);
  assert.equal(isCandidate('routemesh', server('B', 0, 'NotReady')), false);
});

test('clientserver: a candidate is Ready, whatever its weight', () => {
  const isCandidate = candidateOf();
  assert.equal(isCandidate('clientserver', server('B', 1)), true);
  assert.equal(isCandidate('clientserver', server('B', 0)), true);
  assert.equal(isCandidate('clientserver', server('B', 1, 'NotReady')), false);
  assert.equal(isCandidate('clientserver', server('B', 0, 'NotReady')), false);
});

test("mutant 'select-weight-zero' admits weight 0 and changes nothing else", () => {
  const isCandidate = candidateOf('select-weight-zero');
  assert.equal(isCandidate('routemesh', server('B', 0)), true);
  assert.equal(isCandidate('routemesh', server('B', 0, 'NotReady')), false, 'NotReady is still excluded');
  assert.equal(isCandidate('routemesh', server('B', 3, 'NotReady')), false);
  assert.equal(isCandidate('clientserver', server('B', 1, 'NotReady')), false);
  assert.equal(isCandidate('routemesh', server('B', 3)), true);
});

test("mutant 'select-not-ready-server' admits NotReady servers and changes nothing else", () => {
  const isCandidate = candidateOf('select-not-ready-server');
  assert.equal(isCandidate('routemesh', server('B', 3, 'NotReady')), true);
  assert.equal(isCandidate('clientserver', server('B', 0, 'NotReady')), true);
  assert.equal(isCandidate('routemesh', server('B', 0)), false, 'weight 0 is still excluded');
  assert.equal(isCandidate('routemesh', server('B', 0, 'NotReady')), false);
  assert.equal(isCandidate('routemesh', server('B', 3)), true);
});

test("the calling node's own server is a candidate; mutant 'select-skips-own-node' passes it over", () => {
  assert.equal(candidateOf()('routemesh', server('A', 1)), true);
  assert.equal(candidateOf('select-skips-own-node')('routemesh', server('A', 1)), false);
  assert.equal(candidateOf('select-skips-own-node')('routemesh', server('B', 1)), true);
});

test("mutant 'clientserver-weight-zero-skipped' filters a ClientServer server by weight, and nothing else", () => {
  const isCandidate = candidateOf('clientserver-weight-zero-skipped');
  assert.equal(isCandidate('clientserver', server('B', 0)), false);
  assert.equal(isCandidate('clientserver', server('B', 1)), true);
  assert.equal(isCandidate('routemesh', server('B', 1)), true);
});

test('toServer defaults to weight 1 and Ready', () => {
  assert.deepEqual(toServer({ node: 'B' }), { node: 'B', weight: 1, state: 'Ready' });
  assert.deepEqual(toServer({ node: 'B', weight: 0, state: 'NotReady' }), { node: 'B', weight: 0, state: 'NotReady' });
});

test('round-robin with weights 10 and 1: the weight-10 server first, then 10 to 1 over 11 picks', () => {
  const rr = new RoundRobin();
  const candidates = [server('B', 10), server('C', 1)];
  const picks = Array.from({ length: 11 }, () => rr.pick(candidates)!.node);
  assert.equal(picks[0], 'B');
  assert.equal(picks.filter((p) => p === 'B').length, 10);
  assert.equal(picks.filter((p) => p === 'C').length, 1);
  // The smooth variant spreads the light server out instead of sending it a run at the end.
  assert.notEqual(picks[10], 'C');
});

test('round-robin with equal weights alternates', () => {
  const rr = new RoundRobin();
  const candidates = [server('B', 2), server('C', 2)];
  const picks = Array.from({ length: 6 }, () => rr.pick(candidates)!.node);
  assert.deepEqual(picks, ['B', 'C', 'B', 'C', 'B', 'C']);
});

test('round-robin over no candidates picks nothing', () => {
  assert.equal(new RoundRobin().pick([]), undefined);
});
