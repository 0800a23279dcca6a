// The campaign on the simulated backend: a seed replays its history exactly (byte for byte but the
// header's output folder), a failing seed is found by aimed faults and shrunk to a short run that
// breaks the same invariant, and the shrunk run's replay command gives that history again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCampaign } from '../src/nemesis/runner.ts';
import type { CampaignOptions } from '../src/nemesis/campaign.ts';
import { brokenInvariants, shrink } from '../src/nemesis/shrink.ts';
import '../src/cli/adapters.ts'; // registers the adapters (src/driver/target.ts)

const dir = mkdtempSync(join(tmpdir(), 'spotcheck-nemesis-sim-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const base = (impl: string, seed: number, ops: number, out: string): CampaignOptions => ({ impl, backend: 'sim', seed, ops, faults: [], rate: 0, swarm: true, out: join(dir, out), log: () => {} });
const body = (path: string) => readFileSync(path, 'utf8').split('\n').slice(1).join('\n');

test('one seed, one history: two runs of a seed are identical but for the header', async () => {
  const a = await runCampaign(base('reference', 9, 800, 'a'));
  const b = await runCampaign(base('reference', 9, 800, 'b'));
  assert.equal(a.report.verdict, 'valid');
  assert.ok(a.faults.applied > 0 && a.ops.ok > 0, 'the run did something');
  assert.equal(body(b.historyPath), body(a.historyPath));
  const c = await runCampaign(base('reference', 10, 800, 'c'));
  assert.notEqual(body(c.historyPath), body(a.historyPath), 'another seed, another history');
});

test('a failing seed of reselect-after-acceptance is found and shrunk to a short run breaking the same invariant', async () => {
  let failing: CampaignOptions | undefined;
  let invariants: string[] = [];
  for (let seed = 1; seed <= 30 && !failing; seed++) {
    const o = base('mutant:reselect-after-acceptance', seed, 600, `m-${seed}`);
    const r = await runCampaign(o);
    if (r.report.verdict === 'invalid') [failing, invariants] = [o, brokenInvariants(r.report)];
  }
  assert.ok(failing, 'a seed of the first 30 fails');
  assert.ok(invariants.includes('accepted-runs-once'), invariants.join(', '));
  const s = await shrink({ ...failing, out: join(dir, 'shrunk') }, invariants, (o) => runCampaign({ ...o, log: () => {} }));
  const kept = s.options.ops - (s.options.skipOps?.length ?? 0);
  assert.ok(kept <= 20, `shrunk to ${kept} operations`);
  assert.ok(s.result.report.violations.some((v) => v.invariant === 'accepted-runs-once'));
  const again = await runCampaign({ ...s.options, out: join(dir, 'replayed'), log: () => {} });
  assert.equal(body(again.historyPath), body(s.result.historyPath), 'the replay command gives the same history');
});

// `mutants --campaign` counts a kill only where its control, the reference on the same seed and
// operations, is valid: seed 234 once read as 45 kills in 60 s of campaign when the reference
// itself was invalid there. With a mutant as its own control, every failing seed is a control
// failure and nothing is killed.
test('the campaign of mutants counts a kill only where the control is valid on the same seed', async () => {
  const { campaignMutants } = await import('../src/cli/mutants-campaign-runner.ts');
  const only = ['reselect-after-acceptance'];
  // Seed 7 (600 operations) is one the mutant fails and the reference passes.
  const real = await campaignMutants({ budgetMs: 60_000, ops: 600, jobs: 1, only, firstSeed: 7, out: join(dir, 'campaign-real') });
  assert.deepEqual([real.mutants[0].campaign.killed, real.mutants[0].campaign.seed], [true, 7], 'killed against the reference');
  assert.deepEqual(real.controlFailures, []);
  const self = await campaignMutants({ budgetMs: 1, ops: 600, jobs: 1, only, firstSeed: 7, out: join(dir, 'campaign-self'), control: 'mutant:reselect-after-acceptance' });
  assert.equal(self.mutants[0].campaign.killed, false, 'a seed the control fails too is no kill');
  assert.deepEqual(self.controlFailures.map((f) => [f.seed, f.problem.split(' ')[0], f.replay?.includes('--seed 7')]), [[7, 'accepted-runs-once', true]]);
});
