// A node process started without an argument (a spare) waits for the path of its configuration
// on its first stdin line; anything else there is one line on stderr and exit 2, and a spare whose
// stdin closes (the harness is gone) exits 0 without starting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

const MAIN = new URL('../impl-reference/node/main.ts', import.meta.url).pathname;
const run = (input: string) => spawnSync(process.execPath, ['--import', 'tsx', MAIN], { input, encoding: 'utf8', timeout: 30_000 });

test('a spare whose first line does not name a configuration says so in one line, exit 2', () => {
  const r = run('{"method":"node"}\n');
  assert.equal(r.status, 2);
  assert.match(r.stderr.trim(), /^spotcheck node: the first line must name the configuration, \{"config": "<path>"\}; got: \{"method":"node"\}$/);
});

test('a spare given a configuration that cannot be read names it, exit 2', () => {
  const r = run('{"config":"/nonexistent/spotcheck.json"}\n');
  assert.equal(r.status, 2);
  assert.match(r.stderr.trim(), /^spotcheck node: cannot read the configuration \/nonexistent\/spotcheck.json: /);
});

test('a spare whose harness is gone (stdin closed) exits 0 without starting', () => {
  const r = run('');
  assert.equal(r.status, 0);
  assert.equal(r.stderr, '');
});
