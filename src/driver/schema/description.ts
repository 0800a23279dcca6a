// What an implementation says about itself (describe): its name, capabilities, failpoints and the
// timings it actually uses.

import Type from 'typebox';
import { Ms, Obj, Str, named } from './basics.ts';
import { CAPABILITIES } from './capabilities.ts';

export { CAPABILITIES };

/** Timings the implementation actually uses; "within the deadline" waits read them from here. */
export const EffectiveTimings = named(
  'EffectiveTimings',
  Obj(
    {
      heartbeatIntervalMs: Ms('How often a ready connection is probed.'),
      livenessDeadlineMs: Ms('A silent (half-open) peer must be not-ready within this time (Transport Liveness).'),
      reconnectBackoffMs: Ms('Delay before a lost connection is re-established.'),
      defaultDeadlineMs: Ms('Deadline of an operation that names none, counted from its submit.'),
      ownerLeaseMs: Ms('Owner lease TTL: owner eligibility ends this long after the last successful renewal.'),
      ownerCacheMs: Ms("How long a caller trusts a cached owner (never beyond the owner's lease)."),
      descriptorRefreshMs: Ms('How often a node re-reads the full node descriptor list from the Location Store.'),
      storeFailureGraceMs: Ms('How long a node keeps retrying an unclear Store change before the operation fails.'),
      cutoverFallbackMs: Ms('After relay-ready was accepted, the target commits on its own this long without a cutover receipt.'),
      messageFollowMs: Ms("MessageFollowDuration unless the topology sets another (the spec's default is 30 s; 0 = off)."),
    },
    { description: 'Timings the implementation actually uses; "within the deadline" waits read them from here.' },
  ),
);
export type EffectiveTimings = Type.Static<typeof EffectiveTimings>;


export const Capability = named(
  'Capability',
  Type.Enum(CAPABILITIES, {
    description:
      'A capability name; a scenario tagged with a capability the implementation lacks is not-applicable. Failpoints are not a capability of their ' +
      'own: Description.failpoints lists them one by one, and a scenario names each one it arms (`@failpoint:<name>`).',
  }),
);
export type Capability = Type.Static<typeof Capability>;

export const Description = named(
  'Description',
  Obj(
    {
      name: Str(),
      version: Str(),
      backend: Str(),
      capabilities: Type.Array(Capability),
      timings: EffectiveTimings,
      failpoints: Type.Array(Str(), { description: 'Failpoint names (from FAILPOINTS, docs/driver.md) this implementation can fire.' }),
    },
    { description: "What describe() answers: the implementation's name, version, backend, capabilities, timings and failpoints." },
  ),
);
export type Description = Type.Static<typeof Description>;
