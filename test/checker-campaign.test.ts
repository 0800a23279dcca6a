// The invariants over what an Outcome reports and what the kit set (attempts, deadlines, channel
// changes), each on small hand-written histories: one that breaks it (found, with the witness
// lines that show it) and ones that do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHistory } from '../src/checker/history.ts';
import { checkText, CHECKS } from '../src/checker/check.ts';

const jsonl = (...events: object[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

function run(name: string, ...events: object[]) {
  const v = CHECKS[name](parseHistory(jsonl(...events)).events);
  return v.map((x) => ({ invariant: x.invariant, lines: x.witness.map((e) => e.line) }));
}

const invoke = (op: string, time: number, more: object = {}) => ({ type: 'invoke', process: 'w1', time, op, f: 'channel-request', marker: `m-${op}`, ...more });
const done = (type: string, op: string, time: number, more: object = {}) => ({ type, process: 'w1', time, op, f: 'channel-request', ...more });
const handler = (op: string, node: string, time: number) => ({ type: 'journal', kind: 'handler', time, node, op, marker: `m-${op}` });
const attempt = (target: string, accepted: string, reason?: string) => ({ target, accepted, ...(reason ? { reason } : {}) });
/** A channel-set of `node` on channel ch: invoked at `time`, ok 1 ms later (or `end` as given). */
const set = (op: string, node: string, time: number, weight: number, state: string, end: { type?: string; at?: number } = {}) => [
  { type: 'invoke', process: 'w2', time, op, f: 'channel-set', node, channel: 'ch', channelKind: 'routemesh', weight, state },
  { type: end.type ?? 'ok', process: 'w2', time: end.at ?? time + 1, op, f: 'channel-set', node, channel: 'ch', channelKind: 'routemesh', weight, state },
];

// ---- the history format -------------------------------------------------------------------------

test('history: attempts, deadlineMs, channel, weight and state parse; attempts of the wrong shape do not', () => {
  const h = parseHistory(jsonl(invoke('o1', 0, { deadlineMs: 1000, channel: 'ch' }), done('ok', 'o1', 5, { attempts: [attempt('B', 'yes', 'accepted')] }), ...set('s1', 'B', 6, 0, 'Ready')));
  assert.equal(h.unparsed.length, 0);
  const bad = parseHistory(jsonl(done('ok', 'o1', 5, { attempts: [{ target: 'B', accepted: 'maybe' }] }), invoke('o2', 0, { deadlineMs: '1s' })));
  assert.deepEqual(bad.unparsed.map((u) => u.line), [1, 2]);
});

// ---- attempts-stop-at-acceptance ----------------------------------------------------------------

test('attempts-stop-at-acceptance: an attempt after one accepted, or after one of unknown acceptance, is found', () => {
  assert.deepEqual(run('attempts-stop-at-acceptance', invoke('o1', 0), done('ok', 'o1', 9, { attempts: [attempt('B', 'yes', 'accepted'), attempt('C', 'yes', 'accepted')] })),
    [{ invariant: 'attempts-stop-at-acceptance', lines: [1, 2] }]);
  assert.deepEqual(run('attempts-stop-at-acceptance', invoke('o1', 0), done('fail', 'o1', 9, { value: 'Unavailable', attempts: [attempt('B', 'unknown', 'connection-lost'), attempt('C', 'no', 'capacity')] })),
    [{ invariant: 'attempts-stop-at-acceptance', lines: [1, 2] }]);
  assert.equal(run('attempts-stop-at-acceptance', invoke('o1', 0), done('fail', 'o1', 9, { value: 'HandlerError', attempts: [attempt('B', 'yes'), attempt('B', 'yes')] })).length, 1, 'the same target written again: a new start');
});

test('attempts-stop-at-acceptance: refusals and not-ready servers before the one that accepted pass', () => {
  assert.deepEqual(run('attempts-stop-at-acceptance', invoke('o1', 0), done('ok', 'o1', 9, { attempts: [attempt('B', 'no', 'capacity'), attempt('C', 'no', 'not-ready'), attempt('D', 'yes')] })), []);
  assert.deepEqual(run('attempts-stop-at-acceptance', invoke('o1', 0), done('fail', 'o1', 9, { value: 'Unavailable', attempts: [attempt('B', 'unknown')] }), done('ok', 'o2', 9)), []);
});

// ---- direct-attempts-named ----------------------------------------------------------------------

test('direct-attempts-named: a node direct sent to another node than the one named is found; to the named one it passes', () => {
  const direct = (more: object) => ({ f: 'node-direct', node: 'B', ...more });
  assert.deepEqual(run('direct-attempts-named', invoke('o1', 0, direct({})), done('fail', 'o1', 9, direct({ value: 'Busy', attempts: [attempt('B', 'no', 'not-ready'), attempt('C', 'no', 'capacity')] }))),
    [{ invariant: 'direct-attempts-named', lines: [1, 2] }]);
  assert.deepEqual(run('direct-attempts-named', invoke('o1', 0, direct({})), done('fail', 'o1', 9, direct({ value: 'Busy', attempts: [attempt('B', 'no', 'capacity')] }))), []);
  assert.deepEqual(run('direct-attempts-named', invoke('o1', 0), done('ok', 'o1', 9, { attempts: [attempt('B', 'no'), attempt('C', 'yes')] })), [], 'a channel request may pick another');
});

// ---- timeout-not-early --------------------------------------------------------------------------

test('timeout-not-early: a timeout before the deadline the kit set is found; at or after it, or without a deadline, passes', () => {
  assert.deepEqual(run('timeout-not-early', invoke('o1', 100, { deadlineMs: 1000 }), done('fail', 'o1', 400, { value: 'timeout' })), [{ invariant: 'timeout-not-early', lines: [1, 2] }]);
  assert.deepEqual(run('timeout-not-early', invoke('o1', 100, { deadlineMs: 1000 }), done('fail', 'o1', 1100, { value: 'timeout' })), []);
  assert.deepEqual(run('timeout-not-early', invoke('o1', 100, { deadlineMs: 1000 }), done('fail', 'o1', 400, { value: 'Unavailable' })), [], 'Unavailable may come at once');
  assert.deepEqual(run('timeout-not-early', invoke('o1', 100), done('fail', 'o1', 400, { value: 'timeout' })), [], 'no deadline written: nothing to judge');
});

// ---- select-one-candidates ----------------------------------------------------------------------

test('select-one-candidates: a request written to, or run on, a server of weight 0 or NotReady the whole time is found', () => {
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'B', 0, 0, 'Ready'), invoke('o1', 10, { channel: 'ch' }), done('ok', 'o1', 20, { attempts: [attempt('B', 'yes')] })),
    [{ invariant: 'select-one-candidates', lines: [1, 2, 3, 4] }]);
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'C', 0, 2, 'NotReady'), invoke('o1', 10, { channel: 'ch' }), handler('o1', 'C', 12), done('ok', 'o1', 20)),
    [{ invariant: 'select-one-candidates', lines: [1, 2, 3, 4] }]);
  // Taken out, then a request that first met a refusal and then was re-selected onto it (V01.4).
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'B', 0, 1, 'Ready'), ...set('s2', 'C', 2, 0, 'NotReady'), invoke('o1', 10, { channel: 'ch' }), done('ok', 'o1', 20, { attempts: [attempt('B', 'no', 'capacity'), attempt('C', 'yes')] })).length, 1);
});

