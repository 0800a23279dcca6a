// The spec's clauses whose first check is a step of relocation.feature, kept beside it: each quotes the
// spec chapter verbatim, with its line numbers, and names the Then-steps that observe it. Where a
// clause lives, and how these files are loaded: src/requirements/clauses.ts. IDs are stable: never renumber.

import { on, type Clause } from '../../src/requirements/clause.ts';

const RELOCATION = 'relocation-and-sessions/relocation.feature';

// Scenario names used by several clauses.
const REL_OUTLINE = '<failure timing>';
const REL_BEFORE = "Before the boundary an explicit failure keeps the source's queue and membership";
const REL_AFTER = 'After the boundary the not-yet-executed work moves to the target even if the cutover submit fails';
const REL_TARGET_DIED = 'The target died after the commit: the object is Unavailable and nobody takes it over';
const REL_RESTART = 'A target that died before the commit and restarts does not resume the relocation';
const REL_UNCLEAR = "While the commit's result is unclear, target dispatch stays closed until authority is re-read";
const REL_DISCARDS = 'Before the boundary an explicit failure discards what the target had prepared';
const REL_SECOND = 'A second relocation asked of the source after the boundary does not take the object from the target';
const REL_REREAD_APPLIED = "The commit's reply is lost after it applied: the target re-reads the record, it does not guess";

// Spec words used by several clauses.
const W_V14 = "After a source or target process terminates, a different runtime doesn't take over the relocation or automatically select a different target.";
const W_ROW_REL_6 = "Source or target process terminated during the operation | Doesn't select a different target, resume relocation after a process restart, or roll back to the source.";
const W_V16 = "If a Store result is unclear, source admission and target dispatch aren't opened before re-reading authority.";
const W_ROW_REL_3 = "No Store change result received | Doesn't guess success or failure — re-reads the same authority record to confirm the actual owner.";
const W_ROW_REL_1 = 'Explicit failure before relay-ready reply becomes accepted | Discards the target instance and temporary queue, keeps source owner/membership and queue.';
const W_ROW_REL_2 = "After relay-ready reply becomes accepted but before the owner-change commit | Doesn't restore source regardless of cutover-submit result. Target continues the owner change through cutover receipt or the 1,000ms fallback.";
const W_ROW_REL_4 = "After the owner-change commit, same target process running | Doesn't roll back to the source. Can retry the lifecycle callback or dispatch switchover on the same target within the deadline.";

