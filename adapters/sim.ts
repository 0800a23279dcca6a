// The simulated adapter (backend `sim`): the reference runtime (or one of its mutants) in this
// process, as on the embedded backend, in a simulated world built from a seed (src/sim/). Every
// Driver call lets the world run until the call is answered, and the kit's waits go through the
// world's clock (src/driver/world.ts), so a scenario's 30 s pass in milliseconds and a seed replays
// a run exactly.

import type { Driver, EffectiveTimings } from '../src/driver/types.ts';
import type { SimulatedWorld } from '../src/driver/world.ts';
import type { Target, TimingsName } from '../src/driver/target.ts';
import { PROCESS_TIMINGS } from '../impl-reference/node/process-timings.ts';
import { mutantOf } from './records.ts';
import { EMBEDDED_TIMINGS, EmbeddedCluster } from '../impl-reference/harness/embedded-cluster.ts';
import { simWorld, type SimOptions } from '../impl-reference/harness/sim-world.ts';

export function openSim(options: { mutant?: string; timings?: Partial<EffectiveTimings> } & SimOptions): Driver & { simulated: SimulatedWorld } {
  const { scheduler, world, listen } = simWorld(options);
  // The embedded backend's timings unless told otherwise: what runs on sim shows what runs there.
  const cluster = new EmbeddedCluster({ mutant: options.mutant, world, backend: 'sim', ...(options.timings ? { timings: options.timings } : {}) });
  const simulated: SimulatedWorld = {
    seed: options.seed,
    clock: scheduler.kitClock,
    freeze: () => scheduler.freeze(),
    go: () => scheduler.go(),
    events: () => scheduler.events,
    listen,
  };
  return new Proxy(cluster as unknown as Driver & { simulated: SimulatedWorld }, {
    get(target, prop, receiver) {
      if (prop === 'simulated') return simulated;
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      // A call is answered once the world has done what it takes: the world runs while it waits.
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result instanceof Promise ? scheduler.drive(result) : result;
      };
    },
  });
}

/** The timings a campaign may ask the world for, by the backend whose own they are. */
const TIMINGS: Record<TimingsName, EffectiveTimings> = { embedded: EMBEDDED_TIMINGS, process: PROCESS_TIMINGS };

/** The world a target asks for: its seed, latencies and timings (adapters/records.ts opens it here). */
export function openSimTarget(target: Target): Driver & { simulated: SimulatedWorld } {
  return openSim({ mutant: mutantOf(target), seed: target.seed ?? 1, ...(target.latency ?? {}), ...(target.timings ? { timings: TIMINGS[target.timings] } : {}) });
}