test('select-one-candidates: a change under way during the request, changes that overlap and disagree, or a change not confirmed, judge nothing', () => {
  const req = [invoke('o1', 10, { channel: 'ch' }), done('ok', 'o1', 20, { attempts: [attempt('B', 'yes')] })];
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'B', 0, 0, 'Ready'), ...req), [{ invariant: 'select-one-candidates', lines: [1, 2, 3, 4] }], 'the control: it is found');
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'B', 0, 0, 'Ready'), ...set('s2', 'B', 15, 1, 'Ready'), ...req), [], 'set back to a candidate during the request');
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'B', 0, 0, 'Ready', { at: 12 }), ...req), [], 'the change ended after the invoke: it may have applied after the pick');
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'B', 0, 0, 'Ready', { at: 5 }), ...set('s2', 'B', 1, 1, 'Ready', { at: 4 }), ...req), [], 'two changes overlapping: either may have applied last');
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'B', 0, 0, 'Ready', { type: 'info' }), ...req), [], 'not confirmed');
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'B', 0, 1, 'Ready'), ...req), [], 'a candidate');
  assert.deepEqual(run('select-one-candidates', ...set('s1', 'C', 0, 0, 'Ready'), ...req), [], 'another server');
  const clientServer = set('s1', 'B', 0, 0, 'Ready').map((e) => ({ ...e, channelKind: 'clientserver' }));
  assert.deepEqual(run('select-one-candidates', ...clientServer, ...req), [], 'ClientServer: weight decides nothing');
});

