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
const SELECT = 'impl-reference/channel/select-one.ts';
const OPERATION = 'impl-reference/node/operation.ts';
const OBJECT_CALLER = 'impl-reference/objects/object-caller.ts';

/** select-one's order among candidates: every such mutant still picks an eligible server (3.1). */
const WHICH_CANDIDATE =
  'Which eligible server select-one picks is left to Interaction Model §3 (spec 3.1: "The detailed selection ... defined by Interaction Model §3"): the mutant still picks only among the candidates it is given (Ready, weight > 0, not yet tried), so every rule of the chapter holds.';

/** An attempt's reason and connection ID are diagnostics the chapter never reads. */
const ATTEMPT_NOTE =
  "An attempt's `reason` (and its connectionId) is the runtime's own note in the Outcome, free text in the Driver schema (Attempt.reason); the chapter has no rule on it, and the kit does not take a runtime's account of itself as evidence.";

const MOVED_ON =
  "'moved-on' is returned only by the kit mutants' own senders (busy-server-retried, reply-timeout-moves-on, impl-reference/mutants/channel.ts); with their switches off `sent` is never 'moved-on', so the test is false either way.";

const ENDED_ACCEPTANCE =
  "The operation has already ended (cancelled or shut down) and finish() copied its attempts into the Outcome then; what the mutant does next only touches this attempt object and returns through race(), which answers 'ended' at once for an ended operation: no write, no second Outcome.";

const NOT_READY_MID_ROUND =
  "send() answers not-ready only for a server that stopped being Ready between the start of the round (candidates are Ready when chosen) and its turn. The chapter allows re-selection after a refusal for capacity (3.1: \"isn't accepted due to insufficient capacity\"); ending the request Unavailable at once on a target that is no longer Ready is what node direct does, and no rule asks a channel request to go on.";

const LOST_LATE =
  "finishWith sees a lost completion only from a late promise, after the operation timed out: send() turns a lost completion that comes in time into the end 'lost' (caller.ts:173). The ended Operation drops whatever finish() is then called with (R-GEN-3).";

const MESSAGE_GENERATION =
  "The generation a regular message names travels in its work, but the host reads it only under the kit mutant message-requires-generation (object-host.ts): a message goes to the current Ready object whatever generation it names (V07). Sending it always, never, or empty changes nothing.";

const SWITCHED_ONLY =
  "endsOnFirst is false only under the kit mutant double-terminal, and the right-hand side is false only under failure-leaves-operation-open; with the kit's switches off the condition is true already.";

