// The published failpoints: names a scenario may arm with the `failpoint` fault. An implementation
// lists the ones it supports in describe().failpoints; the names and meanings are part of the kit's
// contract, so an implementation in another language fires them at the same protocol step.

export interface FailpointInfo {
  name: string;
  /** The conformance level whose scenarios arm it (src/requirements/levels.ts): a runtime at that level must fire it. */
  level: 'core' | 'objects' | 'full';
  /** The exact protocol step at which it fires. */
  fires: string;
}

export const FAILPOINTS: FailpointInfo[] = [
  {
    name: 'transport.ack-lost-after-write',
    level: 'core',
    fires:
      'On `node`, the next operation written to the connection towards `peer` is delivered to the peer, ' +
      'then the connection fails with a transport error before the acceptance answer can come back.',
  },
  {
    name: 'store.reply-lost-after-apply',
    level: 'objects',
    fires: "On `node`, the next Location Store change is applied, and then its reply is lost: the node cannot tell whether it applied.",
  },
  {
    name: 'store.fail-before-apply',
    level: 'objects',
    fires: 'On `node`, the next Location Store change fails before it is applied, and no reply comes: the node cannot tell whether it applied.',
  },
  {
    name: 'store.reply-lost-then-cut-off',
    level: 'full',
    fires: 'On `node`, the next Location Store change is applied, its reply is lost, and the node cannot reach the Store again until a store-up fault for it.',
  },
  {
    name: 'activation.fail-before-ready',
    level: 'objects',
    fires:
      "On `node`, the next Instance Spot cold activation stops after the factory ran, before the record is Ready (the process stays up; the record stays Creating with its stored first message).",
  },
  {
    name: 'relocation.fail-before-relay-ready',
    level: 'full',
    fires: 'On the relocation target `node`, the next prepare fails explicitly: relay-ready is never sent, so it is never accepted.',
  },
  {
    name: 'relocation.cutover-submit-fails',
    level: 'full',
    fires: 'On the relocation source `node`, the next cutover submit fails (it is never sent), after relay-ready was accepted.',
  },
  {
    name: 'relocation.crash-source-after-relay-ready',
    level: 'full',
    fires: 'The relocation source `node` crashes right after it accepted relay-ready, before the cutover submit.',
  },
  {
    name: 'relocation.crash-target-before-commit',
    level: 'full',
    fires: 'The relocation target `node` crashes when the cutover arrives, before the owner-change commit.',
  },
  {
    name: 'relocation.crash-target-after-commit',
    level: 'full',
    fires: 'The relocation target `node` crashes right after the owner-change commit applied, before its lifecycle callback.',
  },
  {
    name: 'relocation.crash-source-after-commit',
    level: 'full',
    fires: 'The relocation source `node` crashes right after it learned that the owner change committed.',
  },
  {
    name: 'relocation.lifecycle-callback-fails',
    level: 'full',
    fires: "On the relocation target `node`, the next lifecycle callback after the commit fails once.",
  },
  {
    name: 'relocation.relay-ready-record-reply-lost',
    level: 'full',
    fires: "On the relocation source `node`, the Store change that records relay-ready as accepted is applied, and its reply is lost: the source cannot tell whether it passed the boundary.",
  },
  {
    name: 'relocation.dispatch-switchover-fails',
    level: 'full',
    fires: 'On the relocation target `node`, the first dispatch switchover after the owner-change commit fails once (the temporary queue is not opened yet).',
  },
  {
    name: 'activation.fail-before-restore',
    level: 'objects',
    fires:
      'On `node`, the next Instance Spot cold activation stops after the record is Ready, before the stored first message is restored at the head of the queue (the process stays up).',
  },
];

export const FAILPOINT_NAMES = FAILPOINTS.map((f) => f.name);