// ---- select-one-refusal-not-final ---------------------------------------------------------------

test('select-one-refusal-not-final: a channel request ending Busy is found; Unavailable, a timeout, or node direct Busy pass', () => {
  assert.deepEqual(run('select-one-refusal-not-final', invoke('o1', 0), done('fail', 'o1', 5, { value: 'Busy' })), [{ invariant: 'select-one-refusal-not-final', lines: [1, 2] }]);
  assert.deepEqual(run('select-one-refusal-not-final', invoke('o1', 0), done('fail', 'o1', 5, { value: 'Unavailable' }), invoke('o2', 0), done('fail', 'o2', 1000, { value: 'timeout' })), []);
  assert.deepEqual(run('select-one-refusal-not-final', invoke('o1', 0, { f: 'node-direct' }), done('fail', 'o1', 5, { f: 'node-direct', value: 'Busy' })), []);
});

test('the new invariants are in the checker: a history breaking one is invalid', () => {
  const r = checkText(jsonl(invoke('o1', 100, { deadlineMs: 1000 }), done('fail', 'o1', 400, { value: 'timeout' })));
  assert.equal(r.verdict, 'invalid');
  assert.deepEqual(r.violations.map((v) => v.invariant), ['timeout-not-early']);
});

// ---- ends-by-deadline ---------------------------------------------------------------------------

test('ends-by-deadline: a channel request or node direct ending well after its deadline is found; by it, an object message, or info pass', () => {
  assert.deepEqual(run('ends-by-deadline', invoke('o1', 0, { deadlineMs: 1000 }), done('ok', 'o1', 1500)), [{ invariant: 'ends-by-deadline', lines: [1, 2] }]);
  assert.deepEqual(run('ends-by-deadline', invoke('o1', 0, { f: 'node-direct', deadlineMs: 1000 }), done('fail', 'o1', 3000, { f: 'node-direct', value: 'Unavailable' })).length, 1);
  assert.deepEqual(run('ends-by-deadline', invoke('o1', 0, { deadlineMs: 1000 }), done('fail', 'o1', 1001, { value: 'timeout' })), [], 'the timeout at the deadline');
  assert.deepEqual(run('ends-by-deadline', invoke('o1', 0, { deadlineMs: 1000 }), done('info', 'o1', 3000)), [], 'no outcome: not judged');
  assert.deepEqual(run('ends-by-deadline', invoke('o1', 0, { f: 'object-message', deadlineMs: 1000 }), done('ok', 'o1', 3000, { f: 'object-message' })), [], 'an object message may wait for its owner');
});

// ---- refused-never-runs -------------------------------------------------------------------------

test('refused-never-runs: a message run on a node that only refused it is found; one accepted there in a later round passes', () => {
  assert.deepEqual(run('refused-never-runs', invoke('o1', 0), done('ok', 'o1', 9, { attempts: [attempt('B', 'no', 'capacity'), attempt('C', 'yes')] }), handler('o1', 'C', 5), handler('o1', 'B', 12)),
    [{ invariant: 'refused-never-runs', lines: [1, 2, 4] }]);
  assert.deepEqual(run('refused-never-runs', invoke('o1', 0), done('ok', 'o1', 9, { attempts: [attempt('B', 'no', 'capacity'), attempt('B', 'yes')] }), handler('o1', 'B', 5)), []);
  assert.deepEqual(run('refused-never-runs', invoke('o1', 0), done('ok', 'o1', 9, { attempts: [attempt('B', 'no', 'capacity'), attempt('C', 'yes')] }), handler('o1', 'C', 5)), []);
  assert.deepEqual(run('refused-never-runs', invoke('o1', 0), done('ok', 'o1', 9), handler('o1', 'B', 5)), [], 'no attempts reported: nothing to judge');
});

