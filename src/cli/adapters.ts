// The registry of the ways to reach a runtime, the one place above the kit that names them all
// (compare wptrunner's product records). Importing this module registers them in the process
// (src/driver/target.ts); a worker the kit starts imports it first, by the path registered here.
// A new adapter is one record in adapters/ and one line below.

import { fileURLToPath } from 'node:url';
import { useAdapters, type Adapter } from '../driver/target.ts';
import { embeddedBackend, redisBackend } from '../../adapters/embedded.ts';
import { processBackend } from '../../adapters/process.ts';
import { simBackend } from '../../adapters/sim.ts';
import { execAdapter } from '../../adapters/jsonrpc.ts';
import { nodeProgramAdapter } from '../../adapters/node-program.ts';
import { doNothingAdapter } from '../../adapters/do-nothing.ts';

/** Backends first, in the order --help names them; then the implementations with a prefix. */
export const ADAPTERS: readonly Adapter[] = [embeddedBackend, redisBackend, processBackend, simBackend, nodeProgramAdapter, execAdapter, doNothingAdapter];

useAdapters(ADAPTERS, fileURLToPath(import.meta.url));
