// Survivors of mutation testing that no conformance test may kill, each with why. Two kinds:
// - `equivalent`: the mutant behaves as the reference in every run (it only differs in a branch the
//   reference never takes, or in a value nothing reads);
// - `conforming`: the mutant behaves differently, but only where the chapter leaves the runtime
//   free (which eligible server select-one picks, what an Outcome's attempt reasons say, what the
//   chapters we do not have decide). Failing it would be over-specification (docs/assumptions.md,
//   "Where the kit asks less than it could").
// Each entry names the exact place (file, line), the mutator, the code it replaces and its
// replacement; test/mutation.test.ts fails when an entry stops matching the code (the line no
// longer holds `original`), so a note cannot outlive the code it was written about. A mutant
// matching an entry is counted apart, never as killed. Survivors not listed here stay survivors.

export type EquivalentKind = 'equivalent' | 'conforming';

export interface Equivalent {
  kind: EquivalentKind;
  /** impl-reference/... */
  file: string;
  /** 1-based line the mutant starts on. */
  line: number;
  /** Stryker's mutator name, e.g. ConditionalExpression. */
  mutator: string;
  /** The code the mutant replaces, as it stands on that line (a substring of it). */
  original: string;
  /** Stryker's replacement text. */
  replacement: string;
  /** Why no run can tell the two apart, or why the chapter allows both. */
  why: string;
}

const CALLER = 'impl-reference/channel/caller.ts';
const RULES = 'impl-reference/channel/rules.ts';
const SELECT = 'impl-reference/channel/select-one.ts';
const OPERATION = 'impl-reference/kernel/operation.ts';
const OBJECT_CALLER = 'impl-reference/objects/object-caller.ts';
const ROUTING = 'impl-reference/objects/routing-rules.ts';

/** select-one's order among candidates: every such mutant still picks an eligible server (3.1). */
const WHICH_CANDIDATE =
  'Which eligible server select-one picks is left to Interaction Model §3 (spec 3.1: "The detailed selection ... defined by Interaction Model §3"): the mutant still picks only among the candidates it is given (Ready, weight > 0, not yet tried), so every rule of the chapter holds.';

/** An attempt's reason and connection ID are diagnostics the chapter never reads. */
const ATTEMPT_NOTE =
  "An attempt's `reason` (and its connectionId) is the runtime's own note in the Outcome, free text in the Driver schema (Attempt.reason); the chapter has no rule on it, and the kit does not take a runtime's account of itself as evidence.";

const MOVED_ON =
  "'moved-on' is returned only by the kit mutants' own senders (busy-server-retried, reply-timeout-moves-on, impl-reference/mutants/channel.ts); the reference's rule sendTo (rules.ts) returns the send's own end, never 'moved-on', so the test is false either way.";

const ENDED_ACCEPTANCE =
  "The operation has already ended (cancelled or shut down) and finish() copied its attempts into the Outcome then; what the mutant does next only touches this attempt object and returns through race(), which answers 'ended' at once for an ended operation: no write, no second Outcome.";

const NOT_READY_MID_ROUND =
  "send() answers not-ready only for a server that stopped being Ready between the start of the round (candidates are Ready when chosen) and its turn. The chapter allows re-selection after a refusal for capacity (3.1: \"isn't accepted due to insufficient capacity\"); ending the request Unavailable at once on a target that is no longer Ready is what node direct does, and no rule asks a channel request to go on.";

const LOST_LATE =
  "finishWith sees a lost completion only from a late promise, after the operation timed out: send() turns a lost completion that comes in time into the end 'lost' (caller.ts:165, through the calling rule acceptedThenLost, `() => 'lost'` in the reference). The ended Operation drops whatever finish() is then called with (R-GEN-3).";

const MESSAGE_GENERATION =
  "The generation a regular message names travels in its work, but the host reads it only under the kit mutant message-requires-generation (its refusesMessage, host-rules.ts): a message goes to the current Ready object whatever generation it names (V07). Sending it always, never, or empty changes nothing.";

// ---- the connection area -----------------------------------------------------------------------
const PEER_LINK = 'impl-reference/connection/peer-link.ts';
const MESH_NODE = 'impl-reference/node/mesh-node.ts';
const MEMBERSHIP = 'impl-reference/node/membership.ts';
const SERVING_SIDE = 'impl-reference/connection/serving-side.ts';
const DISPATCH = 'impl-reference/node/dispatch.ts';
const MEMORY = 'impl-reference/transport/memory.ts';
const DESCRIPTORS = 'impl-reference/location/descriptors.ts';
const INBOUND_QUEUE = 'impl-reference/connection/inbound-queue.ts';

const CONNECT_GUARD =
  "connect() is called by ensureLink on a link it has just made (not stopped, not handshaking, not ready: the test is false already) and by the reconnect timer. scheduleReconnect arms that timer only where the link is neither ready nor handshaking (each of its callers has cleared both or never set them), never once the link is stopped (line 113; stop() clears an armed one), and never twice; until it fires nothing else dials: dial() runs from connect() (line 73) and otherwise only from a link rule handed the link's actions, and the reference's lostWithoutNotReady (link-rules.ts: `() => false`) dials nothing (only the kit mutant transport-error-keeps-ready's redials). So when connect() runs, the guard is false in every run.";

const SCHEDULE_GUARD =
  "A second reconnect timer could be armed only while one is armed or after stop(). While one is armed no connection is being set up, so no failure path calls scheduleReconnect; after stop() only a dial still awaiting transport.connect can (a failed connect), and the timer it arms fires connect(), which returns at once on `stopped` (line 72).";

const FIRST_ADDRESS =
  "firstAddress is read only as the `first` argument of the link rule dialAddress (line 83), and the reference's dialAddress (link-rules.ts: `(current) => current`) dials the current descriptor's address and ignores it (only the kit mutant reconnect-stale-address reads it): what firstAddress holds changes nothing.";

const RID_IN_PROOF =
  "Under the reference's link rule provenRid (link-rules.ts: `(peer) => peer`) `claimed` is this.peer whatever RID the welcome names, and the proof is then checked for this.peer and this connection's ID: a welcome that passes it was made with the mesh credential for this peer's RID. Only a party holding the credential that proves the peer's RID while claiming another RID in the same frame would pass the mutant alone, and no party of any run does (a node welcomes as itself; the kit's impostor `as` proves its own RID, harness/node-cluster.ts impostor()).";

const RECONNECTING =
  "`reconnecting` is read only as the argument of the link rule acceptsUnproven (line 132), and the reference's acceptsUnproven (link-rules.ts: `() => false`) ignores it (only the kit mutant reconnect-skips-verification reads it): an unproven welcome is refused whatever `reconnecting` is, and computing it has no effect of its own.";

const VERIFIED_RID =
  "becomeReady is reached from here only when `verified` holds (the reference's acceptsUnproven, link-rules.ts, is `() => false`: an unproven welcome is refused at lines 132-133), and `verified` needs f.rid === claimed, where claimed is this.peer under the reference's provenRid (`(peer) => peer`): f.rid is then the string this.peer, so every branch of the mutant records the same RID.";

const HANDSHAKE_FLAG =
  "becomeReady is called with handshake false only from dial() (line 99), when the link rule handshakes answers false, and the reference's handshakes (link-rules.ts: `() => true`) never does (only the kit mutant reconnect-resumes-without-handshake's does); onWelcome passes true. `handshake` is true in every run.";

const FAR_END_MODE =
  "How a connection is closed is heard only by its other end. A PeerLink's connections end at another node's inbound side, whose close handler ignores the mode (serving-side.ts accept: it only forgets the connection), or at the kit's impostor, which has no close handler; and close('') is not 'abandon', so it still closes.";

const END_CONNECTION =
  "endConnection() is called by lose() (line 212) after its guard (line 207) found this.conn set and before line 213 clears it, and otherwise only by a link rule handed the link's actions: the reference's lostWithoutNotReady (link-rules.ts: `() => false`) calls nothing (only the kit mutant transport-error-keeps-ready's does). this.conn is never undefined here.";

const WELCOME_OR_REFUSE =
  "The listening side answers a hello with a welcome or a refuse and nothing else (serving-side.ts onHello; the impostor only welcomes). A refuse taken for a welcome has no rid and no proof: it fails verification and is refused(), as the next line would.";

const OPID_LOOKUP = "The inflight map is keyed by string operation IDs: a lookup by a key that is not a string finds nothing, as the `undefined` it replaces.";

const READY_WITH_CONN =
  "`ready` and `conn` are set together (becomeReady) and cleared together (lose, stop): lose() always goes on to clear both, as the reference's link rule lostWithoutNotReady (link-rules.ts: `() => false`) never keeps the link ready (only the kit mutant transport-error-keeps-ready's does). lose() is called only by onClose for the current connection and by tick() past its own guard (the reference's mesh rule peerFailed, mesh-rules.ts, is `() => {}` and loses no other link), so `!ready`, `!conn` and either of them are the same test.";

const LOST_KEY = "A lost completion is recognised by its key, `'lost' in` (caller.ts:165, 200), never by its value: { lost: false } is read the same.";

const LIVENESS_BOUNDARY =
  "The check runs one heartbeat interval ahead of the deadline (line 248): with `>` instead of `>=` a silent peer is found at most one interval later, which is still within the liveness deadline the runtime reports (R-CONN-2: \"within the liveness deadline\"), only at its very end when the silence began exactly on a tick.";

const SENT_FOR_REPLAY =
  "What was written (`sent`) is read only as the argument of the link rule unknownWhenLost (line 227), and the reference's unknownWhenLost (link-rules.ts: `() => {}`) writes nothing again (only the kit mutant reconnect-replays-unacked-submits replays it, replayWhenReady in mutants/connection.ts); nothing else reads it.";

const DEADLINE_ALWAYS =
  "Under the reference rules every submit carries its deadline as a number: PeerLink.submit is called only by caller.ts:128 (the reference's unknownWhenLost writes nothing again), which passes op.deadlineAt whenever op.deadlineApplies, and deadlineApplies is set only from the calling rule deadlineBoundsSelection (caller.ts:75), `() => true` in the reference (channel/rules.ts; only the kit mutant reselect-past-deadline answers false). The test is true already (and an absent one would be `undefined`, which JSON drops and `undefined <= now` leaves false).";

const LATE_SUBMIT =
  "The mutant lets a target accept a submit whose deadline passed on the way (the frame no longer says it, or the target no longer checks it). The chapter sets no rule for that: the caller chose the target within the deadline (R-GEN-1), its operation has already ended with timeout and drops the late answer (R-GEN-3), and a timeout never said the handler did not run (section 8: \"whether the remote handler ran may be unknown\").";

const STORE_READABLE =
  "storeReadable (and wasDown, made of it) is read only where a mesh rule is asked, and none of the reference's turns on it (mesh-rules.ts): heartbeat.ts:45 skips the liveness check only when checksLivenessInGrace() is false, and the reference's is `() => true`; membership.ts:69 calls storeBack, `() => {}`; membership.ts:72 asks dropsRemoved(wasDown), `() => true` whatever it is given. (The kit mutants grace-pauses-liveness, recovery-reconnects-everything and recovery-keeps-removed-links are other implementations of these three.) Under the reference rules nothing turns on it.";

const FRESH =
  "DescriptorList.fresh is read only where a link rule is asked, and neither of the reference's turns on it (link-rules.ts): peer-link.ts:79 holds a dial back only when dialsInGrace() is false, and the reference's is `() => true`; peer-link.ts:248 passes it to judgesSilence, `() => true` whatever it is given (only the kit mutants grace-blocks-reconnect and grace-keeps-silent-peer-ready read it). What it holds changes nothing.";

const FAILED_READ =
  "The catch block sets storeReadable and discovery.fresh (which no rule of the reference turns on: see their notes) and asks the mesh rule storeUnreadable, `() => {}` in the reference (mesh-rules.ts; the kit mutants grace-forgets-descriptors and grace-stops-descriptor-refresh are other implementations of it). Emptied, a failed read still leaves the last fully-read list in force (DescriptorList.refresh replaces it only after a successful read) and the refresh timer reads it again: the same as the reference.";

const BROADCAST_NOT_READY =
  "A location update sent to a peer whose link is not ready ends at once without writing anything (caller.ts send: no submission, an attempt 'not-ready' on an internal operation nobody reads), and sendWork's answer is not read here.";

const SEVERED =
  "What a crashed node does after the crash reaches nobody: in process its handle severs it at once (harness/in-process-node.ts died(): its events are dropped, its evidence takes no more lines, its Store calls never return, \"as the death of a process does\"); as a process it has SIGKILLed itself (main.ts). end() has already stopped its links and queue and abandoned its connections, so a node that took itself for alive afterwards (`alive` true) changes nothing anyone can see.";

const REFRESH_SOONER =
  "The list is read every descriptorRefreshMs anyway; reading it at once after a failed connect only finds a moved peer sooner. The chapter sets no time for a reconnect (3.2: the same logical peer through the current descriptor, R-CONN-3), and the peer is still found through the descriptor the next read gives.";

const PEER_FAILED_RULE =
  "peerFailedLiveness only asks the mesh rule peerFailed, and the reference's (mesh-rules.ts: `() => {}`) does nothing: one peer failing its liveness check touches no other link, the host or the queue (V04; the kit mutants peer-failure-marks-host-error, peer-failure-stops-queue and peer-failure-spreads are other implementations of it). Emptied, it does the same nothing.";

const ANY_FRAME_IS_LIFE = "Any frame on the connection counts as life for the calling side (peer-link.ts:169 sets lastHeard before the frame is read); it looks at `t` only for accepted, rejected and result. A pong that is {} or has an empty `t` keeps the peer alive the same.";

const PING_OR_SUBMIT = "After the handshake a calling PeerLink writes only ping and submit frames (a second hello is taken by the line above it): whatever is not a ping is a submit.";

const WELL_FORMED =
  "Submit frames come only from PeerLink.submit, which always writes a string opId and a Work with a string `type`; the check guards against a foreign or corrupt frame, which no party of any run writes (the kit's impostor only answers, it never submits).";

const QUEUED_DEADLINE =
  "The deadline given to the queue (QueuedWork.deadlineAt) is read only by the queue, which hands it to the mesh rule workerStarted (inbound-queue.ts:52), and the reference's workerStarted (mesh-rules.ts: `() => {}`) ignores it (only the kit mutant overdue-work-redelivered reads it). The target's own deadline check (serving-side.ts:92) reads the frame, not this value.";

const REJECT_REASON = "The calling side reads no reason from a rejected frame (peer-link.ts: 'rejected' settles acceptance 'no' whatever it says).";

const NO_WORK_WHEN_DEAD =
  "runWork is called only by work a queue has started (onSubmit, submitLocal). end() stops the queue (what waits is dropped, nothing more is pumped) and a dead node takes no frames and no submits (live() is false), so runWork never starts on a dead node.";

const MUTANT_WORK =
  "Under the reference rules no node sends these kinds of work. session-frame is sent only through the `forward` a node hands its Session list (runtime.ts:84), which only PersistedSessions calls, the list the kit's Session mutants build; the reference's session rule sessionList (session-rules.ts) is `() => OWN_PROCESS`, which forwards nothing. relay is written only by the kit mutant direct-relays-via-peer's calling rule direct (mutants/channel.ts); the reference's direct (channel/rules.ts) sends the work itself to the named node. No node receives one.";

const BUILT_BY_RUNTIME = "Every node is built by NodeRuntime, whose constructor sets node.sessions and node.onLocationUpdate before the node starts: neither is ever undefined here.";

const CRASH_CLOSES =
  "A crashed node's connections closed rather than left silent: its peers notice the crash by a closed connection (transport-error) instead of by the liveness check, and its Session clients see their connections end. The kit allows both (docs/assumptions.md, \"How a crash is noticed\": the kernel of a killed process closes its TCP sockets); the peers are still not-ready within the liveness deadline (R-CONN-2), and nothing is restored or taken over.";

const LIFE_LABEL = "`life` is compared only with 'running' (live) and 'dead' (alive): any other value reads as hung, as 'hung' does.";

const VANISH_MODE =
  "A vanished node's connections close with '' instead of 'error': its peers map every mode but 'orderly' to transport-error (peer-link.ts:97), so they mark it not-ready at once for the same reason; its Session clients see their connections end (end() rather than destroy()), which the chapter does not tell apart.";

const MOVE_CLOSE =
  "A node that moves closes its old connections; the Driver's move fault says only that they close, not how. Closed with '' its peers hear a transport error instead of an orderly close: either is reflected at once (R-CONN-1), and the peer is found again through its new descriptor the same (R-CONN-3).";

const SEND_WORK_DEAD =
  "`this.caller` is attached by NodeRuntime's constructor on every node. On a dead node the send ends at once: its links are stopped (not ready) and its own target is refused (caller.ts submitTo checks live()), so sendWork answers undefined either way; and what a dead node does reaches nobody (see the crash notes above).";

const INTERNAL_END = "Every end but 'result' has no `completion`: the mutant returns its `undefined`, as the reference does.";

const UNDEFINED_KEY = "It sets the key to undefined where the link has none: a key holding undefined is no key once the view crosses JSON (the harness copies every result as JSON would), and reads as absent in-process.";

const NOTIFIED_ONCE =
  "Each end hears of a close once: notifyClose returns for an end already notified, and the closing end needs no news of its own close. Where the mutant lets a second close or notice through, it reaches an end whose owner has already let go of the connection: a PeerLink returns (the connection is neither its handshake nor its current one), a node's inbound side forgets a connection it already forgot.";

const FAIL_MODE = "Link.fail notifies both ends; a PeerLink maps every mode but 'orderly' to transport-error (peer-link.ts:97) and a node's inbound side ignores the mode: '' reads as 'error'.";

const ABANDONED =
  "An abandoned end belongs to a dead process: abandon() replaces its frame and close handlers with no-ops, and nothing of a dead node writes any more (its timers are cleared, replies check live()). Frames or notices that still reach it, or a send it does not make, change nothing.";

const UNIQUE_ADDRESSES =
  "The counter only makes addresses unique (counting down does too), and every address is listened at once: newAddress gives a fresh one to each listen, and the impostor listens at a node's address only after that node's listener has closed. No listen finds its address in use, and no listener closes one another now holds, but for the harness's own teardown.";

const REFUSED = "dial() catches whatever connect() throws and treats it alike (requestRefresh, then a reconnect later): a TypeError from calling a missing listener, or an Error with an empty message, is the same refusal.";

const LOOKUP_COPY =
  "For a RID the list has, the mutant returns the list's own descriptor instead of a copy; no caller changes it (caller.ts reads .mesh, PeerLink reads .address). For one it has not, `{}` instead of undefined: node direct finds no mesh in it and ends NotFound the same (caller.ts:115), and the serving side, which asks only whether a caller is in the list, skips the mesh rule unknownCallerVerified, which does nothing in the reference (serving-side.ts:111, mesh-rules.ts). A PeerLink looks up only its own RID, which the list loses in the same refresh that drops the link (a microtask later); a dial in that gap gets no address, its connect is refused and the link, stopped by then, does not retry, as with no descriptor (peer-link.ts:81), but for one more read of the list, which no rule counts.";

const ADDED_UNUSED = "The `added` part of a list change is read by nobody: the node connects to every RID of the list in its mesh (ensureLink is idempotent) and drops only the removed ones (membership.ts refresh).";

const QUEUE_STOP =
  "stop() runs when the process ends. A queue that went on would hand what waits to runWork, which returns at once on a dead node, before any handler (dispatch.ts runUnguarded); and nothing new reaches it (a dead node takes no frames, and caller.ts submitTo refuses its own queue once it is not live).";

// ---- issue 25, connection triage after the split by role -----------------------------------------
const LINK_RULES = 'impl-reference/connection/link-rules.ts';
const MESH_RULES = 'impl-reference/connection/mesh-rules.ts';
const HEARTBEAT = 'impl-reference/node/heartbeat.ts';
const RUNTIME = 'impl-reference/node/runtime.ts';

const RULES_GIVEN =
  "A MeshNode is built by NodeRuntime (runtime.ts:53; only a unit test of the kit builds one otherwise), which always passes `rules` with terminal, relay, mesh, authority and host taken from the Rules table it was started with (the harness and the node entries give rulesOf(...), REFERENCE_RULES in a reference run, node/rules.ts). So cfg.rules is never undefined (no `?.` is needed) and each field is the very REFERENCE_* object that `&&` and the `??` fallbacks give; an empty `rules` makes each `??` fall back to the same objects, and ObjectHost takes REFERENCE_HOST for an undefined hostRules (object-host.ts:34).";

const FALSE_AS_UNDEFINED =
  "`() => undefined` in place of `() => false`: every call site reads the answer only as a condition (peer-link.ts:132 `!verified && !acceptsUnproven(...)`, :209 `if (lostWithoutNotReady(...)) return`, :221 `if (keepsOperationsOfLostConnection()) return`, inbound-queue.ts:34 `refused && !keepsRefusedWork()`), where undefined and false are the same.";

const HANDSHAKE_ALWAYS =
  "The reference's link rule handshakes (link-rules.ts: `() => true`) ignores its argument (whether this link shook hands before, read only by the kit mutant that skips the handshake on a reconnect) and always asks for the handshake: `!handshakes(...)` is false in every run, so neither the test nor what it is given (`some` or `every`, over whichever event) changes anything. HANDSHAKE_FLAG is the other side of the same rule.";

const CONNECTION_ID_INPUTS =
  "The reference's link rule connectionId (link-rules.ts: `(c) => c.fresh()`) reads only `fresh`, a new UUID for every connection (V05); the previous connection ID and the dial count are there for the kit mutants that name a connection after them, and no other code reads `dials` (line 55).";

const DIALS_IN_GRACE =
  "The reference's link rule dialsInGrace is `() => true` (R-STO-2: the last fully-read list's connection intents stay while the Store is unreachable): `!fresh && !dialsInGrace()` is false in every run, and so is `fresh && false`.";

const LINK_RULE_TEST_FIXED =
  "The reference's link rules noticesClose (`() => true`), lostWithoutNotReady and keepsOperationsOfLostConnection (`() => false`, link-rules.ts) make each of these returns one that is never taken: `false` is the test as it stands in every run (the kit mutants that miss a close, keep a lost connection ready or keep its operations are other implementations of these rules).";

const OUTAGE_RULES_DO_NOTHING =
  "The ListKeeper is handed only to the mesh rules storeBack and storeUnreadable, and the reference's are both `() => {}` (mesh-rules.ts: the last fully-read list and its connections stay through an outage and connections follow only the list's changes after it, R-STO-2, R-STO-4; the kit mutants that drop links or forget the list are other implementations). Building the keeper has no effect of its own; whether storeBack is called, and with what, changes nothing.";

const LIVENESS_IN_GRACE =
  "The reference's mesh rule checksLivenessInGrace is `() => true` (R-STO-2: liveness checks go on while the Store is unreachable), so heartbeat.ts:45 never returns, whatever storeAnswers says; storeAnswers is read nowhere else.";

const UNKNOWN_CALLER_RULE =
  "The reference's mesh rule unknownCallerVerified is `() => {}` (mesh-rules.ts; R-STO-2: a verified caller outside the last fully-read list is served, not connected to, so the reference learns nothing and dials nothing; the kit mutant that connects back is another implementation). lookup only copies a descriptor (descriptors.ts:28), so whether the rule is called, and with what, changes nothing.";

const WORKER_STARTED_RULE =
  "The object is handed only to the mesh rule workerStarted, and the reference's is `() => {}` (mesh-rules.ts; R-GEN-4: accepted work runs once however long it takes; the kit mutant that requeues a slow worker is another implementation): what it holds is read by nobody.";

const RELAY_RULE_UNCALLED =
  "relayRules.relayed is called only for work of kind 'relay' (dispatch.ts:88), which no node sends under the reference rules (MUTANT_WORK: only the kit mutant direct-relays-via-peer's calling rule writes it). The reference's relay rule is never called, so its body and the object holding it change nothing.";

const NOTHING_TO_RESUME =
  "The reference's relocation rule afterRestart is `async () => {}` (relocation-rules.ts; R-REL-6, V14: nothing of an interrupted relocation is resumed after a restart; the kit mutants that resume are other implementations): calling it or not, on a restart or a first start, does nothing but await a promise that has resolved, before the ready event.";

const SESSION_LIST_CONTEXT =
  "The reference's session rule sessionList is `() => OWN_PROCESS` (session-rules.ts: a Session lives in its own process, and no list of it is told), which ignores the context it is given; only the kit's Session mutants build a list from it (PersistedSessions, session-list.ts). What the context holds changes nothing.";

const DROPS_REMOVED =
  "The reference's mesh rule dropsRemoved is `() => true` (mesh-rules.ts; R-STO-4: a node the list no longer has is dropped, after an outage as at any other time; the kit mutant that keeps them after an outage is another implementation): `true` is the test as it stands in every run.";

