// The invariants over a caller's links and its own node (V05's reply route, R-CH-1's calling node,
// R-CH-2's NotFound and Unavailable at once), each on small hand-written histories: one that
// breaks it (found, with the witness lines that show it) and ones that do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHistory } from '../src/checker/history.ts';
import { CHECKS } from '../src/checker/check.ts';

const jsonl = (...events: object[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

function run(name: string, ...events: object[]) {
  const v = CHECKS[name](parseHistory(jsonl(...events)).events);
  return v.map((x) => ({ invariant: x.invariant, lines: x.witness.map((e) => e.line) }));
}

const op = (type: string, id: string, time: number, f: string, more: object = {}) => ({ type, process: 'w1', time, op: id, f, marker: `m-${id}`, ...more });
const handler = (id: string, node: string, time: number, runtimeOp = `rt-${id}`) => ({ type: 'journal', kind: 'handler', time, node, op: runtimeOp, marker: `m-${id}` });
const result = (id: string, node: string, time: number, status = 'reply') => ({ type: 'result', time, node, op: `rt-${id}`, status });
/** X's view of its link to Y: the events given as [event, connection, at]. */
const link = (node: string, peer: string, time: number, events: Array<[string, string, number]>) =>
  ({ type: 'peer', time, node, peer, ready: events.at(-1)?.[0] === 'ready', events: events.map(([event, connectionId, at]) => ({ event, connectionId, at })) });
const accepted = (target: string) => ({ attempts: [{ target, accepted: 'yes', reason: 'accepted' }] });

// ---- reply-on-its-connection (V05) ------------------------------------------------------------------

test('reply-on-its-connection: a reply delivered after its connection was lost and a new one made is found', () => {
  const history = [
    link('B', 'A', 1, [['handshake', 'c1', 0], ['ready', 'c1', 0]]),
    op('invoke', 'o1', 2, 'channel-request', { from: 'B' }),
    handler('o1', 'A', 3),
    link('B', 'A', 20, [['not-ready', 'c1', 10], ['handshake', 'c2', 15], ['ready', 'c2', 15]]),
    result('o1', 'B', 30),
    op('ok', 'o1', 30, 'channel-request', accepted('A')),
  ];
  assert.deepEqual(run('reply-on-its-connection', ...history), [{ invariant: 'reply-on-its-connection', lines: [3, 4, 5, 6] }]);
});

test('reply-on-its-connection: a reply before the loss, one with no new connection, a run on the caller, or one relayed through a third node pass', () => {
  const base = (resultAt: number, newer = true) => [
    link('B', 'A', 1, [['handshake', 'c1', 0], ['ready', 'c1', 0]]),
    op('invoke', 'o1', 2, 'channel-request', { from: 'B' }),
    handler('o1', 'A', 3),
    link('B', 'A', 20, newer ? [['not-ready', 'c1', 10], ['handshake', 'c2', 15], ['ready', 'c2', 15]] : [['not-ready', 'c1', 10]]),
    result('o1', 'B', resultAt),
    op('ok', 'o1', resultAt, 'channel-request', accepted('A')),
  ];
  assert.deepEqual(run('reply-on-its-connection', ...base(8)), [], 'the reply came before the connection was lost');
  assert.deepEqual(run('reply-on-its-connection', ...base(30, false)), [], 'no newer connection');
  const relayed = base(30).map((e) => ('attempts' in e ? { ...e, ...accepted('C') } : e));
  assert.deepEqual(run('reply-on-its-connection', ...relayed), [], 'accepted by another node, which relayed it');
  const failed = base(30).map((e) => (e.type === 'result' ? { ...e, status: 'failure' } : e));
  assert.deepEqual(run('reply-on-its-connection', ...failed), [], 'ended Unavailable, as it should');
});

// ---- select-one-tries-itself (R-CH-1) ---------------------------------------------------------------

const set = (id: string, node: string, time: number, weight: number, state: string, kind = 'routemesh') => [
  { type: 'invoke', process: 'w2', time, op: id, f: 'channel-set', node, channel: 'ch', channelKind: kind, weight, state },
  { type: 'ok', process: 'w2', time: time + 1, op: id, f: 'channel-set', node, channel: 'ch', channelKind: kind, weight, state },
];

test('select-one-tries-itself: a request failing with nothing tried while its own node was a candidate is found', () => {
  assert.deepEqual(run('select-one-tries-itself', ...set('s1', 'B', 0, 1, 'Ready'), op('invoke', 'o1', 5, 'channel-request', { from: 'B', channel: 'ch' }), op('fail', 'o1', 6, 'channel-request', { value: 'Unavailable', attempts: [] })),
    [{ invariant: 'select-one-tries-itself', lines: [1, 2, 3, 4] }]);
  assert.deepEqual(run('select-one-tries-itself', ...set('s1', 'B', 0, 0, 'Ready', 'clientserver'), op('invoke', 'o1', 5, 'channel-request', { from: 'B', channel: 'ch' }), op('fail', 'o1', 6, 'channel-request', { value: 'Unavailable' })),
    [{ invariant: 'select-one-tries-itself', lines: [1, 2, 3, 4] }], 'a ClientServer server of weight 0 is a candidate');
});

test('select-one-tries-itself: its node no candidate, a change under way, a fault on it, or an attempt made pass', () => {
  const req = (more: object = {}) => [op('invoke', 'o1', 5, 'channel-request', { from: 'B', channel: 'ch' }), op('fail', 'o1', 9, 'channel-request', { value: 'Unavailable', ...more })];
  assert.deepEqual(run('select-one-tries-itself', ...set('s1', 'B', 0, 0, 'Ready'), ...req()), [], 'weight 0 in a RouteMesh channel');
  assert.deepEqual(run('select-one-tries-itself', ...set('s1', 'B', 0, 1, 'NotReady'), ...req()), [], 'NotReady');
  assert.deepEqual(run('select-one-tries-itself', ...set('s1', 'B', 0, 0, 'Ready'), ...set('s2', 'B', 6, 1, 'Ready'), ...req()), [], 'a change under way');
  assert.deepEqual(run('select-one-tries-itself', ...set('s1', 'B', 0, 1, 'Ready'), { type: 'invoke', process: 'nemesis', time: 4, op: 'n1', f: 'hang', node: 'B' }, ...req()), [], 'the kit hung it');
  assert.deepEqual(run('select-one-tries-itself', ...set('s1', 'B', 0, 1, 'Ready'), ...req({ attempts: [{ target: 'B', accepted: 'no', reason: 'capacity' }] })), [], 'tried');
});

// ---- direct-unknown-not-found (R-CH-2) ----------------------------------------------------------------

test('direct-unknown-not-found: node direct to a RID no node has, ending Unavailable, is found; NotFound, a timeout or a shutdown pass', () => {
  const known = link('A', 'B', 1, [['handshake', 'c1', 0], ['ready', 'c1', 0]]);
  const direct = (value: string) => [known, op('invoke', 'd1', 5, 'node-direct', { from: 'A', node: 'Z' }), op('fail', 'd1', 6, 'node-direct', { value })];
  assert.deepEqual(run('direct-unknown-not-found', ...direct('Unavailable')), [{ invariant: 'direct-unknown-not-found', lines: [2, 3] }]);
  for (const value of ['NotFound', 'timeout', 'shutdown']) assert.deepEqual(run('direct-unknown-not-found', ...direct(value)), [], value);
  assert.deepEqual(run('direct-unknown-not-found', known, op('invoke', 'd1', 5, 'node-direct', { from: 'A', node: 'B' }), op('fail', 'd1', 6, 'node-direct', { value: 'Unavailable' })), [], 'a node that exists');
});

// ---- direct-not-ready-at-once (R-CH-2) ------------------------------------------------------------------

test('direct-not-ready-at-once: node direct sent while the link was not ready that ran after it was ready again is found', () => {
  const history = [
    link('A', 'B', 1, [['handshake', 'c1', 0], ['ready', 'c1', 0], ['not-ready', 'c1', 10]]),
    op('invoke', 'd1', 20, 'node-direct', { from: 'A', node: 'B' }),
    link('A', 'B', 200, [['handshake', 'c2', 150], ['ready', 'c2', 150]]),
    handler('d1', 'B', 160),
    op('ok', 'd1', 170, 'node-direct', accepted('B')),
  ];
  assert.deepEqual(run('direct-not-ready-at-once', ...history), [{ invariant: 'direct-not-ready-at-once', lines: [1, 2, 3, 4, 5] }]);
});

test('direct-not-ready-at-once: Unavailable at once, a link ready again within the margin, or a link ready at the invoke pass', () => {
  const history = (readyAgainAt: number, end: object) => [
    link('A', 'B', 1, [['handshake', 'c1', 0], ['ready', 'c1', 0], ['not-ready', 'c1', 10]]),
    op('invoke', 'd1', 20, 'node-direct', { from: 'A', node: 'B' }),
    link('A', 'B', 200, [['handshake', 'c2', readyAgainAt], ['ready', 'c2', readyAgainAt]]),
    end,
  ];
  assert.deepEqual(run('direct-not-ready-at-once', ...history(150, op('fail', 'd1', 20, 'node-direct', { value: 'Unavailable' }))), []);
  assert.deepEqual(run('direct-not-ready-at-once', ...history(40, op('ok', 'd1', 60, 'node-direct', accepted('B')))), [], 'ready again 20 ms after the invoke');
  assert.deepEqual(run('direct-not-ready-at-once', link('A', 'B', 1, [['handshake', 'c1', 0], ['ready', 'c1', 0]]), op('invoke', 'd1', 20, 'node-direct', { from: 'A', node: 'B' }), op('ok', 'd1', 30, 'node-direct', accepted('B'))), []);
});

// ---- peer-failure-stays-local (V04) -------------------------------------------------------------------

test('peer-failure-stays-local: while only Y hung, another node dropping its link to a third node is found', () => {
  const header = { type: 'run', seed: 1, livenessDeadlineMs: 300 };
  const hang = (time: number) => [{ type: 'invoke', process: 'nemesis', time, op: 'n1', f: 'hang', node: 'C' }, { type: 'ok', process: 'nemesis', time, op: 'n1', f: 'hang', node: 'C' }];
  const heal = { type: 'invoke', process: 'nemesis', time: 2000, op: 'n2', f: 'crash', node: 'C' };
  const spread = link('A', 'B', 1500, [['not-ready', 'c1', 1320]]);
  assert.deepEqual(run('peer-failure-stays-local', header, ...hang(1000), link('A', 'C', 1500, [['not-ready', 'c2', 1300]]), spread, heal),
    [{ invariant: 'peer-failure-stays-local', lines: [2, 5] }]);
  assert.deepEqual(run('peer-failure-stays-local', header, ...hang(1000), link('A', 'C', 1500, [['not-ready', 'c2', 1300]]), heal), [], 'only the link to Y');
  assert.deepEqual(run('peer-failure-stays-local', header, { type: 'invoke', process: 'nemesis', time: 900, op: 'n0', f: 'close-connection', node: 'A', peer: 'B' }, ...hang(1000), spread, heal), [], 'another fault just before');
  assert.deepEqual(run('peer-failure-stays-local', header, { type: 'invoke', process: 'nemesis', time: 100, op: 'n0', f: 'store-down' }, ...hang(1000), spread, heal), [], 'a Store outage open');
  assert.deepEqual(run('peer-failure-stays-local', header, ...hang(1000), link('A', 'B', 2500, [['not-ready', 'c1', 2100]]), heal), [], 'after the heal');
});

// ---- cancelled-only-when-asked (R-GEN-3) ----------------------------------------------------------------

test('cancelled-only-when-asked: an operation ending cancelled with no cancel in the history is found; shutdown, or a cancel asked for, pass', () => {
  assert.deepEqual(run('cancelled-only-when-asked', op('invoke', 'o1', 0, 'channel-request'), op('fail', 'o1', 5, 'channel-request', { value: 'cancelled' })), [{ invariant: 'cancelled-only-when-asked', lines: [1, 2] }]);
  assert.deepEqual(run('cancelled-only-when-asked', op('invoke', 'o1', 0, 'channel-request'), op('fail', 'o1', 5, 'channel-request', { value: 'shutdown' })), []);
  assert.deepEqual(run('cancelled-only-when-asked', op('invoke', 'o1', 0, 'channel-request'), op('invoke', 'k1', 2, 'cancel'), op('fail', 'o1', 5, 'channel-request', { value: 'cancelled' })), []);
});

// ---- direct-ready-link-used (R-CH-2, V04) ----------------------------------------------------------------

test('direct-ready-link-used: node direct ending Unavailable over a link ready throughout is found; a link lost, a fault on either end, or an attempt accepted pass', () => {
  const header = { type: 'run', seed: 1, livenessDeadlineMs: 300 };
  const ready = link('A', 'B', 1, [['handshake', 'c1', 0], ['ready', 'c1', 0]]);
  const after = (events: Array<[string, string, number]> = []) => ({ ...link('A', 'B', 50, events), ready: events.length === 0 || events.at(-1)![0] === 'ready' });
  const direct = (more: object = {}) => [op('invoke', 'd1', 10, 'node-direct', { from: 'A', node: 'B' }), op('fail', 'd1', 20, 'node-direct', { value: 'Unavailable', ...more })];
  assert.deepEqual(run('direct-ready-link-used', header, ready, ...direct(), after()), [{ invariant: 'direct-ready-link-used', lines: [2, 3, 4] }]);
  assert.deepEqual(run('direct-ready-link-used', header, ready, ...direct(), after([['not-ready', 'c1', 15]])), [], 'the link was lost meanwhile');
  assert.deepEqual(run('direct-ready-link-used', header, ready, { type: 'invoke', process: 'nemesis', time: 5, op: 'n1', f: 'hang', node: 'B' }, ...direct(), after()), [], 'the kit hung the named node');
  assert.deepEqual(run('direct-ready-link-used', header, ready, ...direct({ attempts: [{ target: 'B', accepted: 'yes', reason: 'connection-lost-after-acceptance' }] }), after()), [], 'accepted, then lost');
  assert.deepEqual(run('direct-ready-link-used', header, ready, ...direct()), [], 'never read after the end');
});

test('peer-failure-stays-local: a failpoint armed on the link earlier (it may go off any time) judges nothing', () => {
  const header = { type: 'run', seed: 1, livenessDeadlineMs: 300 };
  const armed = { type: 'invoke', process: 'nemesis', time: 10, op: 'n0', f: 'failpoint', node: 'A', peer: 'B', failpoint: 'transport.ack-lost-after-write' };
  const hang = [{ type: 'invoke', process: 'nemesis', time: 1000, op: 'n1', f: 'hang', node: 'C' }, { type: 'ok', process: 'nemesis', time: 1000, op: 'n1', f: 'hang', node: 'C' }];
  assert.deepEqual(run('peer-failure-stays-local', header, armed, ...hang, link('A', 'B', 1500, [['not-ready', 'c1', 1005]])), []);
});

// ---- refused-server-passed-over (V01, R-GEN-1) ------------------------------------------------------------

test('refused-server-passed-over: a refusing server tried again before the caller, a candidate, is found; a later round, or the caller no candidate, pass', () => {
  const no = (target: string) => ({ target, accepted: 'no', reason: 'capacity' });
  const req = (attempts: object[]) => [op('invoke', 'o1', 5, 'channel-request', { from: 'B', channel: 'ch' }), op('ok', 'o1', 9, 'channel-request', { attempts })];
  assert.deepEqual(run('refused-server-passed-over', ...set('s1', 'B', 0, 1, 'Ready'), ...req([no('C'), no('C'), { target: 'C', accepted: 'yes' }])),
    [{ invariant: 'refused-server-passed-over', lines: [1, 2, 3, 4] }]);
  assert.deepEqual(run('refused-server-passed-over', ...set('s1', 'B', 0, 1, 'Ready'), ...req([no('C'), no('B'), no('C'), { target: 'B', accepted: 'yes' }])), [], 'a second round, after the caller refused too');
  assert.deepEqual(run('refused-server-passed-over', ...set('s1', 'B', 0, 0, 'Ready'), ...req([no('C'), no('C'), { target: 'C', accepted: 'yes' }])), [], 'the caller no candidate');
});

// ---- operation-ends (R-GEN-3, R-GEN-1) -----------------------------------------------------------------

test('operation-ends: an operation with no outcome its deadline and 2 s after is found; one with its caller hung, or written sooner, passes', () => {
  const req = (infoAt: number) => [op('invoke', 'o1', 0, 'object-message', { from: 'B', deadlineMs: 1000 }), op('info', 'o1', infoAt, 'object-message', { value: 'no outcome within its deadline and 2 s' })];
  assert.deepEqual(run('operation-ends', ...req(3000)), [{ invariant: 'operation-ends', lines: [1, 2] }]);
  assert.deepEqual(run('operation-ends', ...req(500)), [], 'the kit gave up early (a driver error): no proof');
  assert.deepEqual(run('operation-ends', { type: 'invoke', process: 'nemesis', time: 100, op: 'n1', f: 'hang', node: 'B' }, ...req(3000)), [], 'its caller hung');
});

test('refused-server-passed-over: a repeat after the caller was tried (a later round) passes', () => {
  const no = (target: string) => ({ target, accepted: 'no', reason: 'capacity' });
  assert.deepEqual(run('refused-server-passed-over', ...set('s1', 'A', 0, 1, 'Ready'), op('invoke', 'o1', 5, 'channel-request', { from: 'A', channel: 'ch' }),
    op('fail', 'o1', 9, 'channel-request', { value: 'Unavailable', attempts: [no('A'), no('B'), { target: 'B', accepted: 'unknown', reason: 'connection-lost' }] })), []);
});

// ---- object-runs-where-it-is (R-OBJ-1, V02) ---------------------------------------------------------------

test('object-runs-where-it-is: an object message run on a node that never held the object is found; on an owner, a relocation target or a member it passes', () => {
  const rec = { type: 'record', time: 1, objectId: 'a1', state: 'Ready', owner: 'B', generation: 1, storeVersion: 2 };
  const msg = op('invoke', 'o1', 5, 'object-message', { from: 'A', objectId: 'a1' });
  assert.deepEqual(run('object-runs-where-it-is', rec, msg, handler('o1', 'C', 6)), [{ invariant: 'object-runs-where-it-is', lines: [2, 3] }]);
  assert.deepEqual(run('object-runs-where-it-is', rec, msg, handler('o1', 'B', 6)), []);
  assert.deepEqual(run('object-runs-where-it-is', rec, op('invoke', 'r1', 2, 'relocate', { objectId: 'a1', node: 'C' }), msg, handler('o1', 'C', 6)), [], 'a relocation target');
  assert.deepEqual(run('object-runs-where-it-is', rec, op('invoke', 'j1', 2, 'join', { objectId: 'a1', node: 'C' }), msg, handler('o1', 'C', 6)), [], 'a member');
  assert.deepEqual(run('object-runs-where-it-is', rec, { type: 'journal', kind: 'factory', time: 2, node: 'C', objectId: 'a1', generation: 2 }, msg, handler('o1', 'C', 6)), [], 'its factory ran there');
});

// ---- close-releases-authority (R-INST-5) ------------------------------------------------------------------

test('close-releases-authority: the closed generation read Closing or Ready after the Close ended ok is found; Missing, or a new generation, pass', () => {
  const rec = (time: number, state: string, generation = 1) => ({ type: 'record', time, objectId: 'i0', state, generation, storeVersion: time, ...(state === 'Missing' ? {} : { owner: 'B' }) });
  const close = [op('invoke', 'c1', 5, 'close', { from: 'A', objectId: 'i0', generation: 1 }), op('ok', 'c1', 9, 'close')];
  assert.deepEqual(run('close-releases-authority', rec(1, 'Ready'), ...close, rec(12, 'Closing')), [{ invariant: 'close-releases-authority', lines: [2, 3, 4] }]);
  assert.deepEqual(run('close-releases-authority', rec(1, 'Ready'), ...close, rec(12, 'Missing')), []);
  assert.deepEqual(run('close-releases-authority', rec(1, 'Ready'), ...close, rec(12, 'Ready', 2)), [], 'a new incarnation');
  assert.deepEqual(run('close-releases-authority', rec(1, 'Ready'), rec(7, 'Closing'), ...close), [], 'Closing before the end');
});
