// How a report reads on a terminal: the verdict first, then each violation with its witness lines
// (line numbers of the history file, so the reader can open it there) and the command that replays
// the run, then what made the history incomplete.

import { formatEvent } from './history.ts';
import type { Report } from './check.ts';

const MAX_GAPS = 10;

export function formatReport(report: Report, file = 'history'): string {
  const out: string[] = [];
  const n = report.violations.length;
  out.push(`${file}: ${report.verdict} (${report.events} events, ${n} violation${n === 1 ? '' : 's'}, ${report.gaps.length} gap${report.gaps.length === 1 ? '' : 's'})`);
  report.violations.forEach((v, i) => {
    out.push('', `violation ${i + 1}: ${v.invariant} [${v.rules.join(', ')}]: ${v.message}`);
    for (const e of v.witness) out.push(`  line ${e.line}: ${formatEvent(e)}`);
  });
  if (n > 0 && report.header?.command) out.push('', `replay: ${report.header.command}`);
  else if (n > 0 && report.header?.seed !== undefined) out.push('', `replay: spotcheck nemesis ... --seed ${report.header.seed} (the history names no command)`);
  if (report.gaps.length > 0) {
    out.push('', report.verdict === 'unknown' ? 'the history is incomplete, so no verdict:' : 'the history is also incomplete:');
    for (const g of report.gaps.slice(0, MAX_GAPS)) out.push(`  line ${g.line}: ${g.why}`);
    if (report.gaps.length > MAX_GAPS) out.push(`  ... and ${report.gaps.length - MAX_GAPS} more`);
  }
  return out.join('\n');
}
