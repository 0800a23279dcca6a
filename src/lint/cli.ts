// `npm run lint:features`: lints features/**/*.feature under the current directory.
// Prints one `uri:line: message` per problem and a summary line; exits 1 if there are problems.

import fs from 'node:fs';
import path from 'node:path';
import { coverage, lintFeatures, type FeatureFile } from './lint.ts';
import { requiredIds } from '../requirements/registry.ts';

function readFeatures(root: string): FeatureFile[] {
  const dir = path.join(root, 'features');
  // No features directory is not an error here: the missing coverage will be reported instead.
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => rel.endsWith('.feature'))
    .sort() // stable output regardless of directory order
    .map((rel) => ({
      // Forward slashes so the uri reads the same on every platform.
      uri: path.posix.join('features', rel.split(path.sep).join('/')),
      text: fs.readFileSync(path.join(dir, rel), 'utf8'),
    }));
}

const files = readFeatures(process.cwd());
const problems = lintFeatures(files);
for (const p of problems) console.log(`${p.uri}:${p.line}: ${p.message}`);

const counts = coverage(files);
const covered = requiredIds().filter((id) => (counts.get(id) ?? 0) > 0).length;
console.log(`feature lint: ${covered} required IDs covered, ${problems.length} problems`);
process.exitCode = problems.length > 0 ? 1 : 0;
