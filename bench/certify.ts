// Figures of certification over the wire (issue 9): `spotcheck certify` of the reference served
// over the wire protocol (a separate process speaking JSON-RPC on stdio) against the same
// selection in process (embedded), taken in turns so that the machine's load moves both; the
// ratio of the medians (goal: at most 1.3). Then the adapter's own cost: a Driver call over the
// wire against the same call in process (describe(), which does no work of its own), and the
// extra wall time per scenario. Measured, never asserted. bench/bench.ts wires it in.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDriver } from '../src/driver/target.ts';
import { DEFAULT_PARALLEL } from '../src/run/suite.ts';
import type { Certificate } from '../src/certify/certificate.ts';
import '../src/cli/adapters.ts'; // registers the adapters (src/driver/target.ts)

type Line = (what: string, figure: string) => void;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WIRE_IMPL = 'exec:node --import tsx impl-reference/harness/serve.ts';

export interface CertifyFigures {
  level: string;
  scenarios: number;
  /** Median wall time of the certify command, ms, in process and over the wire. */
  embeddedMs: number;
  wireMs: number;
  ratio: number;
  /** Median time of one describe() call, µs. */
  callEmbeddedUs: number;
  callWireUs: number;
  /** Extra wall time per scenario over the wire, ms (parallel runs: wall, not CPU). */
  perScenarioMs: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** One `spotcheck certify` as a user runs it; its wall time and the certificate's scenario count. */
function certifyOnce(impl: string, level: string, parallel: number): { ms: number; scenarios: number; ok: boolean; said: string } {
  const out = mkdtempSync(join(tmpdir(), 'spotcheck-bench-certify-'));
  try {
    const t = performance.now();
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/spotcheck.js'), 'certify', '--impl', impl, '--level', level, '--runs', '1', '--parallel', String(parallel), '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
      timeout: 900_000,
    });
    const ms = performance.now() - t;
    let scenarios = 0;
    try {
      const cert = JSON.parse(readFileSync(join(out, 'certificate.json'), 'utf8')) as Certificate;
      scenarios = cert.compliance.run!.scenarios.length;
    } catch {
      // no certificate: reported below
    }
    return { ms, scenarios, ok: r.status === 0, said: (r.stderr || r.stdout).trim().split('\n').pop() ?? '' };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Median time of one describe() through a Driver, in µs, after a warm-up. */
async function callTime(impl: string, calls: number): Promise<number> {
  const driver = await openDriver({ impl, backend: 'embedded' });
  try {
    for (let i = 0; i < 50; i++) await driver.describe();
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t = performance.now();
      await driver.describe();
      times.push((performance.now() - t) * 1000);
    }
    return median(times);
  } finally {
    await driver.close();
  }
}

export async function benchCertify(options: { level?: string; rounds?: number; parallel?: number; calls?: number } = {}): Promise<CertifyFigures> {
  const level = options.level ?? 'core';
  const rounds = options.rounds ?? 2;
  const parallel = options.parallel ?? DEFAULT_PARALLEL;
  const embedded: number[] = [];
  const wire: number[] = [];
  let scenarios = 0;
  for (let i = 0; i < rounds; i++) {
    // In turns, so that a change in the machine's load falls on both.
    for (const [impl, into] of [['reference', embedded], [WIRE_IMPL, wire]] as const) {
      const r = certifyOnce(impl, level, parallel);
      if (!r.ok) throw new Error(`certify --impl ${impl} --level ${level} did not certify: ${r.said}`);
      into.push(r.ms);
      scenarios = r.scenarios;
    }
  }
  const calls = options.calls ?? 500;
  const callEmbeddedUs = await callTime('reference', calls);
  const callWireUs = await callTime(WIRE_IMPL, calls);
  const embeddedMs = median(embedded);
  const wireMs = median(wire);
  return {
    level,
    scenarios,
    embeddedMs,
    wireMs,
    ratio: wireMs / embeddedMs,
    callEmbeddedUs,
    callWireUs,
    perScenarioMs: scenarios ? (wireMs - embeddedMs) / scenarios : 0,
  };
}

export function printCertifyFigures(line: Line, f: CertifyFigures): void {
  line(`certify --level ${f.level} --runs 1, in process (embedded)`, `${(f.embeddedMs / 1000).toFixed(1)} s for ${f.scenarios} scenarios (median)`);
  line(`certify --level ${f.level} --runs 1, over the wire (exec:)`, `${(f.wireMs / 1000).toFixed(1)} s (median)`);
  line('  wire / in process (goal: at most 1.3)', `${f.ratio.toFixed(2)}`);
  line('  Driver call, describe(): in process / over the wire', `${f.callEmbeddedUs.toFixed(1)} µs / ${f.callWireUs.toFixed(1)} µs (median)`);
  line('  adapter overhead per Driver call', `${(f.callWireUs - f.callEmbeddedUs).toFixed(1)} µs`);
  line('  extra wall time per scenario over the wire', `${f.perScenarioMs.toFixed(0)} ms`);
}

// Run on its own: node --import tsx bench/certify.ts [level] [rounds]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const line: Line = (what, figure) => console.log(`${what.padEnd(58)} ${figure}`);
  printCertifyFigures(line, await benchCertify({ level: process.argv[2], rounds: process.argv[3] ? Number(process.argv[3]) : undefined }));
}
