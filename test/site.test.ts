// The living-documentation site, built from real runs: the reference on the embedded backend (and
// on Redis where a redis-server binary runs), and a mutant that fails V01. The build is checked
// directly; then headless Chromium (Debian's, through playwright-core) opens it from disk as a
// reader would: matrix, filters, search, a rule page, a link into cucumber.html, a reloaded link,
// the diff of two runs, landmarks, table headers and keyboard focus. Screenshots are kept beside
// the reports, in <tmp>/screenshots (the path is printed as a diagnostic).

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { ROOT, tempDir } from './helpers.ts';
import { GROUPS } from '../src/site/groups.ts';
import { REQUIREMENTS } from '../src/requirements/registry.ts';
import { buildSite } from '../src/site/build.ts';
import { SiteInputError } from '../src/site/inputs.ts';
import type { Compliance } from '../src/report/compliance.ts';
import { MUTANTS } from '../impl-reference/mutants/index.ts';

// SPOTCHECK_CHROMIUM points elsewhere (or nowhere, to see the skip line).
const CHROMIUM = process.env.SPOTCHECK_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MUTANT = 'reselect-after-acceptance'; // breaks V01.2, seen by a V01 scenario
const OUT = tempDir('site');

/** `spotcheck run` as a user runs it, without blocking the other runs started beside it. */
function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/spotcheck.js'), 'run', ...args], { cwd: ROOT, env: { ...process.env, CI: 'true', ...env } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => (stderr += d)); // the FAILED lines are on stdout
    child.on('close', (code) => done({ code, stderr }));
  });
}

const runs: Record<string, string> = {};
let redisSkipped = '';
let made: Promise<void> | undefined;

/**
 * The runs, made once by the first test that needs them (not in a hook: Node runs hooks even when
 * --test-name-pattern skips every test, and a test that needs no run, run alone, should not wait
 * for three).
 */
