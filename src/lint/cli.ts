// `npm run lint:features`: lints features/**/*.feature under the current directory.
// Prints one `uri:line: message` per problem and a summary line; exits 1 if there are problems.

import fs from 'node:fs';
import path from 'node:path';
import { coverage, lintFeatures, parseAssumptions, type Assumption, type FeatureFile, type Problem } from './lint.ts';
import { REQUIREMENTS, requiredIds } from '../requirements/registry.ts';
import { CLAUSES } from '../requirements/clauses.ts';
import { clauseCoverage, lintClauses } from './clauses.ts';

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

const SPEC = path.join(process.cwd(), '../shared/spec/failure-handling-and-failover-scope.txt');

// `@assumption:<slug>` names a `###` heading of docs/assumptions.md, read here from the kit root
// (the current directory, as for features/) so that lintFeatures only lints what it is given.
const ASSUMPTIONS = path.join(process.cwd(), 'docs/assumptions.md');

function readAssumptions(): { assumptions: Assumption[]; problems: Problem[] } {
  if (!fs.existsSync(ASSUMPTIONS)) return { assumptions: [], problems: [{ uri: 'docs/assumptions.md', line: 0, message: `${ASSUMPTIONS} is missing: no @assumption:<slug> tag can be checked against it` }] };
  return { assumptions: parseAssumptions(fs.readFileSync(ASSUMPTIONS, 'utf8')), problems: [] };
}

const files = readFeatures(process.cwd());
const assumed = readAssumptions();
const problems = [...assumed.problems, ...lintFeatures(files, { assumptions: assumed.assumptions })];
// The clause table (features/**/*.clauses.ts, loaded by src/requirements/clauses.ts) quotes the
// spec: without the spec beside the project that part cannot be checked, which is a problem, not a
// pass.
if (fs.existsSync(SPEC)) problems.push(...lintClauses(files, fs.readFileSync(SPEC, 'utf8'), CLAUSES, REQUIREMENTS.map((r) => r.id)));
else problems.push({ uri: 'spec', line: 0, message: `the spec is not at ${SPEC}: the clauses cannot be checked against it` });
for (const p of problems) console.log(`${p.uri}:${p.line}: ${p.message}`);

const counts = coverage(files);
const covered = requiredIds().filter((id) => (counts.get(id) ?? 0) > 0).length;
const clauses = clauseCoverage(CLAUSES);
if (clauses.pending.length > 0) console.log(`clauses pending a check: ${clauses.pending.join(' ')}`);
console.log(`feature lint: ${covered} required IDs covered; ${clauses.checked} of ${clauses.total} clauses checked, ${clauses.pending.length} pending; ${problems.length} problems`);
process.exitCode = problems.length > 0 ? 1 : 0;
