// A small static scanner over TypeScript source, enough for the trace: the balanced text of a call
// or a function body starting at a line, and the functions and methods a folder defines. It knows
// strings, template literals and comments well enough not to miscount brackets inside them. It is
// not a parser; the trace says so where it uses it.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export function tsFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : tsFiles(p);
      return name.endsWith('.ts') ? [p] : [];
    });
}

/** From `from`, the text up to the bracket that closes the first `open` bracket met. */
export function balanced(text: string, from: number, open = '(', close = ')'): string {
  let depth = 0;
  let started = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2) + 1;
      continue;
    }
    if (c === '/' && /[(,=:[!&|?{};]|^$/.test(text.slice(0, i).trimEnd().slice(-1))) {
      // A regular expression literal (it follows an operator, not a value): skip it whole, so a
      // quote or bracket inside it, as in /"([^"]+)"/, is not taken for code.
      let inClass = false;
      for (i++; i < text.length && (text[i] !== '/' || inClass); i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
      }
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === open) {
      depth++;
      started = true;
    } else if (c === close && started && --depth === 0) return text.slice(from, i + 1);
  }
  return text.slice(from);
}

export function offsetOfLine(text: string, line: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) at = text.indexOf('\n', at) + 1;
  return at;
}

export interface FunctionDef {
  name: string;
  file: string;
  line: number;
  body: string;
  /** A method of a class (called as this.<name> / world.<name>), or a plain function. */
  method: boolean;
}

/** Top-level functions and class methods defined in the files (relative paths from root). */
export function functionsIn(root: string, files: string[]): FunctionDef[] {
  const defs: FunctionDef[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(root, file).split('\\').join('/');
    const patterns: Array<[RegExp, boolean]> = [
      [/^(?:export )?(?:async )?function\*? ?(\w+)\s*[(<]/gm, false],
      [/^ {2}(?:private |public |protected )?(?:static )?(?:async )?(?:get )?(\w+)\s*\([^)]*\)[^{;\n]*\{\s*$/gm, true],
    ];
    for (const [re, method] of patterns) {
      for (const m of text.matchAll(re)) {
        if (['if', 'for', 'while', 'switch', 'catch', 'constructor'].includes(m[1])) continue;
        const at = m.index!;
        defs.push({ name: m[1], file: rel, line: text.slice(0, at).split('\n').length, body: balanced(text, text.indexOf('{', at + m[0].length - 2) , '{', '}'), method });
      }
    }
  }
  return defs;
}
