// The spec's clauses whose first check is a step of grace.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const GRACE = 'store-failure/grace.feature';

// Scenario names used by several clauses.
const GR_KEEPS = 'The last descriptor list and its connections stay, and liveness checks go on';
const GR_STOP = 'Once owner eligibility ends, timers and messages stop';
const GR_NEEDED = 'When the Store answers again only the needed connection changes are made';

// Spec words used by several clauses.
const W_GRACE_KEEPS = 'During StoreFailureGrace, the Framework keeps the last fully-read descriptor list and the connection intents for its targets, and continues liveness checks for existing connections.';
const W_GRACE_NO_EXTEND = "Grace doesn't extend the owner lease or relocation deadline.";
const W_ELIGIBILITY_ENDS = 'Once owner eligibility ends, new message/timer processing and state changes stop.';
const W_STORE_RECOVERS = 'Once the Store recovers, the owner and the full descriptor list are re-confirmed, and only the necessary connection changes are applied.';

export const clauses: Clause[] = [
  // R-STO-2: during StoreFailureGrace the last complete descriptor list and its connection intents stay, liveness checks go on, and no target outside it is dialled
  {
    id: 'R-STO-2.1', lines: [119], words: W_GRACE_KEEPS,
    says: 'while the Store cannot be read, connections to the targets of the last list stay up',
    checks: on(GRACE, GR_KEEPS, "A's peer B stayed ready throughout"),
  },
  {
    id: 'R-STO-2.2', lines: [119], words: W_GRACE_KEEPS,
    says: 'the connection intents are kept: a listed target whose connection breaks during grace is reconnected',
    checks: on(GRACE, 'During grace a broken connection to a listed peer is made again from the last list', "A's peer B is ready again on a new connection"),
  },
  {
    id: 'R-STO-2.3', lines: [119], words: W_GRACE_KEEPS,
    says: 'liveness checks go on during grace: a hung listed peer becomes not-ready within the deadline',
    checks: on(GRACE, GR_KEEPS, "A's peer C becomes not-ready within the liveness deadline"),
  },
  {
    id: 'R-STO-2.4', lines: [119], words: "It doesn't connect to a new target outside that list (owned by Location Runtime §10).",
    says: 'no connection is made to a node outside the last list, so node direct to it ends NotFound',
    checks: on(GRACE, 'A node outside the last descriptor list is not connected to', 'A makes no connection to D', 'the request ends with failure NotFound'),
  },

  // R-STO-3: grace extends neither the owner lease nor a relocation deadline; when owner eligibility ends, message/timer processing and state changes stop
  {
    id: 'R-STO-3.1', lines: [119], words: W_GRACE_NO_EXTEND,
    says: 'grace does not extend the owner lease: the owner stops processing once its lease ran out, also when its last renewal was answered late',
    checks: [
      ...on(GRACE, GR_STOP, 'no timer or message of "a1" ran on B from its lease running out until the Store answers again'),
      ...on(GRACE, 'Owner eligibility is counted from the renewal, not from its late answer', 'no timer or message of "a1" ran on B from its lease running out until the Store answers again'),
    ],
  },
  {
    id: 'R-STO-3.2', lines: [119], words: W_GRACE_NO_EXTEND,
    says: 'grace does not extend a relocation deadline',
    checks: on(GRACE, "Grace does not extend a relocation's deadline", 'the relocation ends with a failure by its deadline', 'the record of "a1" stays Ready, owned by B, generation 1'),
  },
  {
    id: 'R-STO-3.3', lines: [119], words: W_ELIGIBILITY_ENDS,
    says: 'once owner eligibility ended, no new message and no timer of the object runs until the Store answers again',
    checks: on(GRACE, GR_STOP, 'no timer or message of "a1" ran on B from its lease running out until the Store answers again'),
  },
  {
    id: 'R-STO-3.4', lines: [119], words: W_ELIGIBILITY_ENDS,
    says: 'once owner eligibility ended, state changes of the object stop too',
    checks: on(GRACE, "Once owner eligibility ends, the object's state changes stop too", 'the request ends with failure Unavailable', 'the record of "s1" is unchanged'),
  },

  // R-STO-4: on Store recovery the owner and the full descriptor list are re-confirmed and only the needed connection changes are made
  {
    id: 'R-STO-4.1', lines: [119], words: W_STORE_RECOVERS,
    says: 'when the Store answers again, the owner re-reads its objects before processing them again',
    checks: on(GRACE, 'When the Store answers again the owner re-reads its objects before processing goes on', 'B re-read "a1" from the Location Store before its first timer after the Store answered again'),
  },
  {
    id: 'R-STO-4.2', lines: [119], words: W_STORE_RECOVERS,
    says: 'the full descriptor list is re-read: a node that joined during the outage is connected to',
    checks: on(GRACE, GR_NEEDED, "A's peer D becomes ready"),
  },
  {
    id: 'R-STO-4.3', lines: [119], words: W_STORE_RECOVERS,
    says: 'only needed connection changes: existing connections keep their IDs and never went not-ready',
    checks: on(GRACE, GR_NEEDED, "A's connections to B and C are the ones noted"),
  },
  {
    id: 'R-STO-4.4', lines: [119], words: W_STORE_RECOVERS,
    says: 'a node removed from the list during the outage is disconnected after recovery',
    checks: on(GRACE, 'When the Store answers again, a node that left the list meanwhile is disconnected', "A's peer D is dropped once A reads the list again", "A's connections to B and C are the ones noted"),
  },
  {
    id: 'R-STO-4.5', lines: [119], words: W_STORE_RECOVERS,
    says: 'the owner is re-confirmed, not dropped: a first activation whose record still names the node goes on after the Store answers again, and handles its stored first message first',
    checks: on(GRACE, "When the Store answers again, an owner's first activation under way goes on", 'the first message ends with a reply from B', 'the record of "i1" is Ready, owned by B, generation 1', 'the later message ends with a reply from B', 'the first message was handled before the later message'),
  },
  {
    id: 'R-STO-4.6', lines: [119], words: W_STORE_RECOVERS,
    says: 'an object whose record named another owner or generation while the Store could not be reached runs nothing more on the node once the Store answers again',
    checks: on(GRACE, 'When the Store answers again, the owner lets go of an object its record no longer names', 'no timer of "i1" for generation 1 runs on B from the Store answering again on', 'the record of "i1" stays Ready, owned by C, generation 2'),
  },
];
