// Mutants: the reference runtime with exactly one rule broken. The kit proves that each one is
// caught by the scenarios tagged with the IDs it breaks; a mutant that survives is a bug in the kit.
//
// The layer: this module has the names and `broken`, the question the runtime asks at the place
// where a rule lives ("is this rule broken in this run?"); a name is a literal type, so a misspelt
// one at a decision point does not compile. Code that exists only to act out a bug lives beside
// it, one module per area of the runtime (channel, connection, objects, relocation, sessions),
// called from that single decision point. The layer imports only leaf modules of the runtime
// (types, records, Operation): what it needs of a runtime class it declares as an interface.
// The kit's own instruments (the Driver's outcome bookkeeping, the Session test client) never ask.

/** One mutant as the list spells it (the literal types of `name` make MutantName). */
interface MutantSpec {
  readonly name: string;
  readonly breaks: readonly string[];
  readonly what: string;
}

const LIST = [
  { name: 'reselect-after-acceptance', breaks: ['V01.2'], what: 'a channel operation whose connection drops after acceptance is sent to another server' },
  { name: 'rerun-accepted-on-timeout', breaks: ['R-GEN-2.2'], what: 'an accepted operation that reaches its deadline is re-run on another server' },
  { name: 'direct-reroutes', breaks: ['V02.1'], what: 'node direct to a busy or not-ready node is delivered to another node of the mesh' },
  { name: 'resubmit-on-unknown-acceptance', breaks: ['V03.1'], what: 'an operation whose acceptance is unknown after a connection loss is resubmitted to another peer' },
  { name: 'peer-failure-marks-host-error', breaks: ['V04.2'], what: 'the host turns Error when one peer fails liveness' },
  { name: 'peer-failure-spreads', breaks: ['V04.1'], what: 'one peer failing liveness resets every peer connection of the node' },
  { name: 'reconnect-reuses-connection-id', breaks: ['V05.3'], what: 'a reconnect keeps the previous connection ID' },
  { name: 'reconnect-skips-verification', breaks: ['V05.2'], what: 'a reconnect does not verify the identity proven in the handshake' },
  { name: 'reconnect-reuses-reply-route', breaks: ['V05.4'], what: 'operations in flight on a lost connection wait for their reply on the new connection' },
  { name: 'reselect-past-deadline', breaks: ['R-GEN-1.2'], what: 'select-one goes on choosing servers after the operation deadline' },
  { name: 'double-terminal', breaks: ['R-GEN-3.1', 'R-GEN-3.2', 'R-GEN-3.5'], what: 'an operation delivers every terminal signal, not only the first' },
  { name: 'auto-retry-failed', breaks: ['R-GEN-4.3'], what: 'a failed operation is started again by the framework' },
  { name: 'select-weight-zero', breaks: ['R-CH-1.1'], what: 'select-one picks RouteMesh servers of weight 0' },
  { name: 'select-not-ready-server', breaks: ['R-CH-1.2', 'R-CH-1.3'], what: 'select-one picks servers that are not Ready' },
  { name: 'direct-unknown-rid-unavailable', breaks: ['R-CH-2.1'], what: 'node direct to a RID that does not exist ends Unavailable instead of NotFound' },
  { name: 'direct-not-ready-waits', breaks: ['R-CH-2.2'], what: 'node direct to a not-ready node waits for the connection instead of ending Unavailable' },
  { name: 'close-waits-for-liveness', breaks: ['R-CONN-1.1', 'R-CONN-1.2'], what: 'an orderly close or transport error is only noticed by the liveness check' },
  { name: 'no-liveness', breaks: ['R-CONN-2.1'], what: 'a silent half-open connection is never marked not-ready' },
  { name: 'reconnect-stale-address', breaks: ['R-CONN-3.1'], what: 'a reconnect goes to the address first learned, not the current descriptor' },
  // Objects, creation and Instance Spots (spec 4)
  { name: 'object-message-rerouted', breaks: ['R-OBJ-1.1', 'R-OBJ-1.2'], what: 'a message to an object whose owner is lost is run on another node' },
  { name: 'owner-cache-never-expires', breaks: ['R-OBJ-2.1'], what: 'the owner cache is trusted after it expired or the owner lease ran out' },
  { name: 'failed-op-follows-new-owner', breaks: ['R-OBJ-2.3'], what: 'an operation that failed at the old owner is resubmitted to the new owner' },
  { name: 'owner-death-recreates', breaks: ['R-OBJ-4.1', 'R-OBJ-4.4'], what: 'an object whose owner died is re-created as a new incarnation on another node' },
  { name: 'creation-race-both-run-factory', breaks: ['R-CRE-1.1', 'R-CRE-1.3'], what: 'a creation that lost the race for the Creating record runs the factory too' },
  { name: 'creation-recovery-new-generation', breaks: ['V06.1', 'R-CRE-2.3'], what: 'a crashed creation is recovered under a new generation with the new input' },
  { name: 'message-requires-generation', breaks: ['V07.1', 'V07.2', 'V07.3'], what: 'an Actor/Spot direct message whose generation does not match is rejected' },
  { name: 'close-ignores-generation', breaks: ['V08.1'], what: 'Close/Destroy with a generation that does not match is carried out' },
  { name: 'membership-ignores-generation', breaks: ['V08.2'], what: 'a membership change with a generation that does not match is carried out' },
  { name: 'lease-expiry-makes-missing', breaks: ['V10.1'], what: "an Instance Spot whose owner lease expired is treated as Missing and cold-activated" },
  { name: 'recovery-pointer-picks-other-node', breaks: ['V11.1', 'V11.3'], what: 'the activation recovery pointer is used to resume the activation on another node' },
  { name: 'cold-activation-for-all-kinds', breaks: ['V12.1', 'V12.2'], what: 'an Actor or User Spot whose creation stopped is cold-activated by an Instance-intent message' },
  { name: 'instance-intent-ignored', breaks: ['R-INST-1.1'], what: 'an Instance-intent message to a Missing Instance Spot ends NotFound' },
  { name: 'unfinished-activation-new-incarnation', breaks: ['R-INST-2.1', 'R-INST-2.2'], what: 'an unfinished first activation is replaced by a new incarnation' },
  { name: 'ready-instance-reactivated', breaks: ['R-INST-3.2'], what: 'a message with Instance intent to a Ready Instance Spot runs its activation again' },
  { name: 'instance-owner-death-releases-authority', breaks: ['R-INST-4.1', 'R-INST-4.4'], what: "an Instance Spot whose owner died has its authority released" },
  { name: 'activation-reuses-generation', breaks: ['R-INST-5.2'], what: 'a cold activation after Close reuses the closed generation' },
  { name: 'activation-later-message-first', breaks: ['R-INST-7.2'], what: 'a later message is processed before the stored first message' },
  // Host relocation and Message Follow (spec 4.2, 5)
  { name: 'relocate-ignores-generation', breaks: ['V08.3'], what: 'a relocation naming another generation is carried out' },
  { name: 'rollback-after-relay-ready', breaks: ['V13.3'], what: 'a failed cutover submit after relay-ready was accepted rolls back to the source' },
  { name: 'no-cutover-fallback', breaks: ['R-REL-2.3'], what: 'with no cutover receipt the target never commits (no 1,000 ms fallback)' },
  { name: 'commit-guessed', breaks: ['R-REL-3.3'], what: 'an owner-change commit with no reply is taken as applied without a re-read' },
  { name: 'rollback-after-commit', breaks: ['R-REL-4.1'], what: 'a failed lifecycle callback after the commit rolls the owner back to the source' },
  { name: 'source-takes-over-after-commit', breaks: ['R-REL-5.3'], what: 'when the target dies after the commit the source takes the object back' },
  { name: 'source-restored-after-target-death', breaks: ['R-REL-6.4'], what: 'when the target dies before the commit the source is restored' },
  { name: 'relocation-resumes-after-restart', breaks: ['R-REL-6.2'], what: 'a restarted target resumes the relocation it was part of' },
  { name: 'relocation-tries-another-target', breaks: ['R-REL-1.4', 'V14.1'], what: 'a relocation whose target failed or died is sent to another target' },
  { name: 'relocation-new-generation', breaks: ['R-REL-7.1', 'R-REL-7.2'], what: 'the owner change gives the object a new generation' },
  { name: 'dispatch-before-reread', breaks: ['V16.1'], what: 'target dispatch opens before the unclear commit result has been re-read' },
  { name: 'relocation-as-cold-activation', breaks: ['R-INST-6.2'], what: 'an Instance Spot relocation runs the factory on the target like a cold activation' },
  { name: 'no-message-follow', breaks: ['R-OBJ-3.1'], what: 'after the commit the previous owner follows no message to the target' },
  { name: 'message-follow-survives-restart', breaks: ['R-OBJ-3.5'], what: 'a previous owner that crashed and restarted goes on following messages' },
  { name: 'message-follow-ignores-duration', breaks: ['R-OBJ-3.2', 'R-OBJ-3.3'], what: 'Message Follow goes on after MessageFollowDuration (or when it is 0)' },
  // Sessions and bindings (spec 6)
  { name: 'location-update-ignored', breaks: ['R-SES-1.2'], what: "the Session owner ignores a relocation's location update: the binding keeps routing to the old owner" },
  { name: 'relocation-forces-rebind', breaks: ['R-SES-1.4'], what: 'a location update ends the binding, so the client has to bind again to learn of the relocation' },
  { name: 'binding-reused-after-recreation', breaks: ['V09.1'], what: "a Session relay is delivered whatever the binding's generation: a re-created Actor handles the old binding's messages" },
  { name: 'rebind-reuses-token', breaks: ['V09.2'], what: 'binding a re-created Actor hands out the old binding token again' },
  { name: 'stale-token-relays-to-current', breaks: ['R-SES-2.1'], what: "a relay through an ended binding is sent through the Session's current binding of that Actor" },
  { name: 'old-token-unbind-applies', breaks: ['R-SES-2.2'], what: "an unbind with an old token ends the Session's current binding of that Actor" },
  { name: 'late-disconnect-ends-new-session', breaks: ['R-SES-2.3'], what: "the disconnect of a client's earlier connection ends its newest Session on that node" },
  { name: 'session-restored-elsewhere', breaks: ['V15.1', 'V15.2', 'R-SES-3.1'], what: "a reconnect after the Session owner died takes over the old Session: its ID, authentication and bindings" },
  { name: 'session-reply-follows-client', breaks: ['R-SES-3.4'], what: "a relay reply whose Session owner died is handed to the client's new Session" },
  { name: 'session-bind-without-auth', breaks: ['R-SES-3.2'], what: 'a Session that has not authenticated may bind, relay and unbind' },
  { name: 'session-auth-accepts-any-credential', breaks: ['R-SES-3.2'], what: 'a client with a wrong credential is authenticated' },
  // Store failure (spec 7)
  { name: 'store-guess-applied', breaks: ['R-STO-1.1'], what: 'a Store change with no reply is taken as applied' },
  { name: 'store-guess-not-applied', breaks: ['R-STO-1.2'], what: 'a Store change with no reply is taken as not applied and sent again unchecked' },
  { name: 'grace-forgets-descriptors', breaks: ['R-STO-2.1'], what: 'while the Store is unreachable the descriptor list and its connections are dropped' },
  { name: 'grace-pauses-liveness', breaks: ['R-STO-2.1'], what: 'while the Store is unreachable liveness checks stop' },
  { name: 'grace-connects-new-target', breaks: ['R-STO-2.4'], what: 'while the Store is unreachable a node outside the last list is connected' },
  { name: 'grace-extends-lease', breaks: ['R-STO-3.1'], what: 'while the Store is unreachable the node extends its own owner eligibility' },
  { name: 'recovery-reconnects-everything', breaks: ['R-STO-4.3'], what: 'when the Store is back every connection is dropped and made again' },
  { name: 'recovery-skips-owner-confirmation', breaks: ['R-STO-4.1'], what: 'when the Store is back owned objects are processed without re-reading their records' },
] as const satisfies readonly MutantSpec[];

export type MutantName = (typeof LIST)[number]['name'];

export interface MutantInfo {
  name: MutantName;
  /** Requirement IDs whose rule this mutant breaks. */
  breaks: string[];
  what: string;
}

export const MUTANTS: readonly MutantInfo[] = LIST.map((m) => ({ name: m.name, breaks: [...m.breaks], what: m.what }));

export function isMutantName(name: string): name is MutantName {
  return LIST.some((m) => m.name === name);
}

export function mutantNamed(name: string): MutantInfo | undefined {
  return MUTANTS.find((m) => m.name === name);
}

/** Asked by the runtime at a decision point: is this rule broken in this run? */
export type Broken = (name: MutantName) => boolean;

/** The reference: nothing is broken. */
export const none: Broken = () => false;

/** The `broken` of one mutant, by its name as given on the command line (or the reference). */
export function brokenBy(mutant: string | undefined): Broken {
  if (mutant === undefined) return none;
  if (!isMutantName(mutant)) throw new Error(`unknown mutant: ${mutant}`);
  return (name) => name === mutant;
}