// ---- message-ignores-generation, generation-checked ---------------------------------------------

test('message-ignores-generation: an object message refused for its generation is found; other failures pass', () => {
  const msg = (more: object) => ({ f: 'object-message', objectId: 'a1', ...more });
  assert.deepEqual(run('message-ignores-generation', invoke('o1', 0, msg({ generation: 3 })), done('fail', 'o1', 5, msg({ value: 'GenerationMismatch' }))), [{ invariant: 'message-ignores-generation', lines: [1, 2] }]);
  assert.deepEqual(run('message-ignores-generation', invoke('o1', 0, msg({ generation: 3 })), done('fail', 'o1', 5, msg({ value: 'NotFound' })), invoke('o2', 0, msg({ generation: 3 })), done('ok', 'o2', 5, msg({}))), []);
});

test('generation-checked: a close or relocation naming a generation the object never had and succeeding is found', () => {
  const rec = (time: number, generation: number) => ({ type: 'record', time, objectId: 'a1', state: 'Ready', owner: 'A', generation, storeVersion: generation });
  const close = (more: object) => ({ f: 'close', objectId: 'a1', ...more });
  assert.deepEqual(run('generation-checked', rec(0, 2), invoke('o1', 1, close({ generation: 1002 })), done('ok', 'o1', 5, close({})), rec(9, 2)), [{ invariant: 'generation-checked', lines: [2, 3] }]);
  assert.deepEqual(run('generation-checked', rec(0, 2), invoke('o1', 1, close({ f: 'relocate', generation: 1002 })), done('ok', 'o1', 5, close({ f: 'relocate' }))).length, 1);
  assert.deepEqual(run('generation-checked', rec(0, 2), invoke('o1', 1, close({ generation: 1002 })), done('fail', 'o1', 5, close({ value: 'GenerationMismatch' }))), [], 'rejected');
  assert.deepEqual(run('generation-checked', rec(0, 2), invoke('o1', 1, close({ generation: 3 })), done('ok', 'o1', 5, close({})), rec(9, 3)), [], 'the object reached that generation (a later read shows it)');
  assert.deepEqual(run('generation-checked', invoke('o1', 1, close({ generation: 1002 })), done('ok', 'o1', 5, close({}))), [], 'no generation of the object in the history: nothing to compare');
});

// ---- follow-within-window -----------------------------------------------------------------------

