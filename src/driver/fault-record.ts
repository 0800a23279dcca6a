// How each fault of a scenario was done, as the reports and certificates carry it: "outside" when
// the kit did it to the runtime's processes or links itself (SIGKILL, SIGSTOP, a new process, its
// own relays), "self-reported" when the kit asked the runtime to do it and has only the runtime's
// word (every fault of an exec: runtime; a failpoint, which fires inside a protocol step no outside
// action can hit). The adapters that do faults record them (scenario-log.ts).

export type FaultHow = 'outside' | 'self-reported';

export interface FaultRecord {
  kind: string;
  node?: string;
  peer?: string;
  how: FaultHow;
  /** What was done, in a few words (e.g. "SIGKILL to the process group"). */
  means: string;
}

/** The media type of the attachment that carries a scenario's faults to the reports. */
export const FAULTS_MEDIA_TYPE = 'application/x.spotcheck.faults+json';
