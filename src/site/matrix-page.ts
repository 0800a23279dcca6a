// index.html: the matrix and the diff of two runs. The markup holds the controls and empty
// containers; client/matrix.js draws them from the inlined data, following the URL hash.

import { esc, inlineJson, page } from './html.ts';
import type { MatrixData } from './model.ts';

export function matrixPage(data: MatrixData): string {
  const runs = data.runs
    .map((r) => `<li><strong>${esc(r.key)}</strong>: ${esc(r.label)}, level requested ${esc(r.levelRequested)}, met ${esc(r.levelMet ?? 'none')}, ` +
      `${(r.durationMs / 1000).toFixed(1)} s, from <code>${esc(r.source)}</code>` +
      (r.report ? ` (<a href="${esc(r.report)}">cucumber report</a>)` : ' (no cucumber.html beside it)') + '</li>')
    .join('\n');
  const body = `
<h1>Compliance matrix</h1>
<p>Each of the ${data.rules.length} requirement IDs by implementation and backend, grouped as the spec's section 10 groups them. A cell is the ID's
status in that run, with its scenario counts; it links to the rule's page. Group totals count each status on its own: there is no overall score.
Every view is a link: <a id="permalink" href="#view=matrix">link to this view</a>.</p>
<section id="matrix-view" aria-labelledby="matrix-h">
<h2 id="matrix-h">Matrix</h2>
<form class="controls" role="search" aria-label="Filter the matrix" onsubmit="return false">
  <label for="f-group">Group<select id="f-group"></select></label>
  <label for="f-status">Status<select id="f-status"></select></label>
  <label for="f-impl">Implementation<select id="f-impl"></select></label>
  <label for="f-level">Level<select id="f-level"></select></label>
  <label for="f-q">Search IDs and rules<input id="f-q" type="search" autocomplete="off"></label>
  <button type="button" id="reset">Clear filters</button>
</form>
<div id="matrix" aria-live="polite"><p>The matrix needs JavaScript; each rule has its own page under <a href="rules/index.html">Rules</a>.</p></div>
</section>
<section id="diff-view" aria-labelledby="diff-h" hidden>
<h2 id="diff-h">Diff of two runs</h2>
<form class="controls" aria-label="Choose the two runs" onsubmit="return false">
  <label for="d-a">Before<select id="d-a"></select></label>
  <label for="d-b">After<select id="d-b"></select></label>
</form>
<div id="diff" aria-live="polite"></div>
</section>
<section aria-labelledby="runs-h">
<h2 id="runs-h">Runs</h2>
<ul id="runs">
${runs}
</ul>
</section>`;
  return page({
    title: 'Compliance matrix',
    root: '',
    body,
    tail: `<script id="site-data" type="application/json">${inlineJson(data)}</script>\n<script src="assets/matrix.js"></script>`,
  });
}
