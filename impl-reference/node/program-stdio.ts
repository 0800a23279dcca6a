// The stdio side of a node program (docs/node-program.md): JSON-RPC 2.0 on stdin/stdout, one object
// a line; `open` negotiates protocol 2, then the methods of program-node.ts; the journal and the
// results the application received go out as notifications. stderr is the log. Shared by the
// reference's node program (program.ts) and the kit's own fixtures made from it.

import { createInterface } from 'node:readline';
import type { ProgramNode, Notify } from './program-node.ts';

const PROTOCOL = '2';

function write(message: object): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
}

/** Method name -> how it is called with the request's positional arguments. */
const METHODS: Record<string, (n: ProgramNode, args: unknown[]) => unknown> = {
  describe: (n) => n.describe(),
  start: (n, [config]) => n.start(config as never),
  waitPeers: (n, [peers, within]) => n.waitPeers(peers as string[], Number(within)),
  discovery: (n, [peers]) => n.discovery(peers as Record<string, string>),
  addChannel: (n, [spec]) => n.addChannel(spec as never),
  setServer: (n, [channel, server]) => n.setServer(channel as string, server as never),
  configureNode: (n, [options]) => n.configureNode(options as never),
  submit: (n, [op]) => n.submit(op as never),
  cancel: (n, [opId]) => n.cancel(opId as string),
  shutdown: (n) => n.shutdown(),
  releaseGate: (n, [gate]) => n.releaseGate(gate as string),
  peer: (n, [peer]) => n.peer(peer as string),
  node: (n) => n.node(),
  sessionOwners: (n, [ids]) => n.sessionOwners(ids as string[]),
  holdsSessions: (n, [ids]) => n.holdsSessions(ids as string[]),
  fault: (n, [fault]) => n.fault(fault as never),
};

/**
 * Serve one node program on this process's stdin and stdout: `open` negotiates protocol 2 and makes
 * the node with `makeNode`, then each request is a method of ProgramNode. When stdin ends the process
 * exits (the kit is gone or done with it).
 */
export function serveNodeProgram(makeNode: (notify: Notify) => ProgramNode): void {
  const notify: Notify = (method, params) => write({ method, params });
  let node: ProgramNode | undefined;

  async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (method === 'open') {
      const offered = Array.isArray(params.protocols) ? params.protocols : [];
      if (!offered.includes(PROTOCOL)) throw new Error(`this node program speaks protocol ${PROTOCOL}; the kit offered ${JSON.stringify(offered)}`);
      node ??= makeNode(notify);
      return { protocol: PROTOCOL };
    }
    const call = METHODS[method];
    if (!call) throw Object.assign(new Error(`no method ${method}`), { code: -32601 });
    if (!node) throw new Error('open comes first');
    return call(node, Array.isArray(params.args) ? params.args : []);
  }

  async function handle(line: string): Promise<void> {
    if (!line.trim()) return;
    let req: { id?: unknown; method?: unknown; params?: unknown };
    try {
      req = JSON.parse(line);
    } catch {
      return write({ id: null, error: { code: -32700, message: `not JSON: ${line.slice(0, 120)}` } });
    }
    if (typeof req.method !== 'string') return write({ id: req.id ?? null, error: { code: -32600, message: 'a request needs a method' } });
    const params = typeof req.params === 'object' && req.params !== null ? (req.params as Record<string, unknown>) : {};
    try {
      const result = await answer(req.method, params);
      write({ id: req.id, result: result ?? null });
    } catch (e) {
      write({ id: req.id, error: { code: (e as { code?: number }).code ?? -32000, message: (e as Error).message } });
    }
  }

  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => void handle(line));
  lines.on('close', () => {
    const done = () => process.exit(0);
    if (!node) return done();
    void node.close().finally(done);
  });
}