test('follow-within-window: a message via the previous owner refused inside the window, or followed after it, is found', () => {
  const header = (D: number) => ({ type: 'run', seed: 1, messageFollowMs: D });
  const move = [
    { type: 'invoke', process: 'w2', time: 100, op: 'r1', f: 'relocate', objectId: 'a1', node: 'B' },
    { type: 'ok', process: 'w2', time: 200, op: 'r1', f: 'relocate', objectId: 'a1', node: 'B' },
    { type: 'relocation', time: 201, relocation: 'x', objectId: 'a1', generation: 1, source: 'A', target: 'B', stage: 'committed' },
  ];
  const msg = (time: number, more: object = {}) => invoke('m1', time, { f: 'object-message', objectId: 'a1', via: 'A', ...more });
  const end = (type: string, time: number, more: object = {}) => done(type, 'm1', time, { f: 'object-message', objectId: 'a1', ...more });
  // Inside a 30 s window: refused.
  assert.deepEqual(run('follow-within-window', header(30_000), ...move, msg(300), end('fail', 310, { value: 'Unavailable', attempts: [attempt('A', 'yes')] })),
    [{ invariant: 'follow-within-window', lines: [2, 3, 4, 5, 6] }]);
  // Inside it and followed: passes; with a crash in the stretch: not judged.
  assert.deepEqual(run('follow-within-window', header(30_000), ...move, msg(300), handler('m1', 'B', 305), end('ok', 310, { attempts: [attempt('A', 'yes')] })), []);
  assert.deepEqual(run('follow-within-window', header(30_000), ...move, { type: 'invoke', process: 'nemesis', time: 250, op: 'c1', f: 'crash', node: 'B' }, msg(300), end('fail', 310, { value: 'Unavailable' })), []);
  // Window 500 ms: a message 1 s after the ok, run on B with A the only node written to, is found; refused, it passes.
  assert.deepEqual(run('follow-within-window', header(500), ...move, msg(1200), handler('m1', 'B', 1205), end('ok', 1210, { attempts: [attempt('A', 'yes')] })),
    [{ invariant: 'follow-within-window', lines: [2, 3, 4, 5, 6] }]);
  assert.deepEqual(run('follow-within-window', header(500), ...move, msg(1200), end('fail', 1210, { value: 'Unavailable', attempts: [attempt('A', 'yes')] })), []);
  // After the source restarted, following is over whatever the window.
  const restart = [{ type: 'invoke', process: 'nemesis', time: 220, op: 'x1', f: 'restart', node: 'A' }, { type: 'ok', process: 'nemesis', time: 230, op: 'x1', f: 'restart', node: 'A' }];
  assert.equal(run('follow-within-window', header(30_000), ...move, ...restart, msg(300), handler('m1', 'B', 305), end('ok', 310, { attempts: [attempt('A', 'yes')] })).length, 1);
  // A fault just before the move (within twice the liveness deadline): the caller's links may not
  // be back yet, so the message may never have reached A (seed 24 of the swarm: a restart 30 ms
  // before); well before it, the refusal is judged.
  const early = (time: number) => ({ type: 'invoke', process: 'nemesis', time, op: `e${time}`, f: 'restart', node: 'C' });
  const withLiveness = { ...header(30_000), livenessDeadlineMs: 300 };
  assert.deepEqual(run('follow-within-window', withLiveness, early(70), ...move, msg(300), end('fail', 310, { value: 'Unavailable', attempts: [attempt('A', 'no')] })), []);
  assert.equal(run('follow-within-window', withLiveness, { ...early(-600), time: -600 }, ...move, msg(300), end('fail', 310, { value: 'Unavailable', attempts: [attempt('A', 'yes')] })).length, 1);
  // A crash failpoint armed on a node before the move and not yet ended by its restart: the node may
  // have crashed itself in the stretch (seed 2812: the target, as the source of another move), so the
  // refusal is not judged; after the node's restart the risk is over.
  const armed = (time: number, node: string) => [
    { type: 'invoke', process: 'nemesis', time, op: `fp${time}`, f: 'failpoint', node, failpoint: 'relocation.crash-source-after-relay-ready' },
    { type: 'ok', process: 'nemesis', time, op: `fp${time}`, f: 'failpoint', node, failpoint: 'relocation.crash-source-after-relay-ready' },
  ];
  assert.deepEqual(run('follow-within-window', withLiveness, ...armed(-5000, 'B'), ...move, msg(300), end('fail', 310, { value: 'Unavailable', attempts: [attempt('A', 'yes')] })), []);
  const restartedB = [{ type: 'invoke', process: 'nemesis', time: -4000, op: 'rb', f: 'restart', node: 'B' }, { type: 'ok', process: 'nemesis', time: -3990, op: 'rb', f: 'restart', node: 'B' }];
  assert.equal(run('follow-within-window', withLiveness, ...armed(-5000, 'B'), ...restartedB, ...move, msg(300), end('fail', 310, { value: 'Unavailable', attempts: [attempt('A', 'yes')] })).length, 1);
  const notCrashing = armed(-5000, 'B').map((e) => ({ ...e, failpoint: 'relocation.fail-before-relay-ready' }));
  assert.equal(run('follow-within-window', withLiveness, ...notCrashing, ...move, msg(300), end('fail', 310, { value: 'Unavailable', attempts: [attempt('A', 'yes')] })).length, 1);
  // Another relocation of the object in the stretch, or no header duration: not judged.
  const again = { type: 'invoke', process: 'w3', time: 250, op: 'r2', f: 'relocate', objectId: 'a1', node: 'A' };
  assert.deepEqual(run('follow-within-window', header(30_000), ...move, again, msg(300), end('fail', 310, { value: 'Unavailable' })), []);
  assert.deepEqual(run('follow-within-window', { type: 'run', seed: 1 }, ...move, msg(300), end('fail', 310, { value: 'Unavailable' })), []);
});

