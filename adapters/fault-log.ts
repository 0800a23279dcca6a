// The log of how each fault of a scenario was done (the record: src/driver/fault-record.ts):
// "outside" when the kit did it to the runtime's processes or links itself (SIGKILL, SIGSTOP, a new
// process, its own relays), "self-reported" when the kit asked the runtime to do it and has only
// the runtime's word (every fault of an exec: runtime; a failpoint, which fires inside a protocol
// step no outside action can hit). One scenario runs at a time in a process, so the log is
// per process and the runner takes it after each scenario (src/run/wire-hooks.ts).

import type { FaultRecord } from '../src/driver/fault-record.ts';

export { FAULTS_MEDIA_TYPE, type FaultHow, type FaultRecord } from '../src/driver/fault-record.ts';

let faults: FaultRecord[] = [];

export function noteFault(record: FaultRecord): void {
  faults.push(record);
}

/** The faults since the last take. */
export function takeScenarioFaults(): FaultRecord[] {
  const taken = faults;
  faults = [];
  return taken;
}