function makeRuns(): Promise<void> {
  made ??= (async () => {
    // One after another: the scenarios judge timings, and three runs at once on two cores made the
    // reference miss a deadline.
    const embedded = await run(['--out', join(OUT, 'embedded'), '--tags', '@V01 or @R-CH-2']);
    const mutant = await run(['--out', join(OUT, 'mutant'), '--impl', `mutant:${MUTANT}`, '--tags', '@V01']);
    const redis = await run(['--out', join(OUT, 'redis'), '--backend', 'redis', '--tags', '@V01'], { SPOTCHECK_REDIS_VIA: 'binary' });
    assert.equal(embedded.code, 0, embedded.stderr);
    assert.equal(mutant.code, 1, `the mutant must fail V01: ${mutant.stderr}`);
    runs.embedded = join(OUT, 'embedded/compliance.json');
    runs.mutant = join(OUT, 'mutant/compliance.json');
    if (redis.code === 0) runs.redis = join(OUT, 'redis/compliance.json');
    else redisSkipped = `no Redis run (redis-server binary: ${redis.stderr.trim().split('\n')[0]})`;
  })();
  return made;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Compliance;
const inputs = () => [runs.embedded, ...(runs.redis ? [runs.redis] : []), runs.mutant];

describe('site build', () => {
  test('the groups hold every registry ID exactly once', () => {
    const grouped = GROUPS.flatMap((g) => g.ids);
    assert.deepEqual([...grouped].sort(), REQUIREMENTS.map((r) => r.id).sort());
  });

  test('one page per ID, the matrix data inlined, report links that resolve', async (t) => {
    await makeRuns();
    if (redisSkipped) t.diagnostic(redisSkipped);
    const out = join(OUT, 'site');
    const r = buildSite({ out, files: inputs(), mutants: MUTANTS });
    assert.equal(r.runs, inputs().length);
    const pages = readdirSync(join(out, 'rules')).filter((f) => f !== 'index.html');
    assert.equal(pages.length, 52);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const data = JSON.parse(/<script id="site-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]);
    assert.equal(data.rules.length, 52);
    for (const run of data.runs) assert.ok(existsSync(resolve(out, run.report)), `${run.report} from the site must be the run's cucumber.html`);
    // The rule page renders the outline's Examples table that carries V01, and names the mutant.
    const v01 = readFileSync(join(out, 'rules/V01.html'), 'utf8');
    assert.match(v01, /Examples:<\/span> no target has accepted yet/);
    assert.match(v01, new RegExp(MUTANT));
    assert.match(v01, /line 43/);
  });

  test('a file of another shape is refused in one line, exit 2', () => {
    const bad = join(OUT, 'bad.json');
    writeFileSync(bad, JSON.stringify({ hello: 'world' }));
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/site/cli.ts', '--out', join(OUT, 'bad-site'), bad], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^spotcheck: .*bad\.json: not a compliance\.json or certificate\.json/);
    assert.throws(() => buildSite({ out: join(OUT, 'bad-site'), files: [bad], mutants: MUTANTS }), SiteInputError);
  });

  test('a certificate.json holding a compliance report is read like one', async () => {
    await makeRuns();
    const cert = join(OUT, 'mutant', 'certificate.json');
    writeFileSync(cert, JSON.stringify({ certificate: 'spotcheck', compliance: read(runs.mutant) }));
    const r = buildSite({ out: join(OUT, 'cert-site'), files: [runs.embedded, cert], mutants: MUTANTS });
    assert.equal(r.runs, 2);
  });

  test('how each fault was done is on the rule page: per scenario, and counted per run', () => {
    // No run needed: a report of a node program's scenario with a fault from outside and a failpoint.
    const dir = join(OUT, 'faults');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'compliance.json');
    const hang = { kind: 'hang', node: 'B', how: 'outside', means: 'SIGSTOP to its process group' };
    const failpoint = { kind: 'failpoint', node: 'A', how: 'self-reported', means: 'failpoint x, armed by the node itself' };
    const scenario = { name: 'A hung peer is not-ready within the liveness deadline, and nothing else is affected', uri: 'features/channel-and-connection/liveness.feature', line: 10, status: 'passed', faults: [hang, failpoint] };
    writeFileSync(file, JSON.stringify({ implementation: { name: 'np', version: '0', backend: 'node-program' }, startedAt: '2026-01-01T00:00:00Z', durationMs: 0, requirements: [{ id: 'V04', status: 'passed', counts: { passed: 1, failed: 0, notApplicable: 0 }, scenarios: [scenario] }] }));
    const out = join(OUT, 'faults-site');
    buildSite({ out, files: [file], mutants: MUTANTS });
    const v04 = readFileSync(join(out, 'rules/V04.html'), 'utf8');
    assert.match(v04, /<td>1 from outside, 1 self-reported<\/td>/);
    assert.match(v04, /faults: <span class="fault-outside" title="SIGSTOP to its process group">hang B: outside<\/span>, <span class="fault-self" [^>]*>failpoint A: self-reported<\/span>/);
  });

  test('a scenario resting on an assumption is marked so on its rule page, with the assumption\'s words', () => {
    // No run needed: a report that ran nothing shows every scenario of the features all the same.
    const empty = join(OUT, 'empty', 'compliance.json');
    mkdirSync(join(OUT, 'empty'), { recursive: true });
    writeFileSync(empty, JSON.stringify({ implementation: { name: 'nothing', version: '0', backend: 'embedded' }, startedAt: '2026-01-01T00:00:00Z', durationMs: 0, requirements: [] }));
    const out = join(OUT, 'assumption-site');
    buildSite({ out, files: [empty], mutants: MUTANTS });
    const section = (id: string, name: string) => {
      const html = readFileSync(join(out, `rules/${id}.html`), 'utf8');
      const found = html.split('<section class="scenario"').find((s) => s.includes(`>${name}</h3>`));
      assert.ok(found, `${id}.html has no scenario "${name}"`);
      return found;
    };
    const marks = (html: string) => [...html.matchAll(/<strong>rests on an assumption: (.*?)<\/strong>/g)].map((m) => m[1]);
    // select-one.feature:12 rests on two headings; each is named and quoted from docs/assumptions.md.
    const full = section('V01', 'A server whose queue is full is passed over before acceptance');
    assert.deepEqual(marks(full), ['Select-one tries the heaviest server first', 'Queue capacity']);
    assert.match(full, /data-assumption="select-one-tries-the-heaviest-server-first"/);
    assert.match(full, /the first\s+pick of a fresh channel is its heaviest candidate/);
    assert.match(full, /<code>B: no, C: yes<\/code>/);
    // The paragraph is HTML-escaped ("waiting < queueCapacity"), and its scenario list is not shown.
    assert.match(full, /A node accepts while waiting &lt;\s+queueCapacity/);
    assert.doesNotMatch(full, /Scenarios \(&quot;node B/);
    // An outline is marked by the Examples tables the page shows: on V01's page, only the table
    // that carries V01 (queue capacity), not the others' heaviest-first.
    const outline = section('V01', '&lt;boundary&gt;');
    assert.deepEqual(marks(outline), ['Queue capacity']);
    assert.match(outline, /\(Examples "no target has accepted yet", line 21\)/);
    // A scenario the chapter's words decide carries no mark.
    assert.deepEqual(marks(section('V02', 'A node direct message runs on the named node only')), []);
    assert.deepEqual(marks(section('R-CH-2', 'A RID that does not exist in the mesh ends NotFound')), []);
    assert.deepEqual(marks(section('V02', 'The named node&#39;s queue is full: Busy, and no other node is used')), ['Queue capacity', 'ErrorKinds the chapter does not name']);
  });
});

const noChromium = !existsSync(CHROMIUM);
describe('site in a browser', { skip: noChromium ? `browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)` : false }, () => {
  let browser: Browser;
  let page: Page;
  const site = join(OUT, 'browser-site');
  const shots = join(OUT, 'screenshots');
  const index = pathToFileURL(join(site, 'index.html')).href;
  const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
  const ids = () => page.$$eval('#matrix-table tr[data-id]', (rows) => rows.map((r) => r.getAttribute('data-id')));

  before(async () => {
    await makeRuns();
    const { chromium } = await import('playwright-core');
    buildSite({ out: site, files: inputs(), mutants: MUTANTS });
    mkdirSync(shots, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    page.on('pageerror', (e) => assert.fail(`script error in the page: ${e.message}`));
  });
  after(async () => {
    await browser?.close();
  });

  const open = async (url: string) => {
    await page.goto(url);
    await page.waitForSelector('body[data-ready=true]');
  };

  test('the matrix: every ID, one column per run, landmarks and table headers', async (t) => {
    t.diagnostic(`screenshots in ${shots}`);
    await open(index);
    assert.equal((await ids()).length, 52);
    const cols = await page.$$eval('#matrix-table thead th', (ths) => ths.map((th) => th.getAttribute('scope')));
    assert.equal(cols.length, 3 + inputs().length);
    assert.ok(cols.every((s) => s === 'col'));
    assert.ok(await page.$$eval('#matrix-table tbody tr[data-id] th', (ths) => ths.every((th) => th.getAttribute('scope') === 'row')));
    for (const role of ['banner', 'navigation', 'main', 'contentinfo'] as const) assert.equal(await page.getByRole(role).count(), 1, role);
    // Group totals: each status on its own, and no overall score anywhere.
    const totals = await page.locator('tbody[data-group=channel] td.group-totals').first().innerText();
    for (const s of ['passed', 'failed', 'not-applicable', 'untested']) assert.match(totals, new RegExp(`\\d+ ${s}`));
    assert.doesNotMatch(await page.locator('#matrix-table').innerText(), /score|%/i);
    await shot('matrix');
  });

  let filteredUrl = '';
  let filteredIds: Array<string | null> = [];
  test('filters and search change the view and the link', async () => {
    await open(index);
    await page.selectOption('#f-group', 'channel');
    await page.waitForFunction(() => location.hash.includes('group=channel'));
    assert.deepEqual(await ids(), GROUPS.find((g) => g.key === 'channel')!.ids);
    await page.selectOption('#f-status', 'failed');
    await page.waitForFunction(() => location.hash.includes('status=failed'));
    const failed = REQUIREMENTS.map((r) => r.id).filter((id) => GROUPS[0].ids.includes(id) && inputs().some((f) => read(f).requirements.find((x) => x.id === id)!.status === 'failed'));
    assert.deepEqual(await ids(), failed);
    assert.ok(failed.includes('V01'));
    await shot('matrix-filtered');
    filteredUrl = page.url();
    filteredIds = await ids();

    await open(index);
    await page.fill('#f-q', 'R-CH');
    await page.waitForFunction(() => location.hash.includes('q=R-CH'));
    assert.deepEqual(await ids(), ['R-CH-1', 'R-CH-2']);
    await open(`${index}#level=core`);
    assert.ok((await page.$$eval('#matrix-table tr[data-id] td:nth-of-type(2)', (tds) => tds.map((td) => td.textContent))).every((l) => l === 'core'));
    await open(`${index}#impl=spotcheck-reference`);
    assert.equal(await page.locator('#matrix-table thead th').count(), 3 + inputs().length - 1, 'the mutant column is filtered out');
  });

  test('a link reloaded in a fresh page gives the same view', async () => {
    const again = await browser.newPage();
    await again.goto(filteredUrl);
    await again.waitForSelector('body[data-ready=true]');
    assert.ok(filteredIds.length > 0);
    assert.deepEqual(await again.$$eval('#matrix-table tr[data-id]', (rows) => rows.map((r) => r.getAttribute('data-id'))), filteredIds);
    assert.equal(await again.inputValue('#f-group'), 'channel');
    assert.equal(await again.inputValue('#f-status'), 'failed');
    await again.close();
  });

  test('a rule page, and a link from it into the run\'s cucumber.html', async () => {
    await open(`${index}#group=channel`);
    await page.click('#matrix-table tr[data-id=V01] th a');
    await page.waitForURL(/rules\/V01\.html$/);
    assert.equal(await page.locator('h1').innerText(), 'V01');
    for (const role of ['banner', 'navigation', 'main', 'contentinfo'] as const) assert.equal(await page.getByRole(role).count(), 1, role);
    assert.ok(await page.$$eval('thead th', (ths) => ths.every((th) => th.getAttribute('scope') === 'col')));
    assert.ok((await page.locator('section.scenario').count()) >= 5);
    assert.ok(await page.getByText('no target has accepted yet').count());
    assert.ok(await page.locator('code', { hasText: MUTANT }).count());
    await shot('rule-V01');
    // The mutant's failed scenario links into the mutant run's report, looked up by its name.
    const link = page.locator('table.results td[data-status=failed] a').first();
    const name = await link.evaluate((a) => decodeURIComponent(new URL((a as HTMLAnchorElement).href).searchParams.get('query')!));
    await link.click();
    await page.waitForURL(/mutant\/cucumber\.html\?query=/);
    // With ?query= Cucumber's report opens the features that match it (without one they start
    // collapsed): the scenario is in the select-one feature's open panel.
    const feature = page.getByRole('button', { name: /select-one\.feature/ });
    await page.waitForFunction(() => [...document.querySelectorAll('button[aria-expanded=true]')].some((b) => /select-one\.feature/.test(b.textContent ?? '')));
    const panel = page.locator(`[id="${await feature.getAttribute('aria-controls')}"]`);
    await panel.getByText(name).first().waitFor({ state: 'attached' });
    assert.match(await panel.innerText(), /Feature: Channel select-one/);
    await shot('cucumber-report');
  });

  test('the diff of two runs counts improved, regressed, added and removed apart', async () => {
    const before = read(runs.embedded);
    const after = read(runs.mutant);
    const expect = { improved: 0, regressed: 0, added: 0, removed: 0 };
    const rank: Record<string, number> = { failed: 0, 'not-applicable': 1, partial: 2, passed: 3 };
    for (const { id } of REQUIREMENTS) {
      const x = before.requirements.find((r) => r.id === id)!.status;
      const y = after.requirements.find((r) => r.id === id)!.status;
      if (x === y) continue;
      if (x === 'untested') expect.added++;
      else if (y === 'untested') expect.removed++;
      else if (rank[y] > rank[x]) expect.improved++;
      else expect.regressed++;
    }
    assert.ok(expect.regressed > 0 && expect.removed > 0, 'the runs differ in both ways');
    const mutantKey = `r${inputs().indexOf(runs.mutant) + 1}`;
    await open(`${index}#view=diff&a=r1&b=${mutantKey}`);
    const counts = async () => Object.fromEntries(await page.$$eval('#diff-summary li', (lis) => lis.map((li) => [li.getAttribute('data-kind'), Number(li.querySelector('strong')!.textContent)])));
    assert.deepEqual(await counts(), { ...expect, unchanged: 52 - Object.values(expect).reduce((a, b) => a + b, 0) });
    await shot('diff');
    // Swapped through the controls: regressions become improvements, removals additions, and the link follows.
    await page.selectOption('#d-a', mutantKey);
    await page.selectOption('#d-b', 'r1');
    await page.waitForFunction((k) => location.hash.includes(`a=${k}`) && location.hash.includes('b=r1'), mutantKey);
    const swapped = await counts();
    assert.equal(swapped.improved, expect.regressed);
    assert.equal(swapped.added, expect.removed);
  });

  test('keyboard focus is visible', async () => {
    await open(index);
    const focused = () => page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return { tag: el.tagName, id: el.id, text: el.textContent?.trim().slice(0, 30), outline: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    await page.keyboard.press('Tab');
    const skip = await focused();
    assert.equal(skip.text, 'Skip to content');
    assert.ok(skip.outline !== 'none' && skip.width >= 2, JSON.stringify(skip));
    await shot('focus-skip-link');
    // On through the navigation to the first filter: each stop shows its focus.
    let stop = skip;
    for (let i = 0; i < 10 && stop.id !== 'f-group'; i++) {
      await page.keyboard.press('Tab');
      stop = await focused();
      assert.ok(stop.outline !== 'none' && stop.width >= 2, JSON.stringify(stop));
    }
    assert.equal(stop.id, 'f-group');
    await shot('focus-filter');
  });
});
