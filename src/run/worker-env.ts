// What a run hands its worker processes through their environment (they get no other channel
// before their first scenario). Kept apart from the hook that reads it, which registers itself
// with Cucumber when imported, and from the runner, which a worker does not load.

/** The start barrier's folder (one empty file per worker that is ready: start-barrier.ts). */
export const START_BARRIER_DIR = 'SPOTCHECK_START_BARRIER_DIR';
/** How many workers the start barrier waits for. */
export const START_BARRIER_WORKERS = 'SPOTCHECK_START_BARRIER_WORKERS';
