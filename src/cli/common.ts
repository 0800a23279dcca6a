// What the commands share: the kit's name and version, the errors that end a command with an exit
// status, the option parsers, and starting a target once (its servers, then the implementation).

import { BackendStartError, withBackendServers, type BackendServers } from '../servers/backend.ts';
import { InvalidArgumentError } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkTarget, openDriver, serversFor, type Target } from '../driver/target.ts';
import type { Description } from '../driver/types.ts';
import type { LevelName } from '../requirements/levels.ts';
import { Progress } from './progress.ts';
import { KIT_ROOT } from '../run/kit-root.ts';
import { takeScenarioStderr } from '../driver/scenario-log.ts';
import type { ScenarioResult } from '../run/results.ts';
import { scenarioKey, type Shard } from '../run/shard.ts';
import type { RunInfo } from '../report/compliance.ts';
import { runEnvironment } from '../certify/servers.ts';

import { ExitError } from './kit.ts';

export { KIT, ExitError } from './kit.ts';

export function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number, 0 or more');
  return n;
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}

/** Start the implementation once, to learn what it is and to fail early (exit 2) if it cannot start. */
export async function describeTarget(target: Target): Promise<Description> {
  checkTarget(target);
  let driver: Awaited<ReturnType<typeof openDriver>> | undefined;
  try {
    driver = await openDriver(target);
    return await driver.describe();
  } catch (e) {
    throw new ExitError(`the implementation "${target.impl}" could not start: ${(e as Error).message.split('\n')[0]}`, 2);
  } finally {
    await driver?.close().catch(() => {});
    takeScenarioStderr(); // what it wrote while starting belongs to no scenario
  }
}

/**
 * The backend's servers for `fn` (src/servers/backend.ts), reported on this run's progress. Without
 * the means to freeze Redis: the scenarios of a run share it, and freezing it for one would stop the
 * others (the process backend cuts every node's relay instead).
 */
export async function withBackend<T>(target: Pick<Target, 'impl' | 'backend'>, progress: Progress, fn: (servers: BackendServers) => Promise<T>): Promise<T> {
  try {
    return await withBackendServers(target.backend, serversFor(target), {
      started: (line) => progress.line(line),
      interrupted: (signal) => process.stderr.write(`spotcheck: interrupted (${signal}); stopping the servers this run started\n`),
    }, ({ redisPause: _shared, ...servers }) => fn(servers));
  } catch (e) {
    throw e instanceof BackendStartError ? new ExitError(e.message, 2) : e;
  }
}

/** How a report was made (compliance.json's `run`): merge and certify need it. */
export function runInfo(input: {
  tags: string | null;
  levelOnly: LevelName | null;
  shard?: Shard;
  results: ScenarioResult[];
  repeat: number;
  changed: number;
  description: Description;
  servers: RunInfo['servers'];
}): RunInfo {
  return {
    selection: { tags: input.tags, levelOnly: input.levelOnly, shard: input.shard ? { index: input.shard.index, total: input.shard.total } : null },
    scenarios: input.results.map((r) => scenarioKey(r)).sort(),
    repeat: input.repeat,
    changed: input.changed,
    description: input.description,
    servers: input.servers,
    environment: [runEnvironment()],
  };
}
