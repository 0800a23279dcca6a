// The spec's clauses whose first check is a step of message-follow.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const FOLLOW = 'relocation-and-sessions/message-follow.feature';

// Scenario names used by several clauses.
const MF_CRASH = 'Message Follow never follows a crash: a restarted previous owner follows nothing';

// Spec words used by several clauses.
const W_FOLLOW_DURATION = "The default for MessageFollowDuration, which sets how long this delivery path is kept, is 30 seconds; 0 means it's unused.";

export const clauses: Clause[] = [
  // R-OBJ-3: after a committed planned relocation, the old owner forwards already-received messages to the target for MessageFollowDuration (default 30 s, 0 = off)
  {
    id: 'R-OBJ-3.1', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
    says: 'a message reaching the previous owner after the commit is delivered to the committed target and handled there',
    checks: on(FOLLOW, 'The previous owner follows a message it received to the committed target', 'the request ends with a reply from B', 'the request ran on C'),
  },
  {
    id: 'R-OBJ-3.2', lines: [65], words: W_FOLLOW_DURATION,
    says: 'after MessageFollowDuration the previous owner follows nothing: Unavailable, handler runs nowhere',
    checks: on(FOLLOW, 'After MessageFollowDuration the previous owner follows nothing', 'the request ends with failure Unavailable', 'the handler never ran for the request'),
  },
  {
    id: 'R-OBJ-3.3', lines: [65], words: W_FOLLOW_DURATION,
    says: 'MessageFollowDuration 0 turns Message Follow off',
    checks: on(FOLLOW, 'MessageFollowDuration 0 turns Message Follow off', 'the request ends with failure Unavailable', 'the handler never ran for the request'),
  },
  {
    id: 'R-OBJ-3.4', lines: [65], words: W_FOLLOW_DURATION,
    says: 'with MessageFollowDuration unset the delivery path is kept 30 seconds',
    checks: on(FOLLOW, "With no MessageFollowDuration of its own, Message Follow lasts the spec's default of 30 seconds", 'the request ran on C', 'the request ends with failure Unavailable', 'the handler never ran for the request'),
  },
  {
    id: 'R-OBJ-3.5', lines: [65], words: "Message Follow isn't failover, since it only follows an already-committed move path — it doesn't select a new owner after an owner process failure.",
    says: 'a previous owner that crashed and restarted follows nothing: the message through it ends Unavailable and runs nowhere',
    checks: on(FOLLOW, MF_CRASH, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
  },
  {
    id: 'R-OBJ-3.6', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
    says: 'an object relocated away and back is run by its owner again: the earlier follow does not send its messages to the node it left',
    checks: on(FOLLOW, 'An object relocated away and back is run by its owner again: the earlier Message Follow is over', 'the request ends with a reply from B', 'the request ran on B'),
  },
  {
    id: 'R-OBJ-3.7', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
    says: 'a second relocation the source started while the first was under way leaves the previous owner following the committed move, to its target',
    checks: on(FOLLOW, "A second relocation started at the source while one is under way does not take the committed move's path", 'the request ends with a reply from B', 'the request ran on C'),
  },
  {
    id: 'R-OBJ-3.8', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
    says: 'an object moved back before its previous owner heard of the first commit is run by that owner, and the node it left follows messages to it',
    checks: on(FOLLOW, 'An object moved back before its previous owner heard of the first move is run by that owner', 'the request ends with a reply from B', 'the request ran on B', 'the request ends with a reply from C'),
  },
  {
    id: 'R-OBJ-3.9', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
    says: 'a followed message the target accepted, then the connection to it lost: it ends failed with an ErrorKind and runs only where it was accepted',
    checks: on(FOLLOW, "A followed message accepted by the target, then the previous owner's connection to it is lost: failed, not followed again", 'the request ends with failure Unavailable', 'the handler ran exactly once, on C'),
  },
  {
    id: 'R-OBJ-3.10', lines: [65], words: W_FOLLOW_DURATION,
    says: 'the delivery path is kept for the duration, not for one message: a second message within MessageFollowDuration is followed to the committed target too',
    checks: on(FOLLOW, 'The previous owner follows every message it receives within MessageFollowDuration, not only the first', 'the request ends with a reply from B', 'the request ran on C'),
  },
  {
    id: 'R-OBJ-3.11', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
    says: 'a source that learned of the owner change from the Store (no cutover answer) follows right after the change, and no longer than MessageFollowDuration from the change',
    checks: on(FOLLOW, 'A source that learned of the owner change from the Store follows for MessageFollowDuration from the change', 'the request ends with a reply from B', 'the request ran on C', 'the request ends with failure Unavailable', 'the handler never ran for the request'),
  },
  {
    id: 'R-OBJ-3.12', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
    says: 'a message the previous owner receives right after the change, before it has heard of the commit, reaches the committed target and runs there once',
    checks: on(FOLLOW, 'A message the previous owner receives after the commit, before it has heard of it, runs on the target', 'the request ends with a reply from B', 'the handler ran exactly once, on C'),
  },
  {
    id: 'R-OBJ-3.13', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
    says: 'a previous owner that learned of the commit from the cutover answer follows to the committed target even when the new owner moved the object on at once: the message runs once, where the object now is',
    checks: on(FOLLOW, 'An object moved on by its new owner at once is still followed to by the previous owner', 'the request ends with a reply from B', 'the handler ran exactly once, on D'),
  },

  // R-REL-6: source or target dies mid-relocation: no other target, no resume after restart, no rollback to the source
  {
    id: 'R-REL-6.3', lines: [103], words: "Source or target process terminated during the operation | Doesn't select a different target, resume relocation after a process restart, or roll back to the source.",
    says: 'a restarted source does not resume its part (it follows no message to the target)',
    checks: on(FOLLOW, MF_CRASH, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
  },
];
