// Every requirement of registry.ts split into the spec's own clauses: the separately breakable
// parts of the rule, each quoting the spec chapter verbatim (with its line numbers) and naming the
// Then-steps whose assertions observe it. src/lint/clauses.ts checks the quotes against the spec and
// the checks against the features; test/clauses.test.ts runs that lint on this table.
//
// A check is listed only when a runtime breaking the clause in a realistic way would make that
// step fail, and only from a scenario tagged with the clause's requirement ID. A clause with no
// honest check has `checks: []` and says in `pending` what scenario would check it; the lint
// counts pending clauses (and prints them) instead of failing on them, so work in progress is
// visible, never silently complete.
// Clause IDs are stable: never renumber; add new clauses at the end of their requirement.

import { on, type Clause } from './clause.ts';
import { REQUIREMENTS } from './registry.ts';

export type { Clause, ClauseCheck } from './clause.ts';

// Feature files, relative to features/.
const COMMON = 'channel-and-connection/common-judgment.feature';
const LIVENESS = 'channel-and-connection/liveness.feature';
const NODE_DIRECT = 'channel-and-connection/node-direct.feature';
const RECONNECT = 'channel-and-connection/reconnect.feature';
const SELECT_ONE = 'channel-and-connection/select-one.feature';
const TERMINAL = 'channel-and-connection/terminal-result.feature';
const CREATION = 'object-routing-and-creation/creation.feature';
const DIRECT = 'object-routing-and-creation/direct-messages.feature';
const INSTANCE = 'object-routing-and-creation/instance-spots.feature';
const OWNER_FAILURE = 'object-routing-and-creation/owner-failure.feature';
const INSTANCE_RELOCATION = 'relocation-and-sessions/instance-spot-relocation.feature';
const FOLLOW = 'relocation-and-sessions/message-follow.feature';
const RELOCATION = 'relocation-and-sessions/relocation.feature';
const HANDOFF = 'relocation-and-sessions/handoff.feature';
const HO_TIMERS = "Once the relocation has ended, none of the object's timers runs on the source";
const HO_TIMERS_BEFORE_COMMIT = "Past relay-ready none of the object's timers runs on the source, though it has not heard of the owner change";
const SESSIONS = 'relocation-and-sessions/sessions.feature';
const GRACE = 'store-failure/grace.feature';
const UNCLEAR = 'store-failure/unclear-result.feature';

// Scenario names used by several clauses.
const CJ_OUTLINE = '<boundary>';
const SO_PASSED_OVER = 'A server whose queue is full is passed over before acceptance';
const SO_ACCEPTED_LOST = 'An accepted request is not run on another server when its connection is lost';
const SO_ACCEPTED_DEADLINE = 'An accepted request that reaches its deadline is not run on another server';
const SO_DEADLINE = "Re-selection ends with the operation's deadline";
const SO_ELIGIBLE = 'Only eligible servers are candidates (<kind>, B <condition>)';
const SO_ELIGIBLE_ONLY = 'After a refusal, re-selection goes only to an eligible server';
const SO_NONE_ELIGIBLE = 'With no eligible server the request ends Unavailable and runs nowhere';
const SO_CS_WEIGHT = 'A ClientServer server is a candidate whatever its weight';
const SO_OWN_NODE = 'The calling node is a candidate of a channel it serves';
const SO_SILENT = 'A request written to a server that fell silent is not written to another';
const SO_SILENT_FOUND = 'A request written to a server that fell silent ends when the silence is found out, not on another';
const ND_NAMED = 'A node direct message runs on the named node only';
const ND_NOT_READY = "The named node's connection is not ready: Unavailable, and no other node is used";
const ND_BUSY = "The named node's queue is full: Busy, and no other node is used";
const ND_NOT_FOUND = 'A RID that does not exist in the mesh ends NotFound';
const ND_LEFT_LIST = 'A node that left the descriptor list no longer exists in the mesh: NotFound';
const ND_OTHER_MESH = 'A RID that exists only in another mesh does not exist in this one: NotFound';
const ND_UNKNOWN = 'Acceptance unknown after the connection drops: not resubmitted, not retried';
const LV_HUNG = 'A hung peer is not-ready within the liveness deadline, and nothing else is affected';
const LV_CRASHED = 'A crashed peer is not-ready within the liveness deadline, and nothing else is affected';
const LV_LOCAL_OWNER = 'A local owner keeps processing while one of its peers fails liveness';
const LV_AT_ONCE = 'A connection that ends <how> makes the peer not-ready at once';
const RC_NEW = 'After a transport error the peer is ready again only through a new, verified handshake';
const RC_IN_FLIGHT = 'An operation in flight on the lost connection gets no reply over the new one';
const RC_RESTARTED = 'A node that restarted connects again with connection IDs never used before';
const RC_IMPOSTOR = 'A reconnect to something that cannot prove the mesh credential is refused';
const RC_OTHER_MEMBER = "Another member of the mesh answering at the peer's address is not taken for the peer";
const RC_MOVED = 'A peer that moved is found at the address its descriptor gives now';
const TR_CANCELLED = 'A cancelled request stays cancelled when its reply arrives later';
const TR_SHUTDOWN = 'A request in flight when its node shuts down ends with shutdown, once';
const TR_LATE = 'A request that already replied stays a reply when <late signal> later';
const TR_LATE_FAILED = 'A request that already failed stays failed when <late signal> later';
const TR_FAILED = 'A failed operation returns its ErrorKind and is not started again';
const CR_RACE = 'Two creations of <kind> race: only the one that secured the Creating record runs the factory';
const CR_DIED = 'A creation whose process died is continued under the same generation, with the same input';
const CR_RACE_READ = 'Two creations of <kind> that both read "no object": only the one whose change secured the Creating record runs the factory';
const CR_TWO_RECOVER = 'Two operations find the same unfinished creation: only one continues it';
const CR_CLOSE_CANCELS = 'A Close of a creation whose process died cancels exactly that record';
const CR_MISMATCH = '<operation> naming a generation that does not match is rejected';
const CR_CLOSE = 'Close naming the current generation releases the authority';
const DM_OLD_GENERATION = 'A message to <kind> naming an old generation is handled by the re-created incarnation';
const DM_OWNER_LOST = 'A message to an actor whose owner is lost ends Unavailable and runs nowhere';
const DM_NOT_READY = "An actor direct message keeps its logical target when the owner's connection is not ready";
const DM_CACHE = 'After the owner cache expired, the next operation re-reads the owner';
const DM_LEASE = 'Once the owner lease is invalid, the next operation re-reads the owner';
const DM_NOT_RESUBMITTED = 'A failed operation is not resubmitted to the new owner';
const IS_OUTLINE = 'Instance intent while the Spot is <current state>';
const IS_ACTIVATION = 'The first message to a Missing Instance Spot is handled by the incarnation its activation made';
const IS_READY_OWNER = 'A message with Instance intent to a Ready Instance Spot runs on its owner, as any message';
const IS_RACE = 'Two first messages race for a Missing Instance Spot: one node activates one generation';
const IS_RACE_HELD = 'Two first messages race while the factory is held: only the activation holding the Creating record builds';
const IS_JOINS_UNDER_WAY = 'A message that reaches the activating node before it heard its Creating record was written joins that activation';
const IS_CLOSED = 'A closed Instance Spot reads Missing, and the next Instance-intent message activates a new generation';
const IS_RESUMED = 'A resumed first activation handles the stored first message before the message that resumed it';
const IS_FIRST = 'No later message is processed before the stored first message';
const IS_POINTER_NODE_DIED = 'The node the recovery pointer names died mid-activation: the pointer picks no other node';
const IS_POINTER_RESTART = 'The node the recovery pointer names restarts: the new process does not resume the old activation';
const IS_STEADY = 'A steady Ready owner fails: its activation record is no reason to activate elsewhere';
const IS_NOT_APPLIED = 'Cold-activation recovery is not applied to <what>';
const OF_OUTLINE = 'The owner of a Ready <kind> dies: the record stays, the object is Unavailable';
const OF_PROBES = '<message plural> to <kind> "o1" from A and C keep ending Unavailable for an owner lease, and none runs';
const OF_PROBES_AFTER_RESTART = '<message plural> to <kind> "o1" from A, B and C keep ending Unavailable for an owner lease, and none runs';
const OF_LEASE = 'An Instance Spot whose owner lease ran out is not cold-activated again';
const ISR_KEEPS = 'A relocated Instance Spot keeps its generation, and no factory runs on the target';
const ISR_IN_PROGRESS = 'An Instance-intent message while the relocation is in progress is not a cold activation';
const ISR_TARGET_DIED = 'A relocation whose target died is not recovered by cold activation';
const MF_BACK = 'An object relocated away and back is run by its owner again: the earlier Message Follow is over';
const MF_FOLLOWS = 'The previous owner follows a message it received to the committed target';
const MF_DEFAULT = "With no MessageFollowDuration of its own, Message Follow lasts the spec's default of 30 seconds";
const MF_AFTER = 'After MessageFollowDuration the previous owner follows nothing';
const MF_ZERO = 'MessageFollowDuration 0 turns Message Follow off';
const MF_CRASH = 'Message Follow never follows a crash: a restarted previous owner follows nothing';
const MF_TWO_AT_ONCE = "A second relocation started at the source while one is under way does not take the committed move's path";
const MF_BACK_EARLY = 'An object moved back before its previous owner heard of the first move is run by that owner';
const REL_OUTLINE = '<failure timing>';
const REL_DISCARDS = 'Before the boundary an explicit failure discards what the target had prepared';
const REL_LIFECYCLE = 'A lifecycle callback that fails after the commit is retried on the same target';
const REL_REREAD_APPLIED = "The commit's reply is lost after it applied: the target re-reads the record, it does not guess";
const REL_REREAD_NOT_APPLIED = 'The commit failed before it applied: the target re-reads the record, it does not guess';
const REL_SOURCE_UNCLEAR = "While the source's record of the boundary is unclear, it takes no work back";
const REL_SWITCHOVER = 'A dispatch switchover that fails after the commit is retried on the same target';
const REL_BEFORE = "Before the boundary an explicit failure keeps the source's queue and membership";
const REL_AFTER = 'After the boundary the not-yet-executed work moves to the target even if the cutover submit fails';
const REL_TARGET_DIED = 'The target died after the commit: the object is Unavailable and nobody takes it over';
const REL_RESTART = 'A target that died before the commit and restarts does not resume the relocation';
const REL_UNCLEAR = "While the commit's result is unclear, target dispatch stays closed until authority is re-read";
const REL_GENERATION = 'A relocation naming another generation is rejected';
const SES_RELOCATION = 'A planned relocation moves the binding; the Session keeps its connection and does not rebind';
const SES_AFTER_OWNER_FAILURE = 'After the owner died and the application created the Actor anew, the old binding stays ended';
const SES_NOT_READY = 'A relay keeps its binding: when the bound owner is not ready, it goes nowhere else';
const SES_LINK_BREAKS = 'A relay in flight when the link to the bound owner breaks is not carried over to the new connection';
const SES_OTHER_GENERATION = 'A location update for another generation is not applied to the binding';
const SES_PREVIOUS_TOKEN = "An unbind with the previous Session's token is not applied to the new Session's binding";
const SES_UPDATE_AFTER_DEATH = "A binding update for the dead Session's binding never reaches the new Session";
const SES_RECREATED = 'After "a1" is closed and created again on <node>, the old binding stays ended';
const SES_LATE_RELAY = 'A late relay through the old binding is not applied to the new binding';
const SES_LATE_UNBIND = 'A late unbind with the old token leaves the new binding bound';
const SES_LATE_DISCONNECT = "A late disconnect of the earlier Session's connection does not end the new Session";
const SES_OWNER_DIES = 'The Session owner dies: a reconnect <where> is a new Session that authenticates and binds again';
const SES_REPLY = "A reply meant for the dead Session owner's connection never reaches the new Session";
const SES_WRONG_CREDENTIAL = 'A client with a wrong credential is refused, and its connection closed';
const GR_KEEPS = 'The last descriptor list and its connections stay, and liveness checks go on';
const GR_RECONNECT = 'During grace a broken connection to a listed peer is made again from the last list';
const GR_OUTSIDE = 'A node outside the last descriptor list is not connected to';
const GR_NEEDED = 'When the Store answers again only the needed connection changes are made';
const GR_STATE_CHANGES = "Once owner eligibility ends, the object's state changes stop too";
const GR_RELOCATION_DEADLINE = "Grace does not extend a relocation's deadline";
const GR_REMOVED = 'When the Store answers again, a node that left the list meanwhile is disconnected';
const GR_STOP = 'Once owner eligibility ends, timers and messages stop';
const GR_LATE_ANSWER = 'Owner eligibility is counted from the renewal, not from its late answer';
const GR_REREAD = 'When the Store answers again the owner re-reads its objects before processing goes on';
const UR_NO_SECOND_OWNER = 'A change whose result was unclear is confirmed, never repeated over a newer owner';
const UR_OUTLINE = "The reply of a creation's Store change is lost: <how>";

