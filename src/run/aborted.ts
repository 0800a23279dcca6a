// A run that cannot go on (an implementation hung or died mid-run): the CLI ends it with exit 2.
// Apart from suite.ts so that the CLI's entry can recognise it without loading Cucumber.

export class RunAborted extends Error {}