const CONFIGURE_BOTH =
  "configure comes only from the kit's configureNode, through the harness (node-cluster.ts) or a node program (program-node.ts), and every call the kit makes names both fields (topology.steps.ts: workers 1, queueCapacity 1; the nemesis's small nodes, swarm.ts: both drawn): the test is true in every run.";

const STORE_REACH_HEALS =
  "storeReach is sent only when the kit heals a node's Store (node-cluster.ts fault store-up, program-node.ts fault store-up), always with reachable: true; nothing sends false (a Store failpoint cuts the node off inside the runtime, through reach.arm). The test is true in every run.";

const ACK_LOST_HAS_PEER =
  "The kit arms transport.ack-lost-after-write only with a peer (failpoints.steps.ts, nemesis.ts ack-lost), and the harness refuses it without one before it reaches the node (node-cluster.ts: 'needs a peer'): `!peer` is false in every run.";

const FAILPOINT_NAMES_CHECKED =
  "A failpoint reaches the runtime only after the kit's side checked its name: the harness against FAILPOINT_NAMES (node-cluster.ts), a node program against its FAILPOINTS, a subset of them (program-node.ts). FAILPOINT_NAMES (src/driver/failpoints.ts) are the four transport and Store names handled on the lines above and names starting activation. or relocation.: every name that gets here passes the test, and so it does under each mutant (true, `||`, startsWith('')). The throw is for a caller other than the kit, which no run has.";

// ---- the objects area --------------------------------------------------------------------------
const OBJECT_HOST = 'impl-reference/objects/object-host.ts';
const ACTIVATION = 'impl-reference/objects/activation.ts';
const CREATION = 'impl-reference/objects/creation.ts';
const CLOSING = 'impl-reference/objects/closing.ts';
const LEASE = 'impl-reference/location/lease.ts';
const AUTHORITY = 'impl-reference/location/authority.ts';

const NO_CACHE =
  "The mutant never trusts the owner cache (or its entry is already stale): every message re-reads the authority record before it is sent. The chapter asks that the next new operation re-read the owner once the cache expired or the owner lease turned invalid (4.2, R-OBJ-2); it never asks that a cache be used, and a re-read reaches the same Ready owner or the same Unavailable.";

const CACHE_DROPPED_MORE =
  "The mutant drops the owner cache entry after more sends than the reference does (after a success, a deadline or an ended operation too), or keeps it only after the owner itself answered with a failure: the next message then re-reads the record, or goes to the owner that just answered. Either is allowed (4.2: the cache must not outlive its expiry or the owner lease; nothing asks it to live long), and the failed operation itself is never resubmitted (the reference's routing rule ownerSendEnded, routing-rules.ts:107, only drops the cache entry and ends the operation; only the kit mutant failed-op-follows-new-owner's routes it again).";

const WRITE_ID = "The writeId written here is replaced before the record is written: every change goes through change()/changeRecord with `{ ...next, writeId: newWriteId(...) }`.";

const UNDEFINED_FIELD = "It sets `generation: undefined` where the spec names none: the receiving host reads work.generation as undefined either way, and JSON drops the key on the wire.";

const HOSTED_RECORD = "The record given to host() on a relocation target is never written: host() reads its objectId, kind, generation and creation input only, not its writeId.";

const RUN_WORK_CATCHES =
  "What handle() throws is caught by runWork (dispatch.ts), which answers fail('Unavailable') while the process lives and nothing once it is dead; handle() answers fail('Unavailable') for a Store error itself, and runWorkUnguarded returns nothing for a dead process either way. Whether this catch takes every error, or none, the answer is the same.";

const DEAD_AFTER_FACTORY =
  "A node that died while its factory ran is severed by what runs it (in process: harness/in-process-node.ts died(), its Store calls never return and its evidence takes no more lines; as a process it has SIGKILLed itself): going on past this check writes nothing and answers nobody.";

const CREATION_STORED = "Every record that reaches here was written Creating with `creation` (create() and activateHere() always set it; a recovery continues such a record with `{ ...rec }`): `creation` is never undefined.";

const EARLY_BUILD = "`early` is what the rules build before the Creating record is secured: undefined under the reference's rules (host-rules.ts buildBeforeCreatingRecord), which build nothing before it; only the kit mutant activation-factory-before-creating-record gives a promise.";

const RESTORED_COPY =
  "This local copy's firstMessageRestored is read by nothing before the next write, which sets it true (line 150) from the same copy: the copy is handed to the host rule activationReady (line 142), which is `() => undefined` in the reference (host-rules.ts), and firstMessageReplayed is given only its replay cursor. The Store got `firstMessageRestored: false` from the change on line 137 either way.";

const FIRST_RENEWAL = "The first renewal happens in start(), before the node hosts anything: a `failing` left true makes it call reconfirmOwners(), which finds no instance to re-confirm.";

const RENEW_MORE_OFTEN = "Renewing the owner lease more often (every millisecond instead of a quarter TTL) keeps the same lease: eligibility still runs from a renewal the Store confirmed (R-STO-3), and no rule counts renewals.";

const WAIT_NEXT_RENEWAL =
  "Each message then waits for the next confirmed renewal (at most a quarter of the lease TTL) before it runs, even while the lease is valid: processing is delayed, never done without a lease (R-STO-3). The chapter sets no time for handling a message within its deadline.";


const POINTER_NODE_GONE =
  "With the node the recovery pointer names gone, the mutant still sends the message there (not ready: Unavailable) and leaves the record as it is, where the reference cancels exactly that record. Both keep generation 1 on that node or cancel it and pick no other node (V11); the kit accepts either (instance-spots.feature:138, \"kept on B or cancelled, never carried on elsewhere\"), as the chapter lets creation recovery \"continue or cancel\" (4.4).";

const MISSING_HAS_NO_OWNER =
  "With no kit mutant in place a Missing record is written only by markMissing (object-caller.ts) and by the authority release of a Close (closing.ts), both without an owner: `!rec.owner`, tested next, holds for every Missing record, and an absent record is caught by `!rec` first. Without the Missing test the result is NotFound all the same.";

const REPLY_CONTENT =
  "What the reply of a create, a Close or a membership change carries (the object ID, generation, owner, members) is the Framework API's, which the kit does not have; the chapter's rules about these operations are about the authority record, and the kit reads that from the Store (\"Location Store record lookup\", section 10), not from the reply. An empty reply is still the one terminal result.";

const RECONFIRM_EVERY_RENEWAL =
  "The node then re-confirms the objects it owns after every renewal, not only after a failed one: it reads their records more often, and drops only an instance whose record no longer names it (which a correct record never does while the lease holds). R-STO-4 asks for the re-confirmation once the Store recovers; it does not forbid doing it more often.";

const ONLY_APPLIED_READ = "Every caller of changeRecord reads only `applied` (and `version` when applied); none reads `current` (object-caller.ts, object-host.ts, relocation.ts): an empty object reads as not applied, the same.";

const RETRY_THAT_CANNOT_APPLY =
  "When the record moved to a version that is not ours, the mutant tries the same change once more with the StoreVersion first used; it cannot apply (the version no longer matches) and returns the Store's `applied: false` with the current record, as the reference returns at once. The first call after the unclear change is still the re-read (R-STO-1), and never two owners: the Store log only holds one more refused change.";

const HOST_RULES = 'impl-reference/objects/host-rules.ts';
const AUTHORITY_RULES = 'impl-reference/location/authority-rules.ts';

const RULE_DOES_NOTHING = (rule: string, body: string) =>
  `The reference's routing rule ${rule} is \`${body}\` (routing-rules.ts): whether it is called, for which ends, and with what, nothing changes but one more awaited microtask of a promise that resolves at once, which no timer, signal or message of another operation can come between.`;

const JOIN_NOT_ANSWERED =
  "The reference's routing rule joinAnsweredByCaller is `async () => false` (routing-rules.ts): awaited for a Close as well, or not at all, it never answers the operation, and the Close or membership change goes on to the owner as in the reference.";

const READS_RECORD_ALWAYS =
  "The reference's routing rule readsRecordOnCacheMiss is `() => true` (routing-rules.ts): the test is false whatever the cache holds and whatever argument the rule is given, so a message never cold-activates without reading the record.";

const SIDE_FOR_KIT_MUTANTS =
  "The HostSide is handed only to host rules, and the reference's rules that take it (creationFoundUnderWay `() => {}`, buildBeforeCreatingRecord and activationReady and intentToHosted `() => undefined`, notHostedHere `() => fail('Unavailable')`, host-rules.ts) never read it; only the kit's HOST_MUTANTS (mutants/object-host.ts) do.";

const HOST_RULES_GIVEN =
  "A node's host rules always come from the Rules table its runtime was started with (node/runtime.ts passes `rules.host`; the harness gives REFERENCE_RULES through rulesOf, mutants/seams.ts): ctx.hostRules is never undefined, and in a reference run it is REFERENCE_HOST, which `&&` gives as well.";

const CURSOR_ZERO_WHILE_UNFINISHED =
  "A record's replay cursor becomes 1 in the same write that sets firstMessageRestored (activation.ts:150), and a record is resumed only while unfinished (Creating, or Ready with firstMessageRestored false: resumeIfUnfinished, routing-rules unfinishedActivation), so the cursor the rule is given is always 0 (for a first run `rec` is the Creating record just written with cursor 0): `replayed` is false in the reference and in the mutant. The stored first message is always there (activationCreation stores it; activateHere passes it), so `!first` is false too.";

const LIFECYCLE_IS_ITS_NODE =
  "A lifecycle is a fresh UUID drawn when a MeshNode is made (mesh-node.ts `this.lifecycle = cfg.ids.uuid()`: crypto's randomUUID, or one seeded stream per simulated world), so a pointer naming this process's lifecycle was written by this process, on this node: the node test adds nothing to the lifecycle test.";

const RECOVERY_GENERATION_DEFAULT =
  "finishCreation's factoryGeneration parameter defaults to the record's generation (creation.ts:41, `factoryGeneration = rec.generation`): a rule that gives undefined gets the continued record's generation, which is what the reference's rule gives.";

const FAILED_RENEWAL_ENDS_AT_ONCE =
  "After a failed renewal the mutant's node stops being owner-eligible at once (eligibleUntil undefined: `now < NaN` is false) instead of when its last confirmed renewal runs out, until a renewal succeeds again: messages wait and timers do not fire sooner than in the reference, nothing runs without a lease. R-STO-3 asks that processing stop once eligibility ends and that grace never extend it (7: \"Grace doesn't extend the owner lease\"); it does not ask a node to keep processing up to the last moment while it cannot reach the Store.";

const POINTER_AFTER_RESTORE =
  "This write marks the first message restored; from it on the record is no longer an unfinished activation and its recovery pointer is read by nothing (resumeIfUnfinished and the routing rule unfinishedActivation read it only while unfinished). The chapter lets a Ready authority keep a pointer (10: \"Even if a Ready authority still has an activation recovery pointer ... it is used only to resume the incomplete first cold-activation operation\") and leaves its content to Location Runtime, which the kit does not have: an empty pointer after the restore is allowed.";

const CLOSE_RACED_RELEASE =
  "A Close or membership change reaches the owner only from ObjectCaller.close (object-caller.ts:166-170), after the caller read the record present, not Missing and with an owner; the Store has no delete (records.ts: a record is never deleted), so the owner never reads it absent. It reads it Missing only when another Close released it between the two reads: the mutant then goes on to the generation test (a released record keeps its generation) and to `rec.state !== 'Ready'`, and ends GenerationMismatch or Unavailable where the reference ends NotFound, writing nothing either way. Which ErrorKind ends an operation on an object released meanwhile the chapter does not name (docs/assumptions.md, \"ErrorKinds the chapter does not name\"): one failure, nothing changed.";

const RULE_ALWAYS_RELEASES =
  "The reference's host rule closeReleasesAuthority is `() => true` (host-rules.ts): the test is false in every run, as the mutant makes it.";

const NOTHING_REFUSES =
  "The reference's host rule refusesMessage is `() => undefined` (host-rules.ts): `refused` is always undefined and the test false, as the mutant makes it (V07: nothing refuses a message for its generation).";

const NOTHING_ACTIVATES_AGAIN =
  "The reference's host rule intentToHosted is `() => undefined` (host-rules.ts): `activating` is always undefined and the test false, as the mutant makes it.";

const NOTHING_REBUILT =
  "The reference's host rule activationReady is `() => undefined` (host-rules.ts): `rebuilt` is always undefined and the test false, as the mutant makes it.";

const NOT_BUILT_EARLY =
  "`built` is true only when the rules built the object before the Creating record was secured (activation.ts:107, `early !== undefined`), which the reference's buildBeforeCreatingRecord never does (`() => undefined`, host-rules.ts): `built` is false in every reference run and `!built` true, as the mutant makes it.";

const RESUME_WITHOUT_FACTORY =
  "Only a resume (resumeActivation) leaves `built` to its default. A first activation is resumed only by the process whose lifecycle its recovery pointer names (resumeIfUnfinished, pointerNamesThisProcess), that is the process that already ran the factory for this generation before it stopped; the mutant does not call the factory a second time there. The chapter lets the factory be called again with the same input (4.3: \"the factory can be called again\"), it does not ask it; the kit accepts one run or more (instance-spots.feature:86, \"B:1+\").";

const CREATING_HAS_OWNER =
  "leaseValid is asked only of the owner of a Creating record (creation.ts:25, creatorStillCreating), and every Creating record is written with an owner (creation.ts:17, activation.ts:91; recoveredRecord keeps it with `owner: here`): `node` is never undefined.";

const NEVER_GIVES_UP =
  "The mutant goes on re-reading an unclear change while the Store does not answer, past StoreFailureGrace (or a millisecond later than the reference), instead of giving up with the Store error: the change is still never guessed and never repeated over a newer version (R-STO-1), and the operation waiting on it still ends once, at its deadline if not before. The chapter asks the re-read and confirmation (7: \"re-reads the record with the same key and the StoreVersion first used, confirms whether the change applied, and only retries the same Store operation if needed\"); it sets no time after which to stop.";

// ---- the relocation area -------------------------------------------------------------------------
const RELOC_MAIN = 'impl-reference/relocation/relocation.ts';
const RELOC_RULES = 'impl-reference/relocation/relocation-rules.ts';
const RELOC_SIDE = 'impl-reference/relocation/side.ts';
const RELOC_SOURCE = 'impl-reference/relocation/source.ts';
const RELOC_TARGET = 'impl-reference/relocation/target.ts';
const RELOC_RECORD = 'impl-reference/kernel/relocation-record.ts';

const RELOCATION_KEYS =
  "Where the runtime keeps its relocation records in the Store is its own layout: every writer and reader of them goes through these functions (relocation.ts setStage, source.ts:39, target.ts:82 through relocationKey; the harness's view, harness/store-views.ts latestRelocation, lists relocationsOf(objectId), keeps the records naming that object and takes the latest started), so the mutant moves every relocation record to other keys consistently, and no key of an authority record (`obj/...`) is written by them. The chapter has no rule on the Relocation Store's layout (Complete Host Relocation Flow's, which the kit does not have). (With an empty prefix the harness's list also returns the object's authority record, which has no startedAt and sorts before every relocation.)";

const NOTHING_RESUMED =
  "resumeAfterRestart() only awaits the rule afterRestart, which in the reference is `async () => {}` (relocation-rules.ts): a restarted process resumes nothing either way (R-REL-6, V14), and the node's start (runtime.ts:97) awaits one promise less.";

const STOPPED_NODE =
  "stopAll() runs only when the MeshNode ends (mesh-node.ts end(): crash, shutdown, vanish), which sets its life to 'dead' for good (a restart builds a new MeshNode, ObjectHost and Relocations). A dead node runs no work (dispatch.ts runUnguarded returns at `!node.alive`), so nothing reads forwarding, prepared or relocating again; a fallback timer left armed fires commit(), whose doCommit returns at `!side.ctx.alive()` (target.ts:78) before it reads or writes anything; an in-process dead node is severed besides (harness/in-process-node.ts). Cleared or not, nothing changes.";

const TRIED_UNREAD =
  "`tried` (the targets already tried) is read only by the rules prepareFailed and targetLostBeforeCommit, and the reference's are `() => fail('RelocationFailed')` (relocation-rules.ts): only the kit mutant relocation-tries-another-target reads it.";

const NOT_CONFIRMED_RULE =
  "The reference's relocation rule cutoverNotConfirmed is `() => undefined` (relocation-rules.ts): it reads none of its arguments and `undone` is always undefined, so `if (undone)` is false in every run (the source then waits for the owner change, as R-REL-2 and R-REL-5 ask).";

const AFTER_LIFECYCLE_RULE =
  "The reference's relocation rule afterLifecycleFailure is `() => undefined` (relocation-rules.ts): `undone` is always undefined and `if (undone)` false in every run, as the mutant makes it (R-REL-4: no rollback, only a retry here).";

const NO_PREPARE_ACTIVATION =
  "The reference's relocation rule relayedIntoPrepared is `() => undefined` (relocation-rules.ts): `activating` is undefined (or, under `p || ...` and `true`, the Prepared or `true`, neither a thenable), so awaiting it or not is one microtask on a value already there, which no timer, message or other operation can come between; the letter is posted the same.";

const CONTINUES_ALONE =
  "The reference's relocation rule continuesAlone is `() => true` (relocation-rules.ts): `!(await ...)` is false whenever it is asked, so the commit goes on whether the test is skipped, asked on every commit, or asked for another `how` (an empty `how` is read by nothing else: doCommit reads `how` only here); asking it costs one awaited microtask on a value already there.";

const FAILURE_KIND_UNREAD =
  "This failure is the answer to the source's relocation-prepare or relocation-cutover work (or to the fallback timer, which drops it, target.ts:29): the source reads only its `ok` (rule isRelayReady `!!reply?.ok`, and `committed?.ok`, source.ts:92), never its ErrorKind; the relocation's own result is decided by the source's rules. Empty, the ErrorKind changes nothing.";

const REPLY_UNREAD =
  "The value of this ok answer is read by nothing: the source reads only `ok` of a relay-ready (rule isRelayReady) and voids the cancel's answer (source.ts:54); of a cutover it reads `ok` and committedAfterReceiptMs, which cutover() adds itself (target.ts:62) after spreading this value.";

const DEAD_NODE_COMMIT =
  "doCommit finds its process dead only when the node died meanwhile (a crash or shutdown while a fallback or cutover was under way). A dead in-process node is severed (harness/in-process-node.ts: its Store calls never return, its evidence takes no more lines), a process node has SIGKILLed itself, and runWork answers nothing for a dead node (dispatch.ts:67): going on past this check writes nothing and answers nobody.";

const RECORD_ALWAYS_THERE =
  "The object's authority record is always there when the source reads it here: it read it Ready at the start of this relocation (source.ts:34) and the Store never deletes a record (a Close writes Missing, still a record; records.ts), so `rec` is never null and the optional chaining never short-circuits.";

const RELOCATION_RECORD_THERE =
  "The relocation record is always there when the target reads it: the source writes it (stage preparing, source.ts:39) before it sends the prepare, and no record is ever deleted: `relCur.value` is never null.";

const PASSED_DEFINED =
  "The reference's rule recordRelayReady is `side.setStage(rel, 'relay-ready-accepted')` (relocation-rules.ts), which returns the new record (relocation.ts setStage: an object) or throws: `passed` is never undefined, so the test is false in every run.";

const VALUE_NEVER_NULL =
  "A cutover answered ok carries an object value in every reference run (doCommit answers `ok({ committed: true })`, and cutover() `ok({ ...r.value, committedAfterReceiptMs })`): `r.value` is never null, so the optional chaining never short-circuits.";

const DEAD_WHEN_UNDEFINED =
  "commit() resolves undefined only when doCommit found the process dead or crashed it (target.ts:78, 101-103); cutover() then throws where it returned undefined, and its caller, runWork (dispatch.ts:67), answers nothing for a dead process either way. commit() never resolves undefined for a live one.";

const COMMITTED_AT_SET =
  "When the commit answered ok, `p` is the Prepared the commit ran on (cutover() reads prepared.get(relocationId) before calling commit(), which answers fail('Unavailable') when there is none, and a relocation ID names one Prepared: it is a fresh UUID, source.ts:38) and doCommit set its committedAt (line 97) before it answered ok (line 112): `p?.committedAt !== undefined` is true whenever `r?.ok` is.";

const NO_PREPARED_NO_FALLBACK =
  "commit() finds no Prepared only for a cutover that comes after its Prepared was deleted (done, discarded or cancelled); the fallback timer never calls it then, as every deletion clears it first (cancel, stopAll, and commit itself before doCommit, which is where discard runs). For that cutover, the TypeError the mutant throws (`p.fallback`) is caught by runWork (dispatch.ts:67), which answers fail('Unavailable') while the process lives: the same answer, whose ok alone the source reads.";

const FALLBACK_ALWAYS =
  "The reference's rule fallbackAfterMs is `(timings) => timings.cutoverFallbackMs` (relocation-rules.ts), a number in every node's timings (node/config.ts): `fallbackMs !== undefined` is true in every run; only the kit mutant no-cutover-fallback gives undefined.";

const RELAY_WITHOUT_GUARD =
  "A relay that finds neither a Prepared nor a hosted instance goes on to `side.ctx.post`, which answers fail('Unavailable') when the object is not hosted (object-host.ts: `?? Promise.resolve(fail('Unavailable'))`), the same answer the guard gives; `p && ...` skips the rule for an absent Prepared, and a hosted object is posted to either way.";

const LET_GO_ALWAYS =
  "Every forwarding entry the reference makes carries letGo (source.ts:72 sets it from holdDispatch; only the kit's relocation mutants make entries without one): `f.letGo` is never undefined.";

const HELD_INSTANCE_IDLE =
  "The instance that moved away stays hosted on the source, but does nothing and is reached by nothing: its mailbox is held (holdDispatch) and its timer cleared (the host rule heldInstanceStopsTimer is `() => true`); a message or Session relay for it is taken by the forwarding entry first (object-host.ts message() and relay() call follow() before the instance), which stays until the object is relocated back here, and then the prepare replaces the instance (host() disposes the one it replaces, object-host.ts); a relocation from here is refused on the forwarding entry (source.ts:22); a Close or membership change is refused (the record names the new owner, closing.ts); after a Store outage it is disposed (reconfirmOwners, the record no longer names this node). No run sees it.";

const FOLLOW_BOUNDARY =
  "At `now === until` the mutant follows one more millisecond. `until` is counted from an instant no later than the owner change (follow.ts committedAt: `changedNoLaterThan`, a lower bound of the change), so `now <= until` still never follows later than MessageFollowDuration after the change: R-OBJ-3's duration holds either way, and whether its last instant is in or out the chapter does not say.";

const CANCEL_ON_FALLBACK =
  "A cancel finds something prepared only when the target prepared and the source did not get its relay-ready answer (lost, or after the prepare's deadline): in the reference an explicit prepare failure prepares nothing (target.ts:18 answers before prepareInstance). The source has written stage cancelled before it sends the cancel (source.ts:53-54), so a Prepared the cancel leaves behind is discarded by its own fallback at the latest, 1,000 ms after the prepare: doCommit reads the relocation record, finds it not relay-ready-accepted and discards the instance and its temporary queue (target.ts:84, discard), and a message taken meanwhile into that queue gets no result from it (the discard closes the mailbox) and runs nowhere. R-REL-1 asks that they be discarded and the source kept, which holds; the chapter names no time for the discard, and the source's answer does not wait for it.";

const STAGE_NAME =
  "The name written for this stage is read by nothing in the runtime (the target reads only whether the stage is relay-ready-accepted, target.ts:84), and the chapter names no stage but the relay-ready boundary and the commit (\"The detailed stages and result are defined by Complete Host Relocation Flow §1.1\", which the kit does not have); the kit's steps wait for relay-ready-accepted and committed only.";

const NO_ANSWER_THROWS =
  "A prepare with no answer at all (its target down or unreachable) makes the mutant throw a TypeError in toTarget before the boundary: runWork (dispatch.ts:67) answers the relocation fail('Unavailable') instead of RelocationFailed, the stage stays preparing (no cancelled) and no cancel is sent. Nothing was held or handed over yet (holdDispatch comes after, source.ts:64), so the source keeps the object, its queue and membership; a target that did prepare discards it on its fallback, the stage not being relay-ready-accepted (target.ts:84). R-REL-1 holds; the ErrorKind (docs/assumptions.md, \"ErrorKinds the chapter does not name\") and the stage names (Complete Host Relocation Flow's) are not the chapter's.";

const FOLLOW_FROM_SENDING =
  "Message Follow is then counted from an earlier instant that is still no later than the owner change (the source's clock before it sent the cutover, or that less the target's report), instead of the sending plus the delay the target reports: the source never follows longer than MessageFollowDuration after the change, and its path is shorter by at most the cutover's own time. The reference itself counts from a lower bound of the change (follow.ts committedAt), as no clock is shared; the chapter's \"right after the owner changes\" (4.2) sets no finer instant, and the kit's checks of the duration allow the scheduling tolerance.";