// Spec words used by several clauses.
const W_SELECT_CAPACITY = "If the first target's non-blocking submit isn't accepted due to insufficient capacity, a different eligible server can be selected until the transport queue accepts the operation.";
const W_ONCE_ACCEPTED = "Once accepted, the same operation isn't re-run on a different server even if there's no reply or the connection drops.";
const W_ROW_TERMINAL = 'The operation reached a terminal result | Returns only whichever of reply, failure, timeout, cancellation, or shutdown was confirmed first.';
const W_ROUTEMESH = "A Channel in a RouteMesh — the scope in which multiple MeshNodes participate in exchanging node and Channel messages — uses a server that's in the Ready state — able to accept a new operation — with weight greater than 0, as a candidate";
const W_NODE_DIRECT = 'Node direct — where the caller directly specifies both MeshName and target RID to message one node — doesn\'t use this re-selection rule since the caller specifies the node RID.';
const W_NO_REUSE = 'A previous connection ID, reply route, Session binding, and ready state aren\'t reused.';
const W_V08 = 'Destroy/Close, membership, relocation, and creation recovery check that the ObjectGeneration matches.';
const W_V12 = "Instance Spot cold-activation recovery isn't used for Actor, User Spot, an already-Ready Instance Spot, or host relocation.";
const W_V14 = "After a source or target process terminates, a different runtime doesn't take over the relocation or automatically select a different target.";
const W_V16 = "If a Store result is unclear, source admission and target dispatch aren't opened before re-reading authority.";
const W_OWNER_DIES = 'If the owner process of the current Ready Actor or Spot terminates, the Framework doesn\'t automatically restore the same object on a different node.';
const W_NO_OWNER_CHANGE = "It doesn't arbitrarily change the owner recorded in the Location Store or create a new incarnation of the same global ID.";
const W_CREATION_RECHECK = 'If the process terminates during creation, the next Framework operation re-checks the creation record for the same object ID and generation.';
const W_ROW_INST_2 = "Creating, or Ready with the first message not yet restored | Uses the stored creation record and first message to continue or cancel creation of the same ObjectGeneration. Doesn't create a new incarnation.";
const W_ROW_INST_4 = "The Ready owner process terminated, or the owner lease is invalid | Doesn't automatically release the authority record or create a new incarnation on a different node. The operation ends with Unavailable.";
const W_ROW_REL_1 = 'Explicit failure before relay-ready reply becomes accepted | Discards the target instance and temporary queue, keeps source owner/membership and queue.';
const W_ROW_REL_2 = "After relay-ready reply becomes accepted but before the owner-change commit | Doesn't restore source regardless of cutover-submit result. Target continues the owner change through cutover receipt or the 1,000ms fallback.";
const W_ROW_REL_3 = "No Store change result received | Doesn't guess success or failure — re-reads the same authority record to confirm the actual owner.";
const W_ROW_REL_4 = "After the owner-change commit, same target process running | Doesn't roll back to the source. Can retry the lifecycle callback or dispatch switchover on the same target within the deadline.";
const W_ROW_REL_6 = "Source or target process terminated during the operation | Doesn't select a different target, resume relocation after a process restart, or roll back to the source.";
const W_LOCATION_UPDATE = "The target runtime sends the Session owner a location update message to change that Actor's binding route and current ActorRef location snapshot.";
const W_LATE = "A late-arriving relay/unbind/disconnect from a previous Session isn't applied to the new binding.";
const W_SESSION_OWNER_DIES = "If the Session owner process terminates, the Framework doesn't transfer the physical connection, Session identity, and binding to a different process.";
const W_V15 = "After a Session owner process terminates, the Session and binding aren't restored on a different process.";
const W_REAUTH = 'A client reconnect creates a new Session, and the application must authenticate and bind again in the new Session.';
const W_OLD_REPLY = "The previous connection's reply and binding update aren't applied to the new Session.";
const W_STORE_REREAD = 'It re-reads the record with the same key and the StoreVersion first used, confirms whether the change applied, and only retries the same Store operation if needed.';
const W_GRACE_KEEPS = 'During StoreFailureGrace, the Framework keeps the last fully-read descriptor list and the connection intents for its targets, and continues liveness checks for existing connections.';
const W_GRACE_NO_EXTEND = "Grace doesn't extend the owner lease or relocation deadline.";
const W_ELIGIBILITY_ENDS = 'Once owner eligibility ends, new message/timer processing and state changes stop.';
const W_STORE_RECOVERS = 'Once the Store recovers, the owner and the full descriptor list are re-confirmed, and only the necessary connection changes are applied.';
const W_FOLLOW_DURATION = "The default for MessageFollowDuration, which sets how long this delivery path is kept, is 30 seconds; 0 means it's unused.";

