// Cucumber hooks that carry what the adapters logged about a scenario (src/driver/scenario-log.ts)
// into its report, loaded before the step definitions so that this After hook runs after theirs (after the Driver was closed):
// - what the implementation wrote on stderr during the scenario is attached to it (stderr.log),
//   so it is kept with the reports (cucumber.json, .ndjson, .html);
// - when the conversation broke in a way that ends the run (a call without an answer, a line that
//   is not a response), that is attached too: the runner ends the run on it, even if a step
//   caught the Driver's error and failed with another.
// - how each fault the scenario injected was done, for compliance.json.
// Nothing here judges a scenario; for the embedded and process backends all are no-ops.

import { After, type World } from '@cucumber/cucumber';
import { WIRE_FATAL_MEDIA_TYPE, runEnding, takeScenarioFaults, takeScenarioStderr } from '../driver/scenario-log.ts';
import { FAULTS_MEDIA_TYPE } from '../driver/fault-record.ts';

After({ name: "keep the implementation's stderr" }, function (this: World, { pickle }) {
  const stderr = takeScenarioStderr();
  if (stderr) this.attach(stderr, { mediaType: 'text/plain', fileName: 'stderr.log' });
  // How each fault was done (outside, or the runtime's own word), for compliance.json.
  const faults = takeScenarioFaults();
  if (faults.length > 0) this.attach(JSON.stringify(faults), FAULTS_MEDIA_TYPE);
  const fatal = runEnding();
  if (fatal) this.attach(`${fatal.message} (scenario ${pickle.uri}: ${pickle.name})`, WIRE_FATAL_MEDIA_TYPE);
});
