// The transport contract on the in-memory transport (the embedded backend's).
import { MemoryTransport } from '../../impl-reference/transport/memory.ts';
import { transportContract } from './contract.ts';

transportContract('MemoryTransport', async () => {
  const transport = new MemoryTransport();
  return { server: transport, client: transport, cleanup: async () => undefined };
}, {
  quietMs: 20,
  waitMs: 1000,
  deviations: {},
});
