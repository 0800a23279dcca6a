// The spec's clauses whose first check is a step of liveness.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const LIVENESS = 'channel-and-connection/liveness.feature';

// Scenario names used by several clauses.
const LV_HUNG = 'A hung peer is not-ready within the liveness deadline, and nothing else is affected';
const LV_CRASHED = 'A crashed peer is not-ready within the liveness deadline, and nothing else is affected';
const LV_AT_ONCE = 'A connection that ends <how> makes the peer not-ready at once';

export const clauses: Clause[] = [
  // V04: a liveness failure of one peer leaves other ready peers ready, the host out of Error, and local owners processing
  {
    id: 'V04.1', lines: [142], words: "One peer's liveness failure doesn't put a different ready peer or the host state into Error.",
    says: "when one peer fails liveness, the node's other peers stay ready throughout (no reset of their connections)",
    checks: [
      ...on(LIVENESS, LV_HUNG, "A's peer C stayed ready throughout"),
      ...on(LIVENESS, LV_CRASHED, "C's peer A stayed ready throughout"),
    ],
  },
  {
    id: 'V04.2', lines: [49], words: "One peer's failure doesn't stop processing by another ready peer or local owner, or turn the whole host Error.",
    says: 'when one peer fails liveness the host stays Ready, not Error',
    checks: [
      ...on(LIVENESS, LV_HUNG, 'host A is Ready', 'host C is Ready'),
      ...on(LIVENESS, LV_CRASHED, 'host C is Ready'),
    ],
  },
  {
    id: 'V04.3', lines: [49], words: "One peer's failure doesn't stop processing by another ready peer",
    says: 'operations to and from the other ready peers (and on the host itself) still run and get replies',
    checks: [
      ...on(LIVENESS, LV_HUNG, 'a node direct message from A to C still gets a reply', 'a node direct message from C to A still gets a reply', 'a node direct message from A to A still gets a reply'),
      ...on(LIVENESS, LV_CRASHED, 'a node direct message from C to A still gets a reply'),
    ],
  },
  {
    id: 'V04.4', lines: [49], words: "One peer's failure doesn't stop processing by another ready peer or local owner",
    says: 'objects owned on the host keep processing their messages while another peer fails liveness',
    checks: on(LIVENESS, 'A local owner keeps processing while one of its peers fails liveness', 'a timer of "a1" ran on A after A\'s peer B was not-ready', 'actor "a1" still handles a message from A, on A', 'actor "a1" still handles a message from C, on A'),
  },

  // R-CONN-1: an orderly close or a transport error makes the peer not-ready immediately
  {
    id: 'R-CONN-1.1', lines: [49], words: 'The Framework reflects orderly close and transport errors immediately',
    says: 'an orderly close marks the peer not-ready, for that reason, within a heartbeat interval',
    checks: on(LIVENESS, LV_AT_ONCE, 'A\'s peer B was marked not-ready at once, because of "<reason>"'),
  },
  {
    id: 'R-CONN-1.2', lines: [49], words: 'The Framework reflects orderly close and transport errors immediately',
    says: 'a transport error marks the peer not-ready, for that reason, within a heartbeat interval',
    checks: on(LIVENESS, LV_AT_ONCE, 'A\'s peer B was marked not-ready at once, because of "<reason>"'),
  },

  // R-CONN-2: a half-open connection that stays silent turns not-ready within the liveness deadline
  {
    id: 'R-CONN-2.1', lines: [49], words: 'switches a non-responding half-open connection to not-ready within the liveness deadline',
    says: 'a silent (hung or crashed) peer is marked not-ready by the liveness check within the liveness deadline',
    checks: [
      ...on(LIVENESS, LV_HUNG, "A's peer B becomes not-ready within the liveness deadline"),
      ...on(LIVENESS, LV_CRASHED, "C's peer B becomes not-ready within the liveness deadline"),
    ],
  },
];