const RELAY_WAIT_UNBOUNDED =
  "relayWaitMs then gives no number, and the source's own wait for a relayed message's answer has no limit (an Operation whose deadline is NaN never times out): the operation of the caller waiting for that message still ends at its own deadline, as the reference's note says (side.ts: \"The caller's own deadline still ends the operation at the caller\"), and the message runs or not on the target exactly as before. How long a runtime waits internally the chapter does not say.";

const REPLY_LOST_ALWAYS =
  "Every relocation then loses the Store's reply to the source's relay-ready record (the change applies, its answer is lost), not only under the failpoint: the source re-reads it and finds its write there (R-STO-1; the reference's authority rules), and goes on as in the reference, one read later. A Store that loses a reply is a fault every runtime must take (7, R-STO-1); the chapter asks the re-read, which happens.";

const LIFECYCLE_EVENT_NAME =
  "The name the runtime gives the lifecycle callback's event goes only to the kit's test application (node/app.ts, the kit's instrument, which journals it); the chapter names no lifecycle events (the Framework API's), and the kit's steps read whether the callback ran on the target and succeeded, not its name.";
const FIRST_RESULT_AFTER_RETURN =
  "committedAt runs once per relocation (source.ts:108), while this relocation holds the object's `relocating` mark, so no other relocation from this node starts meanwhile (the rule refusesWhileRelocating, source.ts:22): the forwarding entry it finds is the one this relocation set at source.ts:72, with `committed: false`, or none, when the object came back to this node and its commit as the target deleted the entry (the rule followEndsOnReturn, target.ts:100). `f.committed` is never true here, so with the entry there the mutants go on as the reference does. With none, they throw a TypeError on `f.committed = true` before changing anything (the reference returns at once and changes nothing either): runWork (dispatch.ts) answers the relocation fail('Unavailable'), where the reference answers a reply (or RelocationFailed, when the source's reads never saw the target own it, source.ts:99-105). The object, its record and every Message Follow path are as in the reference; only the relocation's own result differs, and the chapter leaves that to Complete Host Relocation Flow §1.1 (\"The detailed stages and result are defined by ...\"), which the kit does not have (docs/assumptions.md, \"ErrorKinds the chapter does not name\").";
// ---- the store area ----------------------------------------------------------------------------
const MEMORY_STORE = 'impl-reference/store/memory.ts';
const NODE_STORE = 'impl-reference/store/node-store.ts';

const STORE_CLOSED_AT_END =
  "A MemoryStore is closed only when a run ends: by the harness's teardown (InProcessHost.close, harness/in-process-host.ts:148-150), after every node was killed and its Store handle severed (severable() in the same file: a severed handle's calls never reach the store), or by a node program's release as its process ends (node/program-parts.ts). No call reaches a closed MemoryStore in any run, so whether close() marks it and whether check() refuses, nothing is ever refused.";

const VERSION_FROM_STORE =
  "Every expectedVersion a caller passes is one the Store gave: a key's version from a read (0 for a key never written) or the version an applied change returned (location/authority.ts changeRecord and reread, node/membership.ts:42, harness/store-views.ts removeDescriptor, the relocation records through changeRecord): a safe integer >= 0. checkVersion never throws for any caller of any run: the guard weakened or emptied changes nothing.";

const TTL_CONSTANT =
  "renewLease is called only by the lease keeper (location/lease.ts:46, through NodeStore.renewLease), with the node's ownerLeaseMs (mesh-node.ts:111), a positive whole number in every profile (600 ms embedded and sim, harness/embedded-cluster.ts; 950 ms process, node/process-timings.ts): the guard never throws, so weakened or removed it changes nothing.";

const PARSE_NULL = "JSON.parse(null) reads its argument as the text 'null' and returns null: with the test false a tombstone (or a key never written) still parses to null, as the reference's `null` branch gives.";

const CAS_CURRENT_UNREAD =
  "Nothing reads a refused change's `current`: every caller of compareAndSet reads only `applied` (node/membership.ts:42, harness/store-views.ts:33, location/authority.ts changeRecord and reread, whose callers read `applied` and `version`: see ONLY_APPLIED_READ), and `{}` has no `applied`, falsy as `false`. (`slot.json` would throw only for a refused change of a key never written, which needs an expectedVersion above 0 the Store never gave for it: see VERSION_FROM_STORE.)";

const LIST_ORDER =
  "Unsorted, list() gives its keys in the order they were first written instead of key order. Its callers do not depend on the order: the descriptor list is keyed by RID into a Map (location/descriptors.ts:37-38), whose order only decides in which order a node calls ensureLink for its peers (membership.ts:70); the kit's latestRelocation sorts by startedAt itself (harness/store-views.ts:21-23). The order in which a node dials its peers is set by no rule of the chapter; each peer is still connected (R-CONN-3), and only through the last full list (R-STO-2).";

const RENEWAL_ANSWER_UNREAD =
  "The renewal's answer is not read: NodeStore.renewLease hands it to the lease keeper, which only awaits it (location/lease.ts:46) and counts eligibility from when it sent the renewal (the authority rule eligibleFrom), never from `expiresAt`.";

const LEASE_LAST_MS =
  "With `<` a lease reads valid during the one millisecond at which it ends instead of already ended (Redis's PX expiry, the other Store, is also counted in whole milliseconds with its own rounding). The owner itself stops at that millisecond either way (location/lease.ts:34, `now < eligibleUntil`, from its own renewal), so nothing runs without a lease (R-STO-3); a caller that reads the lease in exactly that millisecond sends to the owner, which no longer processes: R-OBJ-1 and R-INST-4 still end such a message Unavailable or by its deadline, not elsewhere. The chapter does not set a lease's end to the millisecond.";

const STORE_CLOCK_UNREAD =
  `The Store's clock is read only at objects/object-caller.ts:91, to bound how long the owner cache is trusted by the owner's lease: undefined makes validUntil NaN, and the routing rule trustsCachedOwner (\`validUntil > now\`, routing-rules.ts) is then false, so the owner cache is never trusted. ${NO_CACHE}`;

const ONE_MORE_TURN =
  "With no late answers configured the mutant still awaits clock.sleep(0) before each answer: every Store answer comes one timer turn later, as from a slightly slower Store. The chapter sets no Store latency (the kit's own store-slow fault makes answers far later), and no rule turns on a Store answer coming in the same turn.";

const ERROR_TEXT =
  "No code reads the text of a StoreUnavailableError: the runtime tests `instanceof StoreUnavailableError` (location/authority.ts, the lease keeper's catch, runWork's answer Unavailable), and at most the in-process harness copies it into a Driver error (harness/in-process-node.ts:52, 74), whose text no check reads.";

const LOGGED_OP =
  "logged() reads its `op` only in its catch (lines 103-106), for a StoreUnavailableError the Store itself throws. The MemoryStore never throws one (it throws only on a closed store or a bad argument, see STORE_CLOSED_AT_END and VERSION_FROM_STORE), and a severed node's calls never return; only the RedisStore throws one (store/redis.ts:183), when the Redis server itself fails, which is no fault the kit makes (its Store faults act in NodeStore, before the call: check() and the failpoints). The catch never runs in a run of the kit.";

// ---- the sessions area -------------------------------------------------------------------------
const SESSION_HOST = 'impl-reference/sessions/session-host.ts';
const SESSION_REQUESTS = 'impl-reference/sessions/requests.ts';
const SESSION_RULES = 'impl-reference/sessions/session-rules.ts';

const NOTHING_TAKEN_OVER =
  "The reference's Session rule connectionTakenOver is `() => false` (session-rules.ts:103), the last operand of this `&&`: the test is false in every run whatever its other operands are, and the rule reads nothing and changes nothing (only the kit mutant session-connection-adopted hands a Session on).";

const NO_LOST_SESSION_RULE = (rule: string, body: string) =>
  `The reference's Session rule ${rule} is \`${body}\` (session-rules.ts): called or not, for any result, it does nothing; only the kit's SESSION_MUTANTS (mutants/sessions.ts) give it a body.`;

const TOKEN_NOT_HELD = (rule: string) =>
  `The reference's Session rule ${rule} gives undefined (session-rules.ts): skipping it leaves \`b\` undefined as calling it does, and the next line answers NotFound either way (only the kit mutants that look tokens up in other Sessions give a binding).`;

const SIDE_FOR_SESSION_MUTANTS =
  "The SessionSide is handed only to Session rules, and the reference's rules that take it (processStarted, connectionTakenOver, updateOfLostSessions, replyOfLostSession: no body; sessionOfClosedConnection reads only the closed Session it is given; session-rules.ts:101-111) never read it; only the kit's SESSION_MUTANTS do.";

const NOT_PERSISTED =
  "`persisting` is what the Session list's saved() gives, and the reference's list OWN_PROCESS (session-list.ts:37) gives undefined: the test is false in every run (only the kit's persisted-sessions mutant list gives a promise).";

const SEND_CHECKS_LIVE =
  "send() returns at once when the node is not live (session-host.ts:172), so testing live() before it only repeats that test: the welcome goes out, or not, exactly as without it.";

const ROUTE_IS_LOCATION =
  "A binding's route and its location snapshot's owner are always the same node: bind sets both from rec.owner (requests.ts:154-155), and a location update sets the route to u.owner and the snapshot through snapshotAfterUpdate, which gives `{ owner: u.owner, ... }` in the reference (session-rules.ts); nothing else writes either. With the two equal, `||` and `&&` of these tests agree.";

const ENDED_SESSION_HAS_NO_BOUND =
  "An ended Session holds no bound binding: endSession ends every bound one as it ends the Session (session-host.ts:164-165), and bind adds a binding only after testing, with no await between, that its Session is open (requests.ts:144-156); nothing else adds one under the reference's rules. The binding loop's own `b.state !== 'bound'` test (line 212) skips every binding of an ended Session, so skipping the Session first changes nothing.";

const ALWAYS_FOLLOWS =
  "The reference's Session rule bindingFollowsRelocation is `() => true` (session-rules.ts): the test is false in every run, as the mutant makes it (only the kit mutant relocation-forces-rebind ends the binding).";

const CLOSED_ALREADY =
  "disconnected() runs on the connection's 'close' event (session-host.ts:146): the socket is destroyed by then, so endSession's `!session.socket.destroyed` (line 166) is false and it closes nothing, whatever closeSocket is; and for a Session already ended (the only way `ending.state` is not 'open' under the reference's rule sessionOfClosedConnection, which gives the closed Session itself) endSession finds no bound binding to end and sets 'ended' again.";

const DEAD_OR_HUNG_NOT_ASKED =
  "disconnected() goes past this guard only for a node that is dead or hung, or stopped. Each of its Sessions was ended by stop() (session-host.ts:113; the reference's connectionTakenOver never keeps one open), so endSession finds nothing bound and the socket is already closed; a hung node's Session state is never read again (the harness refuses every call to a hung node, harness/in-process-node.ts:63, and a hang never ends).";

const RELAY_RESULT_UNREAD =
  "The relay's internal Operation reports to `() => {}` (requests.ts:176): nobody receives what finish() gives it, and no race() is started on it after this line, so whether the status it is given ends it changes nothing; the attempts read on the next line are copied whatever the status.";

const CLIENT_UNREAD =
  "work.client is read only by the Session rule replyOfLostSession, `() => {}` in the reference (the route's relayArrived hands the object only the opId, the payload and the generation, session-host.ts:244); hello always sets session.client, so the mutant sends '' where the reference sends the client's name, to no reader.";

const HOW_THE_CONNECTION_ENDS =
  "Which way a stopping process closes a client connection (a reset for a crash, a destroy for an error, an end for an orderly shutdown) is not a rule of the chapter: it says only that the physical connection is not transferred to another process (6, V15). The client sees its connection closed by the owner in every way (impl-reference/sessions/client-connection.ts: `closedBy ??= 'owner'` on close), and no Session survives it.";

const RUNNING_IS_STOPPED =
  "running() is read by accept(), which a stopped or dead node never reaches (stop closes its server; the harness gives no endpoint of a node that is not running, node-cluster.ts:72), and by holds(), which the harness asks of running nodes only (node-cluster.ts:82) and which needs an open Session: stop() ends every Session it holds (line 113). So `!this.stopped && alive` and the mutant agree wherever they are read.";

const BAD_REQUEST_DETAIL =
  "A `fail BadRequest` answer's `detail` is free text (impl-reference/sessions/protocol.ts: `{\"t\":\"fail\",\"id\"?,\"errorKind\",\"detail\"?}`), like an attempt's reason: the chapter has no rule on the client wire at all, and the kit reads a refusal by its `t`, its errorKind and its `id` (sessions.feature:211; impl-reference/sessions/client.ts, protocolError), never by its words. The mutant answers the same line with the same frame but for the detail.";

const TERMINATED_EITHER_WAY =
  "The kit's two names for a terminated binding, `ended` and `unbound` (BindingState), are its own: the chapter says only that the previous binding stays terminated and that nothing late is applied to it or to the new binding (6). The mutant relabels a binding that is terminated already (the client unbound it, or its Session ended) as `ended`, and may tell the client so with a `binding-ended` push; it stays terminated, a relay or unbind through it is still refused BindingEnded, and no other binding is touched. The kit's checks accept either name for a terminated binding (sessions.steps.ts).";


const STOPPED_PROCESS_UNREAD =
  "stop() is called from MeshNode.end() only (mesh-node.ts), after it set the process dead (`life = 'dead'`: live() and alive are false from then on, and a restart builds a new NodeRuntime with a new SessionHost, runtime.ts); a second call returns at once (`if (this.stopped) return`). Nothing reads a dead process's Sessions: holds() needs running(), the harness asks Session views and holds only of running processes (node-cluster.ts: ownerViews, heldBy), and every later event on the host (a line, a close, a send, a location update) stops at its live() test (requests.ts:65; session-host.ts:158, 172, 206). So whether stop() ends the open Sessions it holds before it drops them, no run can tell.";

const SAME_DERIVATION_BOTH_ENDS =
  "The owner and the kit's Session client derive the client credential and the proof with these same functions (impl-reference/sessions/client.ts and harness/node-cluster.ts import clientCredential and authProof from protocol.ts): the mutant changes the derived value at both ends alike, so a right credential still verifies and a wrong one (random, client.ts) still does not; the credential is still an HMAC under the mesh credential, never equal to it.";


// ---- the objects area, issue 25 (third pass) ---------------------------------------------------------
const POINTER_OWN_ACTIVATION =
  "resumeIfUnfinished runs for an Instance-intent message that finds no instance of the object in this process and no forwarding entry (object-host.ts message(): follow() first, then the instance), and it resumes only when the recovery pointer names this node and this process's lifecycle (samePointer). Only this process's own activateHere writes such a pointer (lifecycle is new in every process), into a Creating Instance Spot record that later changes keep it in (`{ ...rec }`). So a record that passes samePointer and reaches here is Creating, or Ready with its first message not restored (an activation abandoned at a failpoint or a failed change, activation.ts:136-152): `unfinished` is true for it whatever the mutant does. A finished one (Ready, restored) is hosted here (runActivation hosts it before it writes Ready), or moved away (the forwarding entry stays until it comes back, and takes the message first), or was closed: Close writes Closing, disposes the instance and sends the Missing change in one turn (closing.ts:68-74), and Missing carries no pointer, so a message that then finds no instance reads it Missing (one node's Store calls are answered in order). Actors and User Spots carry no pointer. Whether `unfinished` is computed as written or true more often, samePointer decides alone.";

const THROW_IS_UNAVAILABLE =
  "Without the optional chaining the property read throws a TypeError only where the reference answers Unavailable anyway: the object has no record here (a message that reached a node through a stale owner) or no instance on this node. The throw ends in runWork's catch-all (dispatch.ts: `node.alive ? fail('Unavailable') : undefined`; handle() rethrows what is not a StoreUnavailableError), which gives the same fail('Unavailable') the reference returns on that path (notHostedHere, host-rules.ts; `?? Promise.resolve(fail('Unavailable'))`).";

const HOSTED_KIND_UNREAD =
  "What hosted() gives is read for its truth (source.ts:22, target.ts:46), and its kind and generation by kit rules only: the kind goes from the source into the relocation-prepare work and from there to the host rule getsLifecycleCallback (`() => true` in the reference, relocation-rules.ts), prepareFailed and targetLostBeforeCommit (which ignore it), and the target instance's own kind (read by the host rule intentToHosted, `() => undefined` in the reference); whileFollowing, which is given the whole value, is `() => {}`. The record's kind, which routing and the Driver read, is the Store's and is not touched by a move (target.ts commit spreads the record read).";

const HOSTED_STATE_UNREAD = "The record given to host() on a relocation target is never written: host() reads its objectId, kind, generation and creation input only (object-host.ts host()), not its state.";

const RULE_ALWAYS_STOPS_TIMER = "The host rule letGoInstanceStopsTimer is `() => true` in the reference (host-rules.ts): the test is true already; only the kit mutant let-go-instance-keeps-timer makes it false.";

const RULE_ALWAYS_RECONFIRMS = "The host rule reconfirmsOwners is `() => true` in the reference (host-rules.ts): `!reconfirmsOwners()` is false already; only the kit mutant recovery-skips-owner-confirmation returns here.";

const LOSER_RESUMES_NOTHING =
  "The activation lost its Creating record to another writer (its change did not apply: activationSecured), and the first message then goes as a message: with Instance intent it may resume only an activation whose pointer names this process (resumeIfUnfinished), but the record it lost to was written by another process's activation (its pointer names that one: one activation of an object runs at a time in a process, asActivation), or by a caller's cancel, a creation or a Close (no pointer). So resumeIfUnfinished finds nothing to resume, and with or without intent the message is answered by the instance if one is hosted here, else by notHostedHere (Unavailable).";

const POINTER_NEVER_MISSING =
  "Every record that reaches the rule unfinishedActivation is an Instance Spot's first activation, Creating or Ready unrestored (object-caller.ts:83), and activateHere writes every such record with its recovery pointer, which later changes keep (`{ ...rec }`): `recovery` is never undefined here.";

const READY_UNRESTORED_TO_OWNER =
  "An Instance Spot that is Ready with its first message not restored yet (an activation abandoned after the record turned Ready) is then routed as a Ready object: with its owner's lease valid the message goes to the owner, where the host resumes its own unfinished activation for an Instance-intent message it does not host (object-host.ts message() -> resumeIfUnfinished), the stored first message first - as the reference sends it to the node its pointer names, which is that owner (activateHere writes both as the activating node; after a planned relocation the pointer's node follows the message to the new owner, where the mutant sends it directly); with the owner's lease invalid it ends Unavailable and the record is kept, where the reference cancels exactly that record: R-INST-2 lets the same generation be continued or cancelled (\"continue or cancel creation of the same ObjectGeneration\"), no new incarnation is made either way, and the kit's V11 check accepts both (\"kept on B or cancelled\"). (A Closing record with its first message not restored, routed by the `true` form as unfinished, goes to its owner, which hosts nothing of it and resumes nothing (not unfinished there): Unavailable, as notReady answers.)";

const NOT_READY_TO_OWNER =
  "A record that is not Ready (an Actor's or User Spot's creation under way or stopped, a Close under way, an Instance Spot's activation without Instance intent) is then routed like a Ready one: its owner's lease invalid, ownerLeaseInvalid ends it Unavailable as notReady does; its owner alive, it goes to the owner, which hosts no instance of a creation or a closed object (creation hosts only once Ready, Close disposes before it releases) and answers Unavailable (notHostedHere), or, for an Instance Spot whose first activation is under way there, puts the message behind the activation's closed mailbox, after the stored first message (R-INST-7), where it runs on the generation being activated. The chapter names Unavailable for an owner that terminated, and its table of activation states speaks of Instance-intent messages only; it says nothing of a message without Instance intent reaching an activation under way, and the message makes no new incarnation and runs after the first message either way.";

const RESUME_WITHOUT_INTENT =
  "A message without Instance intent that finds no instance here also resumes this process's own unfinished first activation (the recovery pointer names this node and lifecycle: resumeIfUnfinished), under the same generation, the stored first message first (R-INST-7); the reference answers it Unavailable. R-INST-2 lets the same generation be continued (\"continue or cancel creation of the same ObjectGeneration\"), and no new incarnation is made; the chapter's table of activation states speaks of Instance-intent messages only and names no outcome for a message without it.";

const ONE_MORE_MICROTASK =
  "It awaits `undefined` (the reference's rules give no promise here: host-rules.ts buildBeforeCreatingRecord and intentToHosted are `() => undefined`): the only difference is one more microtask before the next step, which lets other work already queued in this process run first. That is an interleaving of operations in flight at once, which the chapter orders nowhere (R-INST-7's first message goes first through the activation's closed mailbox, not through this turn).";

const POINTER_ROOT_NAME =
  "The pointer's root is the runtime's own name for where the activation's stored state lives (\"The storage and resume order are defined in the first-message storage-and-resume section of Location Runtime\", a chapter the kit does not have). No code reads it (a pointer is matched by targetNode and lifecycle, host-rules.ts pointerNamesThisProcess), and the kit judges no pointer field.";

const CREATING_SAYS_UNFINISHED =
  "A Creating record is unfinished whatever its firstMessageRestored says: every reader tests `state === 'Creating'` first (object-caller.ts:83, activation.ts:71), and the record turns Ready with `firstMessageRestored: false` written by runActivation (activation.ts:137). The Driver's view of the record shows the flag, which the chapter does not define and the kit does not judge.";

const READY_WRITTEN_AGAIN =
  "A resumed activation whose record is already Ready (its first message not restored) writes it Ready once more, with the content it has (`firstMessageRestored: false`) and a new writeId, one StoreVersion later, before it restores the first message; the failpoint activation.fail-before-ready it tests is armed only for an activation that is still Creating. The chapter counts no Store writes.";

const STOPPED_HOST =
  "stopAll() runs only from MeshNode.end() (crash, shutdown, vanish), which sets the node dead for good (a restart builds a new MeshNode and ObjectHost). What it leaves hosted does nothing anyone sees: an instance's timer fires nothing (timerFires is given ctx.alive(), false from then on), work a letter still waiting in a mailbox would answer is dropped (runWork returns nothing for a dead node, dispatch.ts), and an in-process dead node is severed besides: its Store calls never return and its evidence, the test application's journal included, takes no more lines (harness/in-process-host.ts sever). The relocations it leaves unstopped are STOPPED_NODE's case (relocation.ts stopAll).";

const RECORD_OF_HOSTED =
  "A record exists for every instance hosted here: host() is called for a record this node just wrote (creation, activation), or read (a relocation's prepare names the record the source read), and the Store never deletes a record (a Missing one keeps its key and generation). `!!rec` is true whenever reconfirmOwners reads one.";

const CLOSING_DISPOSES_ITSELF =
  "A record that names this node and the hosted generation but is neither Ready nor Creating is Closing (a Missing one names no owner): close() wrote it and disposes the instance itself as soon as that change returns (closing.ts), before its next Store call. Whether the re-confirmation disposes it too, it is let go either way, and nothing runs on it meanwhile (its mailbox is not reached: the record is not Ready for callers).";

const RECONFIRM_SAME_GENERATION_ELSEWHERE =
  "Without its owner test the re-confirmation keeps an instance whose record names another node with the same generation. Only a planned relocation makes such a record: on the source, the instance that moved away is held and does nothing (HELD_INSTANCE_IDLE), kept or disposed alike; on the target, a prepared instance whose move has not committed yet when the target's Store answers again (the record still names the source) is kept, so the move can finish on it, where the reference's re-confirmation drops it and the target, once it commits, hosts nothing. The chapter's relocation contract assumes the Location Store runs until the move finishes (\"a graceful handoff in which the source runtime, the selected target runtime, the Location Store, and the Relocation Store remain running until the operation finishes\", section 5), and no rule asks a target to drop its prepared instance after a Store outage.";

const EARLY_PATH_WITHOUT_INTENT =
  "An activation that finds the record already written (its caller read Missing before another activation wrote it) hands the first message on as a message without Instance intent: it is answered by the instance if one is hosted here, else Unavailable (notHostedHere), as with intent, unless the record is this very process's own abandoned activation (its pointer names this node and lifecycle), which the reference resumes now for it. The mutant leaves that activation unfinished for the next Instance-intent message, which resumes it (resumeIfUnfinished): R-INST-2 lets an unfinished activation be continued or cancelled, under the same generation, and sets no time for it; no new incarnation is made either way.";

const TARGET_NODE_IS_OWNER =
  "An unfinished activation's record names the activating node as owner and as the pointer's targetNode alike (activateHere writes both as this.ctx.rid); a Creating record is never relocated (a relocation moves a Ready record, source.ts:34), so the two differ only for a Ready Instance Spot whose first message was not restored yet when it was relocated. Then the message goes straight to the owner, which resumes nothing of an instance it hosts (it posts the message behind the relocated instance), instead of to the pointer's node, which follows it there by Message Follow: the same incarnation handles it, and the chapter's relocation row (\"Moves the same object and ObjectGeneration to the target\") asks no more.";

