// A worker of the seed search (search.ts), in a process of its own: it runs the campaigns of the
// seeds it is sent, one at a time, and answers each with its summary. Started by the search with
// tsx loaded; it ends when its channel to the search closes.

import { rmSync } from 'node:fs';
import { runCampaign } from './runner.ts';
import { summarize, type SeedJob } from './search.ts';

process.on('message', (job: SeedJob) => {
  void (async () => {
    try {
      const r = await runCampaign({ ...job.options, log: () => {} });
      if (r.report.verdict === 'valid') rmSync(job.options.out, { recursive: true, force: true });
      process.send!({ ok: summarize(job.options, r) });
    } catch (e) {
      process.send!({ error: `seed ${job.options.seed}: ${(e as Error).message.split('\n')[0]}` });
    }
  })();
});
process.once('disconnect', () => process.exit(0));
