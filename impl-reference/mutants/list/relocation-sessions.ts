// Mutants of planned relocation, Message Follow, and client Sessions.

import type { MutantSpec } from './spec.ts';

export const RELOCATION_AND_SESSION_MUTANTS = [
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
] as const satisfies readonly MutantSpec[];
