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
//
// Where a clause lives (as test262 keeps the spec's words in each test): beside the feature that
// checks it, in that feature's clause file, features/<area>/<name>.clauses.ts for
// features/<area>/<name>.feature, which exports `clauses: Clause[]`.
//   - A clause checked from several features lives beside the feature of its FIRST check
//     (checks[0].feature); its other checks name their features as before.
//   - A clause with no check (pending) lives in features/pending.clauses.ts, until a scenario
//     checks it and it moves beside that feature.
//   - Within a file, clauses keep registry order, then their number; a requirement's clauses may
//     be spread over several files.
// This module is the loader: it imports every clause file by name (CLAUSE_FILES below; a new
// feature's clause file is added there, and test/clauses.test.ts fails on a file on disk that is
// not listed or a clause in the wrong file), and puts the clauses together again as one table,
// keyed by requirement ID in registry order, each requirement's clauses ordered by number.

import type { Clause } from './clause.ts';
import { REQUIREMENTS } from './registry.ts';
import { clauses as commonJudgment } from '../../features/channel-and-connection/common-judgment.clauses.ts';
import { clauses as liveness } from '../../features/channel-and-connection/liveness.clauses.ts';
import { clauses as nodeDirect } from '../../features/channel-and-connection/node-direct.clauses.ts';
import { clauses as reconnect } from '../../features/channel-and-connection/reconnect.clauses.ts';
import { clauses as selectOne } from '../../features/channel-and-connection/select-one.clauses.ts';
import { clauses as terminalResult } from '../../features/channel-and-connection/terminal-result.clauses.ts';
import { clauses as creation } from '../../features/object-routing-and-creation/creation.clauses.ts';
import { clauses as directMessages } from '../../features/object-routing-and-creation/direct-messages.clauses.ts';
import { clauses as instanceSpots } from '../../features/object-routing-and-creation/instance-spots.clauses.ts';
import { clauses as ownerFailure } from '../../features/object-routing-and-creation/owner-failure.clauses.ts';
import { clauses as handoff } from '../../features/relocation-and-sessions/handoff.clauses.ts';
import { clauses as instanceSpotRelocation } from '../../features/relocation-and-sessions/instance-spot-relocation.clauses.ts';
import { clauses as messageFollow } from '../../features/relocation-and-sessions/message-follow.clauses.ts';
import { clauses as relocation } from '../../features/relocation-and-sessions/relocation.clauses.ts';
import { clauses as sessions } from '../../features/relocation-and-sessions/sessions.clauses.ts';
import { clauses as grace } from '../../features/store-failure/grace.clauses.ts';
import { clauses as unclearResult } from '../../features/store-failure/unclear-result.clauses.ts';
import { clauses as pending } from '../../features/pending.clauses.ts';

export type { Clause, ClauseCheck } from './clause.ts';

/** Every clause file, by its path relative to features/, with its clauses as written there. */
export const CLAUSE_FILES: Record<string, Clause[]> = {
  'channel-and-connection/common-judgment.clauses.ts': commonJudgment,
  'channel-and-connection/liveness.clauses.ts': liveness,
  'channel-and-connection/node-direct.clauses.ts': nodeDirect,
  'channel-and-connection/reconnect.clauses.ts': reconnect,
  'channel-and-connection/select-one.clauses.ts': selectOne,
  'channel-and-connection/terminal-result.clauses.ts': terminalResult,
  'object-routing-and-creation/creation.clauses.ts': creation,
  'object-routing-and-creation/direct-messages.clauses.ts': directMessages,
  'object-routing-and-creation/instance-spots.clauses.ts': instanceSpots,
  'object-routing-and-creation/owner-failure.clauses.ts': ownerFailure,
  'relocation-and-sessions/handoff.clauses.ts': handoff,
  'relocation-and-sessions/instance-spot-relocation.clauses.ts': instanceSpotRelocation,
  'relocation-and-sessions/message-follow.clauses.ts': messageFollow,
  'relocation-and-sessions/relocation.clauses.ts': relocation,
  'relocation-and-sessions/sessions.clauses.ts': sessions,
  'store-failure/grace.clauses.ts': grace,
  'store-failure/unclear-result.clauses.ts': unclearResult,
  'pending.clauses.ts': pending,
};

const ORDER = REQUIREMENTS.map((r) => r.id);

/** The requirement ID and number of a clause ID ('R-GEN-2.1' -> ['R-GEN-2', 2]). */
export function splitClauseId(id: string): [string, number] {
  const dot = id.lastIndexOf('.');
  return [id.slice(0, dot), Number(id.slice(dot + 1))];
}

function load(): Record<string, Clause[]> {
  const byReq = new Map<string, Clause[]>(ORDER.map((id) => [id, []]));
  const seen = new Set<string>();
  for (const [file, list] of Object.entries(CLAUSE_FILES)) {
    for (const c of list) {
      const [req, n] = splitClauseId(c.id);
      const into = byReq.get(req);
      if (!into || !Number.isInteger(n) || n < 1) throw new Error(`features/${file}: clause ${c.id} does not name a requirement of the registry and a number`);
      if (seen.has(c.id)) throw new Error(`features/${file}: clause ${c.id} is defined twice`);
      seen.add(c.id);
      into.push(c);
    }
  }
  const table: Record<string, Clause[]> = {};
  for (const [req, list] of byReq) if (list.length > 0) table[req] = list.sort((a, b) => splitClauseId(a.id)[1] - splitClauseId(b.id)[1]);
  return table;
}

/** Every requirement's clauses, keyed by requirement ID in registry order, each list in clause-number order. */
export const CLAUSES: Record<string, Clause[]> = load();

const FILE_OF = new Map(Object.entries(CLAUSE_FILES).flatMap(([file, list]) => list.map((c) => [c.id, `features/${file}`] as const)));

/** The file a clause is written in, from the repository root (e.g. 'features/channel-and-connection/select-one.clauses.ts'), or undefined. */
export function clauseFile(id: string): string | undefined {
  return FILE_OF.get(id);
}

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
