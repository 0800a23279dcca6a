// The evidence audit run after every scenario: the whole journal, traced by the kit's markers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JournalEntry } from '../src/driver/types.ts';
import { Evidence, auditJournal, runsOfOp, scenarioHistory } from '../step-definitions/support/evidence.ts';

function setup() {
  const ev = new Evidence();
  const { spec, mark } = ev.mark({ kind: 'node-direct', from: 'A', mesh: 'm1', to: 'B', payload: { app: 'echo', value: 1 } });
  ev.started('op-1', mark, spec, 90);
  const create = ev.mark({ kind: 'create', from: 'A', objectId: 'a1', objectKind: 'actor', on: 'B', input: { value: 'x' } });
  ev.started('op-2', create.mark, create.spec, 95);
  return { ev, spec, mark, factoryMark: create.mark };
}

let seq = 0;
const at = 100;
const handler = (node: string, opId: string, mark: unknown, extra: object = {}): JournalEntry => ({ seq: ++seq, at, kind: 'handler', node, opId, input: { app: 'echo', value: 1, mark } as never, ...extra });
const factory = (node: string, mark: unknown, generation = 1): JournalEntry => ({ seq: ++seq, at, kind: 'factory', node, objectId: 'a1', generation, input: { mark } });
const result = (opId: string): JournalEntry => ({ seq: ++seq, at, kind: 'result', node: 'A', opId, status: 'reply' });

test('markers go into the payload and the factory input; the spec given is not changed', () => {
  const { spec, mark } = setup();
  assert.match(mark, /^sc-[0-9a-f]{8}-1$/);
  assert.equal((spec as { payload: { mark: string } }).payload.mark, mark);
});

test('a clean journal has no problems', () => {
  const { ev, mark, factoryMark } = setup();
  assert.deepEqual(auditJournal([handler('B', 'op-1', mark), result('op-1'), factory('B', factoryMark), factory('B', factoryMark), result('op-2')], ev), []);
});

test('a message handled twice is seen whatever operation IDs the runtime used', () => {
  const { ev, mark } = setup();
  const j = [handler('B', 'op-1', mark), handler('C', 'retry-77', mark)];
  assert.deepEqual(auditJournal(j, ev), [`one message (${mark}) was handled twice: on B and C`]);
  assert.deepEqual(runsOfOp(j, ev, 'op-1').map((e) => e.node), ['B', 'C']);
});

test('work the scenario never sent, or a second result, is a problem', () => {
  const { ev } = setup();
  const other = new Evidence().newMark();
  assert.match(auditJournal([handler('B', 'op-1', undefined)], ev)[0], /for a message the scenario never sent/);
  assert.match(auditJournal([handler('B', 'op-1', other)], ev)[0], /for a message the scenario never sent/);
  assert.match(auditJournal([handler('B', 'op-1', ev.newMark().replace(/\d+$/, '99'))], ev)[0], /never sent/);
  assert.match(auditJournal([result('op-1'), result('op-1')], ev)[0], /delivered a second terminal result/);
  assert.match(auditJournal([result('op-9')], ev)[0], /never started/);
  assert.match(auditJournal([{ seq: 1, at, kind: 'timer', node: 'B', objectId: 'zz', generation: 1 }], ev)[0], /never named/);
});

test('a factory input used for another generation is a problem', () => {
  const { ev, factoryMark } = setup();
  assert.deepEqual(auditJournal([factory('B', factoryMark, 1), factory('C', factoryMark, 2)], ev), ['the factory input of a1 generation 1 was used again for a1 generation 2']);
});

test('a node the kit crashed runs nothing until it is restarted', () => {
  const { ev, mark } = setup();
  ev.faulted({ kind: 'crash', node: 'B' }, { at: 50 });
  assert.match(auditJournal([handler('B', 'op-1', mark)], ev)[0], /B recorded a handler run 50 ms after the kit crashed it/);
  ev.faulted({ kind: 'restart', node: 'B' }, { at: 90 });
  assert.deepEqual(auditJournal([handler('B', 'op-1', mark)], ev), []);
});

test('the history of a scenario merges what the kit did, the journal and the Store log in time order', () => {
  const { ev, mark } = setup();
  ev.faulted({ kind: 'crash', node: 'B' }, { at: 100 });
  const h = handler('B', 'op-1', mark);
  const store = { seq: 1, at: 97, node: 'B', op: 'read', key: 'obj/a1', result: 'ok' };
  const lines = scenarioHistory(ev.actions, [h], [store]);
  assert.deepEqual(lines.map((l) => [l.at, 'by' in l ? ('fault' in l ? 'fault' : 'submit') : 'journal' in l ? 'journal' : 'store']), [
    [90, 'submit'], [95, 'submit'], [97, 'store'], [100, 'fault'], [100, 'journal'],
  ]);
});
