// The kit's own folder (where package.json, features/ and docs/ are), for every module that reads
// the kit's files; apart from suite.ts so that reading it does not load Cucumber.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const KIT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