export const CLAUSES: Record<string, Clause[]> = {
  // ---- Section 10: channel and connection ------------------------------------------------------
  V01: [
    {
      id: 'V01.1', lines: [43], words: W_SELECT_CAPACITY,
      says: 'a server refusing for capacity is passed over before acceptance: another eligible server accepts and runs the operation, once',
      checks: [
        ...on(SELECT_ONE, SO_PASSED_OVER, 'the request ends with a reply from C', 'the attempts were', 'the handler ran exactly once, on C'),
        ...on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the handler ran exactly once, on <ran on>'),
      ],
    },
    {
      id: 'V01.2', lines: [43], words: W_ONCE_ACCEPTED,
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
      checks: on(SELECT_ONE, SO_ELIGIBLE_ONLY, 'the request ends with a reply from C', 'the attempts were', 'the handler never ran on A'),
    },
  ],
  V02: [
    {
      id: 'V02.1', lines: [45], words: W_NODE_DIRECT,
      says: 'node direct runs only on the named RID: a busy or not-ready named node is never replaced by another node',
      checks: [
        ...on(NODE_DIRECT, ND_NAMED, 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
        ...on(NODE_DIRECT, ND_NOT_READY, 'the request ends with failure Unavailable', 'every attempt named B', 'the handler never ran for the request'),
        ...on(NODE_DIRECT, ND_BUSY, 'the request ends with failure Busy', 'every attempt named B', 'the handler never ran for the request'),
      ],
    },
    {
      id: 'V02.2', lines: [30], words: "The caller specified a node RID, global object ID, or Session binding | Keeps the specified logical identity. Doesn't switch to a different logical target.",
      says: 'an Actor/Spot direct message keeps its global object ID: when the owner is lost or not ready it is attempted only at that owner and runs nowhere else',
      checks: [
        ...on(DIRECT, DM_NOT_READY, 'the request ends with failure Unavailable', 'every attempt named B', 'the handler never ran for the request'),
        ...on(DIRECT, DM_OWNER_LOST, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
      ],
    },
    {
      id: 'V02.3', lines: [140], words: "Node direct, Actor/Spot direct, and Session binding operations don't switch the specified logical identity to a different target.",
      says: 'a Session relay keeps its binding: when the bound target is unavailable the relay is not sent to another target',
      checks: on(SESSIONS, SES_NOT_READY, 'the request ends with failure Unavailable', 'every attempt named B', 'the handler never ran for the request'),
    },
  ],
  V03: [
    {
      id: 'V03.1', lines: [32], words: "Whether transport accepted the operation can't be confirmed | Since duplication is possible, doesn't automatically resubmit to a different peer.",
      says: 'an operation written to a connection that fails before acceptance is known ends failed and is not sent to another peer',
      checks: [
        ...on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the handler ran exactly once, on <ran on>'),
        ...on(NODE_DIRECT, ND_UNKNOWN, 'the request ends with failure Unavailable', 'the attempts were', 'the handler ran exactly once, on B'),
      ],
    },
    {
      id: 'V03.2', lines: [141], words: "If transport acceptance is unclear, or the operation was already accepted, it isn't automatically resubmitted to a different peer.",
      says: 'an operation the target already accepted is not resubmitted to another peer when its connection fails',
      checks: on(SELECT_ONE, SO_ACCEPTED_LOST, 'the request ends with failure Unavailable', 'the handler ran exactly once, on B'),
    },
    {
      id: 'V03.3', lines: [35], words: "The Framework doesn't treat an earlier operation whose execution status is unclear as if it hadn't run.",
      says: 'an operation of unknown acceptance is not retried at all, not even to the same peer over a new connection',
      checks: on(NODE_DIRECT, ND_UNKNOWN, 'the attempts were', 'the handler ran exactly once, on B'),
    },
    {
      id: 'V03.4', lines: [32], words: "Whether transport accepted the operation can't be confirmed | Since duplication is possible, doesn't automatically resubmit to a different peer.",
      says: 'an operation written to a server that fell silent (no answer, the connection not yet found dead) keeps its acceptance unknown and is not written to another server',
      checks: [...on(SELECT_ONE, SO_SILENT, 'the attempts were', 'the handler never ran on C'), ...on(SELECT_ONE, SO_SILENT_FOUND, 'the request ends with failure Unavailable', 'the attempts were', 'the handler never ran on C')],
    },
  ],
  V04: [
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
      checks: on(LIVENESS, LV_LOCAL_OWNER, 'a timer of "a1" ran on A after A\'s peer B was not-ready', 'actor "a1" still handles a message from A, on A', 'actor "a1" still handles a message from C, on A'),
    },
  ],
  V05: [
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
        ...on(RECONNECT, RC_RESTARTED, 'no connection of A or to it reuses a connection ID noted before'),
      ],
    },
    {
      id: 'V05.4', lines: [143], words: "doesn't reuse a previous connection's reply route, Session binding, or ready state",
      says: 'an operation in flight on the lost connection ends failed; its late reply is not delivered over the new connection',
      checks: on(RECONNECT, RC_IN_FLIGHT, 'the request ends with failure Unavailable', 'the application on A received exactly one result for the request'),
    },
    {
      id: 'V05.5', lines: [51], words: W_NO_REUSE,
      says: "a reconnect does not reuse the old connection's Session binding state",
      checks: on(SESSIONS, SES_LINK_BREAKS, 'the request ends with failure Unavailable', 'the handler ran exactly once, on B'),
    },
    {
      id: 'V05.6', lines: [51], words: W_NO_REUSE,
      says: 'the lost connection is marked not-ready and the peer is ready again only on the new, verified connection; an unverified one stays not-ready',
      checks: [
        ...on(RECONNECT, RC_NEW, "A's peer B is ready again on a new connection"),
        ...on(RECONNECT, RC_IMPOSTOR, 'A refuses the handshake and its peer B stays not-ready'),
      ],
    },
  ],

  // ---- Section 10: object routing and creation recovery -----------------------------------------
  V06: [
    {
      id: 'V06.1', lines: [147], words: 'Creation recovery only continues the same object ID and generation',
      says: 'after the creating process died, any factory run of recovery is for the same generation (and stored input); no new generation',
      checks: on(CREATION, CR_DIED, 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record'),
    },
    {
      id: 'V06.2', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
      says: 'of two racing creations, the loser is refused while the winner holds Creating, and the factory runs once, on the winner',
      checks: on(CREATION, CR_RACE, 'one creation of "a1" holds the Creating record and the other runs no factory', 'the other creation ends with failure AlreadyExists', 'the factory of "a1" ran exactly once, on the node whose creation won'),
    },
    {
      id: 'V06.3', lines: [147], words: 'Creation recovery only continues the same object ID and generation, and only one target runs the factory.',
      says: 'when several operations find the same unfinished creation, only one target continues it and runs the factory',
      checks: on(CREATION, CR_TWO_RECOVER, 'after the fault the factory of "a1" ran on one node at most, for generation 1 with its stored input "first"'),
    },
  ],
  V07: [
    {
      id: 'V07.1', lines: [148], words: "An Actor/Spot direct message targets the logical ID's current Ready object",
      says: 'a message to a re-created Actor reaches the current incarnation (runs for the new generation)',
      checks: on(DIRECT, DM_OLD_GENERATION, 'the request ends with a reply from B', 'the handler of the request ran for generation 2'),
    },
    {
      id: 'V07.2', lines: [59], words: "ObjectGeneration is excluded from a regular message's target-match condition.",
      says: 'a message naming a stale generation is not rejected for the mismatch: the handler runs',
      checks: on(DIRECT, DM_OLD_GENERATION, 'the request ends with a reply from B', 'the handler of the request ran for generation 2'),
    },
    {
      id: 'V07.3', lines: [59], words: 'A regular Actor/Spot message only uses the global logical ID as its target.',
      says: 'the same holds for Spots: a Spot message naming an old generation is handled by the current incarnation',
      checks: on(DIRECT, DM_OLD_GENERATION, 'the request ends with a reply from B', 'the handler of the request ran for generation 2'),
    },
  ],
  V08: [
    {
      id: 'V08.1', lines: [149], words: W_V08,
      says: 'Close naming a generation that is not the current one is rejected GenerationMismatch and leaves the record unchanged; naming the current one works',
      checks: [
        ...on(CREATION, CR_MISMATCH, 'the request ends with failure GenerationMismatch', 'the record of "s1" is unchanged'),
        ...on(CREATION, CR_CLOSE, 'the request ends with a reply from B', 'the record of "a1" is Missing, generation 1'),
      ],
    },
    {
      id: 'V08.2', lines: [149], words: W_V08,
      says: 'a membership change naming a stale generation is rejected GenerationMismatch and leaves the record unchanged',
      checks: on(CREATION, CR_MISMATCH, 'the request ends with failure GenerationMismatch', 'the record of "s1" is unchanged'),
    },
    {
      id: 'V08.3', lines: [149], words: W_V08,
      says: 'a relocation naming another generation is rejected GenerationMismatch and leaves the record unchanged',
      checks: on(RELOCATION, REL_GENERATION, 'the relocation ends with failure GenerationMismatch', 'the record of "a1" is unchanged'),
    },
    {
      id: 'V08.4', lines: [149], words: W_V08,
      says: 'creation recovery acts only on the generation of the unfinished record (never runs the factory for another generation)',
      checks: on(CREATION, CR_DIED, 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record'),
    },
  ],
  V09: [
    {
      id: 'V09.1', lines: [150], words: "After removing an Actor and re-creating it under the same ActorId, the previous Session binding isn't reused.",
      says: 'after close and re-create, a relay through the old binding ends BindingEnded, runs nowhere, and the Session owner holds that binding as ended',
      checks: [
        ...on(SESSIONS, SES_RECREATED, 'the request ends with failure BindingEnded', 'the handler never ran for the request', 'the Session owner A holds client "c1"\'s binding of "a1" for generation 1 as ended'),
        ...on(SESSIONS, SES_LATE_RELAY, 'the request ends with failure BindingEnded', 'the handler never ran for the request'),
      ],
    },
    {
      id: 'V09.2', lines: [111], words: 'A regular Actor direct message can be sent to the current ActorId, but since Session relay needs the current binding token, the application must bind a new ActorRef.',
      says: 'direct messages reach the new incarnation; a relay needs a new bind, which hands out a new token for the new generation and reaches it',
      checks: on(SESSIONS, SES_RECREATED, 'the request ends with a reply from <node>', 'the handler of the request ran for generation 2', 'client "c1" got a new binding of "a1" for generation 2, routed to <node>, with a new token'),
    },
    {
      id: 'V09.3', lines: [111], words: 'If an Actor is removed, or a new incarnation of the same ActorId is created after an owner failure, the previous binding stays terminated.',
      says: 'a new incarnation created after an owner failure (not only after a Close) also leaves the previous binding ended',
      checks: on(SESSIONS, SES_AFTER_OWNER_FAILURE, 'the request ends with failure BindingEnded', 'the handler never ran for the request', 'the Session owner A holds client "c1"\'s binding of "a1" for generation 1 as ended'),
    },
  ],
  V10: [
    {
      id: 'V10.1', lines: [151], words: 'An Instance Spot only starts cold activation when Missing.',
      says: 'an Instance-intent message to a Ready Instance Spot whose owner is gone runs no factory and is not handled (Unavailable)',
      checks: [
        ...on(OWNER_FAILURE, OF_OUTLINE, 'no factory of "o1" ran after the fault', 'the request ends with failure Unavailable'),
        ...on(OWNER_FAILURE, OF_LEASE, 'no factory of "i1" ran after the fault', 'the request ends with failure Unavailable'),
      ],
    },
    {
      id: 'V10.2', lines: [151], words: "A Ready owner process termination or owner lease expiry isn't turned into Missing or recovered via cold activation.",
      says: 'after the owner process of a Ready Instance Spot dies, its record stays Ready with the same owner and generation (not Missing)',
      checks: on(OWNER_FAILURE, OF_OUTLINE, 'the record of "o1" is Ready, owned by B, generation 1'),
    },
    {
      id: 'V10.3', lines: [67], words: "After the owner lease expires, merely being an Instance Spot doesn't release the authority — the reference information that determines which node an Actor or Spot is on and which node is currently the owner — or convert the next message into cold activation.",
      says: 'an owner lease that ran out while the owner process lives (Store cut off) does not release the authority (record stays Ready) nor cold-activate',
      checks: on(OWNER_FAILURE, OF_LEASE, 'the record of "i1" is Ready, owned by B, generation 1', 'no factory of "i1" ran after the fault'),
    },
  ],
  V11: [
    {
      id: 'V11.1', lines: [152], words: 'it is used only to resume the incomplete first cold-activation operation on the same target node and lifecycle designated by the authority',
      says: 'when the node the recovery pointer names died mid-activation, the activation is kept on it or cancelled, never carried on on another node',
      checks: on(INSTANCE, IS_POINTER_NODE_DIED, 'the request ends with failure Unavailable', 'no factory of "i1" ran after the fault', 'generation 1 of "i1" was kept on B or cancelled, never carried on elsewhere'),
    },
    {
      id: 'V11.2', lines: [152], words: 'it is used only to resume the incomplete first cold-activation operation on the same target node and lifecycle designated by the authority',
      says: "a restarted process on the named node is a different lifecycle: it does not resume the first activation from the pointer",
      checks: on(INSTANCE, IS_POINTER_RESTART, 'the request ends with failure Unavailable', 'no factory of "i1" ran after the fault', 'generation 1 of "i1" was kept on B or cancelled, never carried on elsewhere'),
    },
    {
      id: 'V11.3', lines: [152], words: 'It is never a basis for selecting another target after a steady Ready owner failure.',
      says: 'when a steady Ready Instance Spot owner dies, no other node is activated from its activation record: Unavailable, record unchanged, no factory',
      checks: on(INSTANCE, IS_STEADY, 'the request ends with failure Unavailable', 'no factory of "i1" ran after the fault', 'the record of "i1" is Ready, owned by B, generation 1'),
    },
  ],
  V12: [
    {
      id: 'V12.1', lines: [153], words: W_V12,
      says: 'an Instance-intent message to an Actor (missing, or whose creation stopped) runs no factory and no handler',
      checks: on(INSTANCE, IS_NOT_APPLIED, 'the request ends with failure <error>', 'no factory of "o1" ran after the fault', 'the handler never ran for the request'),
    },
    {
      id: 'V12.2', lines: [153], words: W_V12,
      says: 'an Instance-intent message to a User Spot whose creation stopped runs no factory and no handler',
      checks: on(INSTANCE, IS_NOT_APPLIED, 'the request ends with failure <error>', 'no factory of "o1" ran after the fault', 'the handler never ran for the request'),
    },
    {
      id: 'V12.3', lines: [153], words: W_V12,
      says: 'an already-Ready Instance Spot whose owner died is not re-activated by an Instance-intent message',
      checks: on(INSTANCE, IS_NOT_APPLIED, 'the request ends with failure <error>', 'no factory of "o1" ran after the fault', 'the handler never ran for the request', 'the record of "o1" is <record>'),
    },
    {
      id: 'V12.4', lines: [91], words: "It doesn't apply to Actor, User Spot, an already-Ready Instance Spot, or host relocation.",
      says: 'relocating an Instance Spot runs no factory on the target, and a relocation whose target died is not recovered by cold activation',
      checks: [
        ...on(INSTANCE_RELOCATION, ISR_KEEPS, 'the factory runs of "i1" were "B:1"'),
        ...on(INSTANCE_RELOCATION, ISR_TARGET_DIED, 'the request ends with failure Unavailable', 'the factory runs of "i1" were "B:1"', 'the record of "i1" is Ready, owned by B, generation 1'),
      ],
    },
  ],

  // ---- Section 10: host relocation and Session failure ------------------------------------------
  V13: [
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
      id: 'V13.3', lines: [105], words: "After that boundary, the source isn't restored even before owner commit.",
      says: 'a target death after the boundary (before commit) does not restore the source: messages end Unavailable, none runs on the source',
      checks: on(INSTANCE_RELOCATION, ISR_TARGET_DIED, 'the request ends with failure Unavailable', 'messages with Instance intent to Instance Spot "i1" from A and B keep ending Unavailable for an owner lease, and none runs'),
    },
    {
      id: 'V13.4', lines: [101], words: "After the owner-change commit, same target process running | Doesn't roll back to the source.",
      says: 'a failure after the commit (lifecycle callback) leaves the target the owner: no rollback to the source',
      checks: on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the record of "a1" <record>'),
    },
  ],
  V14: [
    {
      id: 'V14.1', lines: [158], words: W_V14,
      says: 'after the target process dies (before or after commit), the relocation never aims at another target',
      checks: on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the relocation of "a1" aimed at C only'),
    },
    {
      id: 'V14.2', lines: [102], words: 'Target process terminated after the owner-change commit | A different runtime doesn\'t take over the relocation.',
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
  ],
  V15: [
    {
      id: 'V15.1', lines: [113], words: W_SESSION_OWNER_DIES,
      says: 'a client reconnecting after the Session owner died gets a new Session ID, unauthenticated; no running node holds the old Session',
      checks: on(SESSIONS, SES_OWNER_DIES, 'client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding', 'no running node holds the first Session of client "c1"', 'the request ends with failure Unauthenticated'),
    },
    {
      id: 'V15.2', lines: [159], words: W_V15,
      says: 'the old bindings are not restored: the new Session holds none and a relay with an old token is refused and runs nowhere',
      checks: on(SESSIONS, SES_OWNER_DIES, 'client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding', 'no running node holds the first Session of client "c1"', 'the request ends with failure NotFound', 'the handler never ran for the request'),
    },
    {
      id: 'V15.3', lines: [113], words: W_SESSION_OWNER_DIES,
      says: "the client's physical connection ends with the Session owner process; it is not handed to another process",
      checks: on(SESSIONS, SES_OWNER_DIES, 'the first connection of client "c1" drops'),
    },
    {
      id: 'V15.4', lines: [159], words: W_V15,
      says: 'a restarted Session owner on the same node is a different process: it restores neither the Session nor its binding',
      checks: on(SESSIONS, SES_OWNER_DIES, 'client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding', 'no running node holds the first Session of client "c1"'),
    },
  ],
  V16: [
    {
      id: 'V16.1', lines: [163], words: W_V16,
      says: "while the commit's result is unclear the target dispatches no message of the object",
      checks: on(RELOCATION, REL_UNCLEAR, 'no message of "a1" ran on C while it could not reach the Store'),
    },
    {
      id: 'V16.2', lines: [163], words: W_V16,
      says: 'while a Store result is unclear on the source side, the source does not reopen admission before re-reading authority',
      checks: on(RELOCATION, REL_SOURCE_UNCLEAR, 'the later message ran on C', 'the relocation ends with a reply from B', 'the record of "a1" is Ready, owned by C, generation 1'),
    },
    {
      id: 'V16.3', lines: [100], words: W_ROW_REL_3,
      says: 'once authority is re-read, dispatch opens where the record says: the queued message runs on the committed target',
      checks: on(RELOCATION, REL_UNCLEAR, 'the later message ran on C', 'the relocation ends with a reply from B', 'the record of "a1" is Ready, owned by C, generation 1'),
    },
  ],

  // ---- Sections 2 and 8: common judgment ---------------------------------------------------------
  'R-GEN-1': [
    {
      id: 'R-GEN-1.1', lines: [29], words: 'The Framework is selecting a target and no target has accepted the operation yet | Can select a different eligible target',
      says: 'before any target accepted, a refused operation is taken by another eligible target and runs there once',
      checks: on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the handler ran exactly once, on <ran on>'),
    },
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
  ],
  'R-GEN-2': [
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
  ],
  'R-GEN-3': [
    {
      id: 'R-GEN-3.1', lines: [33], words: W_ROW_TERMINAL,
      says: 'a request that timed out stays a timeout when the reply arrives later: one result delivered',
      checks: on(COMMON, CJ_OUTLINE, 'the request ends with <result>', 'the application on A received exactly one result for the request'),
    },
    {
      id: 'R-GEN-3.2', lines: [33], words: W_ROW_TERMINAL,
      says: 'a cancelled request stays cancelled when the reply arrives later: one result delivered',
      checks: on(TERMINAL, TR_CANCELLED, 'the request ends cancelled', 'the application on A received exactly one result for the request'),
    },
    {
      id: 'R-GEN-3.3', lines: [33], words: W_ROW_TERMINAL,
      says: 'a request in flight at shutdown ends with shutdown; the later reply adds no second result',
      checks: on(TERMINAL, TR_SHUTDOWN, 'the request ends with shutdown', 'the application on A received exactly one result for the request'),
    },
    {
      id: 'R-GEN-3.4', lines: [27], words: 'If the same operation can\'t continue, it ends with one terminal result.',
      says: 'a request that failed first stays failed when its handler later completes: one result delivered',
      checks: [
        ...on(RECONNECT, RC_IN_FLIGHT, 'the request ends with failure Unavailable', 'the application on A received exactly one result for the request'),
        ...on(TERMINAL, TR_LATE_FAILED, 'the request ends with failure HandlerError', 'the application on A received exactly one result for the request'),
      ],
    },
    {
      id: 'R-GEN-3.5', lines: [33], words: W_ROW_TERMINAL,
      says: 'a request that got its reply first is not turned into cancelled/timeout/shutdown by a later signal',
      checks: on(TERMINAL, TR_LATE, 'the request ends with a reply from B', 'the application on A received exactly one result for the request'),
    },
  ],
  'R-GEN-4': [
    {
      id: 'R-GEN-4.1', lines: [125], words: "The Framework returns a failed operation's ErrorKind",
      says: "a failed operation's outcome carries its ErrorKind",
      checks: on(TERMINAL, TR_FAILED, 'the request ends with failure HandlerError'),
    },
    {
      id: 'R-GEN-4.2', lines: [125], words: "The Framework returns a failed operation's ErrorKind but doesn't indicate whether to retry.",
      says: 'the failure result carries no retry advice (no retryable flag or hint)',
      checks: on(TERMINAL, TR_FAILED, 'the failure carries its ErrorKind and no retry advice'),
    },
    {
      id: 'R-GEN-4.3', lines: [27], words: 'The application decides whether to start the next call.',
      says: 'after a failure the framework starts no operation of its own: the handler ran once, nothing else ran',
      checks: on(TERMINAL, TR_FAILED, 'the handler ran exactly once, on B', 'no handler ran for an operation the application did not start'),
    },
    {
      id: 'R-GEN-4.4', lines: [125], words: 'This is because, on a timeout or connection loss, whether the remote handler ran may be unknown.',
      says: 'after a timeout or connection-loss failure the framework does not start the operation again either',
      checks: [
        ...on(SELECT_ONE, SO_ACCEPTED_LOST, 'the handler ran exactly once, on B', 'no handler ran for an operation the application did not start'),
        ...on(SELECT_ONE, SO_ACCEPTED_DEADLINE, 'the handler ran exactly once, on B', 'no handler ran for an operation the application did not start'),
      ],
    },
  ],

  // ---- Section 3: channel and connection ----------------------------------------------------------
  'R-CH-1': [
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
      checks: on(SELECT_ONE, SO_CS_WEIGHT, 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
    },
    {
      id: 'R-CH-1.5', lines: [41], words: W_ROUTEMESH,
      says: 'a Ready server of weight > 0 is a candidate, the calling node included',
      checks: on(SELECT_ONE, SO_OWN_NODE, 'the request ends with a reply from A', 'the handler ran exactly once, on A'),
    },
  ],
  'R-CH-2': [
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
  ],
  'R-CONN-1': [
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
  ],
  'R-CONN-2': [
    {
      id: 'R-CONN-2.1', lines: [49], words: 'switches a non-responding half-open connection to not-ready within the liveness deadline',
      says: 'a silent (hung or crashed) peer is marked not-ready by the liveness check within the liveness deadline',
      checks: [
        ...on(LIVENESS, LV_HUNG, "A's peer B becomes not-ready within the liveness deadline"),
        ...on(LIVENESS, LV_CRASHED, "C's peer B becomes not-ready within the liveness deadline"),
      ],
    },
  ],
  'R-CONN-3': [
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
        ...on(RECONNECT, RC_OTHER_MEMBER, 'A refuses the handshake and its peer B stays not-ready'),
      ],
    },
  ],

  // ---- Sections 4.1 and 4.2: object routing -------------------------------------------------------
  'R-OBJ-1': [
    {
      id: 'R-OBJ-1.1', lines: [59], words: 'The former is handled by the new incarnation; the latter is Unavailable.',
      says: 'a message to an Actor whose owner is lost ends Unavailable and its handler runs nowhere',
      checks: on(DIRECT, DM_OWNER_LOST, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    },
    {
      id: 'R-OBJ-1.2', lines: [59], words: 'Since it targets the current Ready object of the logical ID, not a generation, an object re-created under the same ID and one that lost its owner produce different results.',
      says: 'a message to a Spot whose owner is lost also ends Unavailable and is not re-routed',
      checks: on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable', 'the handler never ran for the request', OF_PROBES),
    },
  ],
  'R-OBJ-2': [
    {
      id: 'R-OBJ-2.1', lines: [63], words: 'Once the cache expires or the owner lease becomes invalid, the next new operation re-queries the current owner.',
      says: 'after the owner cache expired, the next operation reads the record from the Location Store',
      checks: on(DIRECT, DM_CACHE, 'A read the record of "a1" from the Location Store since the mark'),
    },
    {
      id: 'R-OBJ-2.2', lines: [63], words: 'Once the cache expires or the owner lease becomes invalid, the next new operation re-queries the current owner.',
      says: 'after the owner lease turned invalid (cache still fresh), the next operation re-reads the owner',
      checks: on(DIRECT, DM_LEASE, 'A read the record of "a1" from the Location Store since the mark', 'the request ends with failure Unavailable'),
    },
    {
      id: 'R-OBJ-2.3', lines: [63], words: "The failed operation itself isn't automatically submitted to the new owner.",
      says: 'an operation that failed at the old owner is not sent on to the new one within the same operation',
      checks: on(DIRECT, DM_NOT_RESUBMITTED, 'the request was sent to one owner only'),
    },
    {
      id: 'R-OBJ-2.4', lines: [63], words: 'Actor and Spot messages use the current Ready owner confirmed in the Location Store.',
      says: 'the next operation after the owner changed reaches the new owner',
      checks: on(DIRECT, DM_NOT_RESUBMITTED, 'the request ends with a reply from C'),
    },
  ],
  'R-OBJ-3': [
    {
      id: 'R-OBJ-3.1', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
      says: 'a message reaching the previous owner after the commit is delivered to the committed target and handled there',
      checks: on(FOLLOW, MF_FOLLOWS, 'the request ends with a reply from B', 'the request ran on C'),
    },
    {
      id: 'R-OBJ-3.2', lines: [65], words: W_FOLLOW_DURATION,
      says: 'after MessageFollowDuration the previous owner follows nothing: Unavailable, handler runs nowhere',
      checks: on(FOLLOW, MF_AFTER, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    },
    {
      id: 'R-OBJ-3.3', lines: [65], words: W_FOLLOW_DURATION,
      says: 'MessageFollowDuration 0 turns Message Follow off',
      checks: on(FOLLOW, MF_ZERO, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    },
    {
      id: 'R-OBJ-3.4', lines: [65], words: W_FOLLOW_DURATION,
      says: 'with MessageFollowDuration unset the delivery path is kept 30 seconds',
      checks: on(FOLLOW, MF_DEFAULT, 'the request ran on C', 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    },
    {
      id: 'R-OBJ-3.5', lines: [65], words: "Message Follow isn't failover, since it only follows an already-committed move path — it doesn't select a new owner after an owner process failure.",
      says: 'a previous owner that crashed and restarted follows nothing: the message through it ends Unavailable and runs nowhere',
      checks: on(FOLLOW, MF_CRASH, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    },
    {
      id: 'R-OBJ-3.6', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
      says: 'an object relocated away and back is run by its owner again: the earlier follow does not send its messages to the node it left',
      checks: on(FOLLOW, MF_BACK, 'the request ends with a reply from B', 'the request ran on B'),
    },
    {
      id: 'R-OBJ-3.7', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
      says: 'a second relocation the source started while the first was under way leaves the previous owner following the committed move, to its target',
      checks: on(FOLLOW, MF_TWO_AT_ONCE, 'the request ends with a reply from B', 'the request ran on C'),
    },
    {
      id: 'R-OBJ-3.8', lines: [65], words: 'Right after the owner changes via a planned relocation, the previous owner can deliver a message it already received to the committed target.',
      says: 'an object moved back before its previous owner heard of the first commit is run by that owner, and the node it left follows messages to it',
      checks: on(FOLLOW, MF_BACK_EARLY, 'the request ends with a reply from B', 'the request ran on B', 'the request ends with a reply from C'),
    },
  ],
  'R-OBJ-4': [
    {
      id: 'R-OBJ-4.1', lines: [67], words: W_OWNER_DIES,
      says: 'after the owner dies, the object is not brought back elsewhere: messages end Unavailable, no handler and no factory runs',
      checks: on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable', 'the handler never ran for the request', 'no factory of "o1" ran after the fault', OF_PROBES),
    },
    {
      id: 'R-OBJ-4.2', lines: [67], words: W_NO_OWNER_CHANGE,
      says: 'the owner recorded in the Location Store stays the dead node',
      checks: on(OWNER_FAILURE, OF_OUTLINE, 'the record of "o1" is Ready, owned by B, generation 1'),
    },
    {
      id: 'R-OBJ-4.3', lines: [67], words: W_NO_OWNER_CHANGE,
      says: 'no new incarnation: the generation stays and no factory runs after the fault',
      checks: on(OWNER_FAILURE, OF_OUTLINE, 'the record of "o1" is Ready, owned by B, generation 1', 'no factory of "o1" ran after the fault'),
    },
    {
      id: 'R-OBJ-4.4', lines: [67], words: 'This rule applies equally to Instance Spots.',
      says: 'the same holds for an Instance Spot, even for a message with Instance intent',
      checks: on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable', 'the record of "o1" is Ready, owned by B, generation 1', 'no factory of "o1" ran after the fault'),
    },
    {
      id: 'R-OBJ-4.5', lines: [67], words: W_NO_OWNER_CHANGE,
      says: 'the owner started again under the same RID is a new process: it brings no incarnation back (no factory runs, messages from every caller stay Unavailable)',
      checks: on(OWNER_FAILURE, OF_OUTLINE, OF_PROBES_AFTER_RESTART, 'no factory of "o1" ran after the fault'),
    },
  ],

  // ---- Section 4.3: creation ------------------------------------------------------------------------
  'R-CRE-1': [
    {
      id: 'R-CRE-1.1', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
      says: 'the creation that did not secure the Creating record is refused and never runs the factory',
      checks: on(CREATION, CR_RACE, 'one creation of "a1" holds the Creating record and the other runs no factory', 'the other creation ends with failure AlreadyExists', 'the factory of "a1" ran exactly once, on the node whose creation won'),
    },
    {
      id: 'R-CRE-1.2', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
      says: 'the creation holding the Creating record completes and its node is the Ready owner',
      checks: on(CREATION, CR_RACE, 'the creation that holds the Creating record ends with a reply', 'the record of "a1" is Ready, owned by the node whose creation won, generation 1'),
    },
    {
      id: 'R-CRE-1.3', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
      says: 'the same holds for a User Spot creation race',
      checks: on(CREATION, CR_RACE, 'one creation of "a1" holds the Creating record and the other runs no factory', 'the other creation ends with failure AlreadyExists', 'the factory of "a1" ran exactly once, on the node whose creation won'),
    },
    {
      id: 'R-CRE-1.4', lines: [71], words: "If creation requests compete while no object exists, only the target that first secures the Location Store's Creating record runs the factory.",
      says: 'when both creations read "no object" before either writes, the one whose change lost runs no factory and is refused',
      checks: on(CREATION, CR_RACE_READ, 'one of the two creations of "a1" owns it Ready, generation 1', 'the other creation ends with failure AlreadyExists', 'the factory of "a1" ran exactly once, on the node whose creation won'),
    },
  ],
  'R-CRE-2': [
    {
      id: 'R-CRE-2.1', lines: [71], words: W_CREATION_RECHECK,
      says: 'a death while Creating leaves that record as it was until the next operation, which acts on it for the same generation',
      checks: on(CREATION, CR_DIED, 'the record of "a1" is Creating, owned by B, generation 1', 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record'),
    },
    {
      id: 'R-CRE-2.2', lines: [71], words: 'It can continue the same creation or cancel exactly that record, and the factory can be called again with the same input.',
      says: 'a cancelling recovery removes exactly the unfinished record and nothing else',
      checks: on(CREATION, CR_CLOSE_CANCELS, 'the request ends with failure GenerationMismatch', 'the record of "a1" is unchanged', 'the record of "a1" is Missing, generation 1', 'no factory of "a1" ran after the fault', 'the record of "a1" is Ready, owned by C, generation 2'),
    },
    {
      id: 'R-CRE-2.3', lines: [71], words: 'It can continue the same creation or cancel exactly that record, and the factory can be called again with the same input.',
      says: "a continuing recovery calls the factory with the stored input, not the new caller's",
      checks: on(CREATION, CR_DIED, 'creation recovery continued generation 1 of "a1" with its stored input "first", or cancelled exactly that record'),
    },
  ],

  // ---- Section 4.4: Instance Spot table -----------------------------------------------------------
  'R-INST-1': [
    {
      id: 'R-INST-1.1', lines: [82], words: 'Missing, with no authority record | Selects one eligible node and starts cold activation of a new ObjectGeneration.',
      says: 'an Instance-intent message to a Missing Instance Spot activates it (Ready, generation 1) and is handled by that incarnation, after its factory ran',
      checks: [
        ...on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>'),
        ...on(INSTANCE, IS_ACTIVATION, 'the first message has not ended while gate "f" is closed', 'the first message ends with a reply from B', 'the first message ran on B', 'the record of "i1" is Ready, owned by B, generation 1'),
      ],
    },
    {
      id: 'R-INST-1.2', lines: [82], words: 'Missing, with no authority record | Selects one eligible node',
      says: 'the activation runs the factory once, on one node',
      checks: [
        ...on(INSTANCE, IS_OUTLINE, 'the factory runs of "i1" were "<factory runs>"'),
        ...on(INSTANCE, IS_ACTIVATION, 'the factory runs of "i1" were "B:1"'),
        ...on(INSTANCE, IS_JOINS_UNDER_WAY, 'the factory runs of "i1" were "B:1"'),
      ],
    },
    {
      id: 'R-INST-1.3', lines: [82], words: 'Missing, with no authority record | Selects one eligible node',
      says: 'concurrent first messages still select one node: a single activation',
      checks: [
        ...on(INSTANCE, IS_RACE, 'exactly one node ran the factory of "i1", for generation 1, and owns it', 'each first message ended with a reply from the node that activated "i1", or Unavailable without running'),
        ...on(INSTANCE, IS_RACE_HELD, 'no second factory of "i1" starts while gate "f" is closed', 'exactly one node ran the factory of "i1", for generation 1, and owns it'),
      ],
    },
  ],
  'R-INST-2': [
    {
      id: 'R-INST-2.1', lines: [83], words: W_ROW_INST_2,
      says: 'an activation stopped while Creating is continued (or cancelled) in the same generation on its node; no new incarnation',
      checks: [
        ...on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>', 'the factory runs of "i1" were "<factory runs>"'),
        ...on(INSTANCE, IS_POINTER_NODE_DIED, 'no factory of "i1" ran after the fault', 'generation 1 of "i1" was kept on B or cancelled, never carried on elsewhere'),
      ],
    },
    {
      id: 'R-INST-2.2', lines: [83], words: W_ROW_INST_2,
      says: 'an activation stopped Ready before the first message was restored is continued in the same generation; no new incarnation',
      checks: on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>', 'the factory runs of "i1" were "<factory runs>"'),
    },
    {
      id: 'R-INST-2.3', lines: [77], words: 'Since the Framework stores the first message and creation record, if the process terminates while Creating or while restoring the first message, it can continue or cancel creation under the same generation.',
      says: 'the resumed activation handles the stored first message (before the message that resumed it)',
      checks: on(INSTANCE, IS_RESUMED, 'the later message ends with a reply from B', 'the first message was handled before the later message'),
    },
  ],
  'R-INST-3': [
    {
      id: 'R-INST-3.1', lines: [84], words: 'Ready with a valid owner lease | Sends the message to the current owner.',
      says: 'an Instance-intent message to a Ready Instance Spot is handled by its current owner, as any message; the record is unchanged',
      checks: [
        ...on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>'),
        ...on(INSTANCE, IS_READY_OWNER, 'the request has not ended while gate "g" is closed', 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
      ],
    },
    {
      id: 'R-INST-3.2', lines: [84], words: "Ready with a valid owner lease | Doesn't start cold activation.",
      says: 'no factory runs again for it',
      checks: [...on(INSTANCE, IS_OUTLINE, 'the factory runs of "i1" were "<factory runs>"'), ...on(INSTANCE, IS_READY_OWNER, 'the factory runs of "i1" were "B:1"')],
    },
  ],
  'R-INST-4': [
    {
      id: 'R-INST-4.1', lines: [85], words: "The Ready owner process terminated, or the owner lease is invalid | Doesn't automatically release the authority record",
      says: 'after the Ready owner died, the authority record stays (Ready, same owner and generation)',
      checks: [
        ...on(INSTANCE, IS_OUTLINE, 'the record of "i1" is <record>'),
        ...on(OWNER_FAILURE, OF_OUTLINE, 'the record of "o1" is Ready, owned by B, generation 1'),
      ],
    },
    {
      id: 'R-INST-4.2', lines: [85], words: W_ROW_INST_4,
      says: 'no new incarnation anywhere: no factory runs',
      checks: [
        ...on(INSTANCE, IS_OUTLINE, 'the factory runs of "i1" were "<factory runs>"'),
        ...on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable', OF_PROBES, OF_PROBES_AFTER_RESTART, 'no factory of "o1" ran after the fault', 'the record of "o1" is Ready, owned by B, generation 1'),
      ],
    },
    {
      id: 'R-INST-4.3', lines: [85], words: 'The Ready owner process terminated, or the owner lease is invalid | The operation ends with Unavailable.',
      says: 'the Instance-intent message ends Unavailable',
      checks: [
        ...on(INSTANCE, IS_OUTLINE, 'the request ends with <result>'),
        ...on(OWNER_FAILURE, OF_OUTLINE, 'the request ends with failure Unavailable'),
      ],
    },
    {
      id: 'R-INST-4.4', lines: [85], words: W_ROW_INST_4,
      says: 'the same when the owner process lives but its lease is invalid',
      checks: on(OWNER_FAILURE, OF_LEASE, 'the request ends with failure Unavailable', 'messages with Instance intent to Instance Spot "i1" from A and C keep ending Unavailable for an owner lease, and none runs', 'the record of "i1" is Ready, owned by B, generation 1', 'no factory of "i1" ran after the fault'),
    },
  ],
  'R-INST-5': [
    {
      id: 'R-INST-5.1', lines: [86], words: "The application's explicit Close finished, including authority release | A subsequent lookup returns Missing.",
      says: 'after an explicit Close released authority, a lookup returns Missing',
      checks: on(INSTANCE, IS_CLOSED, 'the record of "i1" is Missing, generation 1'),
    },
    {
      id: 'R-INST-5.2', lines: [86], words: "The application's explicit Close finished, including authority release | A subsequent lookup returns Missing. The next Instance-intent message can start cold activation of a new ObjectGeneration.",
      says: 'the next Instance-intent message cold-activates a new generation (factory runs for generation 2)',
      checks: on(INSTANCE, IS_OUTLINE, 'the request ends with <result>', 'the record of "i1" is <record>', 'the factory runs of "i1" were "<factory runs>"'),
    },
  ],
  'R-INST-6': [
    {
      id: 'R-INST-6.1', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract.',
      says: 'a finished relocation of an Instance Spot leaves it Ready on the target in the same generation, via the lifecycle callback',
      checks: on(INSTANCE_RELOCATION, ISR_KEEPS, 'the relocation ends with a reply from B', 'the record of "i1" is Ready, owned by C, generation 1', 'the lifecycle callback of "i1" succeeded on C after 0 failed attempts'),
    },
    {
      id: 'R-INST-6.2', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract. Not treated as cold activation or crash failover.',
      says: 'the relocation runs no factory on the target (not a cold activation)',
      checks: on(INSTANCE_RELOCATION, ISR_KEEPS, 'the factory runs of "i1" were "B:1"'),
    },
    {
      id: 'R-INST-6.3', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract. Not treated as cold activation or crash failover.',
      says: 'an Instance-intent message during an in-progress relocation starts no cold activation',
      checks: on(INSTANCE_RELOCATION, ISR_IN_PROGRESS, 'the handler ran exactly once', 'the factory runs of "i1" were "B:1"', 'the record of "i1" becomes Ready, owned by C, generation 1, on the 1,000 ms cutover fallback'),
    },
  ],
  'R-INST-7': [
    {
      id: 'R-INST-7.1', lines: [77], words: 'Since the Framework stores the first message and creation record',
      says: "cold activation stores the first message in the object's creation record",
      checks: on(INSTANCE, IS_FIRST, 'the record of "i1" holds the first message'),
    },
    {
      id: 'R-INST-7.2', lines: [77], words: "It doesn't process new messages before restoring the first message to the head of the queue.",
      says: 'a later message is handled only after the first message, also when the activation was resumed',
      checks: [
        ...on(INSTANCE, IS_FIRST, 'the first message was handled before the later message'),
        ...on(INSTANCE, IS_RESUMED, 'the first message was handled before the later message'),
      ],
    },
  ],

  // ---- Section 5: host relocation table ---------------------------------------------------------
  'R-REL-1': [
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
      says: "the source keeps its queue: a message queued during the attempt runs on the source",
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
  ],
  'R-REL-2': [
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
      id: 'R-REL-2.5', lines: [105], words: "After that boundary, the source isn't restored even before owner commit.",
      says: 'the source does not go on running the object it handed off: past relay-ready (before it has heard of the commit too) and once the relocation has ended, none of its timers runs there',
      checks: [...on(HANDOFF, HO_TIMERS, 'no timer of "a1" runs on B from the end of the relocation on'), ...on(HANDOFF, HO_TIMERS_BEFORE_COMMIT, 'no timer of "a1" runs on B from relay-ready accepted on')],
    },
  ],
  'R-REL-3': [
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
      checks: on(RELOCATION, REL_REREAD_NOT_APPLIED, 'after its unclear change C re-read "a1" with the StoreVersion first used before changing it again', 'the record of "a1" stays owned by the node the relocation\'s result names'),
    },
  ],
  'R-REL-4': [
    {
      id: 'R-REL-4.1', lines: [101], words: "After the owner-change commit, same target process running | Doesn't roll back to the source.",
      says: 'a lifecycle-callback failure after commit leaves the target owner: no rollback, the relocation succeeds',
      checks: on(RELOCATION, REL_OUTLINE, 'the relocation ends with <result>', 'the record of "a1" <record>'),
    },
    {
      id: 'R-REL-4.2', lines: [101], words: W_ROW_REL_4,
      says: 'the failed lifecycle callback is retried on the same target within the deadline',
      checks: on(RELOCATION, REL_LIFECYCLE, 'the lifecycle callback of "a1" succeeded on C after 1 failed attempt', 'the record of "a1" stays Ready, owned by C, generation 1'),
    },
    {
      id: 'R-REL-4.3', lines: [101], words: W_ROW_REL_4,
      says: 'a failed dispatch switchover is retried on the same target within the deadline',
      checks: on(RELOCATION, REL_SWITCHOVER, 'the relocation ends with a reply from B', 'the later message ran on C', 'the record of "a1" stays Ready, owned by C, generation 1'),
    },
  ],
  'R-REL-5': [
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
  ],
  'R-REL-6': [
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
      id: 'R-REL-6.3', lines: [103], words: W_ROW_REL_6,
      says: 'a restarted source does not resume its part (it follows no message to the target)',
      checks: on(FOLLOW, MF_CRASH, 'the request ends with failure Unavailable', 'the handler never ran for the request'),
    },
    {
      id: 'R-REL-6.4', lines: [103], words: W_ROW_REL_6,
      says: 'a target death during the relocation does not roll back to the source',
      checks: on(RELOCATION, REL_RESTART, 'the relocation of "a1" is at stage relay-ready-accepted'),
    },
  ],
  'R-REL-7': [
    {
      id: 'R-REL-7.1', lines: [87], words: 'Moves the same object and ObjectGeneration to the target per the relocation contract.',
      says: "an Actor's owner change keeps its ObjectGeneration",
      checks: on(RELOCATION, REL_OUTLINE, 'the record of "a1" <record>'),
    },
    {
      id: 'R-REL-7.2', lines: [87], words: 'A planned Relocate is in progress or finished | Moves the same object and ObjectGeneration to the target per the relocation contract.',
      says: 'a Spot relocation keeps its ObjectGeneration too',
      checks: on(INSTANCE_RELOCATION, ISR_KEEPS, 'the record of "i1" is Ready, owned by C, generation 1'),
    },
  ],

  // ---- Section 6: Session and binding ------------------------------------------------------------
  'R-SES-1': [
    {
      id: 'R-SES-1.1', lines: [109], words: "If an Actor moves via a planned relocation, the Session's physical STREAM connection is kept.",
      says: "the client's STREAM connection and its Session stay open through the relocation",
      checks: on(SESSIONS, SES_RELOCATION, 'client "c1" kept its first connection to A and bound "a1" only once'),
    },
    {
      id: 'R-SES-1.2', lines: [109], words: W_LOCATION_UPDATE,
      says: "the Session owner moves the binding's route to the target on a location update, so a relay reaches the target",
      checks: on(SESSIONS, SES_RELOCATION, 'the Session owner A moved client "c1"\'s binding of "a1" to C, keeping its token and generation 1', 'the request ends with a reply from C', 'the handler ran exactly once, on C'),
    },
    {
      id: 'R-SES-1.3', lines: [109], words: W_LOCATION_UPDATE,
      says: 'the ActorRef location snapshot is updated to the target and the client is told',
      checks: on(SESSIONS, SES_RELOCATION, 'the Session owner A moved client "c1"\'s binding of "a1" to C, keeping its token and generation 1', 'client "c1" was told on its connection that "a1" is now on C'),
    },
    {
      id: 'R-SES-1.4', lines: [109], words: "the application doesn't rebind to learn about the relocation",
      says: 'the binding is not ended: the client binds once and keeps its token',
      checks: on(SESSIONS, SES_RELOCATION, 'client "c1" kept its first connection to A and bound "a1" only once', 'the Session owner A moved client "c1"\'s binding of "a1" to C, keeping its token and generation 1'),
    },
    {
      id: 'R-SES-1.5', lines: [109], words: 'This update only applies to a relocation where the same ObjectGeneration is kept',
      says: 'a location update for another generation is not applied to the binding',
      checks: on(SESSIONS, SES_OTHER_GENERATION, 'the Session owner A still routes client "c1"\'s binding of "a1" for generation 1 to B', 'the request ends with failure BindingEnded'),
    },
  ],
  'R-SES-2': [
    {
      id: 'R-SES-2.1', lines: [111], words: W_LATE,
      says: 'a late relay through the old binding ends BindingEnded, runs nowhere, and the new binding stays bound',
      checks: on(SESSIONS, SES_LATE_RELAY, 'the request ends with failure BindingEnded', 'the handler never ran for the request', 'the Session owner A holds client "c1"\'s new binding of "a1" as bound, for generation 2'),
    },
    {
      id: 'R-SES-2.2', lines: [111], words: W_LATE,
      says: 'a late unbind with the old token is refused and the new binding stays bound and usable',
      checks: on(SESSIONS, SES_LATE_UNBIND, 'the request ends with failure BindingEnded', 'the Session owner A holds client "c1"\'s new binding of "a1" as bound, for generation 2', 'the request ends with a reply from B', 'the handler of the request ran for generation 2'),
    },
    {
      id: 'R-SES-2.3', lines: [111], words: W_LATE,
      says: "the disconnect of an earlier Session's connection does not end the newer Session or its binding",
      checks: on(SESSIONS, SES_LATE_DISCONNECT, 'the second Session of client "c1" stays open on A, with its binding of "a1" bound', 'the request ends with a reply from B', 'the handler ran exactly once, on B'),
    },
    {
      id: 'R-SES-2.4', lines: [111], words: W_LATE,
      says: "a relay or unbind from a previous Session (not only an old binding of the same Session) is not applied to the new binding",
      checks: on(SESSIONS, SES_PREVIOUS_TOKEN, 'the request ends with failure NotFound', 'the second Session of client "c1" stays open on A, with its binding of "a1" bound'),
    },
  ],
  'R-SES-3': [
    {
      id: 'R-SES-3.1', lines: [113], words: 'A client reconnect creates a new Session',
      says: 'after the Session owner died, the reconnect is a new Session (new ID, no bindings); the old one is held nowhere',
      checks: on(SESSIONS, SES_OWNER_DIES, 'client "c1" has a new Session on <node>: a new Session ID, not authenticated, with no binding', 'no running node holds the first Session of client "c1"'),
    },
    {
      id: 'R-SES-3.2', lines: [113], words: W_REAUTH,
      says: 'the new Session must authenticate: relays before it end Unauthenticated, and a wrong credential is refused',
      checks: [
        ...on(SESSIONS, SES_OWNER_DIES, 'the request ends with failure Unauthenticated', 'the handler never ran for the request'),
        ...on(SESSIONS, SES_WRONG_CREDENTIAL, 'the request ends with failure Unauthenticated', 'the Session owner A refused the Session of client "c2" and closed its connection'),
      ],
    },
    {
      id: 'R-SES-3.3', lines: [113], words: W_REAUTH,
      says: 'the new Session must bind again: the old token is unknown, a new bind gives a new token that works',
      checks: on(SESSIONS, SES_OWNER_DIES, 'the request ends with failure NotFound', 'client "c1" got a new binding of "a1" for generation 1, routed to B, with a new token', 'the request ends with a reply from B'),
    },
    {
      id: 'R-SES-3.4', lines: [113], words: W_OLD_REPLY,
      says: "a reply meant for the dead owner's connection never reaches the new Session",
      checks: on(SESSIONS, SES_REPLY, 'the request ends with failure Unavailable', 'client "c1" received nothing on its second connection that belongs to the first'),
    },
    {
      id: 'R-SES-3.5', lines: [113], words: W_OLD_REPLY,
      says: "a binding update of the previous connection is not applied to the new Session",
      checks: on(SESSIONS, SES_UPDATE_AFTER_DEATH, 'client "c1" received nothing on its second connection that belongs to the first'),
    },
  ],

  // ---- Section 7: store failure ------------------------------------------------------------------
  'R-STO-1': [
    {
      id: 'R-STO-1.1', lines: [117], words: W_STORE_REREAD,
      says: 'after a Store change with no result, the next Store access is a re-read of the same key, compared with the StoreVersion first used',
      checks: on(UNCLEAR, UR_OUTLINE, 'after its unclear change B re-read "a1" with the StoreVersion first used before changing it again'),
    },
    {
      id: 'R-STO-1.2', lines: [117], words: W_STORE_REREAD,
      says: 'the change is retried only if it had not applied: the creation completes once either way',
      checks: on(UNCLEAR, UR_OUTLINE, 'after its unclear change B re-read "a1" with the StoreVersion first used before changing it again', 'the request ends with a reply from B', 'the record of "a1" is Ready, owned by B, generation 1', 'the factory of "a1" ran exactly once, on B'),
    },
    {
      id: 'R-STO-1.3', lines: [117], words: 'This confirmation is a procedure to avoid ever creating two owners at once — it isn\'t failover selecting a different target.',
      says: 'the confirmation never yields a second owner or another target: one owner, one factory run',
      checks: [
        ...on(UNCLEAR, UR_OUTLINE, 'the record of "a1" is Ready, owned by B, generation 1', 'the factory of "a1" ran exactly once, on B'),
        ...on(UNCLEAR, UR_NO_SECOND_OWNER, 'the creation on B ends with a failure by its deadline', 'the factory of "a1" ran exactly once, on C', 'the record of "a1" is Ready, owned by C, generation 1'),
      ],
    },
  ],
  'R-STO-2': [
    {
      id: 'R-STO-2.1', lines: [119], words: W_GRACE_KEEPS,
      says: 'while the Store cannot be read, connections to the targets of the last list stay up',
      checks: on(GRACE, GR_KEEPS, "A's peer B stayed ready throughout"),
    },
    {
      id: 'R-STO-2.2', lines: [119], words: W_GRACE_KEEPS,
      says: 'the connection intents are kept: a listed target whose connection breaks during grace is reconnected',
      checks: on(GRACE, GR_RECONNECT, "A's peer B is ready again on a new connection"),
    },
    {
      id: 'R-STO-2.3', lines: [119], words: W_GRACE_KEEPS,
      says: 'liveness checks go on during grace: a hung listed peer becomes not-ready within the deadline',
      checks: on(GRACE, GR_KEEPS, "A's peer C becomes not-ready within the liveness deadline"),
    },
    {
      id: 'R-STO-2.4', lines: [119], words: "It doesn't connect to a new target outside that list (owned by Location Runtime §10).",
      says: 'no connection is made to a node outside the last list, so node direct to it ends NotFound',
      checks: on(GRACE, GR_OUTSIDE, 'A makes no connection to D', 'the request ends with failure NotFound'),
    },
  ],
  'R-STO-3': [
    {
      id: 'R-STO-3.1', lines: [119], words: W_GRACE_NO_EXTEND,
      says: 'grace does not extend the owner lease: the owner stops processing once its lease ran out, also when its last renewal was answered late',
      checks: [
        ...on(GRACE, GR_STOP, 'no timer or message of "a1" ran on B from its lease running out until the Store answers again'),
        ...on(GRACE, GR_LATE_ANSWER, 'no timer or message of "a1" ran on B from its lease running out until the Store answers again'),
      ],
    },
    {
      id: 'R-STO-3.2', lines: [119], words: W_GRACE_NO_EXTEND,
      says: 'grace does not extend a relocation deadline',
      checks: on(GRACE, GR_RELOCATION_DEADLINE, 'the relocation ends with a failure by its deadline', 'the record of "a1" stays Ready, owned by B, generation 1'),
    },
    {
      id: 'R-STO-3.3', lines: [119], words: W_ELIGIBILITY_ENDS,
      says: 'once owner eligibility ended, no new message and no timer of the object runs until the Store answers again',
      checks: on(GRACE, GR_STOP, 'no timer or message of "a1" ran on B from its lease running out until the Store answers again'),
    },
    {
      id: 'R-STO-3.4', lines: [119], words: W_ELIGIBILITY_ENDS,
      says: 'once owner eligibility ended, state changes of the object stop too',
      checks: on(GRACE, GR_STATE_CHANGES, 'the request ends with failure Unavailable', 'the record of "s1" is unchanged'),
    },
  ],
  'R-STO-4': [
    {
      id: 'R-STO-4.1', lines: [119], words: W_STORE_RECOVERS,
      says: 'when the Store answers again, the owner re-reads its objects before processing them again',
      checks: on(GRACE, GR_REREAD, 'B re-read "a1" from the Location Store before its first timer after the Store answered again'),
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
      checks: on(GRACE, GR_REMOVED, "A's peer D is dropped once A reads the list again", "A's connections to B and C are the ones noted"),
    },
  ],
};

const ORDER = REQUIREMENTS.map((r) => r.id);

/** The clauses of one requirement ID (empty for an unknown ID). */
export function clausesOf(id: string): Clause[] {
  return CLAUSES[id] ?? [];
}

/** Every clause, in registry order. */
export function allClauses(): Clause[] {
  return ORDER.flatMap((id) => clausesOf(id));
}

const BY_CLAUSE_ID = new Map(allClauses().map((c) => [c.id, c]));

/** The clause with this ID (e.g. "V01.2"), or undefined. */
export function clauseById(id: string): Clause | undefined {
  return BY_CLAUSE_ID.get(id);
}
