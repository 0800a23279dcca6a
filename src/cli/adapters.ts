// The registry of the ways to reach a runtime, the one place above the kit that names them all
// (compare wptrunner's product records). Importing this module registers them in the process
// (src/driver/target.ts); a worker the kit starts imports it first, by the path registered here.
// A new adapter is one record in adapters/records.ts, its implementation loaded when first opened.

import { fileURLToPath } from 'node:url';
import { useAdapters } from '../driver/target.ts';
import { ADAPTERS } from '../../adapters/records.ts';

export { ADAPTERS };

useAdapters(ADAPTERS, fileURLToPath(import.meta.url));