// ---- session-needs-auth -------------------------------------------------------------------------

test('session-needs-auth: a wrong credential accepted, or a bind or relay on a Session never authenticated, is found', () => {
  const op = (type: string, op: string, f: string, time: number, more: object = {}) => ({ type, process: 'w1', time, op, f, session: 's1', ...more });
  const auth = (time: number, wrong: boolean, result = 'ok') => [op('invoke', `a${time}`, 'session-authenticate', time, wrong ? { value: 'wrong-credential' } : {}), op(result, `a${time}`, 'session-authenticate', time + 1)];
  const bind = (time: number, result = 'ok') => [op('invoke', `b${time}`, 'session-bind', time, { objectId: 'a1' }), op(result, `b${time}`, 'session-bind', time + 1, { objectId: 'a1', ...(result === 'fail' ? { value: 'Unauthenticated' } : {}) })];
  assert.deepEqual(run('session-needs-auth', ...auth(0, true)), [{ invariant: 'session-needs-auth', lines: [1, 2] }]);
  assert.deepEqual(run('session-needs-auth', ...bind(5)), [{ invariant: 'session-needs-auth', lines: [1, 2] }]);
  assert.deepEqual(run('session-needs-auth', ...auth(0, true, 'fail'), ...bind(5)), [{ invariant: 'session-needs-auth', lines: [1, 3, 4] }]);
  assert.deepEqual(run('session-needs-auth', ...auth(0, false), ...bind(5)), []);
  assert.deepEqual(run('session-needs-auth', ...auth(0, true, 'fail'), ...bind(5, 'fail')), []);
});

// ---- instance-intent ----------------------------------------------------------------------------

test('instance-intent: an intent message to an Instance Spot ending NotFound, or cold-activating an Actor, is found', () => {
  const msg = (op: string, objectId: string, objectKind: string, more: object = {}) => invoke(op, 0, { f: 'object-message', objectId, objectKind, instanceIntent: true, ...more });
  const factory = (op: string, objectId: string) => ({ type: 'journal', kind: 'factory', time: 3, node: 'B', objectId, generation: 1, marker: `f-${op}` });
  assert.deepEqual(run('instance-intent', msg('o1', 'i0', 'instance-spot'), done('fail', 'o1', 5, { f: 'object-message', value: 'NotFound' })), [{ invariant: 'instance-intent', lines: [1, 2] }]);
  assert.deepEqual(run('instance-intent', msg('o1', 'a0', 'actor'), done('fail', 'o1', 5, { f: 'object-message', value: 'NotFound' })), [], 'an Actor that does not exist is NotFound');
  assert.deepEqual(run('instance-intent', msg('o1', 'a0', 'actor'), factory('o1', 'a0'), done('ok', 'o1', 5)), [{ invariant: 'instance-intent', lines: [1, 2] }]);
  assert.deepEqual(run('instance-intent', msg('o1', 'i0', 'instance-spot'), factory('o1', 'i0'), done('ok', 'o1', 5)), []);
});

test('follow-within-window: in a run of small nodes, or ending at its deadline, a refused message is not judged (the target may have been full)', () => {
  const move = [
    { type: 'invoke', process: 'w2', time: 100, op: 'r1', f: 'relocate', objectId: 'a1', node: 'B' },
    { type: 'ok', process: 'w2', time: 200, op: 'r1', f: 'relocate', objectId: 'a1', node: 'B' },
    { type: 'relocation', time: 201, relocation: 'x', objectId: 'a1', generation: 1, source: 'A', target: 'B', stage: 'committed' },
  ];
  const msg = invoke('m1', 300, { f: 'object-message', objectId: 'a1', via: 'A', deadlineMs: 1000 });
  const refused = (time: number) => done('fail', 'm1', time, { f: 'object-message', objectId: 'a1', value: 'Unavailable' });
  assert.equal(run('follow-within-window', { type: 'run', messageFollowMs: 30_000 }, ...move, msg, refused(310)).length, 1, 'the control');
  assert.deepEqual(run('follow-within-window', { type: 'run', messageFollowMs: 30_000, nodeOptions: { queueCapacity: 1, workers: 1 } }, ...move, msg, refused(310)), []);
  assert.deepEqual(run('follow-within-window', { type: 'run', messageFollowMs: 30_000 }, ...move, msg, refused(1300)), []);
});

