// Parameter types in the spec's words: RIDs, lists of them, channel servers with weights.

import { defineParameterType } from '@cucumber/cucumber';
import type { ChannelServerSpec, OperationSpec, RecordState } from '../../src/driver/types.ts';

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
  regexp: /the request|the first message|the later message|the second relocation|the relocation|the creation on [A-Z][A-Za-z0-9]*/,
  transformer: (s: string) => s,
});

// An Actor/Spot direct message, in the spec's words: which message it is (the name the scenario
// calls it by afterwards), then what the caller adds to it, in this order, each optional:
//   A sends Instance Spot "i1" the first message with Instance intent, activating on B,
//     whose factory is held on gate "f", naming generation 1, still through B, that echoes,
//     with a deadline of 300 ms
defineParameterType({
  name: 'message',
  regexp: /a message|another message|the first message|a later message/,
  transformer: (s: string) => (s === 'the first message' ? 'the first message' : s === 'a later message' ? 'the later message' : 'the request'),
});

export type MessageOptions = Pick<
  Extract<OperationSpec, { kind: 'object-message' }>,
  'instanceIntent' | 'activateOn' | 'factoryInput' | 'generation' | 'via' | 'deadlineMs'
> & { handler?: string };

const MESSAGE_OPTIONS: Array<[RegExp, (m: RegExpExecArray, o: MessageOptions) => void]> = [
  [/^ with Instance intent/, (_m, o) => (o.instanceIntent = true)],
  [new RegExp(`^, activating on (${RID})`), (m, o) => (o.activateOn = m[1])],
  [/^, whose factory is held on gate "([^"]+)"/, (m, o) => (o.factoryInput = { gate: m[1] })],
  [/^, with a timer every (\d+) ms/, (m, o) => (o.factoryInput = { ...(o.factoryInput as object | undefined), tickMs: Number(m[1]) })],
  [/^, naming generation (\d+)/, (m, o) => (o.generation = Number(m[1]))],
  [new RegExp(`^, still through (${RID})`), (m, o) => (o.via = m[1])],
  [/^ that (echoes|fails|blocks on gate "[^"]+")/, (m, o) => (o.handler = m[1])],
  [/^, with a deadline of (\d+) ms/, (m, o) => (o.deadlineMs = Number(m[1]))],
];

defineParameterType({
  name: 'messageOptions',
  // Each option at most once, in the order above; none at all is fine.
  regexp: new RegExp(MESSAGE_OPTIONS.map(([re]) => `(?:${re.source.slice(1).replace(/\((?!\?)/g, '(?:')})?`).join('')),
  transformer: (text: string): MessageOptions => {
    const o: MessageOptions = {};
    let rest = text;
    for (const [re, apply] of MESSAGE_OPTIONS) {
      const m = re.exec(rest);
      if (m) {
        apply(m, o);
        rest = rest.slice(m[0].length);
      }
    }
    return o;
  },
});

// The relocation protocol's failpoints, named by where they fire (src/driver/failpoints.ts).
const RELOCATION_FAILPOINTS: Record<string, string> = {
  'fails explicitly before relay-ready is accepted': 'relocation.fail-before-relay-ready',
  'cannot submit the cutover': 'relocation.cutover-submit-fails',
  'dies right after accepting relay-ready': 'relocation.crash-source-after-relay-ready',
  'dies when the cutover arrives, before the commit': 'relocation.crash-target-before-commit',
  'dies right after the commit': 'relocation.crash-target-after-commit',
  'dies once it learned of the commit': 'relocation.crash-source-after-commit',
  'fails its first lifecycle callback': 'relocation.lifecycle-callback-fails',
  'loses the reply of its relay-ready record': 'relocation.relay-ready-record-reply-lost',
  'fails its first dispatch switchover': 'relocation.dispatch-switchover-fails',
};

defineParameterType({
  name: 'relocationFailpoint',
  regexp: new RegExp(Object.keys(RELOCATION_FAILPOINTS).join('|')),
  transformer: (s: string) => RELOCATION_FAILPOINTS[s],
});

defineParameterType({ name: 'relocationRole', regexp: /source|target/, transformer: (s: string) => s });

defineParameterType({ name: 'recordState', regexp: /Missing|Creating|Ready|Closing/, transformer: (s: string) => s as RecordState });

// A client's binding of an Actor: "binding" is the newest token it holds, "old binding" the one before.
defineParameterType({ name: 'binding', regexp: /old binding|binding/, transformer: (s: string) => (s === 'old binding' ? 'old' : 'newest') });
