// The published failpoints: names a scenario may arm with the `failpoint` fault. An implementation
// lists the ones it supports in describe().failpoints; the names and meanings are part of the kit's
// contract, so an implementation in another language fires them at the same protocol step.

export interface FailpointInfo {
  name: string;
  /** The exact protocol step at which it fires. */
  fires: string;
}

export const FAILPOINTS: FailpointInfo[] = [
  {
    name: 'transport.ack-lost-after-write',
    fires:
      'On `node`, the next operation written to the connection towards `peer` is delivered to the peer, ' +
      'then the connection fails with a transport error before the acceptance answer can come back.',
  },
];

export const FAILPOINT_NAMES = FAILPOINTS.map((f) => f.name);
