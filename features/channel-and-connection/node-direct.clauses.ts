// The spec's clauses whose first check is a step of node-direct.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const NODE_DIRECT = 'channel-and-connection/node-direct.feature';

// Scenario names used by several clauses.
const ND_NOT_READY = "The named node's connection is not ready: Unavailable, and no other node is used";
const ND_NOT_FOUND = 'A RID that does not exist in the mesh ends NotFound';
const ND_LEFT_LIST = 'A node that left the descriptor list no longer exists in the mesh: NotFound';
const ND_OTHER_MESH = 'A RID that exists only in another mesh does not exist in this one: NotFound';

// Spec words used by several clauses.
const W_NODE_DIRECT = "Node direct — where the caller directly specifies both MeshName and target RID to message one node — doesn't use this re-selection rule since the caller specifies the node RID.";

export const clauses: Clause[] = [
  // V02: node direct, Actor/Spot direct and Session-bound operations keep the named RID, global object ID or binding; they never retarget
  {
    id: 'V02.1', lines: [45], words: W_NODE_DIRECT,
    says: 'node direct runs only on the named RID: a busy or not-ready named node is never replaced by another node',
    checks: [
      ...on(NODE_DIRECT, 'A node direct message runs on the named node only', 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
      ...on(NODE_DIRECT, ND_NOT_READY, 'the request ends with failure Unavailable', 'every attempt named B', 'the handler never ran for the request'),
      ...on(NODE_DIRECT, "The named node's queue is full: Busy, and no other node is used", 'the request ends with failure Busy', 'every attempt named B', 'the handler never ran for the request'),
    ],
  },

  // V03: an operation whose transport acceptance is unknown, or that was accepted, is never resubmitted to another peer automatically
  {
    id: 'V03.3', lines: [35], words: "The Framework doesn't treat an earlier operation whose execution status is unclear as if it hadn't run.",
    says: 'an operation of unknown acceptance is not retried at all, not even to the same peer over a new connection',
    checks: on(NODE_DIRECT, 'Acceptance unknown after the connection drops: not resubmitted, not retried', 'the attempts were', 'the handler ran exactly once, on B'),
  },

  // R-CH-2: node direct ends NotFound for a RID that does not exist and Unavailable for a node whose connection is not ready, with no re-selection
  {
    id: 'R-CH-2.1', lines: [45], words: "If the specified node doesn't exist or the connection isn't ready, it ends with NotFound or Unavailable.",
    says: 'node direct to a RID that does not exist in the mesh named ends NotFound: an unknown RID, a node that left the descriptor list, a node of another mesh',
    checks: [
      ...on(NODE_DIRECT, ND_NOT_FOUND, 'the request ends with failure NotFound'),
      ...on(NODE_DIRECT, ND_LEFT_LIST, 'the request ends with failure NotFound'),
      ...on(NODE_DIRECT, ND_OTHER_MESH, 'the request ends with failure NotFound'),
    ],
  },
  {
    id: 'R-CH-2.2', lines: [45], words: "If the specified node doesn't exist or the connection isn't ready, it ends with NotFound or Unavailable.",
    says: 'node direct to a node whose connection is not ready ends Unavailable (it does not wait for the connection)',
    checks: on(NODE_DIRECT, ND_NOT_READY, 'the request ends with failure Unavailable'),
  },
  {
    id: 'R-CH-2.3', lines: [45], words: W_NODE_DIRECT,
    says: 'in both cases no other node is attempted and the handler runs nowhere',
    checks: [
      ...on(NODE_DIRECT, ND_NOT_READY, 'every attempt named B', 'the handler never ran for the request'),
      ...on(NODE_DIRECT, ND_NOT_FOUND, 'the handler never ran for the request'),
      ...on(NODE_DIRECT, ND_LEFT_LIST, 'the handler never ran for the request'),
      ...on(NODE_DIRECT, ND_OTHER_MESH, 'the handler never ran for the request'),
    ],
  },
];
