// The rules a node runs by (node/rules.ts): the reference's, or one kit mutant's in place of one of
// them. Whoever starts a node (the harness; a node process's entry, node/main.ts and
// node/program-node.ts) puts them together here by the mutant's name and hands them to its
// NodeRuntime, so the runtime never knows a mutant.

import { REFERENCE_CALLING, type CallingRules } from '../channel/rules.ts';
import { REFERENCE_TERMINAL, type TerminalRules } from '../kernel/operation.ts';
import { REFERENCE_RELAY, type RelayRules } from '../node/dispatch.ts';
import { REFERENCE_MESH, type MeshRules } from '../connection/mesh-rules.ts';
import { CALLING_MUTANTS, RELAY_MUTANTS } from './channel.ts';
import { LINK_MUTANTS, MESH_MUTANTS } from './connection.ts';
import { REFERENCE_ROUTING, type RoutingRules } from '../objects/routing-rules.ts';
import { ROUTING_MUTANTS } from './objects.ts';
import { REFERENCE_SESSIONS, type SessionRules } from '../sessions/session-rules.ts';
import { SESSION_MUTANTS } from './sessions.ts';
import { REFERENCE_AUTHORITY, type AuthorityRules } from '../location/authority-rules.ts';
import { REFERENCE_HOST, type HostRules } from '../objects/host-rules.ts';
import { AUTHORITY_MUTANTS, HOST_MUTANTS } from './object-host.ts';
import { TERMINAL_MUTANTS } from './operation.ts';
import { REFERENCE_RELOCATION, type RelocationRules } from '../relocation/relocation-rules.ts';
import { RELOCATION_MUTANTS } from './relocation.ts';
import { isMutantName, MUTANTS, type MutantInfo, type MutantName } from './index.ts';
import type { Rules } from '../node/rules.ts';

export type { Rules };

const BY_AREA = { calling: CALLING_MUTANTS, terminal: TERMINAL_MUTANTS, relay: RELAY_MUTANTS, mesh: MESH_MUTANTS, link: LINK_MUTANTS, routing: ROUTING_MUTANTS, sessions: SESSION_MUTANTS, relocation: RELOCATION_MUTANTS, authority: AUTHORITY_MUTANTS, host: HOST_MUTANTS } as const;

/** The rules of a run: the reference's, with the named mutant's implementation in place of its rule. */
export function rulesOf(mutant: string | undefined): Rules {
  if (mutant !== undefined && !isMutantName(mutant)) throw new Error(`unknown mutant: ${mutant}`);
  const name = mutant as MutantName | undefined;
  const of = <R>(table: Partial<Record<MutantName, Partial<R>>>): Partial<R> => (name && table[name]) || {};
  return {
    calling: { ...REFERENCE_CALLING, ...of<CallingRules>(CALLING_MUTANTS) },
    terminal: { ...REFERENCE_TERMINAL, ...of<TerminalRules>(TERMINAL_MUTANTS) },
    relay: { ...REFERENCE_RELAY, ...of<RelayRules>(RELAY_MUTANTS) },
    mesh: { ...REFERENCE_MESH, ...of<MeshRules>(LINK_MUTANTS), ...of<MeshRules>(MESH_MUTANTS) },
    routing: { ...REFERENCE_ROUTING, ...of<RoutingRules>(ROUTING_MUTANTS) },
    sessions: { ...REFERENCE_SESSIONS, ...of<SessionRules>(SESSION_MUTANTS) },
    relocation: { ...REFERENCE_RELOCATION, ...of<RelocationRules>(RELOCATION_MUTANTS) },
    authority: { ...REFERENCE_AUTHORITY, ...of<AuthorityRules>(AUTHORITY_MUTANTS) },
    host: { ...REFERENCE_HOST, ...of<HostRules>(HOST_MUTANTS) },
  };
}

/** Which rules each seam mutant implements otherwise, by area: what `trace` shows as its decision points. */
export function seamsOf(mutant: MutantName): string[] {
  return Object.entries(BY_AREA).flatMap(([, table]) => Object.keys((table as Partial<Record<MutantName, object>>)[mutant] ?? {}));
}

/** The mutant list with each seam mutant's rules named (src/requirements/mutant-info.ts). */
export const MUTANTS_AND_SEAMS: ReadonlyArray<MutantInfo & { seams?: string[] }> = MUTANTS.map((m) => {
  const seams = seamsOf(m.name);
  return seams.length > 0 ? { ...m, seams } : m;
});
