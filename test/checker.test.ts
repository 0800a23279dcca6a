// The history checker on small hand-written histories: for every invariant one history that
// breaks it (the check must find it, with the witness lines that show it) and one that does not;
// then the verdict and the CLI's exit status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyLine, parseHistory, type HistoryLine } from '../src/checker/history.ts';
import { checkText, CHECKS } from '../src/checker/check.ts';
import { ROOT, tempDir } from './helpers.ts';

const jsonl = (...events: object[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

/** Run one check over a history; the violations' invariant names and witness line numbers. */
function run(name: string, ...events: object[]) {
  const v = CHECKS[name](parseHistory(jsonl(...events)).events);
  return v.map((x) => ({ invariant: x.invariant, lines: x.witness.map((e) => e.line) }));
}

// Small building blocks: an operation's invoke and completion, a journal run, Store reads.
const invoke = (op: string, time: number, more: object = {}) => ({ type: 'invoke', process: 'w1', time, op, f: 'object-message', marker: `m-${op}`, ...more });
const done = (type: string, op: string, time: number, more: object = {}) => ({ type, process: 'w1', time, op, f: 'object-message', ...more });
const handler = (op: string, node: string, time: number, more: object = {}) => ({ type: 'journal', kind: 'handler', time, node, op, marker: `m-${op}`, ...more });
const record = (time: number, storeVersion: number, owner: string | undefined, more: object = {}) =>
  ({ type: 'record', time, objectId: 'a1', state: 'Ready', owner, generation: 1, storeVersion, leaseUntil: time + 600, ...more });
const crash = (node: string, time: number) => [
  { type: 'invoke', process: 'nemesis', time, op: `crash-${node}-${time}`, f: 'crash', node },
  { type: 'ok', process: 'nemesis', time: time + 1, op: `crash-${node}-${time}`, f: 'crash', node },
];
const restart = (node: string, time: number) => [
  { type: 'invoke', process: 'nemesis', time, op: `restart-${node}-${time}`, f: 'restart', node },
  { type: 'ok', process: 'nemesis', time: time + 5, op: `restart-${node}-${time}`, f: 'restart', node },
];

// ---- accepted-runs-once -----------------------------------------------------------------------

test('accepted-runs-once: one operation run on two nodes is found, with its invoke and both runs', () => {
  const v = run('accepted-runs-once', invoke('o1', 0), handler('o1', 'B', 5), handler('o1', 'C', 9), done('ok', 'o1', 12));
  assert.deepEqual(v, [{ invariant: 'accepted-runs-once', lines: [1, 2, 3] }]);
});

test('accepted-runs-once: a channel request run on two servers is select-one choosing again after acceptance (V01)', () => {
  const rules = (...events: object[]) => CHECKS['accepted-runs-once'](parseHistory(jsonl(...events)).events).map((v) => v.rules);
  assert.deepEqual(rules(invoke('o1', 0, { f: 'channel-request' }), handler('o1', 'B', 5), handler('o1', 'C', 9), done('ok', 'o1', 12, { f: 'channel-request' })), [['V01', 'R-GEN-2', 'V03']]);
  assert.deepEqual(rules(invoke('o1', 0, { f: 'channel-request' }), handler('o1', 'B', 5), handler('o1', 'B', 9), done('ok', 'o1', 12, { f: 'channel-request' })), [['R-GEN-2', 'V03']], 'twice on one server: no other server was selected');
  assert.deepEqual(rules(invoke('o1', 0), handler('o1', 'B', 5), handler('o1', 'C', 9), done('ok', 'o1', 12)), [['R-GEN-2', 'V03']], 'an object message: no select-one');
});

test('accepted-runs-once: a re-run under a new operation ID is found by its marker', () => {
  const v = run('accepted-runs-once', invoke('o1', 0), handler('o1', 'B', 5), handler('x9', 'B', 9, { marker: 'm-o1' }), done('ok', 'o1', 12));
  assert.deepEqual(v, [{ invariant: 'accepted-runs-once', lines: [1, 2, 3] }]);
});

test('accepted-runs-once: one run per operation, and factory re-runs of creation recovery, pass', () => {
  const factory = (node: string, time: number) => ({ type: 'journal', kind: 'factory', time, node, objectId: 'a1', generation: 1, marker: 'm-c1' });
  assert.deepEqual(run('accepted-runs-once', invoke('o1', 0), handler('o1', 'B', 5), invoke('o2', 6), handler('o2', 'B', 7), factory('A', 8), factory('C', 20)), []);
});

// ---- one-terminal-result ----------------------------------------------------------------------

test('one-terminal-result: an operation completed twice, or delivered twice by the runtime, is found', () => {
  assert.deepEqual(run('one-terminal-result', invoke('o1', 0), done('ok', 'o1', 5), done('fail', 'o1', 6, { value: 'Unavailable' })),
    [{ invariant: 'one-terminal-result', lines: [1, 2, 3] }]);
  const results = run('one-terminal-result', invoke('o1', 0),
    { type: 'result', time: 4, node: 'A', op: 'o1', status: 'reply' }, { type: 'result', time: 8, node: 'A', op: 'o1', status: 'timeout' }, done('ok', 'o1', 9));
  assert.deepEqual(results, [{ invariant: 'one-terminal-result', lines: [1, 2, 3] }]);
});

test('one-terminal-result: one completion each, and info followed by nothing, pass', () => {
  assert.deepEqual(run('one-terminal-result', invoke('o1', 0), invoke('o2', 1), done('ok', 'o1', 5), done('info', 'o2', 6),
    { type: 'result', time: 4, node: 'A', op: 'o1', status: 'reply' }), []);
});

// ---- single-owner -----------------------------------------------------------------------------

test('single-owner: a handler on B while reads before and after show A owning with a valid lease', () => {
  const v = run('single-owner', record(0, 3, 'A'), invoke('o1', 1), handler('o1', 'B', 10, { objectId: 'a1' }), record(20, 3, 'A'), done('ok', 'o1', 21));
  assert.deepEqual(v, [{ invariant: 'single-owner', lines: [1, 3, 4] }]);
});

test('single-owner: a forked StoreVersion and two creations securing one generation', () => {
  assert.deepEqual(run('single-owner', record(0, 3, 'A'), record(5, 3, 'B')), [{ invariant: 'single-owner', lines: [1, 2] }]);
  const create = (op: string, node: string, t: number) => [
    { type: 'invoke', process: op, time: t, op, f: 'create', node, objectId: 'a1' },
    { type: 'ok', process: op, time: t + 10, op, f: 'create', node, objectId: 'a1', generation: 4 },
  ];
  assert.deepEqual(run('single-owner', ...create('c1', 'A', 0), ...create('c2', 'B', 1)), [{ invariant: 'single-owner', lines: [1, 2, 3, 4] }]);
});

test('single-owner: a run after the record changed to its node, or once the other lease ran out, passes', () => {
  // The record moved from A to B (a new StoreVersion) before B ran; later, C runs after A's lease ended.
  assert.deepEqual(run('single-owner', record(0, 3, 'A'), record(8, 4, 'B'), handler('o1', 'B', 10, { objectId: 'a1' }), record(20, 4, 'B'),
    record(30, 5, 'A', { leaseUntil: 40 }), { type: 'journal', kind: 'factory', time: 45, node: 'C', objectId: 'a1', generation: 1 }, record(50, 5, 'A', { leaseUntil: 40 })), []);
});

test('single-owner: a read stamped with the run\'s own millisecond brackets nothing (it may be from after the run)', () => {
  // Created on D and relocated to A within one millisecond: D's factory ran before the relocation.
  const factory = { type: 'journal', kind: 'factory', time: 10, node: 'D', objectId: 'a1', generation: 1 } as const;
  assert.deepEqual(run('single-owner', record(10, 4, 'A'), factory, record(20, 4, 'A')), []);
  assert.deepEqual(run('single-owner', record(5, 4, 'A'), factory, record(10, 4, 'A')), []);
  // One millisecond either side is a bracket.
  assert.deepEqual(run('single-owner', record(9, 4, 'A'), factory, record(11, 4, 'A')), [{ invariant: 'single-owner', lines: [1, 2, 3] }]);
});

// ---- generation-never-decreases ---------------------------------------------------------------

test('generation-never-decreases: a record and a factory run below a generation already read are found', () => {
  assert.deepEqual(run('generation-never-decreases', record(0, 3, 'A', { generation: 2 }), record(5, 4, 'A', { generation: 1 })),
    [{ invariant: 'generation-never-decreases', lines: [1, 2] }]);
  assert.deepEqual(run('generation-never-decreases', record(0, 3, 'A', { generation: 2 }), { type: 'journal', kind: 'factory', time: 5, node: 'B', objectId: 'a1', generation: 1 }),
    [{ invariant: 'generation-never-decreases', lines: [1, 2] }]);
  assert.deepEqual(run('generation-never-decreases', record(0, 5, 'A'), record(5, 4, 'A')), [{ invariant: 'generation-never-decreases', lines: [1, 2] }]);
});

test('generation-never-decreases: a read and a factory run in the same millisecond are not ordered; two reads, or two runs, are', () => {
  const factory = (time: number, generation: number) => ({ type: 'journal', kind: 'factory', time, node: 'D', objectId: 'a1', generation });
  assert.deepEqual(run('generation-never-decreases', record(7, 25, 'B', { generation: 5 }), factory(7, 4)), [], 'the run may have come first');
  assert.deepEqual(run('generation-never-decreases', record(6, 25, 'B', { generation: 5 }), factory(7, 4)), [{ invariant: 'generation-never-decreases', lines: [1, 2] }]);
  assert.deepEqual(run('generation-never-decreases', record(7, 3, 'A', { generation: 2 }), record(7, 4, 'A', { generation: 1 })), [{ invariant: 'generation-never-decreases', lines: [1, 2] }]);
  assert.deepEqual(run('generation-never-decreases', factory(7, 5), factory(7, 4)), [{ invariant: 'generation-never-decreases', lines: [1, 2] }]);
});

test('generation-never-decreases: recovery of the same generation and a higher one after Close pass', () => {
  assert.deepEqual(run('generation-never-decreases', record(0, 3, 'A', { state: 'Creating', generation: 2 }),
    { type: 'journal', kind: 'factory', time: 5, node: 'C', objectId: 'a1', generation: 2 }, record(6, 4, 'C', { generation: 2 }),
    record(9, 5, undefined, { state: 'Missing', generation: 2 }), record(12, 6, 'B', { generation: 3 })), []);
});

// ---- no-rollback-after-relay-ready ------------------------------------------------------------

const reloc = (time: number, stage: string, relocation = 'r1') => ({ type: 'relocation', time, relocation, objectId: 'a1', generation: 1, source: 'A', target: 'B', stage });

test('no-rollback-after-relay-ready: a stage going back, the source named again, a handler on the source', () => {
  assert.deepEqual(run('no-rollback-after-relay-ready', reloc(0, 'preparing'), reloc(5, 'relay-ready-accepted'), reloc(9, 'rolled-back')),
    [{ invariant: 'no-rollback-after-relay-ready', lines: [2, 3] }]);
  assert.deepEqual(run('no-rollback-after-relay-ready', reloc(5, 'relay-ready-accepted'), record(8, 4, 'B'), record(12, 5, 'A')),
    [{ invariant: 'no-rollback-after-relay-ready', lines: [1, 2, 3] }]);
  assert.deepEqual(run('no-rollback-after-relay-ready', reloc(5, 'relay-ready-accepted'), invoke('o1', 6), handler('o1', 'A', 7, { objectId: 'a1' })),
    [{ invariant: 'no-rollback-after-relay-ready', lines: [1, 3] }]);
});

test('no-rollback-after-relay-ready: reads in one millisecond are in the order they were written', () => {
  assert.deepEqual(run('no-rollback-after-relay-ready', reloc(7, 'preparing'), reloc(7, 'committed')), [], 'preparing, then committed: forward');
  assert.deepEqual(run('no-rollback-after-relay-ready', reloc(7, 'committed'), reloc(7, 'preparing')), [{ invariant: 'no-rollback-after-relay-ready', lines: [1, 2] }]);
});

test('no-rollback-after-relay-ready: cancelled before the boundary, a commit, and a later relocation back pass', () => {
  assert.deepEqual(run('no-rollback-after-relay-ready', reloc(0, 'preparing', 'r0'), handler('o0', 'A', 2, { objectId: 'a1' }), reloc(3, 'cancelled', 'r0'),
    reloc(5, 'relay-ready-accepted'), handler('o1', 'B', 9, { objectId: 'a1' }), record(10, 4, 'B'), reloc(11, 'committed'),
    { ...reloc(20, 'committed', 'r2'), source: 'B', target: 'A' }, record(21, 5, 'A'), handler('o2', 'A', 22, { objectId: 'a1' })), []);
});

// ---- owner-eligibility-ends -------------------------------------------------------------------

test('owner-eligibility-ends: a timer after the lease ended, and a handler on a crashed node, are found', () => {
  assert.deepEqual(run('owner-eligibility-ends', { type: 'journal', kind: 'timer', time: 50, node: 'A', objectId: 'a1', generation: 1 },
    { type: 'lease', time: 60, node: 'A', until: 40 }), [{ invariant: 'owner-eligibility-ends', lines: [1, 2] }]);
  assert.deepEqual(run('owner-eligibility-ends', ...crash('B', 10), invoke('o1', 12), handler('o1', 'B', 15), ...restart('B', 30)),
    [{ invariant: 'owner-eligibility-ends', lines: [2, 4] }]);
});

test('owner-eligibility-ends: runs inside the lease (or stamped within the slack after it), node direct after it, and runs after a restart pass', () => {
  assert.deepEqual(run('owner-eligibility-ends', { type: 'journal', kind: 'timer', time: 43, node: 'A', objectId: 'a1', generation: 1 },
    { type: 'lease', time: 60, node: 'A', until: 40 }), [], 'stamped 3 ms after the lease ended: within the slack');
  assert.deepEqual(run('owner-eligibility-ends', { type: 'journal', kind: 'timer', time: 30, node: 'A', objectId: 'a1', generation: 1 },
    { type: 'lease', time: 35, node: 'A', until: 40 }, handler('n1', 'A', 50), { type: 'lease', time: 60, node: 'A', until: 40 },
    ...crash('B', 70), ...restart('B', 80), handler('o2', 'B', 90)), []);
});

// ---- session-not-restored ---------------------------------------------------------------------

const session = (time: number, session: string, node: string, state = 'open', bindings: string[] = ['t1']) => ({ type: 'session', time, session, node, state, bindings });

test('session-not-restored: the Session open again, its binding adopted, a relay through it ok, or held by two nodes', () => {
  assert.deepEqual(run('session-not-restored', session(0, 's1', 'A'), ...crash('A', 10), ...restart('A', 20), session(30, 's1', 'A')),
    [{ invariant: 'session-not-restored', lines: [1, 3, 6] }]);
  assert.deepEqual(run('session-not-restored', session(0, 's1', 'A'), ...crash('A', 10), session(30, 's2', 'B', 'open', ['t1'])),
    [{ invariant: 'session-not-restored', lines: [1, 3, 4] }]);
  const relay = (type: string, time: number) => ({ type, process: 'c1', time, op: 'rl1', f: 'session-relay', binding: 't1' });
  assert.deepEqual(run('session-not-restored', session(0, 's1', 'A'), ...crash('A', 10), relay('invoke', 20), relay('ok', 25)),
    [{ invariant: 'session-not-restored', lines: [1, 3, 4, 5] }]);
  assert.deepEqual(run('session-not-restored', session(0, 's1', 'A'), session(5, 's1', 'B')), [{ invariant: 'session-not-restored', lines: [1, 2] }]);
});

test('session-not-restored: in the crash\'s own millisecond, the kit\'s lines are in the order things happened', () => {
  // Crash, restart and a new Session on the new process, all in one millisecond (a simulated world
  // with no latency): the Session read after the crash line is the new process's, and open later is no restoration.
  assert.deepEqual(run('session-not-restored', ...crash('A', 10), ...restart('A', 11), session(11, 's1', 'A'), session(40, 's1', 'A')), []);
  // Read before the crash line in the same millisecond: held by the process that crashed.
  assert.deepEqual(run('session-not-restored', session(10, 's1', 'A'), ...crash('A', 10), ...restart('A', 20), session(30, 's1', 'A')),
    [{ invariant: 'session-not-restored', lines: [1, 3, 6] }]);
});

test('session-not-restored: a new Session after the crash, a failed relay and a Session of a live node pass', () => {
  const relay = (type: string, time: number) => ({ type, process: 'c1', time, op: 'rl1', f: 'session-relay', binding: 't1', value: 'NotFound' });
  assert.deepEqual(run('session-not-restored', session(0, 's1', 'A'), session(1, 's9', 'C', 'open', ['t9']), ...crash('A', 10),
    session(12, 's1', 'A', 'ended'), relay('invoke', 20), relay('fail', 25), session(30, 's2', 'B', 'open', ['t2']), session(31, 's9', 'C', 'open', ['t9'])), []);
});

test('history: what a writer appends parses back to the same events, with line numbers; bad lines are set aside', () => {
  const written: HistoryLine[] = [
    { type: 'run', seed: 7, command: 'spotcheck nemesis --seed 7' },
    { type: 'invoke', process: 'w1', time: 1, op: 'o1', f: 'create', node: 'A', objectId: 'a1', marker: 'm1' },
    { type: 'record', time: 2, objectId: 'a1', state: 'Creating', owner: 'A', generation: 1, storeVersion: 1, leaseUntil: 600 },
  ];
  const h = parseHistory(written.map(historyLine).join('') + '{"type":"record","time":3}\n');
  assert.deepEqual(h.events, written.map((e, i) => ({ ...e, line: i + 1 })));
  assert.equal(h.header?.seed, 7);
  assert.deepEqual(h.unparsed.map((u) => [u.line, u.why]), [[4, 'record: needs objectId and a state (Missing, Creating, Ready, Closing)']]);
});

// ---- unclear-change-reread ---------------------------------------------------------------------

const call = (time: number, node: string, op: string, result: string, more: object = {}) => ({ type: 'store', time, node, op, key: 'obj/a1', result, ...more });

test('unclear-change-reread: writing on from an unclear change, with no re-read between, is found (taken as applied)', () => {
  assert.deepEqual(run('unclear-change-reread', call(1, 'A', 'change', 'unclear', { expectedVersion: 3 }), call(2, 'A', 'change', 'applied', { expectedVersion: 4 })),
    [{ invariant: 'unclear-change-reread', lines: [1, 2] }]);
  assert.deepEqual(run('unclear-change-reread', call(1, 'A', 'change', 'unclear', { expectedVersion: 3 }), call(2, 'B', 'read', 'ok', { version: 4 }), call(3, 'A', 'change', 'applied', { expectedVersion: 4 })),
    [{ invariant: 'unclear-change-reread', lines: [1, 3] }], "another node's read is not this node's re-read");
});

test('unclear-change-reread: another change at the same StoreVersion is not judged (another operation of the node may have read it)', () => {
  assert.deepEqual(run('unclear-change-reread', call(1, 'A', 'change', 'unclear', { expectedVersion: 3 }), call(2, 'A', 'change', 'conflict', { expectedVersion: 3 })), []);
});

test('unclear-change-reread: a re-read (or a list holding the key) first, another key, or a crash in between, pass', () => {
  assert.deepEqual(run('unclear-change-reread', call(1, 'A', 'change', 'unclear', { expectedVersion: 3 }), call(2, 'A', 'read', 'ok', { version: 4 }), call(3, 'A', 'change', 'applied', { expectedVersion: 4 })), []);
  assert.deepEqual(run('unclear-change-reread', call(1, 'A', 'change', 'unclear', { expectedVersion: 3 }), { ...call(2, 'A', 'list', 'ok'), key: 'obj/' }, call(3, 'A', 'change', 'applied', { expectedVersion: 4 })), []);
  assert.deepEqual(run('unclear-change-reread', call(1, 'A', 'change', 'unclear', { expectedVersion: 3 }), { ...call(2, 'A', 'change', 'applied', { expectedVersion: 0 }), key: 'obj/a2' }), []);
  assert.deepEqual(run('unclear-change-reread', call(1, 'A', 'change', 'unclear', { expectedVersion: 3 }), ...crash('A', 5), ...restart('A', 9), call(12, 'A', 'change', 'applied', { expectedVersion: 4 })), []);
});

// ---- named-target-kept, host-stays-ready, connection-ids-fresh -----------------------------------

test('named-target-kept: a node direct message that ran on another node than the one named is found; on the named one it passes', () => {
  const direct = (type: string, time: number) => ({ type, process: 'w1', time, op: 'd1', f: 'node-direct', marker: 'm-d1', node: 'C' });
  assert.deepEqual(run('named-target-kept', direct('invoke', 0), handler('d1', 'B', 5), direct('ok', 9)), [{ invariant: 'named-target-kept', lines: [1, 2] }]);
  assert.deepEqual(run('named-target-kept', direct('invoke', 0), handler('d1', 'C', 5), direct('ok', 9)), []);
  assert.deepEqual(run('named-target-kept', invoke('o1', 0), handler('o1', 'B', 5)), [], 'not a node direct operation');
});

test('host-stays-ready: a running node reporting its host Error is found; a dead one, or Ready, passes', () => {
  const host = (time: number, node: string, h: string, alive = true) => ({ type: 'host', time, node, host: h, alive });
  assert.deepEqual(run('host-stays-ready', host(1, 'A', 'Ready'), ...crash('B', 2), host(5, 'A', 'Error')), [{ invariant: 'host-stays-ready', lines: [4] }]);
  assert.deepEqual(run('host-stays-ready', host(1, 'A', 'Ready'), host(5, 'B', 'Error', false)), []);
});

test('connection-ids-fresh: a connection ID handshaken twice, or ready with no handshake, is found; fresh IDs pass', () => {
  const peer = (time: number, node: string, p: string, events: Array<[string, string]>) =>
    ({ type: 'peer', time, node, peer: p, ready: true, events: events.map(([event, connectionId], i) => ({ event, connectionId, at: time - 1 + i / 10 })) });
  assert.deepEqual(run('connection-ids-fresh', peer(1, 'A', 'B', [['handshake', 'c1'], ['ready', 'c1'], ['not-ready', 'c1']]), peer(9, 'A', 'B', [['handshake', 'c1'], ['ready', 'c1']])),
    [{ invariant: 'connection-ids-fresh', lines: [1, 2] }], 'a reconnect on the old ID');
  assert.deepEqual(run('connection-ids-fresh', peer(1, 'A', 'B', [['handshake', 'c1'], ['ready', 'c1'], ['not-ready', 'c1'], ['ready', 'c2']])),
    [{ invariant: 'connection-ids-fresh', lines: [1] }], 'ready again with no handshake');
  assert.deepEqual(run('connection-ids-fresh', peer(1, 'A', 'B', [['handshake', 'c1'], ['ready', 'c1'], ['not-ready', 'c1']]), peer(9, 'A', 'B', [['handshake', 'c2'], ['ready', 'c2']]), peer(9, 'B', 'A', [['handshake', 'c3'], ['ready', 'c3']])), []);
});

test('outcome-as-contract: a failure with no ErrorKind, or an outcome with retry advice, is found; a failure naming its kind passes', () => {
  assert.deepEqual(run('outcome-as-contract', invoke('o1', 0), done('fail', 'o1', 5, { value: 'failure' })), [{ invariant: 'outcome-as-contract', lines: [2] }]);
  assert.deepEqual(run('outcome-as-contract', invoke('o1', 0), done('fail', 'o1', 5, { value: 'Unavailable', fields: ['retryable'] })), [{ invariant: 'outcome-as-contract', lines: [2] }]);
  assert.deepEqual(run('outcome-as-contract', invoke('o1', 0), done('fail', 'o1', 5, { value: 'Unavailable' }), invoke('o2', 6), done('fail', 'o2', 9, { value: 'timeout' })), []);
});

test('authority-kept: a record naming a crashed owner that then reads Missing, or another owner, is found', () => {
  assert.deepEqual(run('authority-kept', record(1, 5, 'A'), ...crash('A', 10), record(20, 6, undefined, { state: 'Missing' })), [{ invariant: 'authority-kept', lines: [1, 3, 4] }]);
  assert.deepEqual(run('authority-kept', record(1, 5, 'A'), ...crash('A', 10), ...restart('A', 15), record(30, 6, 'B')), [{ invariant: 'authority-kept', lines: [1, 3, 6] }]);
});

test('authority-kept: the record kept, a Close or relocation the kit asked for, or an unfinished activation, pass', () => {
  assert.deepEqual(run('authority-kept', record(1, 5, 'A'), ...crash('A', 10), record(20, 5, 'A')), []);
  const close = (type: string, time: number) => ({ type, process: 'w1', time, op: 'c1', f: 'close', objectId: 'a1', ...(type === 'fail' ? { value: 'Unavailable' } : {}) });
  assert.deepEqual(run('authority-kept', record(1, 5, 'A'), close('invoke', 5), ...crash('A', 10), close('fail', 12), record(20, 6, 'A', { state: 'Closing' })), [], 'a Close whose change applied as its owner died fails');
  assert.deepEqual(run('authority-kept', record(1, 5, 'A', { activation: 'unfinished' }), ...crash('A', 10), record(20, 6, undefined, { state: 'Missing' })), [], 'recovery may cancel exactly that record');
  assert.deepEqual(run('authority-kept', record(1, 5, 'A'), close('invoke', 2), close('ok', 4), record(5, 7, undefined, { state: 'Missing' }), ...crash('A', 10), record(20, 7, undefined, { state: 'Missing' })), [], 'released before the crash');
});

// Seen on the reference (nemesis --backend sim --seed 234 --ops 1000 --swarm): a relocation of i0
// from C to D lost its caller's connection after acceptance (Unavailable), C crashed, and D finished
// the owner change at the same generation, as R-REL-2 has it after relay-ready was accepted.
test('authority-kept: a relocation whose caller lost it after acceptance may still commit on its target after the source crashed', () => {
  const relocate = (type: string, time: number, extra: Record<string, unknown> = {}) =>
    ({ type, process: 'w1', time, op: 'r1', f: 'relocate', objectId: 'a1', node: 'B', ...extra });
  const lost = { value: 'Unavailable', attempts: [{ target: 'A', accepted: 'yes', reason: 'connection-lost-after-acceptance' }] };
  assert.deepEqual(run('authority-kept', relocate('invoke', 2), relocate('fail', 4, lost), record(5, 5, 'A'), ...crash('A', 10), record(20, 6, 'B')), [], 'committed on its target');
  assert.deepEqual(run('authority-kept', relocate('invoke', 2), relocate('fail', 4, lost), record(5, 5, 'A'), ...crash('A', 10), record(20, 6, 'C')),
    [{ invariant: 'authority-kept', lines: [3, 5, 6] }], 'owned by a node that was not its target');
  assert.deepEqual(run('authority-kept', relocate('invoke', 2), relocate('fail', 4, lost), record(5, 5, 'A'), ...crash('A', 10), record(20, 6, 'B', { generation: 2 })),
    [{ invariant: 'authority-kept', lines: [3, 5, 6] }], 'a relocation keeps the generation');
  const refused = { value: 'RelocationFailed', attempts: [{ target: 'A', accepted: 'yes', reason: 'accepted' }] };
  assert.deepEqual(run('authority-kept', relocate('invoke', 2), relocate('fail', 4, refused), record(5, 5, 'A'), ...crash('A', 10), record(20, 6, 'B')),
    [{ invariant: 'authority-kept', lines: [3, 5, 6] }], 'the source answered that it failed, and the record still named it after');
});

// ---- verdict and exit status ------------------------------------------------------------------

const clean = jsonl({ type: 'run', seed: 42, command: 'spotcheck nemesis --impl reference --seed 42' }, invoke('o1', 0), handler('o1', 'B', 5), done('ok', 'o1', 6));

test('verdict: valid, invalid (violations win over gaps), unknown (unparseable line, invoke never completed, completion without invoke)', () => {
  assert.equal(checkText(clean).verdict, 'valid');
  assert.equal(checkText(clean + jsonl(handler('o1', 'C', 7))).verdict, 'invalid');
  assert.equal(checkText(clean + jsonl(handler('o1', 'C', 7)) + 'garbage\n').verdict, 'invalid');
  const unknown = (text: string) => {
    const r = checkText(text);
    assert.equal(r.verdict, 'unknown');
    return r.gaps.map((g) => g.line);
  };
  assert.deepEqual(unknown(clean + '{"type":"ok"\n'), [5]);
  assert.deepEqual(unknown(clean + jsonl({ type: 'ok', time: 1 })), [5]);
  assert.deepEqual(unknown(clean + jsonl(invoke('o2', 7))), [5]);
  assert.deepEqual(unknown(clean + jsonl(done('ok', 'o3', 7))), [5]);
  assert.equal(checkText(clean + jsonl(invoke('o2', 7), done('info', 'o2', 9, { value: 'no outcome within 5000 ms' }))).verdict, 'valid');
});

function cli(text: string | null, command: string[] = ['--import', 'tsx', join(ROOT, 'src/checker/cli.ts')]) {
  const dir = tempDir('checker');
  const file = join(dir, 'history.jsonl');
  if (text !== null) writeFileSync(file, text);
  try {
    const r = spawnSync(process.execPath, [...command, file], { cwd: ROOT, encoding: 'utf8' });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('cli: exit 0 valid, 1 invalid with each violation, its witness lines and the replay command, 2 unknown or unreadable', () => {
  assert.equal(cli(clean).code, 0);
  const bad = cli(clean + jsonl(handler('o1', 'C', 7)));
  assert.equal(bad.code, 1);
  assert.match(bad.stdout, /invalid/);
  assert.match(bad.stdout, /violation 1: accepted-runs-once \[R-GEN-2, V03\]: marker m-o1 ran on B and on C/);
  assert.match(bad.stdout, /  line 2: .*"op":"o1"/);
  assert.match(bad.stdout, /  line 3: .*"node":"B"/);
  assert.match(bad.stdout, /  line 5: .*"node":"C"/);
  assert.doesNotMatch(bad.stdout, /  line 4:/);
  assert.match(bad.stdout, /replay: spotcheck nemesis --impl reference --seed 42/);
  const unknown = cli(clean + jsonl(invoke('o2', 7)));
  assert.equal(unknown.code, 2);
  assert.match(unknown.stdout, /line 5: operation o2 \(object-message\) was invoked and never completed/);
  const missing = cli(null);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^spotcheck: cannot read .*ENOENT/);
});

test('spotcheck check: the same verdicts and exit statuses as the checker on its own', () => {
  const spotcheck = [join(ROOT, 'bin/spotcheck.js'), 'check'];
  assert.equal(cli(clean, spotcheck).code, 0);
  const bad = cli(clean + jsonl(handler('o1', 'C', 7)), spotcheck);
  assert.equal(bad.code, 1);
  assert.match(bad.stdout, /violation 1: accepted-runs-once \[R-GEN-2, V03\]/);
  assert.equal(cli(clean + jsonl(invoke('o2', 7)), spotcheck).code, 2);
  const missing = cli(null, spotcheck);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^spotcheck: cannot read .*ENOENT\n$/);
});