export const EQUIVALENTS: Equivalent[] = [
  // ---- channel/caller.ts ----------------------------------------------------------------------
  { kind: 'conforming', file: CALLER, line: 71, mutator: 'ConditionalExpression', original: 'if (!channel)', replacement: 'false', why: 'A request on a ChannelName no node serves: the chapter names results for node direct only (3.1, last paragraph); the channel case is Interaction Model §3 / Framework API §13, which the kit does not have.' },
  { kind: 'conforming', file: CALLER, line: 73, mutator: 'ConditionalExpression', original: 'if (!rr)', replacement: 'true', why: `A fresh round-robin per request changes only which candidate comes first. ${WHICH_CANDIDATE}` },
  { kind: 'conforming', file: CALLER, line: 115, mutator: 'ConditionalExpression', original: 'mesh !== this.node.mesh', replacement: 'false', why: "A node direct naming another RouteMesh than the caller's, where that RID exists: the chapter says NotFound for a RID that does not exist in the named mesh (3.1), not whether a node may reach another mesh; the kit asserts only the caller's own mesh (node-direct.feature)." },
  { kind: 'conforming', file: CALLER, line: 138, mutator: 'StringLiteral', original: "reason: 'not-ready'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 141, mutator: 'StringLiteral', original: "reason: 'pending'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 141, mutator: 'ObjectLiteral', original: '{ connectionId: sub.connectionId }', replacement: '{}', why: ATTEMPT_NOTE },
  { kind: 'equivalent', file: CALLER, line: 146, mutator: 'ConditionalExpression', original: "if (acc.kind === 'ended')", replacement: 'false', why: ENDED_ACCEPTANCE },
  { kind: 'equivalent', file: CALLER, line: 146, mutator: 'StringLiteral', original: "if (acc.kind === 'ended')", replacement: '""', why: ENDED_ACCEPTANCE },
  { kind: 'conforming', file: CALLER, line: 148, mutator: 'StringLiteral', original: "attempt.reason = 'deadline'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 153, mutator: 'StringLiteral', original: "attempt.reason = 'capacity'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 158, mutator: 'StringLiteral', original: "attempt.reason = 'connection-lost'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 161, mutator: 'StringLiteral', original: "attempt.reason = 'accepted'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 167, mutator: 'StringLiteral', original: "attempt.reason = 'connection-lost-after-acceptance'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'equivalent', file: CALLER, line: 163, mutator: 'ConditionalExpression', original: "if (done.kind === 'ended')", replacement: 'false', why: `${ENDED_ACCEPTANCE} (Here the next line reads the missing value and throws inside the ended operation's own promise, which nothing awaits for a result.)` },
  { kind: 'equivalent', file: CALLER, line: 163, mutator: 'StringLiteral', original: "if (done.kind === 'ended')", replacement: '""', why: ENDED_ACCEPTANCE },
  { kind: 'equivalent', file: CALLER, line: 163, mutator: 'ObjectLiteral', original: "return { kind: 'ended' };", replacement: '{}', why: 'The caller treats any end it does not know as the end of an operation that has ended already (finishFrom falls through its switch): nothing is sent or delivered.' },
  { kind: 'equivalent', file: CALLER, line: 163, mutator: 'StringLiteral', original: "return { kind: 'ended' };", replacement: '""', why: 'The caller treats any end it does not know as the end of an operation that has ended already (finishFrom falls through its switch): nothing is sent or delivered.' },
  { kind: 'equivalent', file: CALLER, line: 192, mutator: 'ConditionalExpression', original: 'if (end.late)', replacement: 'false', why: "A reply after the timeout is a later signal: the Operation was ended by op.finish('timeout') on the line before and drops it (R-GEN-3), so handing it on or not is the same." },
  { kind: 'equivalent', file: CALLER, line: 192, mutator: 'ArrowFunction', original: '(c) => this.finishWith(op, c)', replacement: '() => undefined', why: "A reply after the timeout is a later signal the ended Operation drops (R-GEN-3): not handing it on is the same." },
  { kind: 'equivalent', file: CALLER, line: 192, mutator: 'ConditionalExpression', original: 'if (end.late)', replacement: 'true', why: "Without a late promise the mutant throws after op.finish('timeout') has ended the operation; the throw ends only the caller's own promise, which nothing awaits for a result." },
  { kind: 'equivalent', file: CALLER, line: 194, mutator: 'ConditionalExpression', original: "case 'ended':", replacement: "case 'ended':", why: "An empty case at the end of the switch: falling out of it is the same as returning." },
  { kind: 'equivalent', file: CALLER, line: 194, mutator: 'StringLiteral', original: "case 'ended':", replacement: '""', why: "An empty case at the end of the switch: falling out of it is the same as returning." },
  { kind: 'equivalent', file: CALLER, line: 200, mutator: 'ConditionalExpression', original: "if ('lost' in c)", replacement: 'false', why: LOST_LATE },
  { kind: 'equivalent', file: CALLER, line: 200, mutator: 'StringLiteral', original: "if ('lost' in c)", replacement: '""', why: LOST_LATE },
  { kind: 'equivalent', file: CALLER, line: 90, mutator: 'ConditionalExpression', original: "if (end === 'moved-on') continue;", replacement: 'false', why: MOVED_ON },
  { kind: 'equivalent', file: CALLER, line: 90, mutator: 'StringLiteral', original: "if (end === 'moved-on') continue;", replacement: '""', why: MOVED_ON },
  // ---- channel/rules.ts -----------------------------------------------------------------------
  { kind: 'conforming', file: RULES, line: 69, mutator: 'ConditionalExpression', original: "end.kind === 'not-ready'", replacement: 'false', why: NOT_READY_MID_ROUND },
  { kind: 'conforming', file: RULES, line: 69, mutator: 'StringLiteral', original: "end.kind === 'not-ready'", replacement: '""', why: NOT_READY_MID_ROUND },
  // ---- channel/select-one.ts ------------------------------------------------------------------
  { kind: 'equivalent', file: SELECT, line: 31, mutator: 'ConditionalExpression', original: 'if (candidates.length === 0) return undefined;', replacement: 'false', why: 'The only caller (caller.ts) never passes an empty list: it ends the request Unavailable, or stops its round, before picking.' },
  { kind: 'conforming', file: SELECT, line: 33, mutator: 'ArrowFunction', original: 'Math.max(s.weight, 1)', replacement: '() => undefined', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 33, mutator: 'MethodExpression', original: 'Math.max(s.weight, 1)', replacement: 'Math.min(s.weight, 1)', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 34, mutator: 'ArrowFunction', original: '(sum, s) => sum + weight(s)', replacement: '() => undefined', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 34, mutator: 'ArithmeticOperator', original: 'sum + weight(s)', replacement: 'sum - weight(s)', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 37, mutator: 'LogicalOperator', original: 'this.current.get(s.node) ?? 0', replacement: 'this.current.get(s.node) && 0', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 39, mutator: 'ConditionalExpression', original: 'cur > this.current.get(best.node)!', replacement: 'false', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 39, mutator: 'EqualityOperator', original: 'cur > this.current.get(best.node)!', replacement: 'cur >= this.current.get(best.node)!', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 41, mutator: 'ArithmeticOperator', original: 'this.current.get(best!.node)! - total', replacement: 'this.current.get(best!.node)! + total', why: WHICH_CANDIDATE },
  // ---- kernel/operation.ts ----------------------------------------------------------------------
  { kind: 'equivalent', file: OPERATION, line: 68, mutator: 'ConditionalExpression', original: 'if (extra.errorKind)', replacement: 'true', why: 'It sets errorKind to undefined where there is none: a key holding undefined is no key once the Outcome crosses JSON (wire, process backend), and reads as absent in-process.' },
  { kind: 'equivalent', file: OPERATION, line: 69, mutator: 'ConditionalExpression', original: "if (status === 'reply')", replacement: 'true', why: 'It sets reply to undefined on an Outcome that is not a reply: a key holding undefined is no key once the Outcome crosses JSON, and reads as absent in-process.' },
  { kind: 'equivalent', file: OPERATION, line: 81, mutator: 'ConditionalExpression', original: 'if (this.deadlineApplies)', replacement: 'true', why: "deadlineApplies is set only from the calling rule deadlineBoundsSelection (caller.ts:75), which is `() => true` in the reference (channel/rules.ts; only the kit mutant reselect-past-deadline answers false): the test is true already." },
  { kind: 'equivalent', file: OPERATION, line: 96, mutator: 'BlockStatement', original: '} finally {', replacement: '{}', why: 'A deadline timer left armed after the race is won resolves a promise nobody awaits any more: no behaviour follows from it.' },
  // ---- store/memory.ts and store/node-store.ts (the store area) --------------------------------
  { kind: 'equivalent', file: MEMORY_STORE, line: 36, mutator: 'ObjectLiteral', original: "return { applied: false, current: { value: parse<T>(slot?.json ?? null), version: current } };", replacement: "{}", why: CAS_CURRENT_UNREAD },
  { kind: 'equivalent', file: MEMORY_STORE, line: 36, mutator: 'LogicalOperator', original: "return { applied: false, current: { value: parse<T>(slot?.json ?? null), version: current } };", replacement: "slot?.json && null", why: CAS_CURRENT_UNREAD },
  { kind: 'equivalent', file: MEMORY_STORE, line: 36, mutator: 'OptionalChaining', original: "return { applied: false, current: { value: parse<T>(slot?.json ?? null), version: current } };", replacement: "slot.json", why: CAS_CURRENT_UNREAD },
  { kind: 'conforming', file: MEMORY_STORE, line: 48, mutator: 'MethodExpression', original: "found.sort((a, b) => Buffer.compare(a.bytes, b.bytes));", replacement: "found", why: LIST_ORDER },
  { kind: 'conforming', file: MEMORY_STORE, line: 48, mutator: 'ArrowFunction', original: "found.sort((a, b) => Buffer.compare(a.bytes, b.bytes));", replacement: "() => undefined", why: LIST_ORDER },
  { kind: 'equivalent', file: MEMORY_STORE, line: 54, mutator: 'ConditionalExpression', original: "if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be an integer > 0, got ${ttlMs}`);", replacement: "false", why: TTL_CONSTANT },
  { kind: 'equivalent', file: MEMORY_STORE, line: 54, mutator: 'LogicalOperator', original: "if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be an integer > 0, got ${ttlMs}`);", replacement: "!Number.isSafeInteger(ttlMs) && ttlMs <= 0", why: TTL_CONSTANT },
  { kind: 'equivalent', file: MEMORY_STORE, line: 54, mutator: 'EqualityOperator', original: "if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be an integer > 0, got ${ttlMs}`);", replacement: "ttlMs < 0", why: TTL_CONSTANT },
  { kind: 'equivalent', file: MEMORY_STORE, line: 58, mutator: 'ObjectLiteral', original: "return { expiresAt };", replacement: "{}", why: RENEWAL_ANSWER_UNREAD },
  { kind: 'conforming', file: MEMORY_STORE, line: 70, mutator: 'EqualityOperator', original: "if (expiresAt <= this.clock()) {", replacement: "expiresAt < this.clock()", why: LEASE_LAST_MS },
  { kind: 'conforming', file: MEMORY_STORE, line: 77, mutator: 'BlockStatement', original: "async now(): Promise<number> {", replacement: "{}", why: STORE_CLOCK_UNREAD },
  { kind: 'equivalent', file: MEMORY_STORE, line: 82, mutator: 'BlockStatement', original: "async close(): Promise<void> {", replacement: "{}", why: STORE_CLOSED_AT_END },
  { kind: 'equivalent', file: MEMORY_STORE, line: 83, mutator: 'BooleanLiteral', original: "this.closed = true;", replacement: "false", why: STORE_CLOSED_AT_END },
  { kind: 'equivalent', file: MEMORY_STORE, line: 86, mutator: 'BlockStatement', original: "private check(): void {", replacement: "{}", why: STORE_CLOSED_AT_END },
  { kind: 'equivalent', file: MEMORY_STORE, line: 87, mutator: 'ConditionalExpression', original: "if (this.closed) throw new Error('MemoryStore is closed');", replacement: "false", why: STORE_CLOSED_AT_END },
  { kind: 'equivalent', file: MEMORY_STORE, line: 92, mutator: 'ConditionalExpression', original: "return json === null ? null : (JSON.parse(json) as T);", replacement: "false", why: PARSE_NULL },
  { kind: 'equivalent', file: MEMORY_STORE, line: 96, mutator: 'BlockStatement', original: "function checkVersion(v: number): void {", replacement: "{}", why: VERSION_FROM_STORE },
  { kind: 'equivalent', file: MEMORY_STORE, line: 97, mutator: 'ConditionalExpression', original: "if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`expectedVersion must be an integer >= 0, got ${v}`);", replacement: "false", why: VERSION_FROM_STORE },
  { kind: 'equivalent', file: MEMORY_STORE, line: 97, mutator: 'LogicalOperator', original: "if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`expectedVersion must be an integer >= 0, got ${v}`);", replacement: "!Number.isSafeInteger(v) && v < 0", why: VERSION_FROM_STORE },
  { kind: 'conforming', file: NODE_STORE, line: 38, mutator: 'ConditionalExpression', original: "if (ms > 0) await this.clock.sleep(ms);", replacement: "true", why: ONE_MORE_TURN },
  { kind: 'conforming', file: NODE_STORE, line: 38, mutator: 'EqualityOperator', original: "if (ms > 0) await this.clock.sleep(ms);", replacement: "ms >= 0", why: ONE_MORE_TURN },
  { kind: 'equivalent', file: NODE_STORE, line: 94, mutator: 'ConditionalExpression', original: "this.record({ node: this.node, op, key, ...(expectedVersion !== undefined ? { expectedVersion } : {}), result: 'unavailable' });", replacement: "true", why: "Only a change passes an expectedVersion to check() (compareAndSet, line 131); for a read, list or lease refused while the node is cut off the mutant adds `expectedVersion: undefined` to the log line, a key holding undefined: JSON (the wire, the reports) drops it, and every reader reads it as absent (the evidence audit and the kit's Store-log steps read expectedVersion only of a change, the checker's history takes an absent or undefined number alike)." },
  { kind: 'equivalent', file: NODE_STORE, line: 95, mutator: 'StringLiteral', original: "throw new StoreUnavailableError(`the Location Store cannot be reached from ${this.node}`);", replacement: "``", why: ERROR_TEXT },
  { kind: 'equivalent', file: NODE_STORE, line: 124, mutator: 'StringLiteral', original: "const v = await this.logged('read', key, () => this.store.read<T>(key));", replacement: "\"\"", why: LOGGED_OP },
  { kind: 'equivalent', file: NODE_STORE, line: 135, mutator: 'StringLiteral', original: "throw new StoreUnavailableError(`no reply from the Location Store (failpoint ${fp})`);", replacement: "``", why: ERROR_TEXT },
  { kind: 'equivalent', file: NODE_STORE, line: 137, mutator: 'StringLiteral', original: "const r = await this.logged('change', key, () => this.store.compareAndSet<T>(key, expectedVersion, value), expectedVersion);", replacement: "\"\"", why: LOGGED_OP },
  { kind: 'equivalent', file: NODE_STORE, line: 141, mutator: 'StringLiteral', original: "throw new StoreUnavailableError(`no reply from the Location Store (failpoint ${fp})`);", replacement: "``", why: ERROR_TEXT },
  { kind: 'equivalent', file: NODE_STORE, line: 150, mutator: 'StringLiteral', original: "const entries = await this.logged('list', prefix, () => this.store.list<T>(prefix));", replacement: "\"\"", why: LOGGED_OP },
  { kind: 'conforming', file: NODE_STORE, line: 165, mutator: 'BlockStatement', original: "async now(): Promise<number> {", replacement: "{}", why: STORE_CLOCK_UNREAD },
  { kind: 'conforming', file: NODE_STORE, line: 168, mutator: 'ArrowFunction', original: "return this.logged('lease', 'clock', () => this.store.now());", replacement: "() => undefined", why: STORE_CLOCK_UNREAD },
  // ---- objects/object-caller.ts ---------------------------------------------------------------
  // ---- objects/routing-rules.ts ----------------------------------------------------------------
  { kind: 'conforming', file: ROUTING, line: 94, mutator: 'ConditionalExpression', original: 'validUntil > now', replacement: 'false', why: NO_CACHE },
  { kind: 'conforming', file: ROUTING, line: 89, mutator: 'ConditionalExpression', original: "end.kind !== 'result' || !end.completion.ok", replacement: 'true', why: CACHE_DROPPED_MORE },
  { kind: 'conforming', file: ROUTING, line: 89, mutator: 'BooleanLiteral', original: '!end.completion.ok', replacement: 'end.completion.ok', why: CACHE_DROPPED_MORE },
  { kind: 'conforming', file: ROUTING, line: 89, mutator: 'LogicalOperator', original: "(end.kind !== 'result' || !end.completion.ok) && end.kind !== 'deadline'", replacement: "(end.kind !== 'result' || !end.completion.ok) || end.kind !== 'deadline'", why: CACHE_DROPPED_MORE },
  { kind: 'conforming', file: ROUTING, line: 99, mutator: 'ConditionalExpression', original: 'if (f.ownerAlive) return side.finishOn(', replacement: 'true', why: POINTER_NODE_GONE },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 59, mutator: 'ConditionalExpression', original: 'spec.generation !== undefined ? { generation: spec.generation } : {}', replacement: 'true', why: MESSAGE_GENERATION },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 59, mutator: 'ConditionalExpression', original: 'spec.generation !== undefined ? { generation: spec.generation } : {}', replacement: 'false', why: MESSAGE_GENERATION },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 59, mutator: 'EqualityOperator', original: 'spec.generation !== undefined ? { generation: spec.generation } : {}', replacement: 'spec.generation === undefined', why: MESSAGE_GENERATION },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 59, mutator: 'ObjectLiteral', original: '{ generation: spec.generation }', replacement: '{}', why: MESSAGE_GENERATION },
  // ---- connection/peer-link.ts -------------------------------------------------------------------
  { kind: 'equivalent', file: PEER_LINK, line: 72, mutator: 'ConditionalExpression', original: "this.stopped || this.handshaking || this.ready", replacement: "false", why: CONNECT_GUARD },
  { kind: 'equivalent', file: PEER_LINK, line: 72, mutator: 'LogicalOperator', original: "this.stopped || this.handshaking || this.ready", replacement: "(this.stopped || this.handshaking) && this.ready", why: CONNECT_GUARD },
  { kind: 'equivalent', file: PEER_LINK, line: 72, mutator: 'LogicalOperator', original: "this.stopped || this.handshaking", replacement: "this.stopped && this.handshaking", why: CONNECT_GUARD },
  { kind: 'equivalent', file: PEER_LINK, line: 113, mutator: 'ConditionalExpression', original: "this.stopped || this.reconnectTimer", replacement: "false", why: SCHEDULE_GUARD },
  { kind: 'equivalent', file: PEER_LINK, line: 113, mutator: 'LogicalOperator', original: "this.stopped || this.reconnectTimer", replacement: "this.stopped && this.reconnectTimer", why: SCHEDULE_GUARD },
  { kind: 'equivalent', file: PEER_LINK, line: 84, mutator: 'AssignmentOperator', original: "this.firstAddress ??= address", replacement: "this.firstAddress &&= address", why: FIRST_ADDRESS },
  { kind: 'equivalent', file: PEER_LINK, line: 129, mutator: 'ConditionalExpression', original: "f.rid === claimed", replacement: "true", why: RID_IN_PROOF },
  { kind: 'equivalent', file: PEER_LINK, line: 130, mutator: 'MethodExpression', original: "this.history.some((e) => e.event === 'handshake')", replacement: "this.history.every(e => e.event === 'handshake')", why: RECONNECTING },
  { kind: 'equivalent', file: PEER_LINK, line: 130, mutator: 'ConditionalExpression', original: "e.event === 'handshake'", replacement: "true", why: RECONNECTING },
  { kind: 'equivalent', file: PEER_LINK, line: 130, mutator: 'ConditionalExpression', original: "e.event === 'handshake'", replacement: "false", why: RECONNECTING },
  { kind: 'equivalent', file: PEER_LINK, line: 130, mutator: 'ArrowFunction', original: "(e) => e.event === 'handshake'", replacement: "() => undefined", why: RECONNECTING },
  { kind: 'equivalent', file: PEER_LINK, line: 130, mutator: 'EqualityOperator', original: "e.event === 'handshake'", replacement: "e.event !== 'handshake'", why: RECONNECTING },
  { kind: 'equivalent', file: PEER_LINK, line: 130, mutator: 'StringLiteral', original: "const reconnecting = this.history.some((e) => e.event === 'handshake');", replacement: "\"\"", why: RECONNECTING },
  { kind: 'equivalent', file: PEER_LINK, line: 135, mutator: 'ConditionalExpression', original: "typeof f.rid === 'string'", replacement: "true", why: VERIFIED_RID },
  { kind: 'equivalent', file: PEER_LINK, line: 135, mutator: 'ConditionalExpression', original: "typeof f.rid === 'string'", replacement: "false", why: VERIFIED_RID },
  { kind: 'equivalent', file: PEER_LINK, line: 135, mutator: 'EqualityOperator', original: "typeof f.rid === 'string'", replacement: "typeof f.rid !== 'string'", why: VERIFIED_RID },
  { kind: 'equivalent', file: PEER_LINK, line: 135, mutator: 'StringLiteral', original: "this.becomeReady(h, true, typeof f.rid === 'string' ? f.rid : this.peer);", replacement: "\"\"", why: VERIFIED_RID },
  { kind: 'equivalent', file: PEER_LINK, line: 147, mutator: 'ConditionalExpression', original: "if (handshake) this.history.push({ event: 'handshake', connectionId: h.connectionId, address: h.address, verifiedRid, at });", replacement: "true", why: HANDSHAKE_FLAG },
  { kind: 'equivalent', file: PEER_LINK, line: 154, mutator: 'StringLiteral', original: "h.conn.close('error');", replacement: "\"\"", why: FAR_END_MODE },
  { kind: 'equivalent', file: PEER_LINK, line: 239, mutator: 'StringLiteral', original: "h.conn.close('error');", replacement: "\"\"", why: FAR_END_MODE },
  { kind: 'equivalent', file: PEER_LINK, line: 219, mutator: 'StringLiteral', original: "this.conn?.close('error');", replacement: "\"\"", why: FAR_END_MODE },
  { kind: 'equivalent', file: PEER_LINK, line: 219, mutator: 'OptionalChaining', original: "this.conn?.close", replacement: "this.conn.close", why: END_CONNECTION },
  { kind: 'equivalent', file: PEER_LINK, line: 164, mutator: 'ConditionalExpression', original: "f.t === 'welcome'", replacement: "true", why: WELCOME_OR_REFUSE },
  { kind: 'equivalent', file: PEER_LINK, line: 170, mutator: 'ConditionalExpression', original: "typeof f.opId === 'string'", replacement: "true", why: OPID_LOOKUP },
  { kind: 'equivalent', file: PEER_LINK, line: 207, mutator: 'ConditionalExpression', original: "!this.ready || !this.conn", replacement: "false", why: READY_WITH_CONN },
  { kind: 'equivalent', file: PEER_LINK, line: 207, mutator: 'LogicalOperator', original: "!this.ready || !this.conn", replacement: "!this.ready && !this.conn", why: READY_WITH_CONN },
  { kind: 'equivalent', file: PEER_LINK, line: 243, mutator: 'LogicalOperator', original: "!this.ready || !this.conn", replacement: "!this.ready && !this.conn", why: READY_WITH_CONN },
  { kind: 'equivalent', file: PEER_LINK, line: 223, mutator: 'BooleanLiteral', original: "if (entry.accepted) entry.settleCompletion({ lost: true });", replacement: "false", why: LOST_KEY },
  { kind: 'conforming', file: PEER_LINK, line: 248, mutator: 'EqualityOperator', original: "now - this.lastHeard >= livenessDeadlineMs - heartbeatIntervalMs", replacement: "now - this.lastHeard > livenessDeadlineMs - heartbeatIntervalMs", why: LIVENESS_BOUNDARY },
  { kind: 'equivalent', file: PEER_LINK, line: 264, mutator: 'ObjectLiteral', original: "{ opId, work, ...(deadlineAt !== undefined ? { deadlineAt } : {}) }", replacement: "{}", why: SENT_FOR_REPLAY },
  { kind: 'equivalent', file: PEER_LINK, line: 264, mutator: 'ConditionalExpression', original: "deadlineAt !== undefined", replacement: "true", why: SENT_FOR_REPLAY },
  { kind: 'equivalent', file: PEER_LINK, line: 264, mutator: 'ConditionalExpression', original: "deadlineAt !== undefined", replacement: "false", why: SENT_FOR_REPLAY },
  { kind: 'equivalent', file: PEER_LINK, line: 264, mutator: 'EqualityOperator', original: "deadlineAt !== undefined", replacement: "deadlineAt === undefined", why: SENT_FOR_REPLAY },
  { kind: 'equivalent', file: PEER_LINK, line: 268, mutator: 'ConditionalExpression', original: "deadlineAt !== undefined", replacement: "true", why: DEADLINE_ALWAYS },
  { kind: 'conforming', file: PEER_LINK, line: 268, mutator: 'ConditionalExpression', original: "deadlineAt !== undefined", replacement: "false", why: LATE_SUBMIT },
  { kind: 'conforming', file: PEER_LINK, line: 268, mutator: 'EqualityOperator', original: "deadlineAt !== undefined", replacement: "deadlineAt === undefined", why: LATE_SUBMIT },
  { kind: 'conforming', file: PEER_LINK, line: 268, mutator: 'ObjectLiteral', original: "conn.send({ t: 'submit', opId, from: this.node.rid, work: work as never, ...(deadlineAt !== undefined ? { deadlineAt } : {}) });", replacement: "{}", why: LATE_SUBMIT },
  // ---- node/mesh-node.ts -------------------------------------------------------------------------
  { kind: 'equivalent', file: MEMBERSHIP, line: 17, mutator: 'BooleanLiteral', original: "private storeReadable = true;", replacement: "false", why: STORE_READABLE },
  { kind: 'equivalent', file: MEMBERSHIP, line: 66, mutator: 'BooleanLiteral', original: "!this.storeReadable", replacement: "this.storeReadable", why: STORE_READABLE },
  { kind: 'equivalent', file: MEMBERSHIP, line: 67, mutator: 'BooleanLiteral', original: "this.storeReadable = true;", replacement: "false", why: STORE_READABLE },
  { kind: 'equivalent', file: MEMBERSHIP, line: 74, mutator: 'BooleanLiteral', original: "this.storeReadable = false;", replacement: "true", why: STORE_READABLE },
  { kind: 'equivalent', file: MEMBERSHIP, line: 75, mutator: 'BooleanLiteral', original: "this.discovery.fresh = false;", replacement: "true", why: FRESH },
  { kind: 'equivalent', file: MEMBERSHIP, line: 73, mutator: 'BlockStatement', original: "} catch {", replacement: "{}", why: FAILED_READ },
  { kind: 'equivalent', file: MESH_NODE, line: 122, mutator: 'MethodExpression', original: "this.otherLinks().filter((l) => l.ready)", replacement: "this.otherLinks()", why: BROADCAST_NOT_READY },
  { kind: 'equivalent', file: MESH_NODE, line: 136, mutator: 'ConditionalExpression', original: "this.life !== 'dead'", replacement: "true", why: SEVERED },
  { kind: 'equivalent', file: MESH_NODE, line: 136, mutator: 'StringLiteral', original: "return this.life !== 'dead';", replacement: "\"\"", why: SEVERED },
  { kind: 'equivalent', file: MESH_NODE, line: 209, mutator: 'StringLiteral', original: "this.life = 'dead';", replacement: "\"\"", why: SEVERED },
  { kind: 'equivalent', file: MESH_NODE, line: 264, mutator: 'ConditionalExpression', original: "if (!this.alive) return;", replacement: "false", why: SEVERED },
  { kind: 'conforming', file: MESH_NODE, line: 168, mutator: 'BlockStatement', original: "requestRefresh(): void {", replacement: "{}", why: REFRESH_SOONER },
  { kind: 'equivalent', file: MEMBERSHIP, line: 110, mutator: 'StringLiteral', original: "this.links.get(rid)?.stop('orderly');", replacement: "\"\"", why: FAR_END_MODE },
  { kind: 'equivalent', file: MESH_NODE, line: 189, mutator: 'BlockStatement', original: "peerFailedLiveness(peer: Rid): void {", replacement: "{}", why: PEER_FAILED_RULE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 87, mutator: 'ObjectLiteral', original: "if (f.t === 'ping') return ib.conn.send({ t: 'pong' });", replacement: "{}", why: ANY_FRAME_IS_LIFE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 87, mutator: 'StringLiteral', original: "if (f.t === 'ping') return ib.conn.send({ t: 'pong' });", replacement: "\"\"", why: ANY_FRAME_IS_LIFE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 88, mutator: 'ConditionalExpression', original: "f.t === 'submit'", replacement: "true", why: PING_OR_SUBMIT },
  { kind: 'equivalent', file: SERVING_SIDE, line: 91, mutator: 'ConditionalExpression', original: "typeof f.opId !== 'string' || typeof work?.type !== 'string'", replacement: "false", why: WELL_FORMED },
  { kind: 'equivalent', file: SERVING_SIDE, line: 91, mutator: 'LogicalOperator', original: "typeof f.opId !== 'string' || typeof work?.type !== 'string'", replacement: "typeof f.opId !== 'string' && typeof work?.type !== 'string'", why: WELL_FORMED },
  { kind: 'equivalent', file: SERVING_SIDE, line: 91, mutator: 'OptionalChaining', original: "if (typeof f.opId !== 'string' || typeof work?.type !== 'string') return ib.conn.send({ t: 'rejected', opId: String(f.opId), reason: 'malformed' });", replacement: "work.type", why: WELL_FORMED },
  { kind: 'conforming', file: SERVING_SIDE, line: 92, mutator: 'ConditionalExpression', original: "typeof f.deadlineAt === 'number' && f.deadlineAt <= this.node.clock.now()", replacement: "false", why: LATE_SUBMIT },
  { kind: 'equivalent', file: SERVING_SIDE, line: 92, mutator: 'ConditionalExpression', original: "typeof f.deadlineAt === 'number'", replacement: "true", why: DEADLINE_ALWAYS },
  { kind: 'conforming', file: SERVING_SIDE, line: 92, mutator: 'EqualityOperator', original: "typeof f.deadlineAt === 'number'", replacement: "typeof f.deadlineAt !== 'number'", why: LATE_SUBMIT },
  { kind: 'conforming', file: SERVING_SIDE, line: 92, mutator: 'StringLiteral', original: "if (typeof f.deadlineAt === 'number' && f.deadlineAt <= this.node.clock.now()) return ib.conn.send({ t: 'rejected', opId: f.opId, reason: 'deadline' });", replacement: "\"\"", why: LATE_SUBMIT },
  { kind: 'conforming', file: SERVING_SIDE, line: 92, mutator: 'EqualityOperator', original: "f.deadlineAt <= this.node.clock.now()", replacement: "f.deadlineAt < this.node.clock.now()", why: LATE_SUBMIT },
  { kind: 'equivalent', file: SERVING_SIDE, line: 93, mutator: 'ConditionalExpression', original: "typeof f.deadlineAt === 'number'", replacement: "true", why: QUEUED_DEADLINE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 93, mutator: 'ConditionalExpression', original: "typeof f.deadlineAt === 'number'", replacement: "false", why: QUEUED_DEADLINE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 93, mutator: 'EqualityOperator', original: "typeof f.deadlineAt === 'number'", replacement: "typeof f.deadlineAt !== 'number'", why: QUEUED_DEADLINE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 93, mutator: 'StringLiteral', original: "return this.onSubmit(ib, f.opId, work, typeof f.deadlineAt === 'number' ? f.deadlineAt : undefined);", replacement: "\"\"", why: QUEUED_DEADLINE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 117, mutator: 'ConditionalExpression', original: "deadlineAt !== undefined", replacement: "true", why: QUEUED_DEADLINE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 117, mutator: 'ConditionalExpression', original: "deadlineAt !== undefined", replacement: "false", why: QUEUED_DEADLINE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 117, mutator: 'EqualityOperator', original: "deadlineAt !== undefined", replacement: "deadlineAt === undefined", why: QUEUED_DEADLINE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 117, mutator: 'ObjectLiteral', original: "...(deadlineAt !== undefined ? { deadlineAt } : {}),", replacement: "{}", why: QUEUED_DEADLINE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 126, mutator: 'StringLiteral', original: "ib.conn.send(accepted ? { t: 'accepted', opId } : { t: 'rejected', opId, reason: 'capacity' });", replacement: "\"\"", why: REJECT_REASON },
  { kind: 'equivalent', file: DISPATCH, line: 72, mutator: 'ConditionalExpression', original: "if (!node.alive) return undefined;", replacement: "false", why: NO_WORK_WHEN_DEAD },
  { kind: 'equivalent', file: DISPATCH, line: 85, mutator: 'ConditionalExpression', original: "work.type === 'session-frame'", replacement: "false", why: MUTANT_WORK },
  { kind: 'equivalent', file: DISPATCH, line: 85, mutator: 'StringLiteral', original: "'session-frame'", replacement: "\"\"", why: MUTANT_WORK },
  { kind: 'equivalent', file: DISPATCH, line: 87, mutator: 'ConditionalExpression', original: "work.type === 'relay'", replacement: "false", why: MUTANT_WORK },
  { kind: 'equivalent', file: DISPATCH, line: 87, mutator: 'StringLiteral', original: "} else if (work.type === 'relay') {", replacement: "\"\"", why: MUTANT_WORK },
  { kind: 'equivalent', file: MESH_NODE, line: 215, mutator: 'OptionalChaining', original: "this.sessions?.stop", replacement: "this.sessions.stop", why: BUILT_BY_RUNTIME },
  { kind: 'equivalent', file: MESH_NODE, line: 283, mutator: 'OptionalChaining', original: "this.onLocationUpdate?.(u)", replacement: "this.onLocationUpdate(u)", why: BUILT_BY_RUNTIME },
  { kind: 'conforming', file: SERVING_SIDE, line: 70, mutator: 'ConditionalExpression', original: "how === 'abandon'", replacement: "false", why: CRASH_CLOSES },
  { kind: 'conforming', file: SERVING_SIDE, line: 70, mutator: 'StringLiteral', original: "if (how === 'abandon') ib.conn.abandon();", replacement: "\"\"", why: CRASH_CLOSES },
  { kind: 'conforming', file: MESH_NODE, line: 222, mutator: 'StringLiteral', original: "this.end('abandon');", replacement: "\"\"", why: CRASH_CLOSES },
  { kind: 'equivalent', file: MESH_NODE, line: 227, mutator: 'StringLiteral', original: "this.life = 'hung';", replacement: "\"\"", why: LIFE_LABEL },
  { kind: 'conforming', file: MESH_NODE, line: 237, mutator: 'StringLiteral', original: "this.end('error');", replacement: "\"\"", why: VANISH_MODE },
  { kind: 'conforming', file: MESH_NODE, line: 243, mutator: 'StringLiteral', original: "this.serving.closeAll('orderly');", replacement: "\"\"", why: MOVE_CLOSE },
  { kind: 'equivalent', file: MESH_NODE, line: 273, mutator: 'ConditionalExpression', original: "!this.caller || !this.alive", replacement: "false", why: SEND_WORK_DEAD },
  { kind: 'equivalent', file: MESH_NODE, line: 273, mutator: 'LogicalOperator', original: "!this.caller || !this.alive", replacement: "!this.caller && !this.alive", why: SEND_WORK_DEAD },
  { kind: 'equivalent', file: MESH_NODE, line: 278, mutator: 'ConditionalExpression', original: "end.kind === 'result'", replacement: "true", why: INTERNAL_END },
  { kind: 'equivalent', file: MEMBERSHIP, line: 137, mutator: 'ConditionalExpression', original: "link.connectionId", replacement: "true", why: UNDEFINED_KEY },
  { kind: 'equivalent', file: MEMBERSHIP, line: 138, mutator: 'ConditionalExpression', original: "if (link.address) v.address = link.address;", replacement: "true", why: UNDEFINED_KEY },
  // ---- transport/memory.ts -----------------------------------------------------------------------
  { kind: 'equivalent', file: MEMORY, line: 26, mutator: 'ConditionalExpression', original: "if (!this.open) return;", replacement: "false", why: NOTIFIED_ONCE },
  { kind: 'equivalent', file: MEMORY, line: 76, mutator: 'ConditionalExpression', original: "!this.link.open", replacement: "false", why: NOTIFIED_ONCE },
  { kind: 'equivalent', file: MEMORY, line: 94, mutator: 'LogicalOperator', original: "this.closeNotified || this.abandoned", replacement: "this.closeNotified && this.abandoned", why: NOTIFIED_ONCE },
  { kind: 'equivalent', file: MEMORY, line: 94, mutator: 'ConditionalExpression', original: "this.closeNotified || this.abandoned", replacement: "false", why: NOTIFIED_ONCE },
  { kind: 'equivalent', file: MEMORY, line: 95, mutator: 'BooleanLiteral', original: "this.closeNotified = true;", replacement: "false", why: NOTIFIED_ONCE },
  { kind: 'equivalent', file: MEMORY, line: 71, mutator: 'ConditionalExpression', original: "!this.link.open || this.link.closing", replacement: "false", why: NOTIFIED_ONCE },
  { kind: 'equivalent', file: MEMORY, line: 71, mutator: 'LogicalOperator', original: "!this.link.open || this.link.closing", replacement: "!this.link.open && this.link.closing", why: NOTIFIED_ONCE },
  { kind: 'equivalent', file: MEMORY, line: 73, mutator: 'BooleanLiteral', original: "this.closeNotified = true; // the closing side needs no news of its own close", replacement: "false", why: NOTIFIED_ONCE },
  { kind: 'equivalent', file: MEMORY, line: 28, mutator: 'StringLiteral', original: "for (const end of this.ends) end.notifyClose('error');", replacement: "\"\"", why: FAIL_MODE },
  { kind: 'equivalent', file: MEMORY, line: 66, mutator: 'ConditionalExpression', original: "if (this.abandoned) return;", replacement: "false", why: ABANDONED },
  { kind: 'equivalent', file: MEMORY, line: 82, mutator: 'BlockStatement', original: "abandon(): void {", replacement: "{}", why: ABANDONED },
  { kind: 'equivalent', file: MEMORY, line: 84, mutator: 'BooleanLiteral', original: "this.abandoned = true;", replacement: "false", why: ABANDONED },
  { kind: 'equivalent', file: MEMORY, line: 118, mutator: 'UpdateOperator', original: "return `mem://${rid}/${++this.seq}`;", replacement: "--this.seq", why: UNIQUE_ADDRESSES },
  { kind: 'equivalent', file: MEMORY, line: 122, mutator: 'ConditionalExpression', original: "this.listeners.has(address)", replacement: "false", why: UNIQUE_ADDRESSES },
  { kind: 'equivalent', file: MEMORY, line: 127, mutator: 'ConditionalExpression', original: "this.listeners.get(address) === onConnection", replacement: "true", why: UNIQUE_ADDRESSES },
  { kind: 'equivalent', file: MEMORY, line: 135, mutator: 'StringLiteral', original: "`connection refused: ${address}`", replacement: "``", why: REFUSED },
  { kind: 'equivalent', file: MEMORY, line: 135, mutator: 'ConditionalExpression', original: "if (!accept) throw new Error(`connection refused: ${address}`);", replacement: "false", why: REFUSED },
  // ---- location/descriptors.ts -------------------------------------------------------------------
  { kind: 'equivalent', file: DESCRIPTORS, line: 18, mutator: 'BooleanLiteral', original: "fresh = true;", replacement: "false", why: FRESH },
  { kind: 'equivalent', file: DESCRIPTORS, line: 43, mutator: 'BooleanLiteral', original: "this.fresh = true;", replacement: "false", why: FRESH },
  { kind: 'conforming', file: DESCRIPTORS, line: 28, mutator: 'LogicalOperator', original: "return d && { ...d };", replacement: "d || {\n  ...d\n}", why: LOOKUP_COPY },
  { kind: 'equivalent', file: DESCRIPTORS, line: 39, mutator: 'ArrayDeclaration', original: "[...next.values()]", replacement: "[]", why: ADDED_UNUSED },
  { kind: 'equivalent', file: DESCRIPTORS, line: 39, mutator: 'MethodExpression', original: "[...next.values()].filter((d) => !this.last.has(d.rid))", replacement: "[...next.values()]", why: ADDED_UNUSED },
  { kind: 'equivalent', file: DESCRIPTORS, line: 39, mutator: 'ArrowFunction', original: "(d) => !this.last.has(d.rid)", replacement: "() => undefined", why: ADDED_UNUSED },
  { kind: 'equivalent', file: DESCRIPTORS, line: 39, mutator: 'BooleanLiteral', original: "!this.last.has(d.rid)", replacement: "this.last.has(d.rid)", why: ADDED_UNUSED },
  // ---- connection/inbound-queue.ts ---------------------------------------------------------------
  { kind: 'equivalent', file: INBOUND_QUEUE, line: 63, mutator: 'BlockStatement', original: "stop(): void {", replacement: "{}", why: QUEUE_STOP },
  { kind: 'equivalent', file: INBOUND_QUEUE, line: 64, mutator: 'BooleanLiteral', original: "this.stopped = true;", replacement: "false", why: QUEUE_STOP },
  // ---- issue 25: after the split by role (the reference's rules constant, their inputs unread) --------
  { kind: 'equivalent', file: INBOUND_QUEUE, line: 49, mutator: "ObjectLiteral", original: "this.rules.workerStarted({", replacement: "{}", why: WORKER_STARTED_RULE },
  { kind: 'equivalent', file: INBOUND_QUEUE, line: 52, mutator: "ConditionalExpression", original: "...(work.deadlineAt !== undefined ? { deadlineAt: work.deadlineAt } : {}),", replacement: "true", why: WORKER_STARTED_RULE },
  { kind: 'equivalent', file: INBOUND_QUEUE, line: 52, mutator: "ConditionalExpression", original: "...(work.deadlineAt !== undefined ? { deadlineAt: work.deadlineAt } : {}),", replacement: "false", why: WORKER_STARTED_RULE },
  { kind: 'equivalent', file: INBOUND_QUEUE, line: 52, mutator: "EqualityOperator", original: "...(work.deadlineAt !== undefined ? { deadlineAt: work.deadlineAt } : {}),", replacement: "work.deadlineAt === undefined", why: WORKER_STARTED_RULE },
  { kind: 'equivalent', file: INBOUND_QUEUE, line: 52, mutator: "ObjectLiteral", original: "...(work.deadlineAt !== undefined ? { deadlineAt: work.deadlineAt } : {}),", replacement: "{}", why: WORKER_STARTED_RULE },
  { kind: 'equivalent', file: LINK_RULES, line: 67, mutator: "ArrowFunction", original: "acceptsUnproven: () => false,", replacement: "() => undefined", why: FALSE_AS_UNDEFINED },
  { kind: 'equivalent', file: LINK_RULES, line: 70, mutator: "ArrowFunction", original: "lostWithoutNotReady: () => false,", replacement: "() => undefined", why: FALSE_AS_UNDEFINED },
  { kind: 'equivalent', file: LINK_RULES, line: 71, mutator: "ArrowFunction", original: "keepsOperationsOfLostConnection: () => false,", replacement: "() => undefined", why: FALSE_AS_UNDEFINED },
  { kind: 'equivalent', file: MESH_RULES, line: 68, mutator: "ArrowFunction", original: "keepsRefusedWork: () => false,", replacement: "() => undefined", why: FALSE_AS_UNDEFINED },
  { kind: 'equivalent', file: PEER_LINK, line: 79, mutator: "ConditionalExpression", original: "if (!this.node.discovery.fresh && !this.rules.dialsInGrace()) return this.scheduleReconnect();", replacement: "false", why: DIALS_IN_GRACE },
  { kind: 'equivalent', file: PEER_LINK, line: 79, mutator: "BooleanLiteral", original: "if (!this.node.discovery.fresh && !this.rules.dialsInGrace()) return this.scheduleReconnect();", replacement: "this.node.discovery.fresh", why: DIALS_IN_GRACE },
  { kind: 'equivalent', file: PEER_LINK, line: 94, mutator: "ObjectLiteral", original: "const connectionId = this.rules.connectionId({ node: this.node.rid, peer: this.peer, ...(this.connectionId ? { previous: this.connectionId } : {}), dials: ++this.dials, fresh: () => this.node.ids.uuid() });", replacement: "{}", why: CONNECTION_ID_INPUTS },
  { kind: 'equivalent', file: PEER_LINK, line: 94, mutator: "UpdateOperator", original: "const connectionId = this.rules.connectionId({ node: this.node.rid, peer: this.peer, ...(this.connectionId ? { previous: this.connectionId } : {}), dials: ++this.dials, fresh: () => this.node.ids.uuid() });", replacement: "--this.dials", why: CONNECTION_ID_INPUTS },
  { kind: 'equivalent', file: PEER_LINK, line: 99, mutator: "ConditionalExpression", original: "if (!this.rules.handshakes(this.history.some((e) => e.event === 'handshake'))) return this.becomeReady(this.handshaking, false);", replacement: "false", why: HANDSHAKE_ALWAYS },
  { kind: 'equivalent', file: PEER_LINK, line: 99, mutator: "MethodExpression", original: "if (!this.rules.handshakes(this.history.some((e) => e.event === 'handshake'))) return this.becomeReady(this.handshaking, false);", replacement: "this.history.every(e => e.event === 'handshake')", why: HANDSHAKE_ALWAYS },
  { kind: 'equivalent', file: PEER_LINK, line: 99, mutator: "ArrowFunction", original: "if (!this.rules.handshakes(this.history.some((e) => e.event === 'handshake'))) return this.becomeReady(this.handshaking, false);", replacement: "() => undefined", why: HANDSHAKE_ALWAYS },
  { kind: 'equivalent', file: PEER_LINK, line: 99, mutator: "ConditionalExpression", original: "if (!this.rules.handshakes(this.history.some((e) => e.event === 'handshake'))) return this.becomeReady(this.handshaking, false);", replacement: "true", why: HANDSHAKE_ALWAYS },
  { kind: 'equivalent', file: PEER_LINK, line: 99, mutator: "ConditionalExpression", original: "if (!this.rules.handshakes(this.history.some((e) => e.event === 'handshake'))) return this.becomeReady(this.handshaking, false);", replacement: "false", why: HANDSHAKE_ALWAYS },
  { kind: 'equivalent', file: PEER_LINK, line: 99, mutator: "EqualityOperator", original: "if (!this.rules.handshakes(this.history.some((e) => e.event === 'handshake'))) return this.becomeReady(this.handshaking, false);", replacement: "e.event !== 'handshake'", why: HANDSHAKE_ALWAYS },
  { kind: 'equivalent', file: PEER_LINK, line: 99, mutator: "StringLiteral", original: "if (!this.rules.handshakes(this.history.some((e) => e.event === 'handshake'))) return this.becomeReady(this.handshaking, false);", replacement: "\"\"", why: HANDSHAKE_ALWAYS },
  { kind: 'equivalent', file: PEER_LINK, line: 201, mutator: "ConditionalExpression", original: "if (!this.rules.noticesClose()) return;", replacement: "false", why: LINK_RULE_TEST_FIXED },
  { kind: 'equivalent', file: PEER_LINK, line: 209, mutator: "ConditionalExpression", original: "if (this.rules.lostWithoutNotReady(this, reason)) return;", replacement: "false", why: LINK_RULE_TEST_FIXED },
  { kind: 'equivalent', file: PEER_LINK, line: 221, mutator: "ConditionalExpression", original: "if (this.rules.keepsOperationsOfLostConnection()) return;", replacement: "false", why: LINK_RULE_TEST_FIXED },
  { kind: 'equivalent', file: SERVING_SIDE, line: 111, mutator: "BooleanLiteral", original: "if (!node.discovery.lookup(from)) node.meshRules.unknownCallerVerified({ learn: (d) => node.discovery.learn(d), ensureLink: (rid) => node.ensureLink(rid) }, { rid: from, mesh: node.mesh, address: f.address as string });", replacement: "node.discovery.lookup(from)", why: UNKNOWN_CALLER_RULE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 111, mutator: "ConditionalExpression", original: "if (!node.discovery.lookup(from)) node.meshRules.unknownCallerVerified({ learn: (d) => node.discovery.learn(d), ensureLink: (rid) => node.ensureLink(rid) }, { rid: from, mesh: node.mesh, address: f.address as string });", replacement: "true", why: UNKNOWN_CALLER_RULE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 111, mutator: "ConditionalExpression", original: "if (!node.discovery.lookup(from)) node.meshRules.unknownCallerVerified({ learn: (d) => node.discovery.learn(d), ensureLink: (rid) => node.ensureLink(rid) }, { rid: from, mesh: node.mesh, address: f.address as string });", replacement: "false", why: UNKNOWN_CALLER_RULE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 111, mutator: "ObjectLiteral", original: "if (!node.discovery.lookup(from)) node.meshRules.unknownCallerVerified({ learn: (d) => node.discovery.learn(d), ensureLink: (rid) => node.ensureLink(rid) }, { rid: from, mesh: node.mesh, address: f.address as string });", replacement: "{}", why: UNKNOWN_CALLER_RULE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 111, mutator: "ArrowFunction", original: "if (!node.discovery.lookup(from)) node.meshRules.unknownCallerVerified({ learn: (d) => node.discovery.learn(d), ensureLink: (rid) => node.ensureLink(rid) }, { rid: from, mesh: node.mesh, address: f.address as string });", replacement: "() => undefined", why: UNKNOWN_CALLER_RULE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 111, mutator: "ArrowFunction", original: "if (!node.discovery.lookup(from)) node.meshRules.unknownCallerVerified({ learn: (d) => node.discovery.learn(d), ensureLink: (rid) => node.ensureLink(rid) }, { rid: from, mesh: node.mesh, address: f.address as string });", replacement: "() => undefined", why: UNKNOWN_CALLER_RULE },
  { kind: 'equivalent', file: SERVING_SIDE, line: 111, mutator: "ObjectLiteral", original: "if (!node.discovery.lookup(from)) node.meshRules.unknownCallerVerified({ learn: (d) => node.discovery.learn(d), ensureLink: (rid) => node.ensureLink(rid) }, { rid: from, mesh: node.mesh, address: f.address as string });", replacement: "{}", why: UNKNOWN_CALLER_RULE },
  { kind: 'equivalent', file: DISPATCH, line: 28, mutator: "ObjectLiteral", original: "export const REFERENCE_RELAY: RelayRules = {", replacement: "{}", why: RELAY_RULE_UNCALLED },
  { kind: 'equivalent', file: DISPATCH, line: 29, mutator: "ArrowFunction", original: "relayed: async () => fail('Unavailable'),", replacement: "() => undefined", why: RELAY_RULE_UNCALLED },
  { kind: 'equivalent', file: HEARTBEAT, line: 45, mutator: "ConditionalExpression", original: "if (!this.membership.storeAnswers && !node.meshRules.checksLivenessInGrace()) return;", replacement: "false", why: LIVENESS_IN_GRACE },
  { kind: 'equivalent', file: HEARTBEAT, line: 45, mutator: "BooleanLiteral", original: "if (!this.membership.storeAnswers && !node.meshRules.checksLivenessInGrace()) return;", replacement: "this.membership.storeAnswers", why: LIVENESS_IN_GRACE },
  { kind: 'equivalent', file: MEMBERSHIP, line: 33, mutator: "BlockStatement", original: "get storeAnswers(): boolean {", replacement: "{}", why: LIVENESS_IN_GRACE },
  { kind: 'equivalent', file: MEMBERSHIP, line: 69, mutator: "ConditionalExpression", original: "if (wasDown) this.rules.storeBack(this.keeper());", replacement: "true", why: OUTAGE_RULES_DO_NOTHING },
  { kind: 'equivalent', file: MEMBERSHIP, line: 69, mutator: "ConditionalExpression", original: "if (wasDown) this.rules.storeBack(this.keeper());", replacement: "false", why: OUTAGE_RULES_DO_NOTHING },
  { kind: 'equivalent', file: MEMBERSHIP, line: 123, mutator: "BlockStatement", original: "private keeper(): ListKeeper {", replacement: "{}", why: OUTAGE_RULES_DO_NOTHING },
  { kind: 'equivalent', file: MEMBERSHIP, line: 124, mutator: "ObjectLiteral", original: "return {", replacement: "{}", why: OUTAGE_RULES_DO_NOTHING },
  { kind: 'equivalent', file: MEMBERSHIP, line: 125, mutator: "ArrowFunction", original: "otherLinks: () => this.otherLinks(),", replacement: "() => undefined", why: OUTAGE_RULES_DO_NOTHING },
  { kind: 'equivalent', file: MEMBERSHIP, line: 126, mutator: "ArrowFunction", original: "dropLink: (rid) => this.dropLink(rid),", replacement: "() => undefined", why: OUTAGE_RULES_DO_NOTHING },
  { kind: 'equivalent', file: MEMBERSHIP, line: 127, mutator: "ArrowFunction", original: "forgetList: () => this.discovery.forget(),", replacement: "() => undefined", why: OUTAGE_RULES_DO_NOTHING },
  { kind: 'equivalent', file: MEMBERSHIP, line: 128, mutator: "ArrowFunction", original: "stopRefreshing: () => this.clock.clearTimer(this.refreshTimer),", replacement: "() => undefined", why: OUTAGE_RULES_DO_NOTHING },
  { kind: 'equivalent', file: MESH_NODE, line: 94, mutator: "LogicalOperator", original: "this.terminal = cfg.rules?.terminal ?? REFERENCE_TERMINAL;", replacement: "cfg.rules?.terminal && REFERENCE_TERMINAL", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 94, mutator: "OptionalChaining", original: "this.terminal = cfg.rules?.terminal ?? REFERENCE_TERMINAL;", replacement: "cfg.rules.terminal", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 95, mutator: "LogicalOperator", original: "this.relayRules = cfg.rules?.relay ?? REFERENCE_RELAY;", replacement: "cfg.rules?.relay && REFERENCE_RELAY", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 95, mutator: "OptionalChaining", original: "this.relayRules = cfg.rules?.relay ?? REFERENCE_RELAY;", replacement: "cfg.rules.relay", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 96, mutator: "LogicalOperator", original: "this.meshRules = cfg.rules?.mesh ?? REFERENCE_MESH;", replacement: "cfg.rules?.mesh && REFERENCE_MESH", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 96, mutator: "OptionalChaining", original: "this.meshRules = cfg.rules?.mesh ?? REFERENCE_MESH;", replacement: "cfg.rules.mesh", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 104, mutator: "LogicalOperator", original: "const authorityRules = cfg.rules?.authority ?? REFERENCE_AUTHORITY;", replacement: "cfg.rules?.authority && REFERENCE_AUTHORITY", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 104, mutator: "OptionalChaining", original: "const authorityRules = cfg.rules?.authority ?? REFERENCE_AUTHORITY;", replacement: "cfg.rules.authority", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 113, mutator: "OptionalChaining", original: "authorityRules, hostRules: cfg.rules?.host,", replacement: "cfg.rules.host", why: RULES_GIVEN },
  { kind: 'equivalent', file: MESH_NODE, line: 191, mutator: "ObjectLiteral", original: "this.meshRules.peerFailed({ otherLinks: () => this.otherLinks(), dropLink: (rid) => this.dropLink(rid), setHostError: () => (this.host = 'Error'), stopQueue: () => this.queue.stop() }, peer);", replacement: "{}", why: PEER_FAILED_RULE },
  { kind: 'equivalent', file: MESH_NODE, line: 191, mutator: "ArrowFunction", original: "this.meshRules.peerFailed({ otherLinks: () => this.otherLinks(), dropLink: (rid) => this.dropLink(rid), setHostError: () => (this.host = 'Error'), stopQueue: () => this.queue.stop() }, peer);", replacement: "() => undefined", why: PEER_FAILED_RULE },
  { kind: 'equivalent', file: MESH_NODE, line: 191, mutator: "ArrowFunction", original: "this.meshRules.peerFailed({ otherLinks: () => this.otherLinks(), dropLink: (rid) => this.dropLink(rid), setHostError: () => (this.host = 'Error'), stopQueue: () => this.queue.stop() }, peer);", replacement: "() => undefined", why: PEER_FAILED_RULE },
  { kind: 'equivalent', file: MESH_NODE, line: 191, mutator: "ArrowFunction", original: "this.meshRules.peerFailed({ otherLinks: () => this.otherLinks(), dropLink: (rid) => this.dropLink(rid), setHostError: () => (this.host = 'Error'), stopQueue: () => this.queue.stop() }, peer);", replacement: "() => undefined", why: PEER_FAILED_RULE },
  { kind: 'equivalent', file: MESH_NODE, line: 191, mutator: "ArrowFunction", original: "this.meshRules.peerFailed({ otherLinks: () => this.otherLinks(), dropLink: (rid) => this.dropLink(rid), setHostError: () => (this.host = 'Error'), stopQueue: () => this.queue.stop() }, peer);", replacement: "() => undefined", why: PEER_FAILED_RULE },
  { kind: 'equivalent', file: RUNTIME, line: 63, mutator: "ObjectLiteral", original: "rules: { terminal: rules.terminal, relay: rules.relay, mesh: rules.mesh, authority: rules.authority, host: rules.host },", replacement: "{}", why: RULES_GIVEN },
  { kind: 'equivalent', file: RUNTIME, line: 78, mutator: "ObjectLiteral", original: "const shared = rules.sessions.sessionList({", replacement: "{}", why: SESSION_LIST_CONTEXT },
  { kind: 'equivalent', file: RUNTIME, line: 79, mutator: "ObjectLiteral", original: "...(parts.shared ? { inProcess: parts.shared } : {}),", replacement: "{}", why: SESSION_LIST_CONTEXT },
  { kind: 'equivalent', file: RUNTIME, line: 84, mutator: "ArrowFunction", original: "forward: (rid, session, frame) => void this.node.sendWork(rid, { type: 'session-frame', session, frame }, config.timings.defaultDeadlineMs),", replacement: "() => undefined", why: SESSION_LIST_CONTEXT },
  { kind: 'equivalent', file: MEMBERSHIP, line: 72, mutator: "ConditionalExpression", original: "if (this.rules.dropsRemoved(wasDown)) for (const rid of change.removed) this.dropLink(rid);", replacement: "true", why: DROPS_REMOVED },
  { kind: 'equivalent', file: RUNTIME, line: 126, mutator: "ConditionalExpression", original: "if (o.queueCapacity !== undefined) this.node.queue.capacity = o.queueCapacity;", replacement: "true", why: CONFIGURE_BOTH },
  { kind: 'equivalent', file: RUNTIME, line: 127, mutator: "ConditionalExpression", original: "if (o.workers !== undefined) this.node.queue.workers = o.workers;", replacement: "true", why: CONFIGURE_BOTH },
  { kind: 'equivalent', file: RUNTIME, line: 146, mutator: "ConditionalExpression", original: "if (p.reachable) this.reach.cutOff.delete(this.config.rid);", replacement: "true", why: STORE_REACH_HEALS },
  { kind: 'equivalent', file: RUNTIME, line: 198, mutator: "ConditionalExpression", original: "if (!peer) throw new ControlError(`failpoint ${name} needs a peer`);", replacement: "false", why: ACK_LOST_HAS_PEER },
  { kind: 'equivalent', file: RUNTIME, line: 202, mutator: "ConditionalExpression", original: "} else if (FAILPOINT_NAMES.includes(name) && (name.startsWith('activation.') || name.startsWith('relocation.'))) {", replacement: "true", why: FAILPOINT_NAMES_CHECKED },
  { kind: 'equivalent', file: RUNTIME, line: 202, mutator: "LogicalOperator", original: "} else if (FAILPOINT_NAMES.includes(name) && (name.startsWith('activation.') || name.startsWith('relocation.'))) {", replacement: "FAILPOINT_NAMES.includes(name) || name.startsWith('activation.') || name.startsWith('relocation.')", why: FAILPOINT_NAMES_CHECKED },
  { kind: 'equivalent', file: RUNTIME, line: 202, mutator: "ConditionalExpression", original: "} else if (FAILPOINT_NAMES.includes(name) && (name.startsWith('activation.') || name.startsWith('relocation.'))) {", replacement: "true", why: FAILPOINT_NAMES_CHECKED },
  { kind: 'equivalent', file: RUNTIME, line: 202, mutator: "StringLiteral", original: "} else if (FAILPOINT_NAMES.includes(name) && (name.startsWith('activation.') || name.startsWith('relocation.'))) {", replacement: "\"\"", why: FAILPOINT_NAMES_CHECKED },
  { kind: 'equivalent', file: RUNTIME, line: 202, mutator: "StringLiteral", original: "} else if (FAILPOINT_NAMES.includes(name) && (name.startsWith('activation.') || name.startsWith('relocation.'))) {", replacement: "\"\"", why: FAILPOINT_NAMES_CHECKED },
  { kind: 'equivalent', file: RUNTIME, line: 97, mutator: "ConditionalExpression", original: "if (this.config.restart) await this.node.objects.relocations.resumeAfterRestart();", replacement: "true", why: NOTHING_TO_RESUME },
  { kind: 'equivalent', file: RUNTIME, line: 97, mutator: "ConditionalExpression", original: "if (this.config.restart) await this.node.objects.relocations.resumeAfterRestart();", replacement: "false", why: NOTHING_TO_RESUME },
  // ---- objects/object-caller.ts (objects area) ---------------------------------------------------
  { kind: 'conforming', file: OBJECT_CALLER, line: 91, mutator: 'ArithmeticOperator', original: "this.node.clock.now() + this.node.timings.ownerCacheMs", replacement: "this.node.clock.now() - this.node.timings.ownerCacheMs", why: NO_CACHE },
  { kind: 'conforming', file: OBJECT_CALLER, line: 91, mutator: 'ArithmeticOperator', original: "this.node.clock.now() + (ownerLease - (await this.node.store.now()))", replacement: "this.node.clock.now() - (ownerLease - (await this.node.store.now()))", why: NO_CACHE },
  { kind: 'conforming', file: OBJECT_CALLER, line: 92, mutator: 'ObjectLiteral', original: "{ owner: rec.owner!, generation: rec.generation, validUntil }", replacement: "{}", why: NO_CACHE },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 130, mutator: 'StringLiteral', original: "return this.change(objectId, version, { objectId: rec.objectId, state: 'Missing', generation: rec.generation, writeId: '' });", replacement: "\"Stryker was here!\"", why: WRITE_ID },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 138, mutator: 'ConditionalExpression', original: "spec.generation !== undefined", replacement: "true", why: UNDEFINED_FIELD },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 137, mutator: 'ConditionalExpression', original: "rec.state === 'Missing'", replacement: "false", why: MISSING_HAS_NO_OWNER },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 137, mutator: 'StringLiteral', original: "if (!rec || rec.state === 'Missing' || !rec.owner) return op.finish('failure', { errorKind: 'NotFound' });", replacement: "\"\"", why: MISSING_HAS_NO_OWNER },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 154, mutator: 'ConditionalExpression', original: "rec.state === 'Missing'", replacement: "false", why: MISSING_HAS_NO_OWNER },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 154, mutator: 'StringLiteral', original: "if (!rec || rec.state === 'Missing' || !rec.owner) return op.finish('failure', { errorKind: 'NotFound' });", replacement: "\"\"", why: MISSING_HAS_NO_OWNER },
  // ---- objects/object-host.ts (objects area) -----------------------------------------------------
  { kind: 'equivalent', file: OBJECT_HOST, line: 58, mutator: 'StringLiteral', original: "prepare: (rec) => void this.host({ objectId: rec.objectId, kind: rec.kind, generation: rec.generation, state: 'Ready', writeId: '' }, false),", replacement: "\"Stryker was here!\"", why: HOSTED_RECORD },
  { kind: 'equivalent', file: CREATION, line: 17, mutator: 'StringLiteral', original: "const next: LocationRecord = { objectId, state: 'Creating', kind, owner: this.ctx.rid, generation: (rec?.generation ?? 0) + 1, creation: { input }, writeId: '' };", replacement: "\"Stryker was here!\"", why: WRITE_ID },
  { kind: 'equivalent', file: ACTIVATION, line: 97, mutator: 'StringLiteral', original: "writeId: '',", replacement: "\"Stryker was here!\"", why: WRITE_ID },
  { kind: 'equivalent', file: CLOSING, line: 23, mutator: 'StringLiteral', original: "const released = await this.change(objectId, closing.version, { objectId, state: 'Missing', generation: rec.generation, writeId: '' });", replacement: "\"Stryker was here!\"", why: WRITE_ID },
  { kind: 'equivalent', file: OBJECT_HOST, line: 91, mutator: 'ConditionalExpression', original: "e instanceof StoreUnavailableError", replacement: "true", why: RUN_WORK_CATCHES },
  { kind: 'equivalent', file: OBJECT_HOST, line: 91, mutator: 'ConditionalExpression', original: "e instanceof StoreUnavailableError", replacement: "false", why: RUN_WORK_CATCHES },
  { kind: 'equivalent', file: CREATION, line: 43, mutator: 'ConditionalExpression', original: "!this.ctx.alive()", replacement: "false", why: DEAD_AFTER_FACTORY },
  { kind: 'equivalent', file: ACTIVATION, line: 133, mutator: 'ConditionalExpression', original: "!this.ctx.alive()", replacement: "false", why: DEAD_AFTER_FACTORY },
  { kind: 'equivalent', file: CREATION, line: 42, mutator: 'OptionalChaining', original: "rec.creation?.input", replacement: "rec.creation.input", why: CREATION_STORED },
  { kind: 'equivalent', file: ACTIVATION, line: 132, mutator: 'OptionalChaining', original: "rec.creation?.input", replacement: "rec.creation.input", why: CREATION_STORED },
  { kind: 'equivalent', file: ACTIVATION, line: 101, mutator: 'ConditionalExpression', original: "if (early) await early;", replacement: "false", why: EARLY_BUILD },
  { kind: 'equivalent', file: ACTIVATION, line: 139, mutator: 'BooleanLiteral', original: "rec = { ...rec, state: 'Ready', firstMessageRestored: false };", replacement: "true", why: RESTORED_COPY },
  // ---- location/lease.ts (objects area) ----------------------------------------------------------
  { kind: 'equivalent', file: LEASE, line: 12, mutator: 'BooleanLiteral', original: "private failing = false;", replacement: "true", why: FIRST_RENEWAL },
  { kind: 'conforming', file: LEASE, line: 26, mutator: 'MethodExpression', original: "Math.max(1, Math.floor(this.ttlMs / 4))", replacement: "Math.min(1, Math.floor(this.ttlMs / 4))", why: RENEW_MORE_OFTEN },
  { kind: 'conforming', file: LEASE, line: 39, mutator: 'ConditionalExpression', original: "this.eligible()", replacement: "false", why: WAIT_NEXT_RENEWAL },
  // ---- location/authority.ts (objects area) ------------------------------------------------------
  { kind: 'conforming', file: OBJECT_CALLER, line: 161, mutator: 'ObjectLiteral', original: "{ objectId: spec.objectId, generation: rec.generation }", replacement: "{}", why: REPLY_CONTENT },
  { kind: 'conforming', file: CREATION, line: 49, mutator: 'ObjectLiteral', original: "{ objectId: rec.objectId, generation: rec.generation, owner: this.ctx.rid }", replacement: "{}", why: REPLY_CONTENT },
  { kind: 'conforming', file: CLOSING, line: 24, mutator: 'ObjectLiteral', original: "{ objectId, generation: rec.generation }", replacement: "{}", why: REPLY_CONTENT },
  { kind: 'conforming', file: CLOSING, line: 36, mutator: 'ObjectLiteral', original: "{ objectId, generation: rec.generation, members }", replacement: "{}", why: REPLY_CONTENT },
  { kind: 'conforming', file: LEASE, line: 48, mutator: 'BooleanLiteral', original: "this.failing = false;", replacement: "true", why: RECONFIRM_EVERY_RENEWAL },
  { kind: 'equivalent', file: AUTHORITY, line: 49, mutator: 'ObjectLiteral', original: "{ applied: false, current }", replacement: "{}", why: ONLY_APPLIED_READ },
  { kind: 'conforming', file: AUTHORITY, line: 49, mutator: 'ConditionalExpression', original: "current.version !== expectedVersion", replacement: "false", why: RETRY_THAT_CANNOT_APPLY },
  // ---- issue 25: the objects area measured with its rules tables loaded as static code ---------
  { kind: 'equivalent', file: OBJECT_CALLER, line: 45, mutator: 'ConditionalExpression', original: "if (end.kind !== 'result') await this.rules.creationUnanswered", replacement: "true", why: RULE_DOES_NOTHING('creationUnanswered', 'async () => {}') },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 45, mutator: 'ConditionalExpression', original: "if (end.kind !== 'result') await this.rules.creationUnanswered", replacement: "false", why: RULE_DOES_NOTHING('creationUnanswered', 'async () => {}') },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 45, mutator: 'EqualityOperator', original: "if (end.kind !== 'result') await this.rules.creationUnanswered", replacement: "end.kind === 'result'", why: RULE_DOES_NOTHING('creationUnanswered', 'async () => {}') },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 45, mutator: 'StringLiteral', original: "if (end.kind !== 'result') await this.rules.creationUnanswered", replacement: "\"\"", why: RULE_DOES_NOTHING('creationUnanswered', 'async () => {}') },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 143, mutator: 'ConditionalExpression', original: "if (end.kind === 'lost' || end.kind === 'unknown') await this.rules.relocationSourceLost", replacement: "true", why: `${RULE_DOES_NOTHING('relocationSourceLost', 'async () => {}')} Here it is called after finishFrom has ended the operation.` },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 143, mutator: 'ConditionalExpression', original: "if (end.kind === 'lost' || end.kind === 'unknown') await this.rules.relocationSourceLost", replacement: "false", why: `${RULE_DOES_NOTHING('relocationSourceLost', 'async () => {}')} Here it is called after finishFrom has ended the operation.` },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 143, mutator: 'LogicalOperator', original: "if (end.kind === 'lost' || end.kind === 'unknown') await this.rules.relocationSourceLost", replacement: "end.kind === 'lost' && end.kind === 'unknown'", why: `${RULE_DOES_NOTHING('relocationSourceLost', 'async () => {}')} Here it is called after finishFrom has ended the operation.` },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 143, mutator: 'EqualityOperator', original: "if (end.kind === 'lost' || end.kind === 'unknown') await this.rules.relocationSourceLost", replacement: "end.kind !== 'lost'", why: `${RULE_DOES_NOTHING('relocationSourceLost', 'async () => {}')} Here it is called after finishFrom has ended the operation.` },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 143, mutator: 'EqualityOperator', original: "if (end.kind === 'lost' || end.kind === 'unknown') await this.rules.relocationSourceLost", replacement: "end.kind !== 'unknown'", why: `${RULE_DOES_NOTHING('relocationSourceLost', 'async () => {}')} Here it is called after finishFrom has ended the operation.` },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 143, mutator: 'StringLiteral', original: "if (end.kind === 'lost' || end.kind === 'unknown') await this.rules.relocationSourceLost", replacement: "\"\"", why: `${RULE_DOES_NOTHING('relocationSourceLost', 'async () => {}')} Here it is called after finishFrom has ended the operation.` },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 164, mutator: 'ConditionalExpression', original: "if (spec.kind === 'join' && (await this.rules.joinAnsweredByCaller(this, op, spec, cur.version, rec))) return;", replacement: "true", why: JOIN_NOT_ANSWERED },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 164, mutator: 'ConditionalExpression', original: "if (spec.kind === 'join' && (await this.rules.joinAnsweredByCaller(this, op, spec, cur.version, rec))) return;", replacement: "false", why: JOIN_NOT_ANSWERED },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 164, mutator: 'EqualityOperator', original: "if (spec.kind === 'join' && (await this.rules.joinAnsweredByCaller(this, op, spec, cur.version, rec))) return;", replacement: "spec.kind !== 'join'", why: JOIN_NOT_ANSWERED },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 164, mutator: 'StringLiteral', original: "if (spec.kind === 'join' && (await this.rules.joinAnsweredByCaller(this, op, spec, cur.version, rec))) return;", replacement: "\"\"", why: JOIN_NOT_ANSWERED },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 67, mutator: 'ConditionalExpression', original: "if (!cached && !this.rules.readsRecordOnCacheMiss(!!spec.instanceIntent))", replacement: "false", why: READS_RECORD_ALWAYS },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 67, mutator: 'BooleanLiteral', original: "if (!cached && !this.rules.readsRecordOnCacheMiss(!!spec.instanceIntent))", replacement: "cached", why: READS_RECORD_ALWAYS },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 67, mutator: 'BooleanLiteral', original: "if (!cached && !this.rules.readsRecordOnCacheMiss(!!spec.instanceIntent))", replacement: "!spec.instanceIntent", why: READS_RECORD_ALWAYS },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 67, mutator: 'BooleanLiteral', original: "if (!cached && !this.rules.readsRecordOnCacheMiss(!!spec.instanceIntent))", replacement: "spec.instanceIntent", why: READS_RECORD_ALWAYS },
  { kind: 'conforming', file: OBJECT_CALLER, line: 81, mutator: 'ConditionalExpression', original: "ownerAlive: ownerLease !== null", replacement: "true", why: POINTER_NODE_GONE },
  { kind: 'equivalent', file: ROUTING, line: 114, mutator: 'ArrowFunction', original: "joinAnsweredByCaller: async () => false,", replacement: "() => undefined", why: JOIN_NOT_ANSWERED },
  { kind: 'conforming', file: ROUTING, line: 94, mutator: 'ArrowFunction', original: "trustsCachedOwner: (validUntil, now) => validUntil > now,", replacement: "() => undefined", why: NO_CACHE },
  { kind: 'conforming', file: ROUTING, line: 89, mutator: 'LogicalOperator', original: "return (end.kind !== 'result' || !end.completion.ok) && end.kind !== 'deadline' && end.kind !== 'ended';", replacement: "(end.kind !== 'result' || !end.completion.ok) && end.kind !== 'deadline' || end.kind !== 'ended'", why: CACHE_DROPPED_MORE },
  { kind: 'conforming', file: ROUTING, line: 89, mutator: 'LogicalOperator', original: "return (end.kind !== 'result' || !end.completion.ok) && end.kind !== 'deadline' && end.kind !== 'ended';", replacement: "end.kind !== 'result' || !end.completion.ok || end.kind !== 'deadline'", why: CACHE_DROPPED_MORE },
  { kind: 'conforming', file: ROUTING, line: 89, mutator: 'StringLiteral', original: "return (end.kind !== 'result' || !end.completion.ok) && end.kind !== 'deadline' && end.kind !== 'ended';", replacement: "\"\"", why: CACHE_DROPPED_MORE },
  { kind: 'conforming', file: ROUTING, line: 109, mutator: 'ConditionalExpression', original: "if (failedOnTheWay(end)) side.forgetOwner(spec.objectId);", replacement: "true", why: CACHE_DROPPED_MORE },
  { kind: 'equivalent', file: OBJECT_HOST, line: 36, mutator: 'ObjectLiteral', original: "this.side = { rid, read: (id) => this.read(id), factory: (id, g, input) => app.factory(rid, id, g, input), alive: () => ctx.alive(), rehost: (rec) => this.host(rec, true).mailbox };", replacement: "{}", why: SIDE_FOR_KIT_MUTANTS },
  { kind: 'equivalent', file: OBJECT_HOST, line: 36, mutator: 'ArrowFunction', original: "this.side = { rid, read: (id) => this.read(id), factory: (id, g, input) => app.factory(rid, id, g, input), alive: () => ctx.alive(), rehost: (rec) => this.host(rec, true).mailbox };", replacement: "() => undefined", why: SIDE_FOR_KIT_MUTANTS },
  { kind: 'equivalent', file: OBJECT_HOST, line: 34, mutator: 'LogicalOperator', original: "this.rules = ctx.hostRules ?? REFERENCE_HOST;", replacement: "ctx.hostRules && REFERENCE_HOST", why: HOST_RULES_GIVEN },
  { kind: 'equivalent', file: HOST_RULES, line: 111, mutator: 'ConditionalExpression', original: "firstMessageReplayed: (replayCursor) => replayCursor >= 1,", replacement: "false", why: CURSOR_ZERO_WHILE_UNFINISHED },
  { kind: 'equivalent', file: HOST_RULES, line: 111, mutator: 'EqualityOperator', original: "firstMessageReplayed: (replayCursor) => replayCursor >= 1,", replacement: "replayCursor > 1", why: CURSOR_ZERO_WHILE_UNFINISHED },
  { kind: 'equivalent', file: HOST_RULES, line: 111, mutator: 'ArrowFunction', original: "firstMessageReplayed: (replayCursor) => replayCursor >= 1,", replacement: "() => undefined", why: CURSOR_ZERO_WHILE_UNFINISHED },
  { kind: 'equivalent', file: ACTIVATION, line: 147, mutator: 'ConditionalExpression', original: "const replayed = later !== undefined && this.rules.firstMessageReplayed(rec.recovery!.replayCursor);", replacement: "false", why: CURSOR_ZERO_WHILE_UNFINISHED },
  { kind: 'equivalent', file: ACTIVATION, line: 147, mutator: 'ConditionalExpression', original: "const replayed = later !== undefined && this.rules.firstMessageReplayed(rec.recovery!.replayCursor);", replacement: "true", why: CURSOR_ZERO_WHILE_UNFINISHED },
  { kind: 'equivalent', file: ACTIVATION, line: 147, mutator: 'EqualityOperator', original: "const replayed = later !== undefined && this.rules.firstMessageReplayed(rec.recovery!.replayCursor);", replacement: "later === undefined", why: CURSOR_ZERO_WHILE_UNFINISHED },
  { kind: 'equivalent', file: ACTIVATION, line: 149, mutator: 'ConditionalExpression', original: "const firstResult = replayed || !first ? undefined : this.rules.restoreFirstMessage(inst.mailbox, first);", replacement: "false", why: CURSOR_ZERO_WHILE_UNFINISHED },
  { kind: 'equivalent', file: ACTIVATION, line: 149, mutator: 'LogicalOperator', original: "const firstResult = replayed || !first ? undefined : this.rules.restoreFirstMessage(inst.mailbox, first);", replacement: "replayed && !first", why: CURSOR_ZERO_WHILE_UNFINISHED },
  { kind: 'conforming', file: ACTIVATION, line: 150, mutator: 'ObjectLiteral', original: "{ ...rec.recovery!, replayCursor: 1 }", replacement: "{}", why: POINTER_AFTER_RESTORE },
  { kind: 'equivalent', file: HOST_RULES, line: 105, mutator: 'ConditionalExpression', original: "pointer.targetNode === rid", replacement: "true", why: LIFECYCLE_IS_ITS_NODE },
  { kind: 'equivalent', file: HOST_RULES, line: 102, mutator: 'ArrowFunction', original: "recoveryFactoryGeneration: (_found, continued) => continued.generation,", replacement: "() => undefined", why: RECOVERY_GENERATION_DEFAULT },
  { kind: 'conforming', file: AUTHORITY_RULES, line: 50, mutator: 'ArrowFunction', original: "eligibleAfterFailedRenewal: (eligibleUntil) => eligibleUntil,", replacement: "() => undefined", why: FAILED_RENEWAL_ENDS_AT_ONCE },
  { kind: 'conforming', file: CLOSING, line: 13, mutator: 'ConditionalExpression', original: "if (!rec || rec.state === 'Missing') return fail('NotFound');", replacement: "false", why: CLOSE_RACED_RELEASE },
  { kind: 'conforming', file: CLOSING, line: 13, mutator: 'LogicalOperator', original: "if (!rec || rec.state === 'Missing') return fail('NotFound');", replacement: "!rec && rec.state === 'Missing'", why: CLOSE_RACED_RELEASE },
  { kind: 'conforming', file: CLOSING, line: 13, mutator: 'StringLiteral', original: "if (!rec || rec.state === 'Missing') return fail('NotFound');", replacement: "\"\"", why: CLOSE_RACED_RELEASE },
  { kind: 'conforming', file: CLOSING, line: 30, mutator: 'ConditionalExpression', original: "if (!rec || rec.state === 'Missing') return fail('NotFound');", replacement: "false", why: CLOSE_RACED_RELEASE },
  { kind: 'conforming', file: CLOSING, line: 30, mutator: 'LogicalOperator', original: "if (!rec || rec.state === 'Missing') return fail('NotFound');", replacement: "!rec && rec.state === 'Missing'", why: CLOSE_RACED_RELEASE },
  { kind: 'conforming', file: CLOSING, line: 30, mutator: 'StringLiteral', original: "if (!rec || rec.state === 'Missing') return fail('NotFound');", replacement: "\"\"", why: CLOSE_RACED_RELEASE },
  { kind: 'equivalent', file: CLOSING, line: 22, mutator: 'ConditionalExpression', original: "!this.rules.closeReleasesAuthority()", replacement: "false", why: RULE_ALWAYS_RELEASES },
  { kind: 'conforming', file: OBJECT_CALLER, line: 65, mutator: 'ConditionalExpression', original: "cached && this.rules.trustsCachedOwner(cached.validUntil, this.node.clock.now(), this.caller.reachable(cached.owner))", replacement: "false", why: NO_CACHE },
  { kind: 'equivalent', file: OBJECT_HOST, line: 196, mutator: 'ConditionalExpression', original: "if (refused) return refused;", replacement: "false", why: NOTHING_REFUSES },
  { kind: 'equivalent', file: OBJECT_HOST, line: 199, mutator: 'ConditionalExpression', original: "if (activating) await activating;", replacement: "false", why: NOTHING_ACTIVATES_AGAIN },
  { kind: 'equivalent', file: ACTIVATION, line: 143, mutator: 'ConditionalExpression', original: "rebuilt && !(await rebuilt)", replacement: "false", why: NOTHING_REBUILT },
  { kind: 'equivalent', file: ACTIVATION, line: 131, mutator: 'ConditionalExpression', original: "if (!built) {", replacement: "true", why: NOT_BUILT_EARLY },
  { kind: 'equivalent', file: ACTIVATION, line: 107, mutator: 'ConditionalExpression', original: "early !== undefined", replacement: "false", why: EARLY_BUILD },
  { kind: 'conforming', file: ACTIVATION, line: 126, mutator: 'BooleanLiteral', original: "built = false,", replacement: "true", why: RESUME_WITHOUT_FACTORY },
  { kind: 'equivalent', file: OBJECT_HOST, line: 105, mutator: 'ConditionalExpression', original: "if (!node) return false;", replacement: "false", why: CREATING_HAS_OWNER },
  { kind: 'equivalent', file: 'impl-reference/objects/host-context.ts', line: 85, mutator: 'BlockStatement', original: "protected get side(): HostSide {", replacement: "{}", why: SIDE_FOR_KIT_MUTANTS },
  { kind: 'conforming', file: AUTHORITY, line: 53, mutator: 'ConditionalExpression', original: "if (!(e instanceof StoreUnavailableError) || opts.clock.now() >= giveUpAt) throw e;", replacement: "false", why: NEVER_GIVES_UP },
  { kind: 'conforming', file: AUTHORITY, line: 53, mutator: 'LogicalOperator', original: "if (!(e instanceof StoreUnavailableError) || opts.clock.now() >= giveUpAt) throw e;", replacement: "!(e instanceof StoreUnavailableError) && opts.clock.now() >= giveUpAt", why: NEVER_GIVES_UP },
  { kind: 'conforming', file: AUTHORITY, line: 53, mutator: 'EqualityOperator', original: "if (!(e instanceof StoreUnavailableError) || opts.clock.now() >= giveUpAt) throw e;", replacement: "opts.clock.now() > giveUpAt", why: NEVER_GIVES_UP },
  // ---- the relocation area (issue 25): relocation/*.ts, kernel/relocation-record.ts ---------------
  { kind: 'conforming', file: RELOC_RECORD, line: 22, mutator: 'StringLiteral', original: 'export const relocationsOf = (objectId: string) =>', replacement: '``', why: RELOCATION_KEYS },
  { kind: 'conforming', file: RELOC_RECORD, line: 22, mutator: 'ArrowFunction', original: 'export const relocationsOf = (objectId: string) =>', replacement: '() => undefined', why: RELOCATION_KEYS },
  { kind: 'conforming', file: RELOC_RECORD, line: 23, mutator: 'StringLiteral', original: "export const RELOCATION_PREFIX = 'rel/';", replacement: '""', why: RELOCATION_KEYS },
  { kind: 'conforming', file: RELOC_RULES, line: 117, mutator: 'OptionalChaining', original: 'isRelayReady: (reply) => !!reply?.ok,', replacement: 'reply.ok', why: NO_ANSWER_THROWS },
  { kind: 'equivalent', file: RELOC_RULES, line: 142, mutator: 'OptionalChaining', original: 'letGoMovedInstance: (_side, _objectId, f) => f.letGo?.(),', replacement: 'f.letGo()', why: LET_GO_ALWAYS },
  { kind: 'equivalent', file: RELOC_RULES, line: 142, mutator: 'ArrowFunction', original: 'letGoMovedInstance: (_side, _objectId, f) => f.letGo?.(),', replacement: '() => undefined', why: HELD_INSTANCE_IDLE },
  { kind: 'conforming', file: RELOC_RULES, line: 144, mutator: 'EqualityOperator', original: 'stillFollowing: (now, until) => now < until,', replacement: 'now <= until', why: FOLLOW_BOUNDARY },
  { kind: 'conforming', file: RELOC_MAIN, line: 83, mutator: 'BlockStatement', original: 'cancel(relocationId: string): WorkResult {', replacement: '{}', why: CANCEL_ON_FALLBACK },
  { kind: 'equivalent', file: RELOC_MAIN, line: 102, mutator: 'BlockStatement', original: 'async resumeAfterRestart(): Promise<void> {', replacement: '{}', why: NOTHING_RESUMED },
  { kind: 'equivalent', file: RELOC_MAIN, line: 108, mutator: 'BlockStatement', original: 'stopAll(): void {', replacement: '{}', why: STOPPED_NODE },
  { kind: 'conforming', file: RELOC_SIDE, line: 103, mutator: 'BlockStatement', original: 'export function relayWaitMs(side: Relocator): number {', replacement: '{}', why: RELAY_WAIT_UNBOUNDED },
  { kind: 'conforming', file: 'impl-reference/relocation/follow.ts', line: 16, mutator: 'ConditionalExpression', original: 'if (!f || f.committed) return;', replacement: 'false', why: FIRST_RESULT_AFTER_RETURN },
  { kind: 'conforming', file: 'impl-reference/relocation/follow.ts', line: 16, mutator: 'LogicalOperator', original: 'if (!f || f.committed) return;', replacement: '!f && f.committed', why: FIRST_RESULT_AFTER_RETURN },
  { kind: 'conforming', file: RELOC_SOURCE, line: 38, mutator: 'StringLiteral', original: "stage: 'preparing', writeId: ''", replacement: '""', why: STAGE_NAME },
  { kind: 'equivalent', file: RELOC_SOURCE, line: 38, mutator: 'StringLiteral', original: "stage: 'preparing', writeId: ''", replacement: '"Stryker was here!"', why: WRITE_ID },
  { kind: 'equivalent', file: RELOC_SOURCE, line: 40, mutator: 'ArrayDeclaration', original: 'return toTarget(side, rel, kind, []);', replacement: '["Stryker was here"]', why: TRIED_UNREAD },
  { kind: 'conforming', file: RELOC_SOURCE, line: 53, mutator: 'StringLiteral', original: "await side.setStage(rel, 'cancelled');", replacement: '""', why: STAGE_NAME },
  { kind: 'conforming', file: RELOC_SOURCE, line: 54, mutator: 'ObjectLiteral', original: "void side.ctx.sendWork(rel.target, { type: 'relocation-cancel', relocationId: rel.id }", replacement: '{}', why: CANCEL_ON_FALLBACK },
  { kind: 'conforming', file: RELOC_SOURCE, line: 54, mutator: 'StringLiteral', original: "void side.ctx.sendWork(rel.target, { type: 'relocation-cancel', relocationId: rel.id }", replacement: '""', why: CANCEL_ON_FALLBACK },
  { kind: 'conforming', file: RELOC_SOURCE, line: 60, mutator: 'ConditionalExpression', original: "if (side.ctx.takeFailpoint('relocation.relay-ready-record-reply-lost')) side.ctx.store.loseNextReply();", replacement: 'true', why: REPLY_LOST_ALWAYS },
  { kind: 'equivalent', file: RELOC_SOURCE, line: 66, mutator: 'ConditionalExpression', original: "if (!passed) return fail('RelocationFailed');", replacement: 'false', why: PASSED_DEFINED },
  { kind: 'equivalent', file: RELOC_SOURCE, line: 86, mutator: 'OptionalChaining', original: 'const after = r?.ok ? (r.value as { committedAfterReceiptMs?: unknown } | null)?.committedAfterReceiptMs : undefined;', replacement: '(r.value as {\n  committedAfterReceiptMs?: unknown;\n} | null).committedAfterReceiptMs', why: VALUE_NEVER_NULL },
  { kind: 'conforming', file: RELOC_SOURCE, line: 87, mutator: 'ConditionalExpression', original: "if (typeof after === 'number') changedNoLaterThan = sentAt + after;", replacement: 'false', why: FOLLOW_FROM_SENDING },
  { kind: 'conforming', file: RELOC_SOURCE, line: 87, mutator: 'StringLiteral', original: "if (typeof after === 'number') changedNoLaterThan = sentAt + after;", replacement: '""', why: FOLLOW_FROM_SENDING },
  { kind: 'conforming', file: RELOC_SOURCE, line: 87, mutator: 'ArithmeticOperator', original: "if (typeof after === 'number') changedNoLaterThan = sentAt + after;", replacement: 'sentAt - after', why: FOLLOW_FROM_SENDING },
  { kind: 'equivalent', file: RELOC_SOURCE, line: 95, mutator: 'BooleanLiteral', original: 'const undone = side.rules.cutoverNotConfirmed(side, rel, !submitFails);', replacement: 'submitFails', why: NOT_CONFIRMED_RULE },
  { kind: 'equivalent', file: RELOC_SOURCE, line: 96, mutator: 'ConditionalExpression', original: 'if (undone) return undone;', replacement: 'false', why: NOT_CONFIRMED_RULE },
  { kind: 'conforming', file: RELOC_SOURCE, line: 113, mutator: 'ObjectLiteral', original: 'return ok({ objectId: rel.objectId, generation: rel.generation, owner: rel.target });', replacement: '{}', why: REPLY_CONTENT },
  { kind: 'equivalent', file: RELOC_SOURCE, line: 133, mutator: 'OptionalChaining', original: 'if (rec?.owner === rel.target || side.ctx.clock.now() >= end || !side.ctx.alive()) return { owner: rec?.owner, notBefore };', replacement: 'rec.owner', why: RECORD_ALWAYS_THERE },
  { kind: 'conforming', file: RELOC_SOURCE, line: 133, mutator: 'EqualityOperator', original: 'if (rec?.owner === rel.target || side.ctx.clock.now() >= end || !side.ctx.alive()) return { owner: rec?.owner, notBefore };', replacement: 'side.ctx.clock.now() > end', why: "At `now === end` the source reads the authority record once more (one more backoff) before it gives up waiting for the owner change: the source is still never restored and no other target is tried (R-REL-2, V14); the chapter sets no time for this wait, and the relocation still ends at its own deadline at the latest." },
  { kind: 'equivalent', file: RELOC_TARGET, line: 18, mutator: 'StringLiteral', original: "if (side.ctx.takeFailpoint('relocation.fail-before-relay-ready')) return fail('RelocationFailed');", replacement: '""', why: FAILURE_KIND_UNREAD },
  { kind: 'equivalent', file: RELOC_TARGET, line: 29, mutator: 'ConditionalExpression', original: "if (fallbackMs !== undefined) p.fallback = side.ctx.clock.setTimeout(() => void commit(side, rel.id, 'fallback')", replacement: 'true', why: FALLBACK_ALWAYS },
  { kind: 'equivalent', file: RELOC_TARGET, line: 29, mutator: 'StringLiteral', original: "if (fallbackMs !== undefined) p.fallback = side.ctx.clock.setTimeout(() => void commit(side, rel.id, 'fallback')", replacement: '""', why: CONTINUES_ALONE },
  { kind: 'equivalent', file: RELOC_TARGET, line: 31, mutator: 'ObjectLiteral', original: 'return ok({ relayReady: true });', replacement: '{}', why: REPLY_UNREAD },
  { kind: 'equivalent', file: RELOC_TARGET, line: 31, mutator: 'BooleanLiteral', original: 'return ok({ relayReady: true });', replacement: 'false', why: REPLY_UNREAD },
  { kind: 'conforming', file: RELOC_TARGET, line: 34, mutator: 'BlockStatement', original: 'export function cancel(side: RuledSide, relocationId: string): WorkResult {', replacement: '{}', why: CANCEL_ON_FALLBACK },
  { kind: 'conforming', file: RELOC_TARGET, line: 36, mutator: 'ConditionalExpression', original: 'if (p && !p.committing) {', replacement: 'true', why: `${CANCEL_ON_FALLBACK} A cancel that finds no Prepared makes the mutant throw (\`p.fallback\`), which runWork answers with a failure the source does not read (it voids the cancel's answer); one that finds its commit under way discards what that commit would have discarded itself (the stage is cancelled).` },
  { kind: 'conforming', file: RELOC_TARGET, line: 36, mutator: 'ConditionalExpression', original: 'if (p && !p.committing) {', replacement: 'false', why: CANCEL_ON_FALLBACK },
  { kind: 'conforming', file: RELOC_TARGET, line: 36, mutator: 'LogicalOperator', original: 'if (p && !p.committing) {', replacement: 'p || !p.committing', why: `${CANCEL_ON_FALLBACK} A cancel that finds no Prepared makes the mutant throw (\`p.committing\`), which runWork answers with a failure the source does not read; one that finds its commit under way discards what that commit would have discarded itself (the stage is cancelled).` },
  { kind: 'equivalent', file: RELOC_TARGET, line: 41, mutator: 'ObjectLiteral', original: 'return ok({ cancelled: true });', replacement: '{}', why: REPLY_UNREAD },
  { kind: 'equivalent', file: RELOC_TARGET, line: 41, mutator: 'BooleanLiteral', original: 'return ok({ cancelled: true });', replacement: 'false', why: REPLY_UNREAD },
  { kind: 'equivalent', file: RELOC_TARGET, line: 46, mutator: 'ConditionalExpression', original: "if (!p && !side.ctx.hosted(objectId)) return fail('Unavailable');", replacement: 'false', why: RELAY_WITHOUT_GUARD },
  { kind: 'equivalent', file: RELOC_TARGET, line: 46, mutator: 'BooleanLiteral', original: "if (!p && !side.ctx.hosted(objectId)) return fail('Unavailable');", replacement: 'p', why: RELAY_WITHOUT_GUARD },
  { kind: 'equivalent', file: RELOC_TARGET, line: 48, mutator: 'ConditionalExpression', original: 'const activating = p && side.rules.relayedIntoPrepared(side, p);', replacement: 'true', why: NO_PREPARE_ACTIVATION },
  { kind: 'equivalent', file: RELOC_TARGET, line: 48, mutator: 'ConditionalExpression', original: 'const activating = p && side.rules.relayedIntoPrepared(side, p);', replacement: 'false', why: NO_PREPARE_ACTIVATION },
  { kind: 'equivalent', file: RELOC_TARGET, line: 48, mutator: 'LogicalOperator', original: 'const activating = p && side.rules.relayedIntoPrepared(side, p);', replacement: 'p || side.rules.relayedIntoPrepared(side, p)', why: NO_PREPARE_ACTIVATION },
  { kind: 'equivalent', file: RELOC_TARGET, line: 49, mutator: 'ConditionalExpression', original: 'if (activating) await activating;', replacement: 'true', why: NO_PREPARE_ACTIVATION },
  { kind: 'equivalent', file: RELOC_TARGET, line: 49, mutator: 'ConditionalExpression', original: 'if (activating) await activating;', replacement: 'false', why: NO_PREPARE_ACTIVATION },
  { kind: 'equivalent', file: RELOC_TARGET, line: 60, mutator: 'StringLiteral', original: "const r = await commit(side, relocationId, 'cutover');", replacement: '""', why: CONTINUES_ALONE },
  { kind: 'equivalent', file: RELOC_TARGET, line: 62, mutator: 'OptionalChaining', original: 'if (r?.ok && p?.committedAt !== undefined) return ok(', replacement: 'r.ok', why: DEAD_WHEN_UNDEFINED },
  { kind: 'equivalent', file: RELOC_TARGET, line: 62, mutator: 'OptionalChaining', original: 'if (r?.ok && p?.committedAt !== undefined) return ok(', replacement: 'p.committedAt', why: COMMITTED_AT_SET },
  { kind: 'conforming', file: RELOC_TARGET, line: 62, mutator: 'ConditionalExpression', original: 'if (r?.ok && p?.committedAt !== undefined) return ok(', replacement: 'false', why: FOLLOW_FROM_SENDING },
  { kind: 'conforming', file: RELOC_TARGET, line: 62, mutator: 'EqualityOperator', original: 'if (r?.ok && p?.committedAt !== undefined) return ok(', replacement: 'p?.committedAt === undefined', why: FOLLOW_FROM_SENDING },
  { kind: 'conforming', file: RELOC_TARGET, line: 62, mutator: 'ObjectLiteral', original: 'if (r?.ok && p?.committedAt !== undefined) return ok(', replacement: '{}', why: FOLLOW_FROM_SENDING },
  { kind: 'equivalent', file: RELOC_TARGET, line: 68, mutator: 'ConditionalExpression', original: "if (!p) return Promise.resolve(fail('Unavailable'));", replacement: 'false', why: NO_PREPARED_NO_FALLBACK },
  { kind: 'equivalent', file: RELOC_TARGET, line: 78, mutator: 'ConditionalExpression', original: 'if (!side.ctx.alive()) return undefined;', replacement: 'false', why: DEAD_NODE_COMMIT },
  { kind: 'equivalent', file: RELOC_TARGET, line: 81, mutator: 'ConditionalExpression', original: "if (how === 'fallback' && !(await side.rules.continuesAlone(side, rel))) return discard(side, rel);", replacement: 'false', why: CONTINUES_ALONE },
  { kind: 'equivalent', file: RELOC_TARGET, line: 81, mutator: 'ConditionalExpression', original: "if (how === 'fallback' && !(await side.rules.continuesAlone(side, rel))) return discard(side, rel);", replacement: 'true', why: CONTINUES_ALONE },
  { kind: 'equivalent', file: RELOC_TARGET, line: 81, mutator: 'EqualityOperator', original: "if (how === 'fallback' && !(await side.rules.continuesAlone(side, rel))) return discard(side, rel);", replacement: "how !== 'fallback'", why: CONTINUES_ALONE },
  { kind: 'equivalent', file: RELOC_TARGET, line: 81, mutator: 'StringLiteral', original: "if (how === 'fallback' && !(await side.rules.continuesAlone(side, rel))) return discard(side, rel);", replacement: '""', why: CONTINUES_ALONE },
  { kind: 'equivalent', file: RELOC_TARGET, line: 84, mutator: 'OptionalChaining', original: "if (relCur.value?.stage !== 'relay-ready-accepted') return discard(side, rel);", replacement: 'relCur.value.stage', why: RELOCATION_RECORD_THERE },
  { kind: 'equivalent', file: RELOC_TARGET, line: 87, mutator: 'StringLiteral', original: "if (!rec || rec.owner !== rel.source || rec.generation !== rel.generation) return fail('RelocationFailed');", replacement: '""', why: FAILURE_KIND_UNREAD },
  { kind: 'equivalent', file: RELOC_TARGET, line: 90, mutator: 'StringLiteral', original: "const next: LocationRecord = { ...rec, owner: side.ctx.rid, generation, writeId: '' };", replacement: '"Stryker was here!"', why: WRITE_ID },
  { kind: 'equivalent', file: RELOC_TARGET, line: 112, mutator: 'ObjectLiteral', original: 'return ok({ committed: true });', replacement: '{}', why: REPLY_UNREAD },
  { kind: 'equivalent', file: RELOC_TARGET, line: 112, mutator: 'BooleanLiteral', original: 'return ok({ committed: true });', replacement: 'false', why: REPLY_UNREAD },
  { kind: 'conforming', file: RELOC_TARGET, line: 141, mutator: 'StringLiteral', original: "side.ctx.app.lifecycle(side.ctx.rid, rel.objectId, generation, 'relocated-in', !failed);", replacement: '""', why: LIFECYCLE_EVENT_NAME },
  { kind: 'equivalent', file: RELOC_TARGET, line: 146, mutator: 'ConditionalExpression', original: 'if (undone) return undone;', replacement: 'false', why: AFTER_LIFECYCLE_RULE },
  // ---- the sessions area (issue 25) ----------------------------------------------------------
  { kind: 'equivalent', file: SESSION_RULES, line: 103, mutator: 'ArrowFunction', original: "connectionTakenOver: () => false,", replacement: "() => undefined", why: NOTHING_TAKEN_OVER },
  { kind: 'equivalent', file: SESSION_HOST, line: 112, mutator: 'ConditionalExpression', original: "if (s.state === 'open' && how === 'abandon' && this.rules.connectionTakenOver(this.side, s)) continue;", replacement: "false", why: NOTHING_TAKEN_OVER },
  { kind: 'equivalent', file: SESSION_HOST, line: 112, mutator: 'ConditionalExpression', original: "if (s.state === 'open' && how === 'abandon' && this.rules.connectionTakenOver(this.side, s)) continue;", replacement: "true", why: NOTHING_TAKEN_OVER },
  { kind: 'equivalent', file: SESSION_HOST, line: 112, mutator: 'LogicalOperator', original: "if (s.state === 'open' && how === 'abandon' && this.rules.connectionTakenOver(this.side, s)) continue;", replacement: "s.state === 'open' || how === 'abandon'", why: NOTHING_TAKEN_OVER },
  { kind: 'equivalent', file: SESSION_HOST, line: 112, mutator: 'EqualityOperator', original: "if (s.state === 'open' && how === 'abandon' && this.rules.connectionTakenOver(this.side, s)) continue;", replacement: "s.state !== 'open'", why: NOTHING_TAKEN_OVER },
  { kind: 'equivalent', file: SESSION_HOST, line: 112, mutator: 'StringLiteral', original: "if (s.state === 'open' && how === 'abandon' && this.rules.connectionTakenOver(this.side, s)) continue;", replacement: "\"\"", why: NOTHING_TAKEN_OVER },
  { kind: 'equivalent', file: SESSION_HOST, line: 112, mutator: 'EqualityOperator', original: "if (s.state === 'open' && how === 'abandon' && this.rules.connectionTakenOver(this.side, s)) continue;", replacement: "how !== 'abandon'", why: NOTHING_TAKEN_OVER },
  { kind: 'equivalent', file: SESSION_HOST, line: 246, mutator: 'ConditionalExpression', original: "if (result) this.rules.replyOfLostSession(this.side, work, opId, result);", replacement: "true", why: NO_LOST_SESSION_RULE('replyOfLostSession', '() => {}') },
  { kind: 'equivalent', file: SESSION_HOST, line: 246, mutator: 'ConditionalExpression', original: "if (result) this.rules.replyOfLostSession(this.side, work, opId, result);", replacement: "false", why: NO_LOST_SESSION_RULE('replyOfLostSession', '() => {}') },
  { kind: 'equivalent', file: SESSION_REQUESTS, line: 168, mutator: 'ConditionalExpression', original: "if (!b) b = await this.rules.relayTokenNotHeld(this.desk, session, token);", replacement: "false", why: TOKEN_NOT_HELD('relayTokenNotHeld') },
  { kind: 'equivalent', file: SESSION_REQUESTS, line: 208, mutator: 'ConditionalExpression', original: "if (!b) b = this.rules.unbindTokenNotHeld(this.desk, token);", replacement: "false", why: TOKEN_NOT_HELD('unbindTokenNotHeld') },
  { kind: 'equivalent', file: SESSION_HOST, line: 64, mutator: 'ObjectLiteral', original: "this.side = { owner: this, sessions: this.sessions, shared: ctx.shared };", replacement: "{}", why: SIDE_FOR_SESSION_MUTANTS },
  { kind: 'equivalent', file: SESSION_HOST, line: 175, mutator: 'ConditionalExpression', original: "if (persisting) {", replacement: "false", why: NOT_PERSISTED },
  { kind: 'equivalent', file: SESSION_HOST, line: 129, mutator: 'ConditionalExpression', original: "if (this.node.live()) this.send(session,", replacement: "true", why: SEND_CHECKS_LIVE },
  { kind: 'equivalent', file: SESSION_HOST, line: 220, mutator: 'ConditionalExpression', original: "if (b.route === u.owner && b.location.owner === u.owner) continue;", replacement: "true", why: `${ROUTE_IS_LOCATION} (The mutant that makes the whole test true is killed: it moves no binding.)` },
  { kind: 'equivalent', file: SESSION_HOST, line: 220, mutator: 'LogicalOperator', original: "if (b.route === u.owner && b.location.owner === u.owner) continue;", replacement: "b.route === u.owner || b.location.owner === u.owner", why: ROUTE_IS_LOCATION },
  { kind: 'equivalent', file: SESSION_HOST, line: 210, mutator: 'ConditionalExpression', original: "if (session.state !== 'open') continue;", replacement: "false", why: ENDED_SESSION_HAS_NO_BOUND },
  { kind: 'equivalent', file: SESSION_HOST, line: 216, mutator: 'ConditionalExpression', original: "if (!this.rules.bindingFollowsRelocation()) {", replacement: "false", why: ALWAYS_FOLLOWS },
  { kind: 'equivalent', file: SESSION_HOST, line: 160, mutator: 'ConditionalExpression', original: "if (ending.state === 'open') this.endSession(ending, true);", replacement: "true", why: CLOSED_ALREADY },
  { kind: 'equivalent', file: SESSION_HOST, line: 160, mutator: 'BooleanLiteral', original: "if (ending.state === 'open') this.endSession(ending, true);", replacement: "false", why: CLOSED_ALREADY },
  { kind: 'equivalent', file: SESSION_HOST, line: 158, mutator: 'ConditionalExpression', original: "if (!this.node.live() || this.stopped) return;", replacement: "false", why: DEAD_OR_HUNG_NOT_ASKED },
  { kind: 'equivalent', file: SESSION_HOST, line: 158, mutator: 'LogicalOperator', original: "if (!this.node.live() || this.stopped) return;", replacement: "!this.node.live() && this.stopped", why: DEAD_OR_HUNG_NOT_ASKED },
  { kind: 'equivalent', file: SESSION_REQUESTS, line: 181, mutator: 'StringLiteral', original: "op.finish('failure');", replacement: "\"\"", why: RELAY_RESULT_UNREAD },
  { kind: 'equivalent', file: SESSION_REQUESTS, line: 178, mutator: 'LogicalOperator', original: "client: session.client ?? ''", replacement: "session.client && ''", why: CLIENT_UNREAD },
  { kind: 'conforming', file: SESSION_HOST, line: 114, mutator: 'ConditionalExpression', original: "if (how === 'abandon') s.socket.resetAndDestroy();", replacement: "true", why: HOW_THE_CONNECTION_ENDS },
  { kind: 'conforming', file: SESSION_HOST, line: 114, mutator: 'ConditionalExpression', original: "if (how === 'abandon') s.socket.resetAndDestroy();", replacement: "false", why: HOW_THE_CONNECTION_ENDS },
  { kind: 'conforming', file: SESSION_HOST, line: 114, mutator: 'EqualityOperator', original: "if (how === 'abandon') s.socket.resetAndDestroy();", replacement: "how !== 'abandon'", why: HOW_THE_CONNECTION_ENDS },
  { kind: 'conforming', file: SESSION_HOST, line: 114, mutator: 'StringLiteral', original: "if (how === 'abandon') s.socket.resetAndDestroy();", replacement: "\"\"", why: HOW_THE_CONNECTION_ENDS },
  { kind: 'conforming', file: SESSION_HOST, line: 166, mutator: 'ConditionalExpression', original: "if (closeSocket && !session.socket.destroyed) session.socket.end();", replacement: "true", why: `${HOW_THE_CONNECTION_ENDS} Here only stop() passes closeSocket false (line 113), and closes the socket itself on the next line.` },
  { kind: 'conforming', file: SESSION_HOST, line: 166, mutator: 'LogicalOperator', original: "if (closeSocket && !session.socket.destroyed) session.socket.end();", replacement: "closeSocket || !session.socket.destroyed", why: `${HOW_THE_CONNECTION_ENDS} Here only stop() passes closeSocket false (line 113), and closes the socket itself on the next line.` },
  { kind: 'equivalent', file: SESSION_HOST, line: 92, mutator: 'ConditionalExpression', original: "return !this.stopped && this.node.alive;", replacement: "true", why: RUNNING_IS_STOPPED },
  { kind: 'equivalent', file: SESSION_HOST, line: 92, mutator: 'LogicalOperator', original: "return !this.stopped && this.node.alive;", replacement: "!this.stopped || this.node.alive", why: RUNNING_IS_STOPPED },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 70, mutator: 'BlockStatement', original: "} catch {", replacement: "{}", why: `${BAD_REQUEST_DETAIL} (Without the catch's answer, the line that is not JSON leaves \`frame\` undefined and is answered by the next test, line 73: fail BadRequest with no id, as here.)` },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 71, mutator: 'StringLiteral', original: "detail: 'the line is not JSON'", replacement: "\"\"", why: BAD_REQUEST_DETAIL },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 73, mutator: 'ConditionalExpression', original: "typeof frame.t !== 'string'", replacement: "false", why: `${BAD_REQUEST_DETAIL} (An object with a string id and no string \`t\` goes on to serve(), whose switch answers it \`bad(unknown request ...)\` with its id: fail BadRequest for that id, as here.)` },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 75, mutator: 'StringLiteral', original: "detail: 'a request is an object with string fields \"t\" and \"id\"'", replacement: "\"\"", why: BAD_REQUEST_DETAIL },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 86, mutator: 'StringLiteral', original: "return bad('hello needs a \"client\" name');", replacement: "\"\"", why: BAD_REQUEST_DETAIL },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 91, mutator: 'StringLiteral', original: "return bad('bind needs an \"objectId\"');", replacement: "\"\"", why: BAD_REQUEST_DETAIL },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 94, mutator: 'StringLiteral', original: "return bad('relay needs a \"token\" and a \"payload\"');", replacement: "\"\"", why: BAD_REQUEST_DETAIL },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 99, mutator: 'StringLiteral', original: "return bad('unbind needs a \"token\"');", replacement: "\"\"", why: BAD_REQUEST_DETAIL },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 102, mutator: 'StringLiteral', original: "return bad(`unknown request \"${f.t}\"`);", replacement: "``", why: BAD_REQUEST_DETAIL },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 147, mutator: 'ConditionalExpression', original: "b.state === 'bound'", replacement: "true", why: `${TERMINATED_EITHER_WAY} (Here: binding an Actor's new incarnation ends again that Actor's earlier bindings of another generation that are terminated already.)` },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 147, mutator: 'ConditionalExpression', original: "b.generation !== rec.generation", replacement: "true", why: "Binding the same incarnation again ends the Session's earlier binding of it: a relay or unbind through the earlier token is then refused BindingEnded. The chapter terminates a binding when its Actor is removed or created again (6, V09) and says nothing of two bindings of one incarnation in one Session: whether a second bind adds one or replaces the first is the Session and Actor Binding chapter's, which the kit does not have (docs/assumptions.md). No binding of another incarnation or Actor is touched, and the new binding is bound (the kit's scenarios bind an incarnation again only after unbinding it, sessions.feature:195)." },
  { kind: 'conforming', file: SESSION_HOST, line: 165, mutator: 'ConditionalExpression', original: "if (b.state === 'bound') this.setState(b, 'ended');", replacement: "true", why: `${TERMINATED_EITHER_WAY} (Here: a Session that ends relabels the bindings its client unbound.)` },
  { kind: 'conforming', file: SESSION_REQUESTS, line: 192, mutator: 'ConditionalExpression', original: "if (c.errorKind === 'BindingEnded' && b.state === 'bound') this.desk.endBinding(session, b);", replacement: "true", why: `${TERMINATED_EITHER_WAY} (Here: the route refused a relay BindingEnded, and the binding it went through was terminated while the relay was on its way: unbound by the client, or ended by a bind of a newer incarnation.)` },
  { kind: 'equivalent', file: SESSION_HOST, line: 262, mutator: 'ConditionalExpression', original: "if (s.client) v.client = s.client;", replacement: "true", why: "hello refuses an empty client name (requests.ts:86), so s.client is undefined or a non-empty string: the mutant sets v.client to undefined where the reference leaves it out, and a reader of the view gets undefined from either (JSON, as the wire carries the view, drops an undefined field; OwnerSessionView.client is optional)." },
  { kind: 'equivalent', file: SESSION_HOST, line: 113, mutator: 'ConditionalExpression', original: "if (s.state === 'open') this.endSession(s, false);", replacement: "true", why: STOPPED_PROCESS_UNREAD },
  { kind: 'equivalent', file: SESSION_HOST, line: 113, mutator: 'ConditionalExpression', original: "if (s.state === 'open') this.endSession(s, false);", replacement: "false", why: STOPPED_PROCESS_UNREAD },
  { kind: 'equivalent', file: SESSION_HOST, line: 113, mutator: 'EqualityOperator', original: "if (s.state === 'open') this.endSession(s, false);", replacement: "s.state !== 'open'", why: STOPPED_PROCESS_UNREAD },
  { kind: 'equivalent', file: SESSION_HOST, line: 113, mutator: 'StringLiteral', original: "if (s.state === 'open') this.endSession(s, false);", replacement: "\"\"", why: STOPPED_PROCESS_UNREAD },
  { kind: 'conforming', file: SESSION_HOST, line: 113, mutator: 'BooleanLiteral', original: "if (s.state === 'open') this.endSession(s, false);", replacement: "true", why: `${HOW_THE_CONNECTION_ENDS} Here the stopping process ends each Session's connection first (an end), and then closes it as line 114-116 do.` },
  { kind: 'equivalent', file: 'impl-reference/sessions/protocol.ts', line: 25, mutator: 'StringLiteral', original: ".update('spotcheck session client credential').digest('hex');", replacement: "\"\"", why: SAME_DERIVATION_BOTH_ENDS },
  { kind: 'equivalent', file: 'impl-reference/sessions/protocol.ts', line: 29, mutator: 'StringLiteral', original: ".update(`session-auth\\n${nonce}`)", replacement: "``", why: SAME_DERIVATION_BOTH_ENDS },
  // the objects area, issue 25 (third pass)
  { kind: 'equivalent', file: OBJECT_HOST, line: 41, mutator: 'ObjectLiteral', original: 'return inst && { kind: inst.kind, generation: inst.generation };', replacement: '{}', why: HOSTED_KIND_UNREAD },
  { kind: 'equivalent', file: OBJECT_HOST, line: 53, mutator: 'BlockStatement', original: 'return () => {', replacement: '{}', why: HELD_INSTANCE_IDLE },
  { kind: 'equivalent', file: OBJECT_HOST, line: 54, mutator: 'ConditionalExpression', original: 'if (inst && this.instances.get(id) === inst) this.dispose(id);', replacement: 'false', why: HELD_INSTANCE_IDLE },
  { kind: 'equivalent', file: OBJECT_HOST, line: 58, mutator: 'StringLiteral', original: "state: 'Ready', writeId: '' }, false),", replacement: '""', why: HOSTED_STATE_UNREAD },
  { kind: 'equivalent', file: OBJECT_HOST, line: 59, mutator: 'OptionalChaining', original: "post: (id, letter) => this.instances.get(id)?.mailbox.post(letter) ?? Promise.resolve(fail('Unavailable')),", replacement: 'this.instances.get(id).mailbox', why: THROW_IS_UNAVAILABLE },
  { kind: 'equivalent', file: OBJECT_HOST, line: 146, mutator: 'ConditionalExpression', original: 'if (this.rules.letGoInstanceStopsTimer()) this.ctx.clock.clearTimer(inst.ticker);', replacement: 'true', why: RULE_ALWAYS_STOPS_TIMER },
  { kind: 'equivalent', file: OBJECT_HOST, line: 214, mutator: 'ConditionalExpression', original: 'if (!this.rules.reconfirmsOwners()) return;', replacement: 'false', why: RULE_ALWAYS_RECONFIRMS },
  { kind: 'conforming', file: OBJECT_HOST, line: 184, mutator: 'ConditionalExpression', original: 'if (instanceIntent) {', replacement: 'true', why: RESUME_WITHOUT_INTENT },
  { kind: 'conforming', file: OBJECT_HOST, line: 199, mutator: 'ConditionalExpression', original: 'if (activating) await activating;', replacement: 'true', why: ONE_MORE_MICROTASK },
  { kind: 'conforming', file: ACTIVATION, line: 101, mutator: 'ConditionalExpression', original: 'if (early) await early;', replacement: 'true', why: ONE_MORE_MICROTASK },
  { kind: 'equivalent', file: ACTIVATION, line: 70, mutator: 'OptionalChaining', original: 'const p = rec?.recovery;', replacement: 'rec.recovery', why: THROW_IS_UNAVAILABLE },
  { kind: 'equivalent', file: ACTIVATION, line: 71, mutator: 'ConditionalExpression', original: "const unfinished = rec?.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !rec.firstMessageRestored));", replacement: 'true', why: POINTER_OWN_ACTIVATION },
  { kind: 'equivalent', file: ACTIVATION, line: 71, mutator: 'LogicalOperator', original: "const unfinished = rec?.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !rec.firstMessageRestored));", replacement: "rec?.kind === 'instance-spot' || rec.state === 'Creating' || rec.state === 'Ready' && !rec.firstMessageRestored", why: POINTER_OWN_ACTIVATION },
  { kind: 'equivalent', file: ACTIVATION, line: 71, mutator: 'LogicalOperator', original: "const unfinished = rec?.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !rec.firstMessageRestored));", replacement: "rec.state === 'Ready' || !rec.firstMessageRestored", why: POINTER_OWN_ACTIVATION },
  { kind: 'equivalent', file: ACTIVATION, line: 71, mutator: 'OptionalChaining', original: "const unfinished = rec?.kind === 'instance-spot' && (rec.state === 'Creating' || (rec.state === 'Ready' && !rec.firstMessageRestored));", replacement: 'rec.kind', why: THROW_IS_UNAVAILABLE },
  { kind: 'equivalent', file: ACTIVATION, line: 74, mutator: 'ConditionalExpression', original: 'if (!rec || !unfinished || !samePointer) return NOTHING_TO_RESUME;', replacement: 'false', why: `${POINTER_OWN_ACTIVATION} (Here \`!rec\` is false: a missing record has \`unfinished\` false, which returns the same.)` },
  { kind: 'equivalent', file: ACTIVATION, line: 74, mutator: 'LogicalOperator', original: 'if (!rec || !unfinished || !samePointer) return NOTHING_TO_RESUME;', replacement: '!rec && !unfinished', why: POINTER_OWN_ACTIVATION },
  { kind: 'equivalent', file: ACTIVATION, line: 105, mutator: 'BooleanLiteral', original: 'return this.message(objectId, first, undefined, true);', replacement: 'false', why: LOSER_RESUMES_NOTHING },
  { kind: 'conforming', file: ACTIVATION, line: 95, mutator: 'StringLiteral', original: 'recovery: { root: `activation/${objectId}/${generation}`', replacement: '``', why: POINTER_ROOT_NAME },
  { kind: 'conforming', file: ACTIVATION, line: 96, mutator: 'BooleanLiteral', original: 'firstMessageRestored: false,', replacement: 'true', why: CREATING_SAYS_UNFINISHED },
  { kind: 'conforming', file: ACTIVATION, line: 135, mutator: 'ConditionalExpression', original: "if (rec.state === 'Creating') {", replacement: 'true', why: READY_WRITTEN_AGAIN },
  { kind: 'equivalent', file: ROUTING, line: 99, mutator: 'OptionalChaining', original: 'f.rec.recovery?.targetNode ?? f.rec.owner!', replacement: 'f.rec.recovery.targetNode', why: POINTER_NEVER_MISSING },
  { kind: 'conforming', file: OBJECT_CALLER, line: 83, mutator: 'ConditionalExpression', original: "(rec.state === 'Ready' && !this.rules.firstMessageRestored(rec))", replacement: 'false', why: READY_UNRESTORED_TO_OWNER },
  { kind: 'conforming', file: OBJECT_CALLER, line: 83, mutator: 'ConditionalExpression', original: "(rec.state === 'Ready' && !this.rules.firstMessageRestored(rec))", replacement: 'true', why: READY_UNRESTORED_TO_OWNER },
  { kind: 'conforming', file: OBJECT_CALLER, line: 83, mutator: 'EqualityOperator', original: "(rec.state === 'Ready' && !this.rules.firstMessageRestored(rec))", replacement: "rec.state !== 'Ready'", why: READY_UNRESTORED_TO_OWNER },
  { kind: 'conforming', file: OBJECT_CALLER, line: 83, mutator: 'StringLiteral', original: "(rec.state === 'Ready' && !this.rules.firstMessageRestored(rec))", replacement: '""', why: READY_UNRESTORED_TO_OWNER },
  { kind: 'conforming', file: OBJECT_CALLER, line: 87, mutator: 'ConditionalExpression', original: "if (rec.state !== 'Ready') return this.rules.notReady(this, op, found);", replacement: 'false', why: NOT_READY_TO_OWNER },
  { kind: 'equivalent', file: OBJECT_HOST, line: 226, mutator: 'BlockStatement', original: 'stopAll(): void {', replacement: '{}', why: STOPPED_HOST },
  { kind: 'equivalent', file: OBJECT_HOST, line: 228, mutator: 'ArrayDeclaration', original: 'for (const id of [...this.instances.keys()]) this.dispose(id);', replacement: '[]', why: STOPPED_HOST },
  { kind: 'equivalent', file: OBJECT_HOST, line: 219, mutator: 'ConditionalExpression', original: '!!rec &&', replacement: 'true', why: RECORD_OF_HOSTED },
  { kind: 'conforming', file: OBJECT_HOST, line: 220, mutator: 'ConditionalExpression', original: 'rec.owner === this.ctx.rid &&', replacement: 'true', why: RECONFIRM_SAME_GENERATION_ELSEWHERE },
  { kind: 'conforming', file: OBJECT_HOST, line: 219, mutator: 'LogicalOperator', original: '!!rec &&', replacement: '!!rec || rec.owner === this.ctx.rid', why: RECONFIRM_SAME_GENERATION_ELSEWHERE },
  { kind: 'equivalent', file: OBJECT_HOST, line: 222, mutator: 'ConditionalExpression', original: "if (!named || (rec.state !== 'Ready' && rec.state !== 'Creating')) this.dispose(inst.objectId);", replacement: 'false', why: CLOSING_DISPOSES_ITSELF },
  { kind: 'conforming', file: ACTIVATION, line: 83, mutator: 'BooleanLiteral', original: 'return this.message(objectId, first, undefined, true);', replacement: 'false', why: EARLY_PATH_WITHOUT_INTENT },
  { kind: 'conforming', file: ROUTING, line: 99, mutator: 'LogicalOperator', original: 'f.rec.recovery?.targetNode ?? f.rec.owner!', replacement: 'f.rec.recovery?.targetNode && f.rec.owner!', why: TARGET_NODE_IS_OWNER },
];
