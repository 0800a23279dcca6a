// The transport contract on the in-memory transport (the embedded backend's).
import { MemoryTransport } from '../../impl-reference/transport/memory.ts';
import { transportContract } from './contract.ts';

transportContract('MemoryTransport', async () => {
  const transport = new MemoryTransport();
  return { server: transport, client: transport, cleanup: async () => undefined };
}, {
  quietMs: 20,
  waitMs: 1000,
  deviations: {
    // memory.ts gives each End its own randomUUID(). Nothing in the runtime reads Connection.id
    // (PeerLink names each connection in its hello), so this is reported, not changed here.
    'both ends of a connection share its id': 'each end has an id of its own (End.id = randomUUID())',
  },
});
