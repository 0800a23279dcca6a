// The reference runtime served over the wire protocol (docs/wire-protocol.md): JSON-RPC 2.0, one
// JSON object per line on stdin/stdout. Each `open` starts a cluster of its own (one per
// scenario). This is what another language's runtime would implement; the kit runs it with
//   spotcheck run --impl "exec:node --import tsx impl-reference/harness/serve.ts"
// A mutant can be served too: SPOTCHECK_SERVE_MUTANT=<name>. To show how the kit judges a runtime
// that implements less, SPOTCHECK_SERVE_CAPABILITIES and SPOTCHECK_SERVE_FAILPOINTS (comma-separated,
// possibly empty) limit what describe() reports; the runtime itself is unchanged.

import { EmbeddedCluster } from './embedded-cluster.ts';
import type { Driver } from '../../src/driver/types.ts';
import { serveWire } from '../wire-server.ts';

const mutant = process.env.SPOTCHECK_SERVE_MUTANT || undefined;
const only = (name: string): string[] | undefined => process.env[name]?.split(',').filter(Boolean);
const capabilities = only('SPOTCHECK_SERVE_CAPABILITIES');
const failpoints = only('SPOTCHECK_SERVE_FAILPOINTS');

/** The reference, reporting only the capabilities and failpoints it was told to. */
function openCluster(): Driver {
  const cluster = new EmbeddedCluster({ mutant });
  const describe = cluster.describe.bind(cluster);
  cluster.describe = async () => {
    const d = await describe();
    return { ...d, capabilities: capabilities ? d.capabilities.filter((c) => capabilities.includes(c)) : d.capabilities, failpoints: failpoints ?? d.failpoints };
  };
  return cluster;
}

serveWire(openCluster);
