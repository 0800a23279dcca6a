// `npm run schema`: writes schema/wire-protocol.schema.json and the generated tables of
// docs/wire-protocol.md from the TypeBox source (src/driver/schema/). With --check it writes
// nothing and exits 1 naming each file that differs from what the source makes.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_FILE, wireSchemaText } from './document.ts';
import { withGeneratedTables } from './docs.ts';

export const KIT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const DOCS_FILE = 'docs/wire-protocol.md';

/** Each generated file, with the text the source makes for it. */
export function generatedFiles(root = KIT_ROOT): Array<{ file: string; text: string; current: string | undefined }> {
  const read = (f: string) => {
    try {
      return readFileSync(join(root, f), 'utf8');
    } catch {
      return undefined;
    }
  };
  const docs = read(DOCS_FILE);
  return [
    { file: SCHEMA_FILE, text: wireSchemaText(), current: read(SCHEMA_FILE) },
    { file: DOCS_FILE, text: withGeneratedTables(docs ?? ''), current: docs },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const f of generatedFiles()) {
    if (f.current === f.text) continue;
    if (check) {
      console.error(`${f.file} differs from what src/driver/schema/ makes: run npm run schema`);
      stale++;
    } else {
      mkdirSync(dirname(join(KIT_ROOT, f.file)), { recursive: true });
      writeFileSync(join(KIT_ROOT, f.file), f.text);
      console.log(`wrote ${f.file}`);
    }
  }
  process.exitCode = stale ? 1 : 0;
}
