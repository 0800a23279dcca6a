// The checker: every invariant's check over one history, and a verdict.
//  - invalid: some check found a violation (a violation is evidence even in a damaged history);
//  - unknown: none was found, but the history cannot vouch for itself: a line is not an event,
//    an operation was invoked and never completed (not even with info), completed without an
//    invoke, or invoked twice;
//  - valid: neither.

import { parseHistory, isOp, type History, type HistoryEvent, type OpEvent } from './history.ts';
import type { Check, Violation } from './violation.ts';
import { acceptedRunsOnce } from './checks/accepted-runs-once.ts';
import { oneTerminalResult } from './checks/one-terminal-result.ts';
import { singleOwner } from './checks/single-owner.ts';
import { generationNeverDecreases } from './checks/generation-never-decreases.ts';
import { noRollbackAfterRelayReady } from './checks/no-rollback-after-relay-ready.ts';
import { ownerEligibilityEnds } from './checks/owner-eligibility-ends.ts';
import { sessionNotRestored } from './checks/session-not-restored.ts';
import { unclearChangeReread } from './checks/unclear-change-reread.ts';
import { namedTargetKept } from './checks/named-target-kept.ts';
import { hostStaysReady } from './checks/host-stays-ready.ts';
import { connectionIdsFresh } from './checks/connection-ids-fresh.ts';
import { outcomeAsContract } from './checks/outcome-as-contract.ts';
import { authorityKept } from './checks/authority-kept.ts';
import { attemptsStopAtAcceptance } from './checks/attempts-stop-at-acceptance.ts';
import { directAttemptsNamed } from './checks/direct-attempts-named.ts';
import { timeoutNotEarly } from './checks/timeout-not-early.ts';
import { selectOneCandidates } from './checks/select-one-candidates.ts';
import { selectOneRefusalNotFinal } from './checks/select-one-refusal-not-final.ts';
import { endsByDeadline } from './checks/ends-by-deadline.ts';
import { refusedNeverRuns } from './checks/refused-never-runs.ts';
import { messageIgnoresGeneration } from './checks/message-ignores-generation.ts';
import { generationChecked } from './checks/generation-checked.ts';
import { followWithinWindow } from './checks/follow-within-window.ts';
import { sessionNeedsAuth } from './checks/session-needs-auth.ts';
import { instanceIntent } from './checks/instance-intent.ts';
import { closeMarksNotReady } from './checks/close-marks-not-ready.ts';
import { silentPeerNotReady } from './checks/silent-peer-not-ready.ts';
import { replyOnItsConnection } from './checks/reply-on-its-connection.ts';
import { selectOneTriesItself } from './checks/select-one-tries-itself.ts';
import { directUnknownNotFound } from './checks/direct-unknown-not-found.ts';
import { directNotReadyAtOnce } from './checks/direct-not-ready-at-once.ts';
import { peerFailureStaysLocal } from './checks/peer-failure-stays-local.ts';
import { cancelledOnlyWhenAsked } from './checks/cancelled-only-when-asked.ts';
import { directReadyLinkUsed } from './checks/direct-ready-link-used.ts';
import { refusedServerPassedOver } from './checks/refused-server-passed-over.ts';
import { operationEnds } from './checks/operation-ends.ts';
import { objectRunsWhereItIs } from './checks/object-runs-where-it-is.ts';
import { closeReleasesAuthority } from './checks/close-releases-authority.ts';

export const CHECKS: Record<string, Check> = {
  'accepted-runs-once': acceptedRunsOnce,
  'one-terminal-result': oneTerminalResult,
  'single-owner': singleOwner,
  'generation-never-decreases': generationNeverDecreases,
  'no-rollback-after-relay-ready': noRollbackAfterRelayReady,
  'owner-eligibility-ends': ownerEligibilityEnds,
  'session-not-restored': sessionNotRestored,
  'unclear-change-reread': unclearChangeReread,
  'named-target-kept': namedTargetKept,
  'host-stays-ready': hostStaysReady,
  'connection-ids-fresh': connectionIdsFresh,
  'outcome-as-contract': outcomeAsContract,
  'authority-kept': authorityKept,
  'attempts-stop-at-acceptance': attemptsStopAtAcceptance,
  'direct-attempts-named': directAttemptsNamed,
  'timeout-not-early': timeoutNotEarly,
  'select-one-candidates': selectOneCandidates,
  'select-one-refusal-not-final': selectOneRefusalNotFinal,
  'ends-by-deadline': endsByDeadline,
  'refused-never-runs': refusedNeverRuns,
  'message-ignores-generation': messageIgnoresGeneration,
  'generation-checked': generationChecked,
  'follow-within-window': followWithinWindow,
  'session-needs-auth': sessionNeedsAuth,
  'instance-intent': instanceIntent,
  'close-marks-not-ready': closeMarksNotReady,
  'silent-peer-not-ready': silentPeerNotReady,
  'reply-on-its-connection': replyOnItsConnection,
  'select-one-tries-itself': selectOneTriesItself,
  'direct-unknown-not-found': directUnknownNotFound,
  'direct-not-ready-at-once': directNotReadyAtOnce,
  'peer-failure-stays-local': peerFailureStaysLocal,
  'cancelled-only-when-asked': cancelledOnlyWhenAsked,
  'direct-ready-link-used': directReadyLinkUsed,
  'refused-server-passed-over': refusedServerPassedOver,
  'operation-ends': operationEnds,
  'object-runs-where-it-is': objectRunsWhereItIs,
  'close-releases-authority': closeReleasesAuthority,
};

export type Verdict = 'valid' | 'invalid' | 'unknown';

export interface Report {
  verdict: Verdict;
  violations: Violation[];
  /** Why the history cannot be judged in full (empty unless something is missing or unreadable). */
  gaps: { line: number; why: string }[];
  events: number;
  header?: History['header'];
}

export const EXIT_STATUS: Record<Verdict, number> = { valid: 0, invalid: 1, unknown: 2 };

/** Operations the history does not close: what makes a verdict unknown besides unreadable lines. */
export function incompleteOperations(events: HistoryEvent[]): { line: number; why: string }[] {
  const gaps: { line: number; why: string }[] = [];
  const invokes = new Map<string, OpEvent>();
  const completed = new Set<string>();
  for (const e of events.filter(isOp)) {
    if (e.type === 'invoke') {
      if (invokes.has(e.op)) gaps.push({ line: e.line, why: `operation ${e.op} invoked a second time` });
      else invokes.set(e.op, e);
    } else if (!invokes.has(e.op)) gaps.push({ line: e.line, why: `operation ${e.op} completed (${e.type}) without an earlier invoke` });
    else completed.add(e.op);
  }
  for (const [op, e] of invokes) if (!completed.has(op)) gaps.push({ line: e.line, why: `operation ${op} (${e.f}) was invoked and never completed, not even with info` });
  return gaps.sort((a, b) => a.line - b.line);
}

export function checkHistory(history: History): Report {
  const violations = Object.values(CHECKS).flatMap((check) => check(history.events));
  const gaps = [...history.unparsed.map((u) => ({ line: u.line, why: u.why })), ...incompleteOperations(history.events)].sort((a, b) => a.line - b.line);
  const verdict: Verdict = violations.length > 0 ? 'invalid' : gaps.length > 0 ? 'unknown' : 'valid';
  return { verdict, violations, gaps, events: history.events.length, header: history.header };
}

export function checkText(text: string): Report {
  return checkHistory(parseHistory(text));
}