// ---- authority-kept: a close that timed out may still run ---------------------------------------

test('authority-kept: a Close that timed out before the crash is no proof its work is over (still queued at the owner, it may release the record)', () => {
  const rec = (time: number, state: string) => ({ type: 'record', time, objectId: 'a1', state, owner: 'B', generation: 1, storeVersion: state === 'Ready' ? 2 : 3 });
  const close = [invoke('c1', 10, { f: 'close', objectId: 'a1', generation: 1 }), done('fail', 'c1', 30, { f: 'close', objectId: 'a1', value: 'timeout' })];
  const crash = [{ type: 'invoke', process: 'nemesis', time: 50, op: 'n1', f: 'crash', node: 'B' }, { type: 'ok', process: 'nemesis', time: 50, op: 'n1', f: 'crash', node: 'B' }];
  assert.deepEqual(run('authority-kept', ...close, rec(40, 'Ready'), ...crash, rec(60, 'Closing')), []);
  const refused = [invoke('c1', 10, { f: 'close', objectId: 'a1', generation: 1 }), done('fail', 'c1', 30, { f: 'close', objectId: 'a1', value: 'Busy' })];
  assert.equal(run('authority-kept', ...refused, rec(40, 'Ready'), ...crash, rec(60, 'Closing')).length, 1, 'refused, and over before the last read: the change is not the kit\'s');
});

// ---- close-marks-not-ready, silent-peer-not-ready -----------------------------------------------

const peerLine = (time: number, node: string, peer: string, ready: boolean, events: [string, string, number][]) =>
  ({ type: 'peer', time, node, peer, ready, events: events.map(([event, connectionId, at]) => ({ event, connectionId, at })) });
const nemesis = (f: string, time: number, node: string, more: object = {}) => [
  { type: 'invoke', process: 'nemesis', time, op: `${f}-${node}-${time}`, f, node, ...more },
  { type: 'ok', process: 'nemesis', time, op: `${f}-${node}-${time}`, f, node, ...more },
];

test('close-marks-not-ready: a closed connection marked not-ready late, or never, is found; at once passes', () => {
  const sim = { type: 'run', virtualTime: true };
  const before = peerLine(5, 'A', 'B', true, [['handshake', 'c1', 1], ['ready', 'c1', 1]]);
  const close = nemesis('close-connection', 100, 'A', { peer: 'B' });
  assert.deepEqual(run('close-marks-not-ready', sim, before, ...close, peerLine(110, 'A', 'B', true, [['not-ready', 'c1', 100], ['handshake', 'c2', 110], ['ready', 'c2', 110]])), []);
  assert.deepEqual(run('close-marks-not-ready', sim, before, ...close, peerLine(500, 'A', 'B', false, [['not-ready', 'c1', 400]])), [{ invariant: 'close-marks-not-ready', lines: [3, 4, 5] }]);
  assert.deepEqual(run('close-marks-not-ready', sim, before, ...close, peerLine(500, 'A', 'B', true, [['handshake', 'c2', 101], ['ready', 'c2', 101]])), [{ invariant: 'close-marks-not-ready', lines: [2, 3, 4, 5] }]);
  assert.deepEqual(run('close-marks-not-ready', sim, before, ...close, ...nemesis('crash', 150, 'A'), peerLine(500, 'A', 'B', true, [['handshake', 'c9', 300]])), [], 'A crashed: its list started again');
  assert.deepEqual(run('close-marks-not-ready', before, ...close, peerLine(500, 'A', 'B', false, [['not-ready', 'c1', 400]])), [], 'on the machine\'s clock 300 ms late may be the machine\'s');
  assert.equal(run('close-marks-not-ready', before, ...close, peerLine(2500, 'A', 'B', false, [['not-ready', 'c1', 2400]])).length, 1);
  // A restarted before the close: the connection read from its earlier process is not the one it
  // holds; its new process had none ready yet, so the close closed nothing (seed 28 of the swarm).
  assert.deepEqual(run('close-marks-not-ready', sim, before, ...nemesis('crash', 40, 'A'), ...nemesis('restart', 60, 'A'), ...close, peerLine(500, 'A', 'B', true, [['handshake', 'c2', 120], ['ready', 'c2', 120]])), [], 'A restarted before the close, its link not yet ready');
  // Restarted, connected again, then closed: judged on the new connection.
  assert.equal(run('close-marks-not-ready', sim, before, ...nemesis('restart', 60, 'A'), peerLine(90, 'A', 'B', true, [['handshake', 'c2', 80], ['ready', 'c2', 80]]), ...close, peerLine(500, 'A', 'B', true, [['handshake', 'c2', 80], ['ready', 'c2', 80]])).length, 1);
});

