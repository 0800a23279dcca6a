// What the tests' hand-written wire runtimes (wire-misbehave.mjs, wire-slow-start.mjs) share: the
// description they answer, a JSON-RPC line on stdout, and open's answer (a new driver id each time).

/** A description of a runtime named `name` that claims every capability and no failpoint. */
export function description(name) {
  return {
    name,
    version: '0.0.1',
    backend: 'embedded',
    capabilities: ['channels', 'node-direct', 'liveness', 'reconnect', 'objects', 'instance-spots', 'store-faults', 'relocation', 'sessions'],
    timings: { heartbeatIntervalMs: 50, livenessDeadlineMs: 300, reconnectBackoffMs: 10, defaultDeadlineMs: 1000, ownerLeaseMs: 600, ownerCacheMs: 400, descriptorRefreshMs: 50, storeFailureGraceMs: 1000, cutoverFallbackMs: 1000, messageFollowMs: 30000 },
    failpoints: [],
  };
}

/** Write one JSON-RPC 2.0 message as a line. */
export const write = (obj) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...obj })}\n`);

let opened = 0;
/** open's result: a fresh driver id, and the protocol version stated (the kit's own unless told). */
export const openResult = (protocol = '1') => ({ driver: `d${++opened}`, protocol });
