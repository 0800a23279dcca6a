// Under `npm run mutation` only (cucumber.mjs imports this file when SPOTCHECK_MUTATION is set):
// load the reference runtime while Cucumber loads its support code, before any scenario starts.
// The adapters load the runtime when a run first opens it (records.ts), which in a Stryker test
// runner is inside the first scenario: code that runs when a module loads (the rules tables
// REFERENCE_ROUTING, REFERENCE_HOST, REFERENCE_AUTHORITY, ...) was then counted as covered by that
// one scenario instead of as static, so Stryker ran its mutants without reloading the runner. Such a
// mutant did nothing where the runtime was already loaded (a false survivor), and where it was the
// first run of a fresh runner it broke the runtime for every later mutant of that runner (714 false
// kills in one objects run: "this.rules.eligibleAfterFailedRenewal is not a function"). Loaded here,
// that code is static: Stryker runs each such mutant in a fresh runner, with the whole suite.

import './sim.ts';
import './embedded.ts';
