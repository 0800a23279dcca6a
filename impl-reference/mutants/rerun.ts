// Mutants that start an operation again (rerun-accepted-on-timeout, auto-retry-failed,
// failed-op-follows-new-owner) do it once per operation, so that the re-run itself comes to an end.
// Kept here, not as a field of the runtime's Operation: the reference never re-runs anything.

const rerun = new WeakSet<object>();

/** True the first time it is asked about `op`, false ever after. */
export function rerunOnce(op: object): boolean {
  if (rerun.has(op)) return false;
  rerun.add(op);
  return true;
}
