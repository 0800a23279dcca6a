// Every rule a node runs by, by area: each area's rules object (a seam) is asked where its rule
// applies. REFERENCE_RULES is the Framework's behaviour; a kit mutant is the same with its own
// implementation in place of one rule (impl-reference/mutants/seams.ts, rulesOf), which whoever
// starts the node (the harness, a node process's entry) hands to its NodeRuntime. The runtime itself
// never knows which it runs.

import { REFERENCE_CALLING, type CallingRules } from '../channel/rules.ts';
import { REFERENCE_AUTHORITY, type AuthorityRules } from '../location/authority-rules.ts';
import { REFERENCE_HOST, type HostRules } from '../objects/host-rules.ts';
import { REFERENCE_ROUTING, type RoutingRules } from '../objects/routing-rules.ts';
import { REFERENCE_RELOCATION, type RelocationRules } from '../relocation/relocation-rules.ts';
import { REFERENCE_SESSIONS, type SessionRules } from '../sessions/session-rules.ts';
import { REFERENCE_RELAY, type RelayRules } from './dispatch.ts';
import { REFERENCE_MESH, type MeshRules } from '../connection/mesh-rules.ts';
import { REFERENCE_TERMINAL, type TerminalRules } from '../kernel/operation.ts';

export interface Rules {
  calling: CallingRules;
  terminal: TerminalRules;
  relay: RelayRules;
  mesh: MeshRules;
  routing: RoutingRules;
  sessions: SessionRules;
  relocation: RelocationRules;
  authority: AuthorityRules;
  host: HostRules;
}

export const REFERENCE_RULES: Rules = {
  calling: REFERENCE_CALLING,
  terminal: REFERENCE_TERMINAL,
  relay: REFERENCE_RELAY,
  mesh: REFERENCE_MESH,
  routing: REFERENCE_ROUTING,
  sessions: REFERENCE_SESSIONS,
  relocation: REFERENCE_RELOCATION,
  authority: REFERENCE_AUTHORITY,
  host: REFERENCE_HOST,
};