export const clauses: Clause[] = [
  // V08: Destroy/Close, membership changes, relocation and creation recovery are refused on an ObjectGeneration mismatch
  {
    id: 'V08.3', lines: [149], words: 'Destroy/Close, membership, relocation, and creation recovery check that the ObjectGeneration matches.',
    says: 'a relocation naming another generation is rejected GenerationMismatch and leaves the record unchanged; naming the current one, the object moves',
    checks: [
      ...on(RELOCATION, 'A relocation naming another generation is rejected', 'the relocation ends with failure GenerationMismatch', 'the record of "a1" is unchanged'),
      ...on(RELOCATION, 'A relocation naming the current generation is carried out', 'the relocation ends with a reply from B', 'the record of "a1" is Ready, owned by C, generation 1'),
    ],
  },

  // V13: the source is kept only on an explicit failure before relay-ready is accepted; any later failure never rolls back, whatever cutover-submit returned
  {
    id: 'V13.1', lines: [157], words: 'Only an explicit failure before relay-ready reply becomes accepted keeps the source',
    says: 'an explicit target failure before relay-ready acceptance leaves the source the owner, and its queued work runs on the source',
    checks: [
      ...on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
      ...on(RELOCATION, REL_BEFORE, 'the relocation ends with failure RelocationFailed', 'the later message ends with a reply from B', 'the later message ran on B'),
    ],
  },
  {
    id: 'V13.2', lines: [157], words: "a later failure doesn't roll back to source regardless of cutover-submit result",
    says: 'a cutover submit that fails after relay-ready acceptance does not roll back: the target becomes owner and the queued work runs there',
    checks: [
      ...on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
      ...on(RELOCATION, REL_AFTER, 'the later message ran on C', 'the record of "a1" is Ready, owned by C, generation 1'),
    ],
  },
  {
    id: 'V13.4', lines: [101], words: "After the owner-change commit, same target process running | Doesn't roll back to the source.",
    says: 'a failure after the commit (lifecycle callback) leaves the target the owner: no rollback to the source',
    checks: on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the record of "a1" <record>'),
  },

  // V14: when the source or target process dies, no other runtime takes the relocation over and no other target is chosen
  {
    id: 'V14.1', lines: [158], words: W_V14,
    says: 'after the target process dies (before or after commit), the relocation never aims at another target',
    checks: on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the relocation of "a1" aimed at C only'),
  },
  {
    id: 'V14.2', lines: [102], words: "Target process terminated after the owner-change commit | A different runtime doesn't take over the relocation.",
    says: 'when the target dies after commit, the record keeps the target as owner past the cutover fallback and no other runtime handles the object',
    checks: [
      ...on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
      ...on(RELOCATION, REL_TARGET_DIED, 'the request ends with failure Unavailable', 'the handler never ran for the request', 'the record of "a1" stays Ready, owned by C, generation 1'),
    ],
  },
  {
    id: 'V14.3', lines: [103], words: W_ROW_REL_6,
    says: 'a target that died before the commit and restarts does not resume the relocation (stage and owner unchanged)',
    checks: on(RELOCATION, REL_RESTART, 'the record of "a1" stays Ready, owned by B, generation 1', 'the relocation of "a1" is at stage relay-ready-accepted'),
  },
  {
    id: 'V14.4', lines: [158], words: W_V14,
    says: 'after the source process dies mid-relocation, no other runtime takes the relocation over and no other target is selected',
    checks: on(RELOCATION, REL_OUTLINE, 'the relocation of "a1" aimed at C only', 'the record of "a1" <record>'),
  },

  // V16: while a Store result is unclear, source admission and target dispatch stay closed until authority is re-read
  {
    id: 'V16.1', lines: [163], words: W_V16,
    says: "while the commit's result is unclear the target dispatches no message of the object",
    checks: on(RELOCATION, REL_UNCLEAR, 'no message of "a1" ran on C while it could not reach the Store'),
  },
  {
    id: 'V16.2', lines: [163], words: W_V16,
    says: 'while its record of relay-ready is unclear the source does not reopen admission: it re-reads the record it changed (so the Store log shows the unclear change and its re-read), and the queued work runs on the target',
    checks: on(RELOCATION, "While the source's record of the boundary is unclear, it takes no work back", 'the later message ran on C', 'the relocation ends with a reply from B', 'after its unclear change B re-read the record it changed with the StoreVersion first used before changing it again', 'the record of "a1" is Ready, owned by C, generation 1'),
  },
  {
    id: 'V16.3', lines: [100], words: W_ROW_REL_3,
    says: 'once authority is re-read, dispatch opens where the record says: the queued message runs on the committed target',
    checks: on(RELOCATION, REL_UNCLEAR, 'the later message ran on C', 'the relocation ends with a reply from B', 'the record of "a1" is Ready, owned by C, generation 1'),
  },

  // R-REL-1: explicit failure before relay-ready is accepted: target instance and temporary queue dropped, source owner/membership/queue kept, no other target tried
  {
    id: 'R-REL-1.1', lines: [98], words: 'Explicit failure before relay-ready reply becomes accepted | Discards the target instance and temporary queue',
    says: 'after an explicit failure before relay-ready acceptance the target drops its instance and temporary queue',
    checks: on(RELOCATION, REL_DISCARDS, 'the request ends with failure Unavailable', 'the handler never ran for the request', 'no lifecycle callback of "a1" ran on C'),
  },
  {
    id: 'R-REL-1.2', lines: [98], words: W_ROW_REL_1,
    says: 'the source stays owner (record unchanged: Ready, source, same generation)',
    checks: on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
  },
  {
    id: 'R-REL-1.3', lines: [98], words: W_ROW_REL_1,
    says: 'the source keeps its queue: a message queued during the attempt runs on the source',
    checks: [
      ...on(RELOCATION, REL_BEFORE, 'the later message ends with a reply from B', 'the later message ran on B'),
      ...on(RELOCATION, REL_DISCARDS, 'the request ends with a reply from B'),
    ],
  },
  {
    id: 'R-REL-1.4', lines: [98], words: "Explicit failure before relay-ready reply becomes accepted | Doesn't automatically select a different target.",
    says: 'no other target is tried (the relocation fails, it is not completed elsewhere)',
    checks: on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the relocation of "a1" aimed at C only'),
  },
  {
    id: 'R-REL-1.5', lines: [98], words: W_ROW_REL_1,
    says: 'a relocation naming the owner itself as target, whatever its result, keeps the source owner and its queue: the queued message runs there and the record stays Ready on it',
    checks: on(RELOCATION, 'A relocation to the node that owns the object keeps its queued work and the object', 'the later message ends with a reply from B', 'the later message ran on B', 'the record of "a1" stays Ready, owned by B, generation 1'),
  },

  // R-REL-2: after relay-ready acceptance but before commit: the source is not restored; the target completes on cutover receipt or the 1,000 ms fallback
  {
    id: 'R-REL-2.1', lines: [99], words: W_ROW_REL_2,
    says: 'a failed cutover submit after relay-ready acceptance does not restore the source: the target becomes owner, queued work runs there',
    checks: [
      ...on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
      ...on(RELOCATION, REL_AFTER, 'the later message ran on C', 'the record of "a1" is Ready, owned by C, generation 1'),
    ],
  },
  {
    id: 'R-REL-2.2', lines: [105], words: "After that boundary, the source isn't restored even before owner commit.",
    says: 'a source that dies right after accepting relay-ready does not stop the owner change: the target commits',
    checks: on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
  },
  {
    id: 'R-REL-2.3', lines: [99], words: W_ROW_REL_2,
    says: 'with no cutover receipt the target commits on its own fallback',
    checks: on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
  },
  {
    id: 'R-REL-2.4', lines: [99], words: W_ROW_REL_2,
    says: 'the fallback commit comes 1,000 ms after relay-ready acceptance, not at an implementation-chosen time',
    checks: on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
  },

  {
    id: 'R-REL-2.6', lines: [99], words: W_ROW_REL_2,
    says: 'a second relocation asked of the source after the boundary does not take the object from the target: it still commits on the fallback, and the queued work runs there',
    checks: on(RELOCATION, REL_SECOND, 'the record of "a1" becomes Ready, owned by C, generation 1, on the 1,000 ms cutover fallback', 'the relocation ends with a reply from B', 'the later message ran on C'),
  },

  // R-REL-3: a Store change with no result is not guessed at; the same authority record is re-read to find the real owner
  {
    id: 'R-REL-3.1', lines: [100], words: W_ROW_REL_3,
    says: 'a commit whose reply was lost after it applied is recognised as applied: the relocation succeeds and the target stays owner',
    checks: [
      ...on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the record of "a1" <record>'),
      ...on(RELOCATION, REL_REREAD_APPLIED, 'the request ends with a reply from C', 'the handler ran exactly once, on C'),
    ],
  },
  {
    id: 'R-REL-3.2', lines: [100], words: "No Store change result received | Doesn't guess success or failure",
    says: 'the target does not assume the commit applied: it dispatches nothing while the result is unclear',
    checks: on(RELOCATION, REL_UNCLEAR, 'no message of "a1" ran on C while it could not reach the Store'),
  },
  {
    id: 'R-REL-3.3', lines: [100], words: W_ROW_REL_3,
    says: 'the same authority record is re-read to learn the actual owner',
    checks: on(RELOCATION, REL_REREAD_APPLIED, 'after its unclear change C re-read "a1" with the StoreVersion first used before changing it again', 'the record of "a1" stays Ready, owned by C, generation 1'),
  },
  {
    id: 'R-REL-3.4', lines: [100], words: W_ROW_REL_3,
    says: 'a commit lost before it applied is not guessed as applied: the target never acts as owner',
    checks: on(RELOCATION, 'The commit failed before it applied: the target re-reads the record, it does not guess', 'after its unclear change C re-read "a1" with the StoreVersion first used before changing it again', 'the record of "a1" stays owned by the node the relocation\'s result names'),
  },

  // R-REL-4: after commit with the target alive: no rollback; lifecycle callback or dispatch switchover may be retried on that target within the deadline
  {
    id: 'R-REL-4.1', lines: [101], words: "After the owner-change commit, same target process running | Doesn't roll back to the source.",
    says: 'a lifecycle-callback failure after commit leaves the target owner: no rollback, the relocation succeeds',
    checks: on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the record of "a1" <record>'),
  },
  {
    id: 'R-REL-4.2', lines: [101], words: W_ROW_REL_4,
    says: 'the failed lifecycle callback is retried on the same target within the deadline',
    checks: on(RELOCATION, 'A lifecycle callback that fails after the commit is retried on the same target', 'the lifecycle callback of "a1" succeeded on C after 1 failed attempt', 'the record of "a1" stays Ready, owned by C, generation 1'),
  },
  {
    id: 'R-REL-4.3', lines: [101], words: W_ROW_REL_4,
    says: 'a failed dispatch switchover is retried on the same target within the deadline',
    checks: on(RELOCATION, 'A dispatch switchover that fails after the commit is retried on the same target', 'the relocation ends with a reply from B', 'the later message ran on C', 'the record of "a1" stays Ready, owned by C, generation 1'),
  },

  // R-REL-5: target dies after commit: the Location Store still names it owner, the object is Unavailable, and no other runtime takes over
  {
    id: 'R-REL-5.1', lines: [102], words: 'Target process terminated after the owner-change commit | The Location Store keeps the target owner',
    says: 'when the target dies after commit, the record keeps the target as owner (watched past the cutover fallback)',
    checks: [
      ...on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
      ...on(RELOCATION, REL_TARGET_DIED, 'the record of "a1" stays Ready, owned by C, generation 1'),
    ],
  },
  {
    id: 'R-REL-5.2', lines: [102], words: 'Target process terminated after the owner-change commit | The Location Store keeps the target owner, but the object becomes Unavailable.',
    says: 'a message to the object then ends Unavailable and runs nowhere',
    checks: on(RELOCATION, REL_TARGET_DIED, 'the request ends with failure Unavailable', 'the handler never ran for the request', 'messages to actor "a1" from A and B keep ending Unavailable for an owner lease, and none runs'),
  },
  {
    id: 'R-REL-5.3', lines: [102], words: "Target process terminated after the owner-change commit | A different runtime doesn't take over the relocation.",
    says: 'neither the source nor another node takes the object or the relocation over',
    checks: [
      ...on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the relocation of "a1" aimed at C only'),
      ...on(RELOCATION, REL_TARGET_DIED, 'the handler never ran for the request', 'the record of "a1" stays Ready, owned by C, generation 1'),
    ],
  },

  // R-REL-6: source or target dies mid-relocation: no other target, no resume after restart, no rollback to the source
  {
    id: 'R-REL-6.1', lines: [103], words: W_ROW_REL_6,
    says: 'a target death during the relocation does not select another target',
    checks: on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the relocation of "a1" aimed at C only'),
  },
  {
    id: 'R-REL-6.2', lines: [103], words: W_ROW_REL_6,
    says: 'a restarted target does not resume the relocation: stage stays relay-ready-accepted, the record stays on the source',
    checks: on(RELOCATION, REL_RESTART, 'the relocation ends with failure RelocationFailed', 'the record of "a1" stays Ready, owned by B, generation 1', 'the relocation of "a1" is at stage relay-ready-accepted'),
  },
  {
    id: 'R-REL-6.4', lines: [103], words: W_ROW_REL_6,
    says: 'a target death during the relocation does not roll back to the source',
    checks: on(RELOCATION, REL_RESTART, 'the relocation of "a1" is at stage relay-ready-accepted'),
  },

  {
    id: 'R-REL-6.5', lines: [103], words: W_ROW_REL_6,
    says: 'after the target died before the commit, a second relocation of the object from the source selects no other target: it fails, no relocation aims elsewhere, the record stays',
    checks: on(RELOCATION, 'After a target died before the commit, relocating the object again selects no other target', 'the relocation ends with a failure by its deadline', 'the record of "a1" stays Ready, owned by B, generation 1', 'the relocation of "a1" aimed at C only'),
  },

  // R-REL-7: every relocation keeps the ObjectGeneration unchanged
  {
    id: 'R-REL-7.1', lines: [87], words: 'Moves the same object and ObjectGeneration to the target per the relocation contract.',
    says: "an Actor's owner change keeps its ObjectGeneration",
    checks: on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
  },
  {
    id: 'R-REL-7.3', lines: [87], words: 'Moves the same object and ObjectGeneration to the target per the relocation contract.',
    says: 'an object relocated away and back is relocated again from the same source, keeping its generation (a source is not left refusing its later relocations)',
    checks: on(RELOCATION, 'An object relocated away and back can be relocated again, keeping its generation', 'the relocation ends with a reply from B', 'the record of "a1" is Ready, owned by C, generation 1'),
  },
];
