// The kit's own catalog of the spec chapter's normative rules, keyed by the shared IDs of
// /work/shared/requirements.md. Features, mutants and reports all refer to these IDs; the list
// must match that file exactly (same IDs, same order), which test/registry.test.ts enforces.
// Statements are our own wording; `section` names the spec section(s) the rule comes from.

import { CAPABILITIES, type Capability } from '../driver/types.ts';

export interface Requirement {
  id: string;
  /** Spec section(s), e.g. "3.1" or "3.1, 10". */
  section: string;
  /** One line, in our own words. */
  statement: string;
  /** What a scenario for this rule needs from the driver; one of KNOWN_CAPABILITY_TAGS. */
  capability: string;
  /** Must have a scenario now; the rest are planned and get flipped to true as they land. */
  required: boolean;
}

/** Capability names (the Driver's); scenarios carry them as tags (without the @ here). */
export const KNOWN_CAPABILITY_TAGS = CAPABILITIES;

export type { Capability };

/**
 * A tag that looks like a requirement ID. Deliberately looser than the real IDs (`V\d+`, not
 * `V\d\d`) so a near miss such as `@V1` is reported as an unknown ID rather than a stray tag.
 * Whether it names a real requirement is requirementById's job.
 */
export const REQUIREMENT_TAG = /^@(V\d+|R-[A-Z]+-\d+)$/;

