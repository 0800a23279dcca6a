// A start barrier for runs where every worker brings a runtime process of its own (an exec:
// implementation): each worker starts its runtime and has it answer once, then waits until every
// worker has done so, before any scenario of any worker runs. A runtime still loading (tsx
// compiling, an interpreter starting) takes the CPU from another worker's scenario that is timing
// a 300 ms deadline: on 2 cores with 4 workers, CI saw that timeout end 485 ms after submit.
// Nothing here judges a scenario: a runtime that cannot start fails the first scenario that opens
// it, in the usual way.

import { BeforeAll } from '@cucumber/cucumber';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDriver, type Target } from '../driver/load.ts';
import { START_BARRIER_DIR, START_BARRIER_WORKERS } from './worker-env.ts';

/** A worker that never gets ready (it failed before its hooks ran) holds the others this long at most. */
const MAX_WAIT_MS = 60_000;

// No hook timeout: opening is bounded by the wire's own call deadline, waiting by MAX_WAIT_MS.
BeforeAll({ timeout: -1 }, async function () {
  const dir = process.env[START_BARRIER_DIR];
  const workers = Number(process.env[START_BARRIER_WORKERS]);
  if (!dir || !(workers > 1)) return;
  try {
    const driver = await openDriver(this.parameters as unknown as Target);
    await driver.describe();
    await driver.close();
  } catch {
    // The first scenario opens it again and fails with the reason.
  }
  writeFileSync(join(dir, `worker-${process.pid}`), '');
  const end = Date.now() + MAX_WAIT_MS;
  while (readdirSync(dir).length < workers && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
});
