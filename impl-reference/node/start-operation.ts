// One node starts one operation the Driver submitted: the single place that maps an operation kind
// to the runtime's role for it (the channel caller, or the object caller). The embedded harness
// and the node process both go through it, so the two backends run operations the same way.

import type { OperationSpec } from '../../src/driver/types.ts';
import type { Caller } from '../channel/caller.ts';
import type { ObjectCaller } from '../objects/object-caller.ts';
import type { Operation } from '../kernel/operation.ts';

/** The operation kinds a node runs (Session operations belong to test clients, not nodes). */
export const OPERATION_KINDS: ReadonlySet<string> = new Set(['channel-request', 'node-direct', 'create', 'object-message', 'close', 'join', 'relocate']);

export interface OperationRoles {
  caller: Caller;
  objects: ObjectCaller;
}

/** Start `spec` on the node whose roles these are (its kind checked against OPERATION_KINDS before). */
export function startOperation(roles: OperationRoles, op: Operation, spec: OperationSpec): void {
  switch (spec.kind) {
    case 'channel-request':
      void roles.caller.channelRequest(op, spec.channel, { type: 'app', payload: spec.payload });
      return;
    case 'node-direct':
      void roles.caller.nodeDirect(op, spec.mesh, spec.to, { type: 'app', payload: spec.payload });
      return;
    case 'create':
      void roles.objects.create(op, spec);
      return;
    case 'object-message':
      void roles.objects.message(op, spec);
      return;
    case 'close':
    case 'join':
      void roles.objects.close(op, spec);
      return;
    case 'relocate':
      void roles.objects.relocate(op, spec);
      return;
  }
}
