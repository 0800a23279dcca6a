// Protects select-one (impl-reference/channel/select-one.ts), rule R-CH-1: in a RouteMesh channel only Ready
// servers with weight > 0 are candidates, in a ClientServer channel only Ready servers (weight is not
// looked at); each select-one mutant breaks exactly its own half of that; and the smooth weighted
// round-robin picks in proportion to weight, deterministically.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brokenBy, none } from '../../impl-reference/mutants/index.ts';
import { isCandidate, RoundRobin, toServer, type ChannelServer } from '../../impl-reference/channel/select-one.ts';

const server = (node: string, weight: number, state: 'Ready' | 'NotReady' = 'Ready'): ChannelServer => ({ node, weight, state });

test('routemesh: a candidate is Ready with weight > 0', () => {
  assert.equal(isCandidate('routemesh', server('B', 1), none), true);
  assert.equal(isCandidate('routemesh', server('B', 10), none), true);
  assert.equal(isCandidate('routemesh', server('B', 0), none), false);
  assert.equal(isCandidate('routemesh', server('B', -1), none), false);
  assert.equal(isCandidate('routemesh', server('B', 5, 'NotReady'), none), false);
  assert.equal(isCandidate('routemesh', server('B', 0, 'NotReady'), none), false);
});

test('clientserver: a candidate is Ready, whatever its weight', () => {
  assert.equal(isCandidate('clientserver', server('B', 1), none), true);
  assert.equal(isCandidate('clientserver', server('B', 0), none), true);
  assert.equal(isCandidate('clientserver', server('B', 1, 'NotReady'), none), false);
  assert.equal(isCandidate('clientserver', server('B', 0, 'NotReady'), none), false);
});

test("mutant 'select-weight-zero' admits weight 0 and changes nothing else", () => {
  const broken = brokenBy('select-weight-zero');
  assert.equal(isCandidate('routemesh', server('B', 0), broken), true);
  assert.equal(isCandidate('routemesh', server('B', 0, 'NotReady'), broken), false, 'NotReady is still excluded');
  assert.equal(isCandidate('routemesh', server('B', 3, 'NotReady'), broken), false);
  assert.equal(isCandidate('clientserver', server('B', 1, 'NotReady'), broken), false);
  assert.equal(isCandidate('routemesh', server('B', 3), broken), true);
});

test("mutant 'select-not-ready-server' admits NotReady servers and changes nothing else", () => {
  const broken = brokenBy('select-not-ready-server');
  assert.equal(isCandidate('routemesh', server('B', 3, 'NotReady'), broken), true);
  assert.equal(isCandidate('clientserver', server('B', 0, 'NotReady'), broken), true);
  assert.equal(isCandidate('routemesh', server('B', 0), broken), false, 'weight 0 is still excluded');
  assert.equal(isCandidate('routemesh', server('B', 0, 'NotReady'), broken), false);
  assert.equal(isCandidate('routemesh', server('B', 3), broken), true);
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