export const EQUIVALENTS: Equivalent[] = [
  // ---- channel/caller.ts ----------------------------------------------------------------------
  { kind: 'conforming', file: CALLER, line: 54, mutator: 'ConditionalExpression', original: 'if (!channel)', replacement: 'false', why: 'A request on a ChannelName no node serves: the chapter names results for node direct only (3.1, last paragraph); the channel case is Interaction Model §3 / Framework API §13, which the kit does not have.' },
  { kind: 'conforming', file: CALLER, line: 56, mutator: 'ConditionalExpression', original: 'if (!rr)', replacement: 'true', why: `A fresh round-robin per request changes only which candidate comes first. ${WHICH_CANDIDATE}` },
  { kind: 'equivalent', file: CALLER, line: 61, mutator: 'ConditionalExpression', original: "s.node === this.node.rid && this.broken('select-skips-own-node')", replacement: 'false', why: "With the kit mutant's switch off the conjunction is false already." },
  { kind: 'equivalent', file: CALLER, line: 76, mutator: 'ConditionalExpression', original: "if (sent === 'moved-on') continue;", replacement: 'false', why: MOVED_ON },
  { kind: 'equivalent', file: CALLER, line: 76, mutator: 'StringLiteral', original: "if (sent === 'moved-on') continue;", replacement: '""', why: MOVED_ON },
  { kind: 'conforming', file: CALLER, line: 114, mutator: 'ConditionalExpression', original: 'mesh !== this.node.mesh', replacement: 'false', why: "A node direct naming another RouteMesh than the caller's, where that RID exists: the chapter says NotFound for a RID that does not exist in the named mesh (3.1), not whether a node may reach another mesh; the kit asserts only the caller's own mesh (node-direct.feature)." },
  { kind: 'conforming', file: CALLER, line: 146, mutator: 'StringLiteral', original: "reason: 'not-ready'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 149, mutator: 'StringLiteral', original: "reason: 'pending'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 149, mutator: 'ObjectLiteral', original: '{ connectionId: sub.connectionId }', replacement: '{}', why: ATTEMPT_NOTE },
  { kind: 'equivalent', file: CALLER, line: 154, mutator: 'ConditionalExpression', original: "if (acc.kind === 'ended')", replacement: 'false', why: ENDED_ACCEPTANCE },
  { kind: 'equivalent', file: CALLER, line: 154, mutator: 'StringLiteral', original: "if (acc.kind === 'ended')", replacement: '""', why: ENDED_ACCEPTANCE },
  { kind: 'conforming', file: CALLER, line: 156, mutator: 'StringLiteral', original: "attempt.reason = 'deadline'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 161, mutator: 'StringLiteral', original: "attempt.reason = 'capacity'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 166, mutator: 'StringLiteral', original: "attempt.reason = 'connection-lost'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 169, mutator: 'StringLiteral', original: "attempt.reason = 'accepted'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'conforming', file: CALLER, line: 176, mutator: 'StringLiteral', original: "attempt.reason = 'connection-lost-after-acceptance'", replacement: '""', why: ATTEMPT_NOTE },
  { kind: 'equivalent', file: CALLER, line: 171, mutator: 'ConditionalExpression', original: "if (done.kind === 'ended')", replacement: 'false', why: `${ENDED_ACCEPTANCE} (Here the next line reads the missing value and throws inside the ended operation's own promise, which nothing awaits for a result.)` },
  { kind: 'equivalent', file: CALLER, line: 171, mutator: 'StringLiteral', original: "if (done.kind === 'ended')", replacement: '""', why: ENDED_ACCEPTANCE },
  { kind: 'equivalent', file: CALLER, line: 171, mutator: 'ObjectLiteral', original: "return { kind: 'ended' };", replacement: '{}', why: 'The caller treats any end it does not know as the end of an operation that has ended already (finishFrom falls through its switch): nothing is sent or delivered.' },
  { kind: 'equivalent', file: CALLER, line: 171, mutator: 'StringLiteral', original: "return { kind: 'ended' };", replacement: '""', why: 'The caller treats any end it does not know as the end of an operation that has ended already (finishFrom falls through its switch): nothing is sent or delivered.' },
  { kind: 'equivalent', file: CALLER, line: 173, mutator: 'ConditionalExpression', original: "if ('lost' in done.value)", replacement: 'false', why: "A lost completion then goes on as a 'result', and finishWith turns a lost completion into failure Unavailable: the same Outcome. (The kit mutants that tell the two apart are behind their switches.)" },
  { kind: 'equivalent', file: CALLER, line: 173, mutator: 'StringLiteral', original: "if ('lost' in done.value)", replacement: '""', why: "As the line's ConditionalExpression: a lost completion becomes failure Unavailable in finishWith either way." },
  { kind: 'equivalent', file: CALLER, line: 173, mutator: 'BlockStatement', original: "if ('lost' in done.value) {", replacement: '{}', why: "As the line's ConditionalExpression: a lost completion becomes failure Unavailable in finishWith either way." },
  { kind: 'equivalent', file: CALLER, line: 203, mutator: 'ConditionalExpression', original: 'if (end.late)', replacement: 'false', why: "A reply after the timeout is a later signal: the Operation was ended by op.finish('timeout') on the line before and drops it (R-GEN-3), so handing it on or not is the same." },
  { kind: 'equivalent', file: CALLER, line: 203, mutator: 'ArrowFunction', original: '(c) => this.finishWith(op, c)', replacement: '() => undefined', why: "A reply after the timeout is a later signal the ended Operation drops (R-GEN-3): not handing it on is the same." },
  { kind: 'equivalent', file: CALLER, line: 203, mutator: 'ConditionalExpression', original: 'if (end.late)', replacement: 'true', why: "Without a late promise the mutant throws after op.finish('timeout') has ended the operation; the throw ends only the caller's own promise, which nothing awaits for a result." },
  { kind: 'equivalent', file: CALLER, line: 205, mutator: 'ConditionalExpression', original: "case 'ended':", replacement: "case 'ended':", why: "An empty case at the end of the switch: falling out of it is the same as returning." },
  { kind: 'equivalent', file: CALLER, line: 205, mutator: 'StringLiteral', original: "case 'ended':", replacement: '""', why: "An empty case at the end of the switch: falling out of it is the same as returning." },
  { kind: 'conforming', file: CALLER, line: 80, mutator: 'ConditionalExpression', original: "end.kind === 'not-ready'", replacement: 'false', why: NOT_READY_MID_ROUND },
  { kind: 'conforming', file: CALLER, line: 80, mutator: 'StringLiteral', original: "end.kind === 'not-ready'", replacement: '""', why: NOT_READY_MID_ROUND },
  { kind: 'equivalent', file: CALLER, line: 211, mutator: 'ConditionalExpression', original: "if ('lost' in c)", replacement: 'false', why: LOST_LATE },
  { kind: 'equivalent', file: CALLER, line: 211, mutator: 'StringLiteral', original: "if ('lost' in c)", replacement: '""', why: LOST_LATE },
  // ---- channel/select-one.ts ------------------------------------------------------------------
  { kind: 'equivalent', file: SELECT, line: 32, mutator: 'ConditionalExpression', original: 'if (candidates.length === 0) return undefined;', replacement: 'false', why: 'The only caller (caller.ts) never passes an empty list: it ends the request Unavailable, or stops its round, before picking.' },
  { kind: 'conforming', file: SELECT, line: 34, mutator: 'ArrowFunction', original: 'Math.max(s.weight, 1)', replacement: '() => undefined', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 34, mutator: 'MethodExpression', original: 'Math.max(s.weight, 1)', replacement: 'Math.min(s.weight, 1)', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 35, mutator: 'ArrowFunction', original: '(sum, s) => sum + weight(s)', replacement: '() => undefined', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 35, mutator: 'ArithmeticOperator', original: 'sum + weight(s)', replacement: 'sum - weight(s)', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 38, mutator: 'LogicalOperator', original: 'this.current.get(s.node) ?? 0', replacement: 'this.current.get(s.node) && 0', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 40, mutator: 'ConditionalExpression', original: 'cur > this.current.get(best.node)!', replacement: 'false', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 40, mutator: 'EqualityOperator', original: 'cur > this.current.get(best.node)!', replacement: 'cur >= this.current.get(best.node)!', why: WHICH_CANDIDATE },
  { kind: 'conforming', file: SELECT, line: 42, mutator: 'ArithmeticOperator', original: 'this.current.get(best!.node)! - total', replacement: 'this.current.get(best!.node)! + total', why: WHICH_CANDIDATE },
  // ---- node/operation.ts ----------------------------------------------------------------------
  { kind: 'equivalent', file: OPERATION, line: 52, mutator: 'ConditionalExpression', original: "status === 'failure' && this.broken('failure-leaves-operation-open')", replacement: 'false', why: "With the kit mutant's switch off the conjunction is false already." },
  { kind: 'equivalent', file: OPERATION, line: 52, mutator: 'ConditionalExpression', original: "this.endsOnFirst && !(status === 'failure' && this.broken('failure-leaves-operation-open'))", replacement: 'true', why: SWITCHED_ONLY },
  { kind: 'equivalent', file: OPERATION, line: 52, mutator: 'LogicalOperator', original: "this.endsOnFirst && !(status === 'failure' && this.broken('failure-leaves-operation-open'))", replacement: "this.endsOnFirst || !(status === 'failure' && this.broken('failure-leaves-operation-open'))", why: SWITCHED_ONLY },
  { kind: 'equivalent', file: OPERATION, line: 57, mutator: 'ConditionalExpression', original: 'if (extra.errorKind)', replacement: 'true', why: 'It sets errorKind to undefined where there is none: a key holding undefined is no key once the Outcome crosses JSON (wire, process backend), and reads as absent in-process.' },
  { kind: 'equivalent', file: OPERATION, line: 58, mutator: 'ConditionalExpression', original: "if (status === 'reply')", replacement: 'true', why: 'It sets reply to undefined on an Outcome that is not a reply: a key holding undefined is no key once the Outcome crosses JSON, and reads as absent in-process.' },
  { kind: 'equivalent', file: OPERATION, line: 72, mutator: 'ConditionalExpression', original: 'if (this.deadlineApplies)', replacement: 'true', why: 'deadlineApplies is false only under the kit mutant reselect-past-deadline (caller.ts); with its switch off the test is true already.' },
  { kind: 'equivalent', file: OPERATION, line: 87, mutator: 'BlockStatement', original: '} finally {', replacement: '{}', why: 'A deadline timer left armed after the race is won resolves a promise nobody awaits any more: no behaviour follows from it.' },
  // ---- objects/object-caller.ts ---------------------------------------------------------------
  { kind: 'equivalent', file: OBJECT_CALLER, line: 60, mutator: 'ConditionalExpression', original: 'spec.generation !== undefined ? { generation: spec.generation } : {}', replacement: 'true', why: MESSAGE_GENERATION },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 60, mutator: 'ConditionalExpression', original: 'spec.generation !== undefined ? { generation: spec.generation } : {}', replacement: 'false', why: MESSAGE_GENERATION },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 60, mutator: 'EqualityOperator', original: 'spec.generation !== undefined ? { generation: spec.generation } : {}', replacement: 'spec.generation === undefined', why: MESSAGE_GENERATION },
  { kind: 'equivalent', file: OBJECT_CALLER, line: 60, mutator: 'ObjectLiteral', original: '{ generation: spec.generation }', replacement: '{}', why: MESSAGE_GENERATION },
];
