// `npm run architecture`: writes the generated table of docs/architecture.md from the imports
// (src/lint/rooms.ts). test/architecture.test.ts fails when the file is stale.

import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mapBlock } from './rooms.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const MAP_FILE = join(ROOT, 'docs', 'architecture.md');
const BEGIN = '<!-- rooms:begin -->';
const END = '<!-- rooms:end -->';

/** The map file with its generated block as the code gives it now. */
export function mapFileNow(root = ROOT, text = readFileSync(MAP_FILE, 'utf8')): string {
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${MAP_FILE}: the markers ${BEGIN} and ${END} are missing`);
  return `${text.slice(0, a + BEGIN.length)}\n${mapBlock(root)}\n${text.slice(b)}`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(MAP_FILE, mapFileNow());
  process.stdout.write(`${MAP_FILE}: written\n`);
}
