// A redis-server the kit starts on a port that another process took between the kit's probe and
// redis's bind is started again on another port (src/servers/redis.ts): the start's error, in the
// words CI saw, is recognised as a taken port, and other start failures are not.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { portTaken } from '../src/servers/redis.ts';

test('a taken port is recognised from what redis-server said, other failures are not', () => {
  // The error as CI printed it (2026-12-07): redis's last line, after "bind: Address already in use".
  assert.ok(portTaken('redis-server on port 34351 exited (1) before it was ready: 2290:M 07 Dec 2026 17:33:59.552 # Failed listening on port 34351 (TCP), aborting.'));
  assert.ok(portTaken('redis-server on port 6400 exited (1) before it was ready: Could not create server TCP listening socket 127.0.0.1:6400: bind: Address already in use'));
  assert.ok(!portTaken('redis-server on port 6400 failed: redis-server not found on PATH'));
  assert.ok(!portTaken('redis-server on port 6400 not ready within 10 s'));
});
