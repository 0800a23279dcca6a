// A Cucumber plugin: keeps the scenarios of one shard (src/run/shard.ts) after Cucumber's own tag
// filter has made the selection. Its options come from Suite.run: `{ spotcheckShard: { index, total } }`.

import type { Pickle } from '@cucumber/messages';
import { selectShard, type Shard } from './shard.ts';

interface Filterable {
  pickle: Pickle;
  location: { line: number };
}

type Transform = (event: 'pickles:filter', fn: (pickles: readonly Filterable[]) => Promise<Filterable[]>) => void;

export default {
  type: 'plugin',
  coordinator: async ({ transform, options }: { transform: Transform; options: { spotcheckShard?: Shard } }) => {
    const shard = options?.spotcheckShard;
    if (!shard) return;
    transform('pickles:filter', async (pickles) => selectShard(pickles, (p) => ({ uri: p.pickle.uri, line: p.location.line }), shard));
  },
};
