// The reference runtime served over the wire protocol (docs/wire-protocol.md): JSON-RPC 2.0, one
// JSON object per line on stdin/stdout. Each `open` starts a cluster of its own (one per
// scenario). This is what another language's runtime would implement; the kit runs it with
//   spotcheck run --impl "exec:node --import tsx impl-reference/serve.ts"
// A mutant can be served too: SPOTCHECK_SERVE_MUTANT=<name>. To show how the kit judges a runtime
// that implements less, SPOTCHECK_SERVE_CAPABILITIES and SPOTCHECK_SERVE_FAILPOINTS (comma-separated,
// possibly empty) limit what describe() reports; the runtime itself is unchanged.

import { createInterface } from 'node:readline';
import { EmbeddedCluster } from './harness/embedded-cluster.ts';
import type { Driver } from '../src/driver/types.ts';

const drivers = new Map<string, Driver>();
let next = 0;
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

function reply(id: unknown, body: { result: unknown } | { error: { code: number; message: string } }): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...body })}\n`);
}

async function handle(line: string): Promise<void> {
  let req: { id?: unknown; method?: unknown; params?: { driver?: unknown; args?: unknown } };
  try {
    req = JSON.parse(line);
  } catch {
    return reply(null, { error: { code: -32700, message: 'parse error: the request is not JSON' } });
  }
  const { id, method, params } = req;
  try {
    if (method === 'open') {
      const name = `d${++next}`;
      drivers.set(name, openCluster());
      return reply(id, { result: { driver: name, protocol: '1' } });
    }
    const driver = typeof params?.driver === 'string' ? drivers.get(params.driver) : undefined;
    if (!driver) return reply(id, { error: { code: -32602, message: `no open driver ${String(params?.driver)}` } });
    const fn = (driver as unknown as Record<string, unknown>)[String(method)];
    if (typeof fn !== 'function') return reply(id, { error: { code: -32601, message: `no method ${String(method)}` } });
    const args = Array.isArray(params?.args) ? params.args : [];
    const result = await (fn as (...a: unknown[]) => Promise<unknown>).apply(driver, args);
    if (method === 'close') drivers.delete(params!.driver as string);
    reply(id, { result: result ?? null });
  } catch (e) {
    reply(id, { error: { code: -32000, message: (e as Error).message.split('\n')[0] } });
  }
}

// The kit went away: nothing more to answer.
process.stdout.on('error', () => process.exit(0));

// Requests are handled concurrently: an `outcome` that waits must not hold up a `releaseGate`.
createInterface({ input: process.stdin }).on('line', (line) => void handle(line));
process.stdin.on('end', () => process.exit(0));
