// The Store contract on the in-memory Store (the embedded backend).
import { MemoryStore } from '../../impl-reference/store/memory.ts';
import { storeContract } from './contract.ts';

storeContract('MemoryStore', async () => {
  const store = new MemoryStore();
  return { store, cleanup: () => store.close() };
});
