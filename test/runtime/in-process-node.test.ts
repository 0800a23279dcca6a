// The embedded backend's nodes are the process backend's nodes run in the kit's process
// (impl-reference/harness/in-process-host.ts). A crash there must be as final as a SIGKILL: the
// node records nothing more and reaches the Store no more, and the harness sees a dead node.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EmbeddedCluster, EMBEDDED_TIMINGS } from '../../impl-reference/harness/embedded-cluster.ts';

async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a crashed in-process node makes no Store call and writes no evidence after its death', async () => {
  const d = new EmbeddedCluster();
  try {
    await d.start({ meshes: [{ name: 'm', nodes: ['A', 'B'] }] });
    // B renews its owner lease on its own: its Store calls go on while it lives.
    const before = (await d.storeLog()).filter((e) => e.node === 'B').length;
    await until('B renews its lease', 2 * EMBEDDED_TIMINGS.ownerLeaseMs, async () => (await d.storeLog()).filter((e) => e.node === 'B').length > before);
    await d.fault({ kind: 'crash', node: 'B' });
    const atDeath = (await d.storeLog()).filter((e) => e.node === 'B').length;
    // Three lease periods: a live node would have renewed several times.
    await new Promise((r) => setTimeout(r, 3 * EMBEDDED_TIMINGS.ownerLeaseMs));
    assert.equal((await d.storeLog()).filter((e) => e.node === 'B').length, atDeath, 'a dead node called the Store');
    assert.equal((await d.node('B')).alive, false);
    // A runs on, and a new incarnation of B starts with the same RID.
    await d.fault({ kind: 'restart', node: 'B' });
    assert.equal((await d.node('B')).alive, true);
  } finally {
    await d.close();
  }
});

test('a Store call still pending when an in-process node dies is never logged (a SIGKILL would lose it too)', async () => {
  const d = new EmbeddedCluster();
  try {
    await d.start({ meshes: [{ name: 'm', nodes: ['A', 'B'] }] });
    // B's calls wait in a late Store, which is then cut off from B: each of them, once it is let go,
    // logs 'unavailable' (seen below while B lives), unless B died in between.
    await d.fault({ kind: 'store-slow', node: 'B', ms: 150 });
    await d.fault({ kind: 'store-down', node: 'B' });
    await until('B to log an unreachable Store', 2 * EMBEDDED_TIMINGS.ownerLeaseMs, async () =>
      (await d.storeLog()).some((e) => e.node === 'B' && e.result === 'unavailable'));
    await d.fault({ kind: 'crash', node: 'B' });
    const atDeath = (await d.storeLog()).filter((e) => e.node === 'B').length;
    await new Promise((r) => setTimeout(r, 3 * 150));
    assert.equal((await d.storeLog()).filter((e) => e.node === 'B').length, atDeath, 'a call pending at the death was logged after it');
  } finally {
    await d.close();
  }
});

test('an in-process cluster reports its backend, has no OS processes of its own, and names an unknown mutant at once', async () => {
  const d = new EmbeddedCluster();
  try {
    await d.start({ meshes: [{ name: 'm', nodes: ['A'] }] });
    assert.equal((await d.describe()).backend, 'embedded');
    assert.deepEqual(d.pids(), { A: -1 });
  } finally {
    await d.close();
  }
  assert.throws(() => new EmbeddedCluster({ mutant: 'no-such-mutant' }), /unknown mutant: no-such-mutant/);
});
