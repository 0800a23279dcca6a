// The spec's clauses whose first check is a step of select-one.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const SELECT_ONE = 'channel-and-connection/select-one.feature';
const COMMON = 'channel-and-connection/common-judgment.feature';

// Scenario names used by several clauses.
const CJ_OUTLINE = '<boundary>';
const SO_ACCEPTED_LOST = 'An accepted request is not run on another server when its connection is lost';
const SO_ACCEPTED_DEADLINE = 'An accepted request that reaches its deadline is not run on another server';
const SO_DEADLINE = "Re-selection ends with the operation's deadline";
const SO_ELIGIBLE = 'Only eligible servers are candidates (<kind>, B <condition>)';
const SO_NONE_ELIGIBLE = 'With no eligible server the request ends Unavailable and runs nowhere';

// Spec words used by several clauses.
const W_ROUTEMESH = "A Channel in a RouteMesh — the scope in which multiple MeshNodes participate in exchanging node and Channel messages — uses a server that's in the Ready state — able to accept a new operation — with weight greater than 0, as a candidate";

export const clauses: Clause[] = [
  // V01: select-one may switch to another eligible server only while no server has accepted the operation (e.g. a full queue), never afterwards
  {
    id: 'V01.1', lines: [43], words: "If the first target's non-blocking submit isn't accepted due to insufficient capacity, a different eligible server can be selected until the transport queue accepts the operation.",
    says: 'a server refusing for capacity is passed over before acceptance: another eligible server accepts and runs the operation, once',
    checks: [
      ...on(SELECT_ONE, 'A server whose queue is full is passed over before acceptance', 'the request ends with a reply from C', 'the attempts were', 'the handler ran exactly once, on C'),
      ...on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the handler ran exactly once, on <ran on>'),
    ],
  },
  {
    id: 'V01.2', lines: [43], words: "Once accepted, the same operation isn't re-run on a different server even if there's no reply or the connection drops.",
    says: 'after a server accepted, a dropped connection ends the operation without running it on any other server',
    checks: on(SELECT_ONE, SO_ACCEPTED_LOST, 'the request ends with failure Unavailable', 'the attempts were', 'the handler ran exactly once, on B'),
  },
  {
    id: 'V01.3', lines: [43], words: "Once accepted, the same operation isn't re-run on a different server even if there's no reply",
    says: 'after a server accepted, no reply until the deadline does not move the operation to another server',
    checks: on(SELECT_ONE, SO_ACCEPTED_DEADLINE, 'the request ends with a timeout at its deadline', 'the handler ran exactly once, on B'),
  },
  {
    id: 'V01.4', lines: [139], words: 'Channel select-one only selects a different eligible server until the target accepts the operation.',
    says: 're-selection after a refusal picks only an eligible server (Ready, and weight > 0 in a RouteMesh), never any other node',
    checks: on(SELECT_ONE, 'After a refusal, re-selection goes only to an eligible server', 'the request ends with a reply from C', 'the attempts were', 'the handler never ran on A'),
  },

  // V03: an operation whose transport acceptance is unknown, or that was accepted, is never resubmitted to another peer automatically
  {
    id: 'V03.2', lines: [141], words: "If transport acceptance is unclear, or the operation was already accepted, it isn't automatically resubmitted to a different peer.",
    says: 'an operation the target already accepted is not resubmitted to another peer when its connection fails',
    checks: on(SELECT_ONE, SO_ACCEPTED_LOST, 'the request ends with failure Unavailable', 'the handler ran exactly once, on B'),
  },
  {
    id: 'V03.4', lines: [32], words: "Whether transport accepted the operation can't be confirmed | Since duplication is possible, doesn't automatically resubmit to a different peer.",
    says: 'an operation written to a server that fell silent (no answer, the connection not yet found dead) keeps its acceptance unknown and is not written to another server',
    checks: [
      ...on(SELECT_ONE, 'A request written to a server that fell silent is not written to another', 'the attempts were', 'the handler never ran on C'),
      ...on(SELECT_ONE, 'A request written to a server that fell silent ends when the silence is found out, not on another', 'the request ends with failure Unavailable', 'the attempts were', 'the handler never ran on C'),
    ],
  },

  // R-GEN-1: before any target accepts, a different eligible target may be picked, but only inside the same operation deadline
  {
    id: 'R-GEN-1.2', lines: [29], words: "The Framework is selecting a target and no target has accepted the operation yet | Can select a different eligible target within the same operation's deadline.",
    says: 'when every target refuses, re-selection stops at the deadline: a timeout at the deadline, and no later acceptance runs it',
    checks: on(SELECT_ONE, SO_DEADLINE, 'the request ends with a timeout at its deadline', 'the request never ran on a server that refused it'),
  },
  {
    id: 'R-GEN-1.3', lines: [13], words: "Before transport or the target queue accepts the operation, it can confirm the operation hasn't run, so it can select a different allowed target.",
    says: 'a target that refused the operation never runs it later (the refusal really means not run)',
    checks: on(SELECT_ONE, SO_DEADLINE, 'the request never ran on a server that refused it'),
  },

  // R-GEN-2: once a target queue has accepted an operation, it is never run again on another target
  {
    id: 'R-GEN-2.1', lines: [31], words: "The operation was accepted by the target queue | Doesn't re-run the same operation on a different target.",
    says: 'an accepted operation whose connection is lost ends failed and runs only on the target that accepted it',
    checks: [
      ...on(SELECT_ONE, SO_ACCEPTED_LOST, 'the request ends with failure Unavailable', 'the attempts were', 'the handler ran exactly once, on B'),
      ...on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the handler ran exactly once, on <ran on>'),
    ],
  },
  {
    id: 'R-GEN-2.2', lines: [43], words: "Once accepted, the same operation isn't re-run on a different server even if there's no reply",
    says: 'an accepted operation that gets no reply times out at its deadline and is not re-run on another target',
    checks: on(SELECT_ONE, SO_ACCEPTED_DEADLINE, 'the request ends with a timeout at its deadline', 'the handler ran exactly once, on B'),
  },

  // R-GEN-4: a failure reports its ErrorKind without retry advice, and the framework never starts a new operation for the application
  {
    id: 'R-GEN-4.4', lines: [125], words: 'This is because, on a timeout or connection loss, whether the remote handler ran may be unknown.',
    says: 'after a timeout or connection-loss failure the framework does not start the operation again either',
    checks: [
      ...on(SELECT_ONE, SO_ACCEPTED_LOST, 'the handler ran exactly once, on B', 'no handler ran for an operation the application did not start'),
      ...on(SELECT_ONE, SO_ACCEPTED_DEADLINE, 'the handler ran exactly once, on B', 'no handler ran for an operation the application did not start'),
    ],
  },

  // R-CH-1: select-one picks only Ready servers with weight > 0 in a RouteMesh channel, and only Ready servers in a ClientServer channel
  {
    id: 'R-CH-1.1', lines: [41], words: W_ROUTEMESH,
    says: 'a RouteMesh server with weight 0 is never picked',
    checks: [
      ...on(SELECT_ONE, SO_ELIGIBLE, 'every one of the requests ended with a reply from C', 'the handler never ran on B'),
      ...on(SELECT_ONE, SO_NONE_ELIGIBLE, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    ],
  },
  {
    id: 'R-CH-1.2', lines: [41], words: W_ROUTEMESH,
    says: 'a RouteMesh server that is not Ready is never picked',
    checks: [
      ...on(SELECT_ONE, SO_ELIGIBLE, 'every one of the requests ended with a reply from C', 'the handler never ran on B'),
      ...on(SELECT_ONE, SO_NONE_ELIGIBLE, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    ],
  },
  {
    id: 'R-CH-1.3', lines: [41], words: 'a ClientServer Channel uses a Ready server as a candidate.',
    says: 'a ClientServer server that is not Ready is never picked',
    checks: on(SELECT_ONE, SO_ELIGIBLE, 'every one of the requests ended with a reply from C', 'the handler never ran on B'),
  },
  {
    id: 'R-CH-1.4', lines: [41], words: 'a ClientServer Channel uses a Ready server as a candidate.',
    says: 'a Ready ClientServer server is a candidate whatever its weight (weight decides only in a RouteMesh)',
    checks: on(SELECT_ONE, 'A ClientServer server is a candidate whatever its weight', 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
  },
  {
    id: 'R-CH-1.5', lines: [41], words: W_ROUTEMESH,
    says: 'a Ready server of weight > 0 is a candidate, the calling node included',
    checks: on(SELECT_ONE, 'The calling node is a candidate of a channel it serves', 'the request ends with a reply from A', 'the handler ran exactly once, on A'),
  },
];
