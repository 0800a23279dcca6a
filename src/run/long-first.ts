// A Cucumber plugin: scenarios tagged @long (one that must wait out a spec duration, such as the
// 30 s default MessageFollowDuration) run first, so that in a parallel run they overlap the rest of
// the suite instead of starting last and adding their whole length to the wall time.

import type { Pickle } from '@cucumber/messages';

export const LONG_TAG = '@long';

/** What Cucumber's "pickles:order" transform hands over: a pickle with its context. */
interface Orderable {
  pickle: Pickle;
}

export default {
  type: 'plugin',
  coordinator: async ({ transform }: { transform: (event: 'pickles:order', fn: (pickles: readonly Orderable[]) => Promise<Orderable[]>) => void }) => {
    transform('pickles:order', async (pickles) => {
      const long = (p: Orderable) => p.pickle.tags.some((t) => t.name === LONG_TAG);
      return [...pickles.filter(long), ...pickles.filter((p) => !long(p))];
    });
  },
};
