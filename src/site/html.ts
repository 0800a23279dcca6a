// The page shell every view shares: landmarks (header, nav, main, footer), a skip link, one
// stylesheet. Everything is plain HTML so pages open from disk with no server and no framework.

export function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON safe inside <script>: no "</script>" or "<!--" can end or change the element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface PageOptions {
  title: string;
  /** Relative path from the page to the site's root folder: '' or '../'. */
  root: string;
  body: string;
  /** Extra markup at the end of <body> (scripts). */
  tail?: string;
}

export function page({ title, root, body, tail = '' }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · spotcheck</title>
<link rel="stylesheet" href="${root}assets/site.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header role="banner"><p class="brand"><a href="${root}index.html">spotcheck</a> · failure handling and failover scope: living documentation</p></header>
<nav aria-label="Site"><ul><li><a href="${root}index.html#view=matrix">Matrix</a></li><li><a href="${root}index.html#view=diff">Diff of two runs</a></li><li><a href="${root}rules/index.html">Rules</a></li></ul></nav>
<main id="main" tabindex="-1">
${body}
</main>
<footer role="contentinfo"><p>Built by <code>spotcheck site</code> from compliance reports. Statuses: passed (every scenario ran and passed), failed, partial (some passed, the rest not applicable: never passed), not applicable, untested (no selected scenario).</p></footer>
${tail}
</body>
</html>
`;
}

/** A status as text with a class for colour: colour is never the only sign. */
export function statusBadge(status: string): string {
  return `<span class="st st-${esc(status)}">${esc(status)}</span>`;
}