// `satisfies` makes the compiler check each capability against the list above, while the
// exported type stays the plain Requirement the rest of the kit expects.
export const REQUIREMENTS: Requirement[] = [
  // Section 10: channel and connection
  { id: 'V01', section: '3.1, 10', capability: 'channels', required: true,
    statement: 'select-one may switch to another eligible server only while no server has accepted the operation (e.g. a full queue), never afterwards' },
  { id: 'V02', section: '2, 3.1, 10', capability: 'node-direct', required: true,
    statement: 'node direct, Actor/Spot direct and Session-bound operations keep the named RID, global object ID or binding; they never retarget' },
  { id: 'V03', section: '2, 3.2, 10', capability: 'channels', required: true,
    statement: 'an operation whose transport acceptance is unknown, or that was accepted, is never resubmitted to another peer automatically' },
  { id: 'V04', section: '3.2, 10', capability: 'liveness', required: true,
    statement: 'a liveness failure of one peer leaves other ready peers ready, the host out of Error, and local owners processing' },
  { id: 'V05', section: '3.2, 10', capability: 'reconnect', required: true,
    statement: 'a reconnect repeats handshake and identity verification and reuses no old connection ID, reply route, Session binding or ready state' },
  // Section 10: object routing and creation recovery
  { id: 'V06', section: '4.3, 10', capability: 'objects', required: true,
    statement: 'creation recovery resumes only the same object ID and generation, and the factory runs on exactly one target' },
  { id: 'V07', section: '4.1, 10', capability: 'objects', required: true,
    statement: 'an Actor/Spot direct message reaches the current Ready object of the logical ID; a generation mismatch alone does not block the handler' },
  { id: 'V08', section: '4.1, 10', capability: 'objects', required: true,
    statement: 'Destroy/Close, membership changes, relocation and creation recovery are refused on an ObjectGeneration mismatch' },
  { id: 'V09', section: '6, 10', capability: 'sessions', required: true,
    statement: 'once an Actor is removed and re-created under the same ActorId, the previous Session binding is never used again' },
  { id: 'V10', section: '4.2, 4.4, 10', capability: 'instance-spots', required: true,
    statement: 'an Instance Spot cold-activates only from Missing; a dead Ready owner or expired lease never becomes Missing or a cold activation' },
  { id: 'V11', section: '4.4, 10', capability: 'instance-spots', required: true,
    statement: 'an activation recovery pointer only resumes the unfinished first cold activation on the node and lifecycle the authority names, never picks a new target' },
  { id: 'V12', section: '4.4, 10', capability: 'instance-spots', required: true,
    statement: 'cold-activation recovery is never applied to Actors, User Spots, already-Ready Instance Spots or host relocation' },
  // Section 10: host relocation and Session failure
  { id: 'V13', section: '5, 10', capability: 'relocation', required: true,
    statement: 'the source is kept only on an explicit failure before relay-ready is accepted; any later failure never rolls back, whatever cutover-submit returned' },
  { id: 'V14', section: '5, 10', capability: 'relocation', required: true,
    statement: 'when the source or target process dies, no other runtime takes the relocation over and no other target is chosen' },
  { id: 'V15', section: '6, 10', capability: 'sessions', required: true,
    statement: 'when the Session owner process dies, neither the Session nor its binding is restored on another process' },
  // Section 10: store failure
  // Source admission and target dispatch are a relocation's (section 5): every V16 scenario needs a
  // relocation, so V16 lies in the full level. (Filed under store-faults, it made the objects level
  // unreachable: no scenario of it lay inside objects.)
  { id: 'V16', section: '5, 7, 10', capability: 'relocation', required: true,
    statement: 'while a Store result is unclear, source admission and target dispatch stay closed until authority is re-read' },

  // Sections 2 and 8: common judgment
  { id: 'R-GEN-1', section: '2', capability: 'channels', required: true,
    statement: 'before any target accepts, a different eligible target may be picked, but only inside the same operation deadline' },
  { id: 'R-GEN-2', section: '2, 3.1', capability: 'channels', required: true,
    statement: 'once a target queue has accepted an operation, it is never run again on another target' },
  { id: 'R-GEN-3', section: '2', capability: 'channels', required: true,
    statement: 'every operation gets exactly one terminal result, the first confirmed of reply/failure/timeout/cancellation/shutdown; later ones are discarded' },
  { id: 'R-GEN-4', section: '8', capability: 'channels', required: true,
    statement: 'a failure reports its ErrorKind without retry advice, and the framework never starts a new operation for the application' },
  // Section 3: channel and connection
  { id: 'R-CH-1', section: '3.1', capability: 'channels', required: true,
    statement: 'select-one picks only Ready servers with weight > 0 in a RouteMesh channel, and only Ready servers in a ClientServer channel' },
  { id: 'R-CH-2', section: '3.1', capability: 'node-direct', required: true,
    statement: 'node direct ends NotFound for a RID that does not exist and Unavailable for a node whose connection is not ready, with no re-selection' },
  { id: 'R-CONN-1', section: '3.2', capability: 'liveness', required: true,
    statement: 'an orderly close or a transport error makes the peer not-ready immediately' },
  { id: 'R-CONN-2', section: '3.2', capability: 'liveness', required: true,
    statement: 'a half-open connection that stays silent turns not-ready within the liveness deadline' },
  { id: 'R-CONN-3', section: '3.2', capability: 'reconnect', required: true,
    statement: 'reconnect targets the same logical peer via the current configuration or discovery descriptor, so a moved peer is reached at its new address' },
  // Section 4.1, 4.2: object routing
  { id: 'R-OBJ-1', section: '4.1, 4.2', capability: 'objects', required: true,
    statement: 'a message to an object that lost its owner ends Unavailable and is not routed elsewhere' },
  { id: 'R-OBJ-2', section: '4.2', capability: 'objects', required: true,
    statement: 'after owner-cache expiry or an invalid owner lease, the next new operation re-reads the owner; the failed one is not resubmitted to it' },
  { id: 'R-OBJ-3', section: '4.2', capability: 'relocation', required: true,
    statement: 'after a committed planned relocation, the old owner forwards already-received messages to the target for MessageFollowDuration (default 30 s, 0 = off)' },
  { id: 'R-OBJ-4', section: '4.2', capability: 'objects', required: true,
    statement: 'a dead owner process never leads the framework to restore the object elsewhere, rewrite its owner, or create a new incarnation (Actors, User and Instance Spots alike)' },
  // Section 4.3: creation
  { id: 'R-CRE-1', section: '4.3', capability: 'objects', required: true,
    statement: 'among concurrent creations of a missing object, only the one holding the Creating record runs the factory' },
  { id: 'R-CRE-2', section: '4.3', capability: 'objects', required: true,
    statement: 'after a death while Creating, the next operation re-checks that record (same ID and generation) and continues or cancels only it; the factory may rerun on the same input' },
  // Section 4.4: Instance Spot, by state when an Instance-intent message arrives
  { id: 'R-INST-1', section: '4.4', capability: 'instance-spots', required: true,
    statement: 'Missing with no authority record: one eligible node is chosen and cold-activates a new ObjectGeneration' },
  { id: 'R-INST-2', section: '4.4', capability: 'instance-spots', required: true,
    statement: 'Creating, or Ready before the first message is restored: the same generation is continued or cancelled from its stored record and first message' },
  { id: 'R-INST-3', section: '4.4', capability: 'instance-spots', required: true,
    statement: 'Ready with a valid owner lease: the message goes to the current owner and no cold activation starts' },
  { id: 'R-INST-4', section: '4.4', capability: 'instance-spots', required: true,
    statement: 'Ready owner dead or lease invalid: the authority record stays, no incarnation is created anywhere, the operation ends Unavailable' },
  { id: 'R-INST-5', section: '4.4', capability: 'instance-spots', required: true,
    statement: 'after an explicit Close releases authority, lookup returns Missing and the next Instance-intent message cold-activates a new generation' },
  { id: 'R-INST-6', section: '4.4', capability: 'relocation', required: true,
    statement: 'during or after a planned relocation the same object and generation move to the target, treated as neither cold activation nor crash failover' },
  { id: 'R-INST-7', section: '4.4', capability: 'instance-spots', required: true,
    statement: 'cold activation stores the first message, and no later message is processed until it is back at the head of the queue' },
  // Section 5: host relocation, by failure timing
  { id: 'R-REL-1', section: '5', capability: 'relocation', required: true,
    statement: 'explicit failure before relay-ready is accepted: target instance and temporary queue dropped, source owner/membership/queue kept, no other target tried' },
  { id: 'R-REL-2', section: '5', capability: 'relocation', required: true,
    statement: 'after relay-ready acceptance but before commit: the source is not restored; the target completes on cutover receipt or the 1,000 ms fallback' },
  { id: 'R-REL-3', section: '5', capability: 'relocation', required: true,
    statement: 'a Store change with no result is not guessed at; the same authority record is re-read to find the real owner' },
  { id: 'R-REL-4', section: '5', capability: 'relocation', required: true,
    statement: 'after commit with the target alive: no rollback; lifecycle callback or dispatch switchover may be retried on that target within the deadline' },
  { id: 'R-REL-5', section: '5', capability: 'relocation', required: true,
    statement: 'target dies after commit: the Location Store still names it owner, the object is Unavailable, and no other runtime takes over' },
  { id: 'R-REL-6', section: '5', capability: 'relocation', required: true,
    statement: 'source or target dies mid-relocation: no other target, no resume after restart, no rollback to the source' },
  { id: 'R-REL-7', section: '5', capability: 'relocation', required: true,
    statement: 'every relocation keeps the ObjectGeneration unchanged' },
  // Section 6: Session and binding
  { id: 'R-SES-1', section: '6', capability: 'sessions', required: true,
    statement: 'a planned relocation keeps the Session STREAM connection; the Session owner gets a location update and the binding follows without a rebind' },
  { id: 'R-SES-2', section: '6', capability: 'sessions', required: true,
    statement: 'a late relay, unbind or disconnect belonging to an earlier Session or binding is never applied to the new binding' },
  { id: 'R-SES-3', section: '6', capability: 'sessions', required: true,
    statement: 'after the Session owner dies, a reconnecting client gets a new Session and must authenticate and bind again; old replies and binding updates are ignored' },
  // Section 7: store failure
  { id: 'R-STO-1', section: '7', capability: 'store-faults', required: true,
    statement: 'a Location Store change without result is checked by re-reading the key at its original StoreVersion and retried only if unapplied; never two owners' },
  { id: 'R-STO-2', section: '7', capability: 'store-faults', required: true,
    statement: 'during StoreFailureGrace the last complete descriptor list and its connection intents stay, liveness checks go on, and no target outside it is dialled' },
  { id: 'R-STO-3', section: '7', capability: 'store-faults', required: true,
    statement: 'grace extends neither the owner lease nor a relocation deadline; when owner eligibility ends, message/timer processing and state changes stop' },
  { id: 'R-STO-4', section: '7', capability: 'store-faults', required: true,
    statement: 'on Store recovery the owner and the full descriptor list are re-confirmed and only the needed connection changes are made' },
] satisfies (Requirement & { capability: Capability })[];

const BY_ID = new Map(REQUIREMENTS.map((r) => [r.id, r]));

/** The requirement with this bare ID (no leading @), or undefined. */
export function requirementById(id: string): Requirement | undefined {
  return BY_ID.get(id);
}

/** IDs that must already have a scenario. */
export function requiredIds(): string[] {
  return REQUIREMENTS.filter((r) => r.required).map((r) => r.id);
}
