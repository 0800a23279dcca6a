// A start barrier for runs with several workers: each worker loads the step definitions (and,
// for an exec: implementation, starts its runtime and has it answer once; for a node: program,
// asks its description of one process of it), then waits until every
// worker has done so, before any scenario of any worker runs. A worker still loading (tsx
// compiling the suite, a runtime starting) takes the CPU from another worker's first scenario,
// which may be timing a deadline: on 2 cores with 4 workers, CI saw a 300 ms deadline's timeout
// 485 ms after submit (exec: runtimes), and a --repeat under two busy loops failed first scenarios
// of a run ("not-ready at once", the 30 s Message Follow scenario) while the others loaded.
// Nothing here judges a scenario: a runtime that cannot start fails the first scenario that opens
// it, in the usual way.

import { BeforeAll } from '@cucumber/cucumber';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDriver, type Target } from '../driver/target.ts';
import { START_BARRIER_DIR, START_BARRIER_WORKERS } from './worker-env.ts';

/** A worker that never gets ready (it failed before its hooks ran) holds the others this long at most. */
const MAX_WAIT_MS = 60_000;

// No hook timeout: opening is bounded by the wire's own call deadline, waiting by MAX_WAIT_MS.
BeforeAll({ timeout: -1 }, async function () {
  const dir = process.env[START_BARRIER_DIR];
  const workers = Number(process.env[START_BARRIER_WORKERS]);
  if (!dir || !(workers > 1)) return;
  const target = this.parameters as unknown as Target;
  if (target.impl.startsWith('exec:') || target.impl.startsWith('node:')) await startRuntime(target);
  writeFileSync(join(dir, `worker-${process.pid}`), '');
  const end = Date.now() + MAX_WAIT_MS;
  while (readdirSync(dir).length < workers && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
});

/** This worker's runtime process, started and answering (the first scenario reuses it). */
async function startRuntime(target: Target): Promise<void> {
  try {
    const driver = await openDriver(target);
    await driver.describe();
    await driver.close();
  } catch {
    // The first scenario opens it again and fails with the reason.
  }
}
