// The capability names, apart from the schema that uses them: a plain list that the kit's light
// modules (requirements, levels, the CLI's checks) import without loading TypeBox.

/**
 * Capability names; a scenario tagged with a capability the implementation lacks is not-applicable.
 * Failpoints are not a capability of their own: Description.failpoints lists them one by one, and a
 * scenario names each one it arms (`@failpoint:<name>`).
 */
export const CAPABILITIES = [
  'channels', // RouteMesh and ClientServer channels with select-one
  'node-direct', // node direct messages by RID
  'liveness', // heartbeat liveness and half-open detection (needs the hang and crash faults)
  'reconnect', // reconnect through the current descriptor (needs the move and impostor faults)
  'objects', // Actors and Spots by logical ID through the Location Store
  'instance-spots', // Instance Spot cold activation
  'store-faults', // Location Store outages and lost replies
  'relocation', // planned host relocation
  'sessions', // client Sessions and bindings
] as const;
