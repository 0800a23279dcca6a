// `spotcheck verify <certificate.json>`: is this certificate one this kit would write, for what it
// says? It compares the certificate with the installed kit (name, version, the hashes of the spec,
// features and schema) and with itself: every status and count is computed again from the
// scenarios kept in it, the level met again from those and the implementation's capabilities and
// failpoints, and everything it says twice must agree. It cannot tell whether the scenarios really
// ran (a certificate is not signed); it tells whether the certificate is consistent and made
// against this kit. The git commit is not compared: the hashes say whether what the kit checks
// against is the same, and a commit of documentation alone changes nothing a certificate rests on.

import { readFileSync } from 'node:fs';
import { faultSummary } from './fault-summary.ts';
import { isDeepStrictEqual } from 'node:util';
import { complianceShapeProblem } from '../report/merge.ts';
import { levelMet, requirementStatus, resultsOf, type Compliance, type RequirementStatus } from '../report/compliance.ts';
import { LEVEL_NAMES, lacksForLevel, levelIds, levelNamed, whyNotMet, type LevelName } from '../requirements/levels.ts';
import { REQUIREMENTS } from '../requirements/registry.ts';
import { CERTIFICATE_FORMAT, type Certificate } from './certificate.ts';
import { KIT, kitHashes } from './kit.ts';

/** The file cannot be read or is not a certificate: exit 2. */
export class CertificateInputError extends Error {}

const STATUSES: RequirementStatus[] = ['passed', 'failed', 'partial', 'not-applicable', 'untested'];

function shapeProblem(c: unknown): string | undefined {
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return 'not a JSON object';
  const o = c as Record<string, any>;
  if (o.format !== CERTIFICATE_FORMAT) return `format is ${JSON.stringify(o.format)}, not "${CERTIFICATE_FORMAT}"`;
  if (typeof o.kit?.name !== 'string' || typeof o.kit?.version !== 'string') return 'no kit {name, version}';
  for (const h of ['spec', 'features', 'schema']) {
    const v = o.hashes?.[h];
    if (typeof v !== 'object' || v === null || !(v.sha256 === null || (typeof v.sha256 === 'string' && /^[0-9a-f]{64}$/.test(v.sha256)))) return `hashes.${h}.sha256 is not a sha256 or null`;
  }
  const d = o.implementation;
  if (typeof d?.name !== 'string' || typeof d.version !== 'string' || typeof d.backend !== 'string' || !Array.isArray(d.capabilities) || !Array.isArray(d.failpoints))
    return 'implementation is not a describe() result';
  if (typeof o.backend?.name !== 'string' || !Array.isArray(o.backend.servers)) return 'no backend {name, servers}';
  if (!LEVEL_NAMES.includes(o.level?.requested) || !(o.level.met === null || LEVEL_NAMES.includes(o.level.met)) || !Array.isArray(o.level.lacks))
    return 'no level {requested, met, lacks}';
  if (!Array.isArray(o.requirements)) return 'no requirements list';
  for (const r of o.requirements) {
    const counts = r?.counts;
    if (typeof r?.id !== 'string' || !STATUSES.includes(r.status) || !Number.isInteger(r.scenarios) || typeof counts !== 'object' || counts === null)
      return `a requirement entry without id, status, counts and scenarios (${JSON.stringify(r)?.slice(0, 60)})`;
    if (!['passed', 'failed', 'notApplicable'].every((k) => Number.isInteger(counts[k]))) return `requirements ${r.id}: counts are not whole numbers`;
  }
  if (typeof o.summary !== 'object' || o.summary === null) return 'no summary';
  if (typeof o.selection !== 'object' || o.selection === null) return 'no selection';
  if (!Array.isArray(o.environment)) return 'no environment list';
  if (typeof o.startedAt !== 'string' || Number.isNaN(Date.parse(o.startedAt))) return 'startedAt is not a date';
  if (typeof o.durationMs !== 'number') return 'no durationMs';
  if (!Number.isInteger(o.runs)) return 'runs is not a whole number';
  const inner = complianceShapeProblem(o.compliance);
  if (inner) return `compliance: ${inner}`;
  if (!o.compliance.run) return 'compliance has no run section';
  return undefined;
}

