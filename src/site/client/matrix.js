// The matrix and diff views. Plain browser JavaScript over the data inlined in index.html (a page
// opened from file:// cannot fetch JSON). The whole state is in the URL hash, so every view is a
// link: a control changes the hash, and the hash alone decides what is drawn.
(function () {
  'use strict';
  var DATA = JSON.parse(document.getElementById('site-data').textContent);
  var RULES = {};
  DATA.rules.forEach(function (r) { RULES[r.id] = r; });
  var RANK = { failed: 0, 'not-applicable': 1, partial: 2, passed: 3 };
  var $ = function (id) { return document.getElementById(id); };

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]; });
  }
  function state() {
    var p = new URLSearchParams(location.hash.slice(1));
    var s = {};
    ['view', 'group', 'status', 'impl', 'level', 'q', 'a', 'b'].forEach(function (k) { s[k] = p.get(k) || ''; });
    if (s.view !== 'diff') s.view = 'matrix';
    return s;
  }
  // replace: typing in the search box updates the link without one history entry per key.
  function go(s, replace) {
    var p = new URLSearchParams();
    Object.keys(s).forEach(function (k) { if (s[k]) p.set(k, s[k]); });
    var h = '#' + p.toString();
    if (h === location.hash) return render();
    if (replace) { history.replaceState(null, '', h); render(); } else location.hash = h;
  }
  function options(select, list, value) {
    select.innerHTML = list.map(function (o) {
      return '<option value="' + esc(o[0]) + '"' + (o[0] === value ? ' selected' : '') + '>' + esc(o[1]) + '</option>';
    }).join('');
  }
  function impls() {
    var seen = [];
    DATA.runs.forEach(function (r) { if (seen.indexOf(r.impl) < 0) seen.push(r.impl); });
    return seen;
  }
  function levelRank(name) { return DATA.levels.map(function (l) { return l.name; }).indexOf(name); }
  function cellCounts(res) {
    var c = res.counts;
    return c.passed + ' passed · ' + c.failed + ' failed · ' + c.notApplicable + ' n/a';
  }
  function ruleHref(id, run) { return 'rules/' + encodeURIComponent(id) + '.html' + (run ? '#run-' + run : ''); }

  function visibleRuns(s) { return DATA.runs.filter(function (r) { return !s.impl || r.impl === s.impl; }); }
  function ruleMatches(rule, s, runs) {
    if (s.group && rule.group !== s.group) return false;
    // A level shows the IDs it speaks for: those whose capability lies inside it.
    if (s.level && levelRank(rule.level) > levelRank(s.level)) return false;
    if (s.q) {
      var q = s.q.toLowerCase();
      if ((rule.id + ' ' + rule.statement + ' ' + rule.section).toLowerCase().indexOf(q) < 0) return false;
    }
    if (s.status && !runs.some(function (r) { return r.results[rule.id].status === s.status; })) return false;
    return true;
  }

  function renderMatrix(s) {
    var runs = visibleRuns(s);
    var head = '<thead><tr><th scope="col">ID</th><th scope="col">Rule, in the kit\'s words</th><th scope="col">Level</th>' +
      runs.map(function (r) {
        return '<th scope="col" id="col-' + r.key + '">' + esc(r.impl) + ' ' + esc(r.version) + '<br><span class="muted">' + esc(r.backend) +
          (r.label.indexOf(r.startedAt) >= 0 ? ' · ' + esc(r.startedAt) : '') + '</span></th>';
      }).join('') + '</tr></thead>';
    var shown = 0;
    var bodies = DATA.groups.map(function (g) {
      var rules = g.ids.map(function (id) { return RULES[id]; }).filter(function (r) { return ruleMatches(r, s, runs); });
      if (rules.length === 0) return '';
      shown += rules.length;
      var rows = rules.map(function (rule) {
        return '<tr data-id="' + esc(rule.id) + '"><th scope="row"><a href="' + ruleHref(rule.id) + '">' + esc(rule.id) + '</a></th>' +
          '<td class="stmt">' + esc(rule.statement) + ' <span class="muted">(§' + esc(rule.section) + ')</span></td><td>' + esc(rule.level) + '</td>' +
          runs.map(function (run) {
            var res = run.results[rule.id];
            return '<td class="cell" data-run="' + run.key + '" data-status="' + res.status + '"><a href="' + ruleHref(rule.id, run.key) + '">' +
              '<span class="st st-' + res.status + '">' + res.status + '</span><span class="counts">' + cellCounts(res) + '</span></a></td>';
          }).join('') + '</tr>';
      }).join('');
      // Totals by status, side by side: there is deliberately no single score that ranks runtimes.
      var totals = '<tr class="totals"><th scope="row" colspan="3">' + esc(g.title) + ': totals of the ' + rules.length + ' IDs shown</th>' +
        runs.map(function (run) {
          var n = {};
          DATA.statuses.forEach(function (st) { n[st] = 0; });
          rules.forEach(function (rule) { n[run.results[rule.id].status]++; });
          return '<td class="group-totals" data-run="' + run.key + '">' + DATA.statuses.map(function (st) {
            return '<span class="st st-' + st + '">' + n[st] + ' ' + st + '</span>';
          }).join('<br>') + '</td>';
        }).join('') + '</tr>';
      return '<tbody data-group="' + g.key + '"><tr><th scope="rowgroup" colspan="' + (3 + runs.length) + '" id="g-' + g.key + '">' + esc(g.title) + '</th></tr>' + rows + totals + '</tbody>';
    }).join('');
    $('matrix').innerHTML = runs.length === 0 ? '<p>No run of that implementation.</p>' :
      '<table id="matrix-table"><caption>' + shown + ' of ' + DATA.rules.length + ' requirement IDs by implementation and backend</caption>' + head + bodies + '</table>' +
      (shown === 0 ? '<p id="empty">No ID matches these filters.</p>' : '');
  }

  function renderDiff(s) {
    var byKey = {};
    DATA.runs.forEach(function (r) { byKey[r.key] = r; });
    var a = byKey[s.a] || DATA.runs[0], b = byKey[s.b] || DATA.runs[1] || DATA.runs[0];
    var kinds = { improved: [], regressed: [], added: [], removed: [], unchanged: [] };
    DATA.rules.forEach(function (rule) {
      var x = a.results[rule.id].status, y = b.results[rule.id].status;
      var kind = x === y ? 'unchanged' : x === 'untested' ? 'added' : y === 'untested' ? 'removed' : RANK[y] > RANK[x] ? 'improved' : 'regressed';
      kinds[kind].push({ rule: rule, before: x, after: y });
    });
    var sum = '<ul class="diffsum" id="diff-summary">' + ['improved', 'regressed', 'added', 'removed', 'unchanged'].map(function (k) {
      return '<li data-kind="' + k + '"><strong>' + kinds[k].length + '</strong> ' + k + '</li>';
    }).join('') + '</ul>';
    var rows = ['regressed', 'improved', 'added', 'removed'].map(function (k) {
      return kinds[k].map(function (d) {
        return '<tr data-kind="' + k + '"><th scope="row"><a href="' + ruleHref(d.rule.id) + '">' + esc(d.rule.id) + '</a></th><td>' + k +
          '</td><td><span class="st st-' + d.before + '">' + d.before + '</span></td><td><span class="st st-' + d.after + '">' + d.after + '</span></td></tr>';
      }).join('');
    }).join('');
    $('diff').innerHTML = '<p>From <strong>' + esc(a.label) + '</strong> (' + a.key + ') to <strong>' + esc(b.label) + '</strong> (' + b.key + '). ' +
      'Improved and regressed compare statuses of IDs tested in both (failed, not applicable, partial, passed, in that order); ' +
      'added: untested before, tested now; removed: tested before, untested now.</p>' + sum +
      (rows ? '<table id="diff-table"><caption>IDs whose status changed</caption><thead><tr><th scope="col">ID</th><th scope="col">Change</th><th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>' + rows + '</tbody></table>' : '<p>No ID changed status.</p>');
    return [a.key, b.key];
  }

  function render() {
    var s = state();
    var runOpts = DATA.runs.map(function (r) { return [r.key, r.key + ': ' + r.label]; });
    options($('f-group'), [['', 'all groups']].concat(DATA.groups.map(function (g) { return [g.key, g.title]; })), s.group);
    options($('f-status'), [['', 'any status']].concat(DATA.statuses.map(function (x) { return [x, x]; })), s.status);
    options($('f-impl'), [['', 'all implementations']].concat(impls().map(function (x) { return [x, x]; })), s.impl);
    options($('f-level'), [['', 'all levels']].concat(DATA.levels.map(function (l) { return [l.name, l.name + ': ' + l.what]; })), s.level);
    if (document.activeElement !== $('f-q')) $('f-q').value = s.q;
    $('matrix-view').hidden = s.view !== 'matrix';
    $('diff-view').hidden = s.view !== 'diff';
    document.title = (s.view === 'diff' ? 'Diff of two runs' : 'Compliance matrix') + ' · spotcheck';
    if (s.view === 'diff') {
      var ab = renderDiff(s);
      options($('d-a'), runOpts, ab[0]);
      options($('d-b'), runOpts, ab[1]);
    } else renderMatrix(s);
    $('permalink').href = location.hash || '#view=matrix';
    // Marks for tests and the bench: drawn, controls bound; and when that first happened.
    if (!document.body.hasAttribute('data-ready')) document.body.setAttribute('data-ready-ms', String(Math.round(performance.now())));
    document.body.setAttribute('data-ready', 'true');
  }

  function bind(id, key) {
    $(id).addEventListener('change', function () { var s = state(); s[key] = $(id).value; go(s); });
  }
  bind('f-group', 'group'); bind('f-status', 'status'); bind('f-impl', 'impl'); bind('f-level', 'level');
  bind('d-a', 'a'); bind('d-b', 'b');
  $('f-q').addEventListener('input', function () { var s = state(); s.q = $('f-q').value; go(s, true); });
  $('reset').addEventListener('click', function () { go({ view: 'matrix' }); });
  window.addEventListener('hashchange', render);
  render();
})();
