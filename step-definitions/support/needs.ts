// What a scenario really needs from an implementation, read off the Driver calls it makes.
// Scenarios name their needs in tags (capabilities and `@failpoint:<name>`), and those tags decide
// what is not-applicable and which conformance level a scenario counts for. A tag written by hand
// can be forgotten; so the World wraps the Driver, notes the need behind every call, and after the
// scenario fails it (as a defect of the kit, not of the runtime) when a call needed an untagged one.

import type { Driver, Fault, OperationSpec } from '../../src/driver/types.ts';
import { failpointTag } from '../../src/requirements/levels.ts';

function operationNeeds(op: OperationSpec): string[] {
  switch (op.kind) {
    case 'channel-request':
      return ['channels'];
    case 'node-direct':
      return ['node-direct'];
    case 'create':
    case 'close':
    case 'join':
      return ['objects'];
    case 'object-message':
      return op.instanceIntent || op.objectKind === 'instance-spot' ? ['objects', 'instance-spots'] : ['objects'];
    case 'relocate':
      return ['objects', 'relocation'];
    default:
      return ['sessions'];
  }
}

function faultNeeds(f: Fault): string[] {
  switch (f.kind) {
    case 'hang':
      return ['liveness'];
    case 'move':
    case 'impostor':
      return ['reconnect'];
    case 'store-down':
    case 'store-slow':
    case 'store-up':
    case 'deregister':
      return ['store-faults'];
    case 'failpoint':
      return [failpointTag(f.name)];
    default:
      // crash, restart and a connection that closes are the chapter's own faults: every runtime has them.
      return [];
  }
}

/** The Driver, noting into `needs` the capability or failpoint behind each call. */
export function recordingNeeds(driver: Driver, needs: Set<string>): Driver {
  const note = (list: string[]) => list.forEach((n) => needs.add(n));
  return new Proxy(driver, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (prop === 'submit') note(operationNeeds(args[0] as OperationSpec));
        if (prop === 'fault') note(faultNeeds(args[0] as Fault));
        if (prop === 'addChannel' || prop === 'setServer') note(['channels']);
        if (prop === 'relocation') note(['relocation']);
        if (prop === 'session') note(['sessions']);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
