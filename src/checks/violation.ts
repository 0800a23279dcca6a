// A RuleViolation is what a step throws when the evidence it reads breaks a rule of the spec.
// Every other error (a setup that could not be made, a Driver call that failed, Cucumber's own
// step timeout) says the scenario could not judge the rule. The runner tells the two apart by the
// error's class name, which Cucumber reports as the exception type; the mutant self-test counts a
// mutant as killed only on a RuleViolation.

export const VIOLATION_TYPE = 'RuleViolation';

export class RuleViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = VIOLATION_TYPE;
  }
}

/** Throw a RuleViolation: the evidence shows the rule broken. */
export function violated(message: string): never {
  throw new RuleViolation(message);
}

/** Fail with a RuleViolation unless `ok` holds. */
export function expect(ok: unknown, message: string | (() => string)): asserts ok {
  if (!ok) throw new RuleViolation(typeof message === 'string' ? message : message());
}
