// The reference modules that decide a rule: the places in impl-reference/ (outside mutants/, which
// only acts bugs out) where the runtime asks for the rule a mutant of it implements otherwise
// (`rules.<seam>(`, or `<area>Rules.<seam>(`; impl-reference/mutants/seams.ts), or (none is left) asks
// `broken('<mutant>')`. Each such question sits exactly where the reference keeps the rule, so the
// list is generated from the code and cannot go stale the way a hand-kept table would.

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tsFiles } from './source-scan.ts';

export interface DecisionPoint {
  file: string;
  line: number;
  mutant: string;
  code: string;
}

export function decisionPoints(root: string, mutants: ReadonlyArray<{ name: string; seams?: string[] }>): DecisionPoint[] {
  const names = new Set(mutants.map((m) => m.name));
  const bySeam = new Map<string, string[]>();
  for (const m of mutants) for (const seam of m.seams ?? []) bySeam.set(seam, [...(bySeam.get(seam) ?? []), m.name]);
  const out: DecisionPoint[] = [];
  for (const file of tsFiles(join(root, 'impl-reference'))) {
    const rel = relative(root, file).split('\\').join('/');
    if (rel.startsWith('impl-reference/mutants/')) continue;
    readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
      for (const m of text.matchAll(/broken\(\s*'([^']+)'\s*\)/g)) {
        if (names.has(m[1])) out.push({ file: rel, line: i + 1, mutant: m[1], code: text.trim() });
      }
      for (const m of text.matchAll(/\b\w*[rR]ules\.(\w+)\(/g)) {
        for (const mutant of bySeam.get(m[1]) ?? []) out.push({ file: rel, line: i + 1, mutant, code: text.trim() });
      }
    });
  }
  return out;
}
