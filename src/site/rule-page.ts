// rules/<ID>.html: one rule, from the spec's words to the results. Plain HTML, no script: the
// spec's sentences with their line numbers, the rule in the kit's words, its clauses and the steps
// that check them, its scenarios rendered from the Gherkin (a scenario whose verdict rests on an
// assumption of the kit, `@assumption:<slug>`, marked so with the assumption's own words), each
// scenario's result per run (linked into that run's cucumber.html), and the mutants that break it.

import type { ScenarioEntry } from '../report/compliance.ts';
import { GROUPS } from './groups.ts';
import { esc, page, statusBadge } from './html.ts';
import type { ExamplesTable, Scenario, Step } from './gherkin.ts';
import { examplesFor } from './gherkin.ts';
import type { RulePageData, SiteRun } from './model.ts';
import { ASSUMPTION_TAG_PREFIX } from '../lint/lint.ts';

function table(rows: string[][], header?: string[], caption?: string): string {
  const head = header ? `<thead><tr>${header.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>` : '';
  return `<table>${caption ? `<caption>${esc(caption)}</caption>` : ''}${head}<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

function stepLine(s: Step): string {
  const extra = (s.table ? table(s.table.slice(1), s.table[0]) : '') + (s.docString !== undefined ? `<pre>${esc(s.docString)}</pre>` : '');
  return `<div><span class="ln">${s.line}</span><span class="kw">${esc(s.keyword)}</span> ${esc(s.text)}</div>${extra}`;
}

function examples(e: ExamplesTable): string {
  return `<div><span class="ln">${e.line}</span>${e.tags.map((t) => `<span class="muted">${esc(t)}</span> `).join('')}<span class="kw">${esc(e.keyword)}:</span> ${esc(e.name)}</div>
<table><thead><tr><th scope="col">line</th>${e.header.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>${e.rows.map((r) => `<tr><td>${r.line}</td>${r.cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

/** The name Cucumber gives an outline row: placeholders of the outline's name filled from the row. */
function rowName(sc: Scenario, e: ExamplesTable, cells: string[]): string {
  return e.header.reduce((name, h, i) => name.split(`<${h}>`).join(cells[i]), sc.name);
}

function reportLink(run: SiteRun, name: string): string {
  // cucumber.html reads ?query= and shows the matching scenarios (its features start collapsed).
  return run.report ? ` <a href="../${esc(run.report)}?query=${encodeURIComponent(name)}">in ${esc(run.key)}'s cucumber report</a>` : '';
}

function resultCell(run: SiteRun, entry: ScenarioEntry | undefined, name: string): string {
  if (!entry) return `<td>${statusBadge('untested')}<span class="counts">not in this run</span></td>`;
  const why = entry.lacks ? `lacks ${entry.lacks.join(', ')}` : entry.failure ? `${entry.failure.kind}: ${entry.failure.step ?? ''} ${entry.failure.message ?? ''}` : '';
  return `<td data-run="${esc(run.key)}" data-status="${esc(entry.status)}">${statusBadge(entry.status)}${why ? `<span class="counts">${esc(why.slice(0, 300))}</span>` : ''}${faultsNote(entry)}${reportLink(run, entry.name ?? name)}</td>`;
}

/**
 * How the scenario's faults were done (docs/node-program.md): by the kit from outside, or on the
 * runtime's word; each fault's means on hover. A reader sees whether a crash was a SIGKILL.
 */
function faultsNote(entry: ScenarioEntry): string {
  if (!entry.faults?.length) return '';
  const items = entry.faults.map((f) => `<span class="fault-${f.how === 'outside' ? 'outside' : 'self'}" title="${esc(f.means)}">${esc(f.kind)}${f.node ? ` ${esc(f.node)}` : ''}${f.peer ? `→${esc(f.peer)}` : ''}: ${esc(f.how)}</span>`);
  return `<span class="counts faults">faults: ${items.join(', ')}</span>`;
}

/** The slugs of the `@assumption:<slug>` tags among `tags`. */
/** StrykerJS over the runtime: the score of the mutants this rule's scenarios reach, and its survivors. */
function strykerSection(d: RulePageData, id: string): string {
  const m = d.mutation!;
  const link = m.report ? ` <a href="../mutation/mutation.html">Stryker's report</a>.` : '';
  const where = `areas ${m.areas.join(', ')}, scenarios on the ${m.backend} backend`;
  if (!m.tally) return `<section aria-labelledby="stryker-h"><h2 id="stryker-h">Bugs nobody wrote by hand</h2><p>No mutant of the run (${esc(where)}) is reached by a scenario of ${esc(id)}.${link}</p></section>`;
  const t = m.tally;
  const score = t.score === null ? 'no score' : `${(t.score * 100).toFixed(1)}%`;
  const rows = m.survivors.map((s) => [`${s.file}:${s.line}:${s.column}`, s.mutator, s.original, s.replacement]);
  return `<section aria-labelledby="stryker-h"><h2 id="stryker-h">Bugs nobody wrote by hand</h2>
<p>StrykerJS wrote bugs into the reference runtime (${esc(where)}); of those a scenario of ${esc(id)} reaches, the suite caught <strong>${score}</strong>: ${t.killed} killed, ${t.survived} survived; ${t.equivalent} shown equivalent and ${t.conforming} conforming (counted apart).${link}</p>
${rows.length ? table(rows, ['Place', 'Mutator', 'Code', 'Replaced by'], `Survivors reached by ${id}`) : '<p>No survivor.</p>'}</section>`;
}

function assumptionSlugs(tags: readonly string[]): string[] {
  return tags.filter((t) => t.startsWith(`@${ASSUMPTION_TAG_PREFIX}`)).map((t) => t.slice(1 + ASSUMPTION_TAG_PREFIX.length));
}

/** Markdown of docs/assumptions.md as text: escaped, `code` kept as code, a link as its words. */
function markdownText(s: string): string {
  return esc(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
}

/**
 * Which assumptions the scenario, as this page shows it, rests on: its own tags, and those of the
 * Examples tables shown (named, since the others of the outline may not rest on it).
 */
function restsOn(sc: Scenario, tables: ExamplesTable[]): Array<{ slug: string; tables: ExamplesTable[] }> {
  const own = assumptionSlugs(sc.tags);
  const onTables = new Map<string, ExamplesTable[]>();
  for (const e of tables) {
    for (const slug of assumptionSlugs(e.tags)) if (!own.includes(slug)) onTables.set(slug, [...(onTables.get(slug) ?? []), e]);
  }
  return [...own.map((slug) => ({ slug, tables: [] })), ...[...onTables].map(([slug, on]) => ({ slug, tables: on }))];
}

/** The visible mark: "rests on an assumption: <heading>", with the assumption's own paragraph. */
function assumptionMark(d: RulePageData, slug: string, tables: ExamplesTable[]): string {
  const a = d.assumptions.get(slug);
  const heading = a?.heading ?? slug;
  const where = tables.length
    ? ` <span class="muted">(${tables.map((e) => `${esc(e.keyword)}${e.name ? ` "${esc(e.name)}"` : ''}, line ${e.line}`).join('; ')})</span>`
    : '';
  const text = a
    ? a.paragraphs.map((p) => `<p>${markdownText(p)}</p>`).join('')
    : `<p>docs/assumptions.md has no heading whose anchor is <code>${esc(slug)}</code>.</p>`;
  return `<aside class="assumption spec" data-assumption="${esc(slug)}" aria-label="rests on an assumption: ${esc(heading)}">
<p><strong>rests on an assumption: ${esc(heading)}</strong>${where}</p>${text}
<p class="muted">The kit's choice where the chapter leaves it open (docs/assumptions.md, <code>${esc(`@${ASSUMPTION_TAG_PREFIX}${slug}`)}</code>), not the chapter's rule.</p></aside>`;
}

function scenarioSection(d: RulePageData, sc: Scenario, n: number): string {
  const tables = examplesFor(sc, d.rule.id);
  // The runs report an outline by each Examples row (its line), a plain scenario by its own line.
  const cases = tables.length
    ? tables.flatMap((e) => e.rows.map((r) => ({ line: r.line, name: rowName(sc, e, r.cells) })))
    : [{ line: sc.line, name: sc.name }];
  const results = `<table class="results"><caption>Results of ${esc(sc.keyword === 'Scenario Outline' ? 'each Examples row' : 'the scenario')} by run</caption>
<thead><tr><th scope="col">${tables.length ? 'Row' : 'Scenario'}</th>${d.runs.map(({ run }) => `<th scope="col">${esc(run.key)}: ${esc(run.label)}</th>`).join('')}</tr></thead>
<tbody>${cases.map((c) => `<tr><th scope="row">${esc(c.name)} <span class="muted">(line ${c.line})</span></th>${d.runs.map(({ run, entries }) => resultCell(run, entries.get(`${sc.uri}:${c.line}`), c.name)).join('')}</tr>`).join('')}</tbody></table>`;
  const background = sc.background.length ? `<details><summary>Background (${sc.background.length} steps)</summary>${sc.background.map(stepLine).join('')}</details>` : '';
  const marks = restsOn(sc, tables).map(({ slug, tables: on }) => assumptionMark(d, slug, on)).join('\n');
  return `<section class="scenario" id="scenario-${n}" aria-labelledby="scenario-${n}-h">
<h3 id="scenario-${n}-h">${esc(sc.name)}</h3>
<p class="muted"><code>${esc(sc.uri)}:${sc.line}</code> · ${esc(sc.featureName)}</p>
${marks}
<div class="gherkin">${background}<div><span class="ln">${sc.line}</span>${sc.tags.map((t) => `<span class="muted">${esc(t)}</span> `).join('')}</div>
<div><span class="ln"></span><span class="kw">${esc(sc.keyword)}:</span> ${esc(sc.name)}</div>
${sc.steps.map(stepLine).join('\n')}
${tables.map(examples).join('\n')}</div>
${results}
</section>`;
}

export function rulePage(d: RulePageData): string {
  const { rule, clauses } = d;
  const group = GROUPS.find((g) => g.key === rule.group)!;
  // The spec's sentences, each once, in line order, with the clauses that quote them.
  const quotes = new Map<string, { lines: number[]; clauses: string[] }>();
  for (const c of clauses) {
    const q = quotes.get(c.words) ?? { lines: c.lines, clauses: [] };
    q.clauses.push(c.id);
    quotes.set(c.words, q);
  }
  const spec = [...quotes].sort((a, b) => a[1].lines[0] - b[1].lines[0])
    .map(([words, q]) => `<blockquote class="spec"><p><span class="ln">line ${q.lines.join(', ')}</span> ${esc(words)}</p><p class="muted">quoted by ${q.clauses.map(esc).join(', ')}</p></blockquote>`)
    .join('\n');
  const clauseRows = clauses.map((c) => `<tr id="clause-${esc(c.id)}"><th scope="row">${esc(c.id)}</th><td>${c.lines.join(', ')}</td><td>${esc(c.says)}</td><td>${
    c.checks.length ? `<ul>${c.checks.map((k) => `<li>${esc(k.scenario)} (<code>${esc(k.feature)}</code>): <q>${esc(k.step)}</q></li>`).join('')}</ul>` : `<em>pending</em>: ${esc(c.pending ?? '')}`
  }</td></tr>`).join('');
  const summary = d.runs.map(({ run }) => {
    const r = run.results[rule.id];
    const f = run.faults;
    const faults = f ? `${f.outside} from outside, ${f.selfReported} self-reported` : 'none recorded';
    return `<tr id="run-${esc(run.key)}"><th scope="row">${esc(run.key)}: ${esc(run.label)}</th><td>${statusBadge(r.status)}</td><td>${r.counts.passed}</td><td>${r.counts.failed}</td><td>${r.counts.notApplicable}</td><td>${esc(faults)}</td><td>${run.report ? `<a href="../${esc(run.report)}">cucumber.html</a>` : 'none'}</td></tr>`;
  }).join('');
  const mutants = d.mutants.length
    ? `<table><caption>Mutants: the reference with one rule broken; the suite must catch each</caption><thead><tr><th scope="col">Mutant</th><th scope="col">Clauses of ${esc(rule.id)} it breaks</th><th scope="col">The bug</th></tr></thead><tbody>${
      d.mutants.map((m) => `<tr><th scope="row"><code>${esc(m.name)}</code></th><td>${m.clauses.map((c) => `<a href="#clause-${esc(c)}">${esc(c)}</a>`).join(', ')}</td><td>${esc(m.what)}${m.oneAddressSpace ? ` <span class="muted">(one address space only)</span>` : ''}</td></tr>`).join('')}</tbody></table>`
    : '<p>No mutant breaks this rule yet.</p>';
  const assumed = d.scenarios.filter((sc) => restsOn(sc, examplesFor(sc, rule.id)).length > 0).length;
  const body = `
<p><a href="../index.html#group=${esc(group.key)}">${esc(group.title)}</a> · <a href="index.html">all rules</a></p>
<h1>${esc(rule.id)}</h1>
<p class="lead"><strong>In the kit's words:</strong> ${esc(rule.statement)}</p>
<p class="muted">Spec section ${esc(rule.section)} · needs <code>${esc(rule.capability)}</code> · level ${esc(rule.level)}</p>
<section aria-labelledby="results-h"><h2 id="results-h">Results by run</h2>
<table><caption>${esc(rule.id)} in each run</caption><thead><tr><th scope="col">Run</th><th scope="col">Status</th><th scope="col">Passed</th><th scope="col">Failed</th><th scope="col">Not applicable</th><th scope="col">Faults in the run</th><th scope="col">Report</th></tr></thead><tbody>${summary}</tbody></table></section>
<section aria-labelledby="spec-h"><h2 id="spec-h">The spec's words</h2>${spec || '<p>No clause quotes the spec yet.</p>'}</section>
<section aria-labelledby="clauses-h"><h2 id="clauses-h">Clauses</h2>
<table><caption>The separately breakable parts of ${esc(rule.id)} and the steps whose assertions check them</caption><thead><tr><th scope="col">Clause</th><th scope="col">Spec lines</th><th scope="col">What a scenario must observe</th><th scope="col">Checked by</th></tr></thead><tbody>${clauseRows}</tbody></table></section>
<section aria-labelledby="scenarios-h"><h2 id="scenarios-h">Scenarios (${d.scenarios.length})</h2>
${assumed ? `<p>${assumed} of them ${assumed === 1 ? 'rests' : 'rest'} on an assumption: a verdict the kit chose where the chapter is silent, marked on the scenario.</p>` : ''}
${d.scenarios.map((sc, i) => scenarioSection(d, sc, i + 1)).join('\n') || '<p>No scenario carries this ID.</p>'}</section>
<section aria-labelledby="mutants-h"><h2 id="mutants-h">Mutants that break it</h2>${mutants}</section>${d.mutation ? strykerSection(d, rule.id) : ''}`;
  return page({ title: `${rule.id}`, root: '../', body });
}

export function rulesIndex(data: RulePageData[]): string {
  const body = `<h1>Rules</h1>${GROUPS.map((g) => `<section aria-labelledby="rg-${g.key}"><h2 id="rg-${g.key}">${esc(g.title)}</h2><ul>${
    g.ids.map((id) => data.find((d) => d.rule.id === id)!).map((d) => `<li><a href="${esc(d.rule.id)}.html">${esc(d.rule.id)}</a>: ${esc(d.rule.statement)}</li>`).join('')
  }</ul></section>`).join('\n')}`;
  return page({ title: 'Rules', root: '../', body });
}
