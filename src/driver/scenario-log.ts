// What an adapter tells the runner about the scenario under way, beside the Driver's answers. One
// scenario runs at a time in a process, so the log is per process; the runner takes it after each
// scenario (src/run/wire-hooks.ts) and attaches it to the reports. It lives on the Driver's floor
// so that the adapters write it and the runner reads it without either importing the other.
// - how each fault was done (the record: fault-record.ts), for compliance.json and certificates;
// - what the implementation's processes wrote on stderr, for stderr.log;
// - an error that ends the run (a call without an answer, a line that is not a response): the
//   runner ends the run on it, even if a step caught the Driver's error and failed with another.

import type { FaultRecord } from './fault-record.ts';

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

/** At most this much of a scenario's stderr is kept for the reports (the rest is counted). */
const SCENARIO_STDERR_MAX_CHARS = 1024 * 1024;
const stderr = { chunks: [] as string[], size: 0, dropped: 0 };

/** Keeps stderr text of an implementation's process for the scenario's report. */
export function keepForScenario(text: string): void {
  if (stderr.size + text.length > SCENARIO_STDERR_MAX_CHARS) {
    stderr.dropped += text.length;
    return;
  }
  stderr.chunks.push(text);
  stderr.size += text.length;
}

/** What the implementation wrote on stderr since the last take. */
export function takeScenarioStderr(): string {
  const text = stderr.chunks.join('') + (stderr.dropped > 0 ? `\n[spotcheck: ${stderr.dropped} more characters of stderr were not kept]\n` : '');
  stderr.chunks = [];
  stderr.size = 0;
  stderr.dropped = 0;
  return text;
}

/** The class name of an error that ends the run; it survives a worker process boundary. */
export const WIRE_FATAL_TYPE = 'WireFatal';
/** The media type of the attachment that carries such an error to the runner. */
export const WIRE_FATAL_MEDIA_TYPE = 'text/x.spotcheck.wire-fatal';

let ending: Error | undefined;

/** The conversation with the implementation cannot go on: the run ends (the first such error stays). */
export function noteRunEnding(e: Error): void {
  ending ??= e;
}

/** The error that ended the conversation for good in this process, if one did. */
export function runEnding(): Error | undefined {
  return ending;
}
