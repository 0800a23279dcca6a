// Figures for the living-documentation site (issue 10), measured, not asserted:
//   - build time of a site from 10 runs (median of 5 builds);
//   - page weight: the matrix page with its inlined data, its assets, the largest rule page, the site;
//   - time until the matrix is interactive in headless Chromium: from navigation start to the
//     moment matrix.js has drawn the table and bound the controls (body[data-ready]), median of 5.
// The 10 runs are full-size compliance.json files made from the features themselves (every
// scenario and Examples row, with their tags), so the figures do not wait on 10 suite runs; their
// statuses vary from run to run as real ones would. The lead wires benchSite() into bench/bench.ts;
// `node --import tsx bench/site.ts` prints the figures on its own.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildCompliance } from '../src/report/compliance.ts';
import { CAPABILITIES } from '../src/driver/types.ts';
import { FAILPOINT_NAMES } from '../src/driver/failpoints.ts';
import type { ScenarioResult } from '../src/run/results.ts';
import { buildSite } from '../src/site/build.ts';
import { parseFeatures } from '../src/site/gherkin.ts';
import { MUTANTS } from '../impl-reference/mutants/index.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CHROMIUM = process.env.SPOTCHECK_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface SiteFigures {
  runs: number;
  buildMs: number;
  pages: number;
  indexBytes: number;
  assetBytes: number;
  largestRulePage: { name: string; bytes: number };
  siteBytes: number;
  /** null when no Chromium is installed. */
  interactiveMs: number | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Every case the features hold (a plain scenario, or one Examples row), with the tags it runs with. */
function cases(): Array<Omit<ScenarioResult, 'status'>> {
  return parseFeatures(ROOT).flatMap((sc) =>
    sc.examples.length === 0
      ? [{ name: sc.name, uri: sc.uri, line: sc.line, tags: sc.tags }]
      : sc.examples.flatMap((e) => e.rows.map((r) => ({ name: `${sc.name} (row ${r.line})`, uri: sc.uri, line: r.line, tags: [...sc.tags, ...e.tags] }))),
  );
}

function writeRuns(dir: string, n: number): string[] {
  const all = cases();
  return Array.from({ length: n }, (_, i) => {
    // Run i fails every (i+7)th case and lacks sessions on odd runs: statuses differ between runs.
    const results: ScenarioResult[] = all.map((c, k) => ({
      ...c,
      status: i % 2 === 1 && c.tags.includes('@sessions') ? 'not-applicable' : k % (i + 7) === 0 ? 'failed' : 'passed',
      ...(k % (i + 7) === 0 ? { failure: { kind: 'assertion' as const, step: 'a step', line: c.line + 1, type: 'RuleViolation', message: 'seen broken' } } : {}),
    }));
    const compliance = buildCompliance({
      kit: { name: 'spotcheck', version: 'bench' },
      implementation: { name: `runtime-${i % 4}`, version: '1.0.0', backend: ['embedded', 'redis', 'process'][i % 3] },
      description: { capabilities: [...CAPABILITIES], failpoints: [...FAILPOINT_NAMES] },
      level: 'full',
      startedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      durationMs: 30_000,
      results,
    });
    const runDir = join(dir, `run-${i + 1}`);
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'compliance.json'), JSON.stringify(compliance));
    return join(runDir, 'compliance.json');
  });
}

function sizeOf(path: string): number {
  const s = statSync(path);
  return s.isDirectory() ? readdirSync(path).reduce((n, f) => n + sizeOf(join(path, f)), 0) : s.size;
}

async function interactive(index: string, loads = 5): Promise<number | null> {
  if (!existsSync(CHROMIUM)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const times: number[] = [];
    for (let i = 0; i < loads; i++) {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(index).href);
      // performance.now() counts from the page's navigation start: read it when the matrix is ready.
      await page.waitForSelector('body[data-ready=true]');
      // matrix.js notes performance.now() (ms since navigation start) once the table is drawn and
      // every control is bound.
      times.push(Number(await page.getAttribute('body', 'data-ready-ms')));
      await page.close();
    }
    return median(times);
  } finally {
    await browser.close();
  }
}

export async function benchSite(n = 10): Promise<SiteFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'spotcheck-bench-site-'));
  try {
    const files = writeRuns(dir, n);
    const out = join(dir, 'site');
    const times: number[] = [];
    let pages = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      pages = buildSite({ out, files, mutants: MUTANTS }).pages;
      times.push(performance.now() - t0);
    }
    const rules = readdirSync(join(out, 'rules')).filter((f) => f !== 'index.html').map((f) => ({ name: f, bytes: statSync(join(out, 'rules', f)).size }));
    return {
      runs: n,
      buildMs: median(times),
      pages,
      indexBytes: statSync(join(out, 'index.html')).size,
      assetBytes: sizeOf(join(out, 'assets')),
      largestRulePage: rules.reduce((a, b) => (b.bytes > a.bytes ? b : a)),
      siteBytes: sizeOf(out),
      interactiveMs: await interactive(join(out, 'index.html')),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printSiteFigures(f: SiteFigures, line = (what: string, figure: string) => console.log(`${what.padEnd(58)} ${figure}`)): void {
  const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
  line(`site build from ${f.runs} runs (median of 5)`, `${f.buildMs.toFixed(0)} ms, ${f.pages} pages`);
  line('  matrix page (data inlined) + assets', `${kib(f.indexBytes)} + ${kib(f.assetBytes)}`);
  line('  largest rule page', `${kib(f.largestRulePage.bytes)} (${f.largestRulePage.name})`);
  line('  whole site', kib(f.siteBytes));
  line('  matrix interactive in headless Chromium (median of 5)', f.interactiveMs === null ? `not measured: no Chromium at ${CHROMIUM}` : `${f.interactiveMs.toFixed(0)} ms after navigation start`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printSiteFigures(await benchSite());
}
