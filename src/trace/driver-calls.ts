// Which Driver methods a step definition calls, found statically: in the step definition's source,
// every `this.driver.<m>(` / `world.driver.<m>(` whose <m> is a method of the Driver interface
// (src/driver/types.ts), and, followed through, the same in the helpers it calls: plain functions of
// step-definitions/ called by name, and the World's methods called as `this.<m>(` or `world.<m>(`.
// A call made through a variable holding a function would be missed; none is written so today.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { balanced, functionsIn, tsFiles, type FunctionDef } from './source-scan.ts';

export function driverMethods(root: string): string[] {
  const text = readFileSync(join(root, 'src/driver/types.ts'), 'utf8');
  const at = text.indexOf('export interface Driver ');
  const body = balanced(text, at, '{', '}');
  return [...body.matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]);
}

export interface DriverUse {
  method: string;
  /** Helpers passed through to reach the call, outermost first, as name (file:line). */
  via: string[];
}

export class DriverCallScanner {
  private readonly methods: Set<string>;
  private readonly helpers: FunctionDef[];

  constructor(private readonly root: string) {
    this.methods = new Set(driverMethods(root));
    this.helpers = functionsIn(root, tsFiles(join(root, 'step-definitions')));
  }

  /** Driver methods called by this source text, directly or through helpers. */
  uses(source: string): DriverUse[] {
    const found = new Map<string, DriverUse>();
    const seen = new Set<FunctionDef>();
    const walk = (text: string, via: string[]) => {
      for (const m of text.matchAll(/\b(?:this|world|w)\.driver\.(\w+)\(/g)) {
        if (this.methods.has(m[1]) && !found.has(m[1])) found.set(m[1], { method: m[1], via });
      }
      for (const m of text.matchAll(/(\bthis\.|\bworld\.|[^.\w]|^)(\w+)\s*\(/g)) {
        const asMethod = m[1] === 'this.' || m[1] === 'world.';
        for (const def of this.helpers.filter((d) => d.name === m[2] && d.method === asMethod)) {
          if (seen.has(def)) continue;
          seen.add(def);
          walk(def.body, [...via, `${def.name} (${def.file}:${def.line})`]);
        }
      }
    };
    walk(source, []);
    return [...found.values()].sort((a, b) => a.method.localeCompare(b.method));
  }
}
