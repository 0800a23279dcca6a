// The spec's clauses whose first check is a step of reconnect.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const RECONNECT = 'channel-and-connection/reconnect.feature';
const TERMINAL = 'channel-and-connection/terminal-result.feature';

// Scenario names used by several clauses.
const RC_NEW = 'After a transport error the peer is ready again only through a new, verified handshake';
const RC_IN_FLIGHT = 'An operation in flight on the lost connection gets no reply over the new one';
const RC_IMPOSTOR = 'A reconnect to something that cannot prove the mesh credential is refused';
const RC_MOVED = 'A peer that moved is found at the address its descriptor gives now';

// Spec words used by several clauses.
const W_NO_REUSE = "A previous connection ID, reply route, Session binding, and ready state aren't reused.";

export const clauses: Clause[] = [
  // V05: a reconnect repeats handshake and identity verification and reuses no old connection ID, reply route, Session binding or ready state
  {
    id: 'V05.1', lines: [51], words: 'It redoes the service handshake and identity verification at this point.',
    says: 'after a lost connection the peer is ready again only after a new handshake on the new connection',
    checks: [
      ...on(RECONNECT, RC_NEW, "A's peer B is ready again on a new connection"),
      ...on(RECONNECT, RC_IN_FLIGHT, "A's peer B is ready again on a new connection"),
    ],
  },
  {
    id: 'V05.2', lines: [143], words: 'A reconnect redoes the handshake and identity verification',
    says: "a reconnect verifies the peer's identity: something that cannot prove the mesh credential is refused and the peer stays not-ready",
    checks: on(RECONNECT, RC_IMPOSTOR, 'A refuses the handshake and its peer B stays not-ready'),
  },
  {
    id: 'V05.3', lines: [51], words: W_NO_REUSE,
    says: 'the reconnected peer uses a connection ID never used before, also once a node has restarted under the same RID',
    checks: [
      ...on(RECONNECT, RC_NEW, "A's peer B is ready again on a new connection"),
      ...on(RECONNECT, RC_IN_FLIGHT, "A's peer B is ready again on a new connection"),
      ...on(RECONNECT, 'A node that restarted connects again with connection IDs never used before', 'no connection of A or to it reuses a connection ID noted before'),
    ],
  },
  {
    id: 'V05.4', lines: [143], words: "doesn't reuse a previous connection's reply route, Session binding, or ready state",
    says: 'an operation in flight on the lost connection ends failed; its late reply is not delivered over the new connection',
    checks: on(RECONNECT, RC_IN_FLIGHT, 'the request ends with failure Unavailable', 'the application on A received exactly one result for the request'),
  },
  {
    id: 'V05.6', lines: [51], words: W_NO_REUSE,
    says: 'the lost connection is marked not-ready and the peer is ready again only on the new, verified connection; an unverified one stays not-ready',
    checks: [
      ...on(RECONNECT, RC_NEW, "A's peer B is ready again on a new connection"),
      ...on(RECONNECT, RC_IMPOSTOR, 'A refuses the handshake and its peer B stays not-ready'),
    ],
  },

  // R-GEN-3: every operation gets exactly one terminal result, the first confirmed of reply/failure/timeout/cancellation/shutdown; later ones are discarded
  {
    id: 'R-GEN-3.4', lines: [27], words: "If the same operation can't continue, it ends with one terminal result.",
    says: 'a request that failed first stays failed when its handler later completes: one result delivered',
    checks: [
      ...on(RECONNECT, RC_IN_FLIGHT, 'the request ends with failure Unavailable', 'the application on A received exactly one result for the request'),
      ...on(TERMINAL, 'A request that already failed stays failed when <late signal> later', 'the request ends with failure HandlerError', 'the application on A received exactly one result for the request'),
    ],
  },

  // R-CONN-3: reconnect targets the same logical peer via the current configuration or discovery descriptor, so a moved peer is reached at its new address
  {
    id: 'R-CONN-3.1', lines: [51], words: 'The Framework re-establishes a connection to the same logical peer using the current configuration or discovery descriptor.',
    says: 'a peer that moved is reconnected at the address its current descriptor gives, by every node',
    checks: on(RECONNECT, RC_MOVED, "A's peer B is ready again at the new address", "C's peer B is ready again at the new address"),
  },
  {
    id: 'R-CONN-3.2', lines: [51], words: 'The Framework re-establishes a connection to the same logical peer using the current configuration or discovery descriptor.',
    says: 'the reconnect reaches the same logical peer: the new connection proves the same RID',
    checks: [
      ...on(RECONNECT, RC_MOVED, "A's peer B is ready again at the new address", "C's peer B is ready again at the new address"),
      ...on(RECONNECT, "Another member of the mesh answering at the peer's address is not taken for the peer", 'A refuses the handshake and its peer B stays not-ready'),
    ],
  },
];