export function readCertificate(file: string): Certificate {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CertificateInputError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CertificateInputError(`${file}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const problem = shapeProblem(json);
  if (problem) throw new CertificateInputError(`${file}: not a spotcheck certificate (${problem})`);
  return json as Certificate;
}

const show = (v: unknown) => JSON.stringify(v);

/** Everything in the certificate that does not match the installed kit or itself; empty = it matches. */
export function verifyCertificate(cert: Certificate): string[] {
  const out: string[] = [];
  const differ = (field: string, said: unknown, expected: unknown, whose: string) => {
    if (!isDeepStrictEqual(said, expected)) out.push(`${field}: the certificate says ${show(said)}, ${whose} ${show(expected)}`);
  };

  // ---- against the installed kit ----
  differ('kit.name', cert.kit.name, KIT.name, 'this kit is');
  differ('kit.version', cert.kit.version, KIT.version, 'this kit is');
  const hashes = kitHashes();
  for (const h of ['spec', 'features', 'schema'] as const) {
    const mine = hashes[h];
    // A certificate says what it was checked against; without a hash it says nothing (and a kit
    // without that file would match it).
    if (cert.hashes[h].sha256 === null) out.push(`hashes.${h}.sha256: the certificate has none${cert.hashes[h].note ? ` (${cert.hashes[h].note})` : ''}: it does not say which ${h} it was checked against`);
    else if (cert.hashes[h].sha256 !== mine.sha256) {
      out.push(`hashes.${h}.sha256: the certificate says ${show(cert.hashes[h].sha256)}, this kit has ${show(mine.sha256)}${mine.note ? ` (${mine.note})` : ''}`);
    }
  }

  // ---- with itself ----
  const c = cert.compliance;
  const run = c.run!;
  differ('compliance.kit', c.kit, { name: cert.kit.name, version: cert.kit.version }, 'the certificate itself says');
  differ('compliance.implementation', c.implementation, { name: cert.implementation.name, version: cert.implementation.version, backend: cert.implementation.backend }, 'the implementation it describes is');
  differ('compliance.run.description', run.description, cert.implementation, 'the certificate says');
  differ('backend.name', cert.backend.name, cert.implementation.backend, 'the implementation reported');
  differ('backend.servers', cert.backend.servers, run.servers, 'its compliance report says');
  differ('selection', cert.selection, run.selection, 'its compliance report says');
  differ('environment', cert.environment, run.environment, 'its compliance report says');
  differ('runs', cert.runs, run.repeat, 'its compliance report says');
  if (cert.runs < 1) out.push(`runs: ${cert.runs}: a certificate needs at least one run`);
  if (run.changed !== 0) out.push(`compliance.run.changed: ${run.changed} scenario(s) changed between runs: no certificate should have been written`);
  if (run.selection.shard) out.push(`selection.shard: ${run.selection.shard.index}/${run.selection.shard.total}: a certificate covers a whole selection, not one shard`);
  if (run.selection.tags !== null) out.push(`selection.tags: ${show(run.selection.tags)}: a certificate needs every scenario of the level, not a --tags selection`);
  if (cert.durationMs < 0) out.push(`durationMs: ${cert.durationMs} is negative`);

  // Every ID of this kit's registry once, in both lists.
  const ids = REQUIREMENTS.map((r) => r.id);
  for (const [where, list] of [['requirements', cert.requirements], ['compliance.requirements', c.requirements]] as const) {
    const seen = list.map((r) => r.id);
    for (const id of ids) if (!seen.includes(id)) out.push(`${where}: ${id} is missing (this kit has ${ids.length} IDs)`);
    for (const id of new Set(seen)) {
      if (!ids.includes(id)) out.push(`${where}: ${id} is not a requirement ID of this kit`);
      else if (seen.filter((x) => x === id).length > 1) out.push(`${where}: ${id} is listed more than once`);
    }
  }
  const listed = new Set(run.scenarios);
  for (const r of c.requirements) {
    const n = (s: string) => r.scenarios.filter((x) => x.status === s).length;
    const counts = { passed: n('passed'), failed: n('failed'), notApplicable: n('not-applicable') };
    const status = requirementStatus(r.scenarios);
    differ(`compliance.requirements ${r.id}.counts`, r.counts, counts, 'its scenarios count');
    differ(`compliance.requirements ${r.id}.status`, r.status, status, 'its scenarios give');
    for (const s of r.scenarios) if (!listed.has(`${s.uri}:${s.line}`)) out.push(`compliance.requirements ${r.id}: scenario ${s.uri}:${s.line} is not among the scenarios that ran (compliance.run.scenarios)`);
    const top = cert.requirements.find((x) => x.id === r.id);
    if (!top) continue;
    differ(`requirements ${r.id}.status`, top.status, status, 'its scenarios give');
    differ(`requirements ${r.id}.counts`, top.counts, counts, 'its scenarios count');
    const sum = top.counts.passed + top.counts.failed + top.counts.notApplicable;
    if (top.scenarios !== sum) out.push(`requirements ${r.id}.scenarios: the certificate says ${top.scenarios}, but its counts add up to ${sum}`);
    differ(`requirements ${r.id}.scenarios`, top.scenarios, r.scenarios.length, 'its compliance report lists');
  }
  const tally = (list: Array<{ status: RequirementStatus }>) => {
    const k = (s: RequirementStatus) => list.filter((r) => r.status === s).length;
    return { passed: k('passed'), failed: k('failed'), partial: k('partial'), notApplicable: k('not-applicable'), untested: k('untested') };
  };
  differ('summary', cert.summary, tally(cert.requirements), 'its requirements give');
  differ('compliance.summary', c.summary, tally(c.requirements), 'its requirements give');
  if (cert.faults !== undefined) differ('faults', cert.faults, faultSummary(c), 'its scenarios give');

  // The level: what it lacks, and the level met, from the scenarios and the implementation's description.
  const requested = levelNamed(cert.level.requested)!;
  differ('level.lacks', cert.level.lacks, lacksForLevel(requested, cert.implementation), `level ${requested.name} needs what the implementation does not report:`);
  differ('compliance.level', c.level, cert.level, 'the certificate says');
  const met = levelMet(resultsOf(c), cert.implementation);
  if (cert.level.met !== met) {
    const why = cert.level.met ? whyNotMet(cert.level.met as LevelName, resultsOf(c), cert.implementation)[0] : undefined;
    out.push(`level.met: the certificate says ${show(cert.level.met)}, its statuses justify ${show(met)}${why ? ` (${why})` : ''}`);
    const claimed = cert.level.met ? levelNamed(cert.level.met as LevelName) : undefined;
    if (claimed) {
      for (const id of levelIds(claimed)) {
        const r = cert.requirements.find((x) => x.id === id);
        if (!r || (r.status !== 'passed' && r.status !== 'partial')) out.push(`level.met ${claimed.name}: ${id} is ${r?.status ?? 'missing'}`);
      }
    }
  }
  return out;
}
