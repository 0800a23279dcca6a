// How the faults behind a certificate were done, counted over its scenarios (each once, though a
// scenario is listed under every ID it carries): "outside" when the kit did the fault to the
// runtime's processes or links itself (node: programs), "self-reported" when it has only the
// runtime's word (exec: runtimes, failpoints). A reader sees at a glance whether a crash in the
// certificate was a SIGKILL or a runtime's account of one; `verify` recomputes it.

import type { Compliance } from '../report/compliance.ts';

export interface FaultSummary {
  outside: number;
  selfReported: number;
  /** Scenarios with at least one self-reported fault. */
  scenariosWithSelfReported: number;
}

export function faultSummary(c: Pick<Compliance, 'requirements'>): FaultSummary {
  const seen = new Set<string>();
  const summary: FaultSummary = { outside: 0, selfReported: 0, scenariosWithSelfReported: 0 };
  for (const r of c.requirements) {
    for (const s of r.scenarios) {
      const key = `${s.uri}:${s.line}`;
      if (seen.has(key) || !s.faults) continue;
      seen.add(key);
      const self = s.faults.filter((f) => f.how === 'self-reported').length;
      summary.selfReported += self;
      summary.outside += s.faults.length - self;
      if (self > 0) summary.scenariosWithSelfReported++;
    }
  }
  return summary;
}
