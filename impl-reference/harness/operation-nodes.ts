// Which other nodes an operation names: the harness checks they exist before it submits one (an
// unknown node is the kit's input error, not the runtime's case).

import type { OperationSpec } from '../../src/driver/types.ts';

export function nodesNamedBy(spec: OperationSpec): string[] {
  switch (spec.kind) {
    case 'create':
      return [spec.on];
    case 'object-message':
      return spec.activateOn === undefined ? [] : [spec.activateOn];
    case 'relocate':
      return [spec.target];
    default:
      return [];
  }
}
