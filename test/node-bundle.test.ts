// A node process loads its bundle as plain CommonJS: the tsx loader cucumber's workers run with
// (NODE_OPTIONS) is not passed on to it, and other options are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeEnv } from '../impl-reference/harness/node-bundle.ts';

test("a node's environment drops the tsx loader from NODE_OPTIONS and keeps the rest", () => {
  const saved = process.env.NODE_OPTIONS;
  try {
    process.env.NODE_OPTIONS = '--max-old-space-size=100 --import tsx';
    assert.equal(nodeEnv().NODE_OPTIONS, '--max-old-space-size=100');
    process.env.NODE_OPTIONS = '--import=tsx --enable-source-maps';
    assert.equal(nodeEnv().NODE_OPTIONS, '--enable-source-maps');
    process.env.NODE_OPTIONS = '--import tsx';
    assert.equal('NODE_OPTIONS' in nodeEnv(), false);
    process.env.NODE_OPTIONS = '--import tsx-like-but-not';
    assert.equal(nodeEnv().NODE_OPTIONS, '--import tsx-like-but-not');
  } finally {
    if (saved === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = saved;
  }
});
