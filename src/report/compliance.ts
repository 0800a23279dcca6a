// compliance.json: the certificate. One entry per requirement ID of the registry, all of them,
// with the scenarios that checked it. An ID is "passed" only when every one of its scenarios
// passed; a not-applicable scenario keeps it from passing.

import { REQUIREMENTS } from '../requirements/registry.ts';
import type { ScenarioResult } from '../run/results.ts';

export type RequirementStatus = 'passed' | 'failed' | 'not-applicable' | 'untested';

export interface Compliance {
  kit: { name: string; version: string };
  implementation: { name: string; version: string; backend: string };
  startedAt: string;
  durationMs: number;
  requirements: Array<{
    id: string;
    status: RequirementStatus;
    scenarios: Array<{ name: string; uri: string; line: number; status: ScenarioResult['status'] }>;
  }>;
  summary: { passed: number; failed: number; notApplicable: number; untested: number };
}

export function requirementStatus(scenarios: ScenarioResult[]): RequirementStatus {
  if (scenarios.length === 0) return 'untested';
  if (scenarios.some((s) => s.status === 'failed')) return 'failed';
  if (scenarios.some((s) => s.status === 'not-applicable')) return 'not-applicable';
  return 'passed';
}

export function buildCompliance(input: {
  kit: Compliance['kit'];
  implementation: Compliance['implementation'];
  startedAt: Date;
  durationMs: number;
  results: ScenarioResult[];
}): Compliance {
  const requirements = REQUIREMENTS.map(({ id }) => {
    const scenarios = input.results.filter((r) => r.tags.includes(`@${id}`));
    return {
      id,
      status: requirementStatus(scenarios),
      scenarios: scenarios.map(({ name, uri, line, status }) => ({ name, uri, line, status })),
    };
  });
  const count = (s: RequirementStatus) => requirements.filter((r) => r.status === s).length;
  return {
    kit: input.kit,
    implementation: input.implementation,
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    requirements,
    summary: { passed: count('passed'), failed: count('failed'), notApplicable: count('not-applicable'), untested: count('untested') },
  };
}
