// A Driver served over the wire protocol (docs/wire-protocol.md): JSON-RPC 2.0, one JSON object per
// line on stdin/stdout, requests handled concurrently (an `outcome` that waits must not hold up a
// `releaseGate`). Each `open` makes a cluster of its own with `open()`. impl-reference/harness/serve.ts
// serves the reference with it; the kit's test fixtures serve restricted runtimes with it.

import { createInterface } from 'node:readline';
import type { Driver } from '../src/driver/types.ts';

export function serveWire(open: () => Driver): void {
  const drivers = new Map<string, Driver>();
  let next = 0;

  const reply = (id: unknown, body: { result: unknown } | { error: { code: number; message: string } }): void => {
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...body })}\n`);
  };

  const handle = async (line: string): Promise<void> => {
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
        drivers.set(name, open());
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
  };

  // The kit went away: nothing more to answer.
  process.stdout.on('error', () => process.exit(0));
  createInterface({ input: process.stdin }).on('line', (line) => void handle(line));
  process.stdin.on('end', () => process.exit(0));
}
