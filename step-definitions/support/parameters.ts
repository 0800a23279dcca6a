// Parameter types in the spec's words: RIDs, lists of them, channel servers with weights.

import { defineParameterType } from '@cucumber/cucumber';
import type { ChannelServerSpec } from '../../src/driver/types.ts';

const RID = '[A-Z][A-Za-z0-9]*';

function splitList(text: string): string[] {
  return text.split(/, | and /).map((s) => s.trim());
}

defineParameterType({ name: 'rid', regexp: new RegExp(RID), transformer: (s) => s });

defineParameterType({
  name: 'rids',
  regexp: new RegExp(`${RID}(?:(?:, | and )${RID})*`),
  transformer: splitList,
});

// "B (weight 10) and C (weight 1)"; a server without a weight has weight 1.
const SERVER = `${RID}(?: \\(weight \\d+\\))?`;
defineParameterType({
  name: 'servers',
  regexp: new RegExp(`${SERVER}(?:(?:, | and )${SERVER})*`),
  transformer: (text: string): ChannelServerSpec[] =>
    splitList(text).map((s) => {
      const m = /^(\S+)(?: \(weight (\d+)\))?$/.exec(s)!;
      return m[2] === undefined ? { node: m[1] } : { node: m[1], weight: Number(m[2]) };
    }),
});

defineParameterType({
  name: 'channelKind',
  regexp: /RouteMesh|ClientServer/,
  transformer: (s: string) => (s === 'RouteMesh' ? 'routemesh' : 'clientserver'),
});

// What the test application's handler does with the operation.
defineParameterType({ name: 'handler', regexp: /echoes|fails|blocks on gate "[^"]+"/, transformer: (s: string) => s });

defineParameterType({
  name: 'objectKind',
  regexp: /actor|user spot|Instance Spot/,
  transformer: (s: string) => ({ actor: 'actor', 'user spot': 'user-spot', 'Instance Spot': 'instance-spot' })[s],
});

// The operations a scenario names: "the request" (the last one started), and a few named ones.
defineParameterType({
  name: 'op',
  regexp: /the request|the first message|the later message|the relocation|the creation on [A-Z][A-Za-z0-9]*/,
  transformer: (s: string) => s,
});