test('silent-peer-not-ready: a hung peer still ready past the liveness deadline is found; marked within it passes', () => {
  const header = { type: 'run', livenessDeadlineMs: 300, virtualTime: true };
  const before = peerLine(5, 'A', 'B', true, [['handshake', 'c1', 1], ['ready', 'c1', 1]]);
  const hang = nemesis('hang', 100, 'B');
  assert.deepEqual(run('silent-peer-not-ready', header, before, ...hang, peerLine(900, 'A', 'B', false, [['not-ready', 'c1', 390]])), []);
  assert.deepEqual(run('silent-peer-not-ready', header, before, ...hang, peerLine(900, 'A', 'B', true, [])), [{ invariant: 'silent-peer-not-ready', lines: [2, 3, 4, 5] }]);
  assert.deepEqual(run('silent-peer-not-ready', header, before, ...hang, peerLine(900, 'A', 'B', false, [['not-ready', 'c1', 800]])), [{ invariant: 'silent-peer-not-ready', lines: [3, 4, 5] }]);
  assert.deepEqual(run('silent-peer-not-ready', header, before, ...hang, ...nemesis('crash', 200, 'B'), peerLine(900, 'A', 'B', true, [])), [], 'healed before the deadline');
  assert.deepEqual(run('silent-peer-not-ready', { type: 'run' }, before, ...hang, peerLine(900, 'A', 'B', true, [])), [], 'no liveness deadline in the header');
  assert.deepEqual(run('silent-peer-not-ready', { type: 'run', livenessDeadlineMs: 300 }, before, ...hang, peerLine(900, 'A', 'B', true, [])), [], 'on the machine\'s clock: room for a late timer');
  // Seen on seed 2: A restarted before B hung, and its new process had not made its connection to B
  // ready yet; the ready connection of A's earlier incarnation is not A's any more.
  const restarted = [...nemesis('crash', 50, 'A'), ...nemesis('restart', 60, 'A')];
  assert.deepEqual(run('silent-peer-not-ready', header, before, ...restarted, ...hang, peerLine(900, 'A', 'B', false, [])), [], "A's earlier incarnation's connection");
  assert.equal(run('silent-peer-not-ready', header, before, ...restarted, peerLine(70, 'A', 'B', true, [['handshake', 'c2', 70], ['ready', 'c2', 70]]), ...hang, peerLine(900, 'A', 'B', true, [])).length, 1, "A's new process's ready connection counts");
  // Seed 1051: A died on its own (an armed failpoint crashed it) while B hung: no fault of the kit's
  // says so, the kit's read of A does (alive: false), and a dead A's links are no evidence of A's.
  const hostLine = (time: number, node: string, alive: boolean) => ({ type: 'host', time, node, host: 'Ready', alive });
  assert.deepEqual(run('silent-peer-not-ready', header, before, ...hang, hostLine(900, 'A', false), peerLine(900, 'A', 'B', false, [])), [], 'A died on its own before the read');
  assert.deepEqual(run('silent-peer-not-ready', header, before, ...hang, hostLine(300, 'B', false), peerLine(900, 'A', 'B', true, [])), [], 'B died on its own: the hang ended');
  assert.equal(run('silent-peer-not-ready', header, before, ...hang, hostLine(900, 'A', true), peerLine(900, 'A', 'B', true, [])).length, 1, 'A alive and still ready: found');
});
