// The runtime under test does not inherit the kit's TypeScript loader (src/harness/runtime-env.ts):
// the kit's Cucumber workers run with NODE_OPTIONS="--import tsx", and a node program or exec:
// runtime started from them would otherwise register tsx's module hooks in every process.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runtimeEnv } from '../src/harness/runtime-env.ts';

test("the kit's tsx loader is taken out of NODE_OPTIONS, the user's own options stay", () => {
  assert.equal(runtimeEnv({ NODE_OPTIONS: '--import tsx' }).NODE_OPTIONS, undefined);
  assert.equal(runtimeEnv({ NODE_OPTIONS: '--max-old-space-size=512 --import tsx' }).NODE_OPTIONS, '--max-old-space-size=512');
  assert.equal(runtimeEnv({ NODE_OPTIONS: '--require=tsx --enable-source-maps' }).NODE_OPTIONS, '--enable-source-maps');
  assert.equal(runtimeEnv({ NODE_OPTIONS: '--import tsx-like --import tsx' }).NODE_OPTIONS, '--import tsx-like', 'only tsx itself');
  assert.equal(runtimeEnv({ PATH: '/bin' }).PATH, '/bin', 'the rest of the environment is kept');
  assert.ok(!('NODE_OPTIONS' in runtimeEnv({})));
});
