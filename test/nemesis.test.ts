// The fault campaign (spotcheck nemesis, issue 11): a short fixed-seed campaign on the embedded
// reference is valid and runs the schedule its seed names; against a mutant that runs accepted
// work twice it is invalid and prints the replay command; bad arguments are one line and exit 2.
// The campaigns run as child processes of the kit's command line (bin/spotcheck.js nemesis),
// two at once, so the whole file stays well under a minute on a busy 2-core machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseHistory, isOp } from '../src/checker/history.ts';
import { planCampaign } from '../src/nemesis/campaign.ts';
import { FAULT_KINDS } from '../src/nemesis/schedule.ts';
import { runAlone } from '../src/nemesis/cli.ts';
import { ROOT, tempDir } from './helpers.ts';
import '../src/cli/adapters.ts'; // registers the adapters (src/driver/target.ts)

// Through the kit's own command line, which registers the adapters (src/cli/adapters.ts).
const CLI = [join(ROOT, 'bin/spotcheck.js'), 'nemesis'];
const SEED = 12;
const OPS = 150;
const RATE = 0.03;

interface Run { code: number | null; stdout: string; stderr: string }

function nemesis(args: string[], timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const campaignArgs = (impl: string, out: string) =>
  ['--impl', impl, '--backend', 'embedded', '--seed', String(SEED), '--ops', String(OPS), '--faults', 'all', '--rate', String(RATE), '--out', out, '--progress', '1000'];

test('the schedule is a function of the seed: same seed, same operations and faults; another seed, another schedule', () => {
  const a = planCampaign({ seed: SEED, ops: 500, faults: [...FAULT_KINDS], rate: 0.05 });
  const b = planCampaign({ seed: SEED, ops: 500, faults: [...FAULT_KINDS], rate: 0.05 });
  const c = planCampaign({ seed: SEED + 1, ops: 500, faults: [...FAULT_KINDS], rate: 0.05 });
  assert.deepEqual(a, b);
  assert.notDeepEqual(a.ops, c.ops);
  assert.notDeepEqual(a.faults, c.faults);
  assert.ok(a.faults.length > 10, `expected faults at rate 0.05, got ${a.faults.length}`);
  assert.deepEqual(new Set(a.ops.map((s) => s.plan.f)), new Set(['channel-request', 'node-direct', 'create', 'object-message', 'close', 'relocate', 'session-relay', 'channel-set', 'join', 'stale-message']));
  // Changing the fault list leaves the workload alone.
  assert.deepEqual(planCampaign({ seed: SEED, ops: 500, faults: ['crash'], rate: 0.05 }).ops, a.ops);
});

test('campaigns: the reference is valid and runs its seed\'s schedule; a mutant that re-runs failed work is invalid, with the replay command', async () => {
  const refOut = tempDir('nemesis-ref');
  const mutOut = tempDir('nemesis-mut');
  try {
    const [ref, mut] = await Promise.all([nemesis(campaignArgs('reference', refOut)), nemesis(campaignArgs('mutant:auto-retry-failed', mutOut))]);

    assert.equal(ref.code, 0, `reference: exit ${ref.code}\n${ref.stdout}\n${ref.stderr}`);
    assert.match(ref.stdout, /history\.jsonl: valid \(/);
    assert.match(ref.stderr, /^nemesis: \d+\/150 ops/m, 'progress lines while it runs');
    // The history's client operations are exactly the seed's workload, each invoked and completed once.
    const history = parseHistory(readFileSync(join(refOut, 'history.jsonl'), 'utf8'));
    assert.equal(history.unparsed.length, 0);
    assert.equal(history.header?.seed, SEED);
    assert.match(history.header?.command ?? '', new RegExp(`--seed ${SEED} --ops ${OPS} `));
    const ops = history.events.filter(isOp);
    // (A Session relay's connect, authenticate and bind are operations of their own: `w2-17/bind`.)
    const invoked = ops.filter((e) => e.type === 'invoke' && /^w\d+-\d+$/.test(e.op)).map((e) => `${e.op} ${e.f} ${e.objectId ?? ''}`).sort();
    const planned = planCampaign({ seed: SEED, ops: OPS, faults: [...FAULT_KINDS], rate: RATE }).ops
      // A stale message is an object message sent via the previous owner: the history names it so.
      .map((s) => `${s.worker}-${s.index} ${s.plan.f === 'stale-message' ? 'object-message' : s.plan.f} ${'object' in s.plan ? s.plan.object.id : ''}`).sort();
    assert.deepEqual(invoked, planned);
    assert.ok(ops.some((e) => e.process === 'nemesis' && e.type === 'ok'), 'faults were applied');
    assert.ok(history.events.some((e) => e.type === 'journal') && history.events.some((e) => e.type === 'record'), 'journal and Store reads are in the history');

    assert.equal(mut.code, 1, `mutant: exit ${mut.code}\n${mut.stdout}\n${mut.stderr}`);
    assert.match(mut.stdout, /history\.jsonl: invalid \(/);
    assert.match(mut.stdout, /^violation 1: accepted-runs-once \[R-GEN-2, V03\]: marker m-w\d+-\d+ ran twice/m);
    assert.match(mut.stdout, /^ {2}line \d+: \{"type":"journal","kind":"handler"/m, 'the witness lines are printed');
    assert.match(mut.stdout, new RegExp(`^replay: spotcheck nemesis --impl mutant:auto-retry-failed --backend embedded --seed ${SEED} --ops ${OPS} --faults [a-z,-]+ --rate ${RATE} `, 'm'));
  } finally {
    rmSync(refOut, { recursive: true, force: true });
    rmSync(mutOut, { recursive: true, force: true });
  }
});

test('bad arguments: one line on stderr, exit 2, nothing run', async () => {
  const cases: [string[], RegExp][] = [
    [['--impl', 'reference', '--seed', '1', '--faults', 'crash,meteor'], /unknown fault "meteor"/],
    [['--impl', 'reference', '--seed', '1', '--rate', '2'], /--rate 2: needs a fault probability/],
    [['--impl', 'reference', '--seed', '1', '--backend', 'cloud'], /unknown backend "cloud"/],
    [['--impl', 'mutant:no-such-bug', '--seed', '1'], /unknown mutant "no-such-bug"/],
    [['--impl', 'reference', '--seed', '1', '--ops', '0'], /--ops 0: needs a whole number from 1/],
    [['--impl', 'reference'], /--seed is needed/],
    [['--impl', 'reference', '--seed', '1', '--bogus'], /unknown option '--bogus'/],
  ];
  // In this process (runAlone: the command on a program of its own), with stderr and stdout caught.
  for (const [args, message] of cases) {
    const caught = { out: '', err: '' };
    const write = { out: process.stdout.write, err: process.stderr.write };
    process.stdout.write = ((chunk: string) => ((caught.out += chunk), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string) => ((caught.err += chunk), true)) as typeof process.stderr.write;
    let code: number;
    try {
      code = await runAlone(args);
    } finally {
      process.stdout.write = write.out;
      process.stderr.write = write.err;
    }
    assert.equal(code, 2, `${args.join(' ')}: exit ${code}\n${caught.err}`);
    assert.equal(caught.out, '');
    const lines = caught.err.trimEnd().split('\n');
    assert.equal(lines.length, 1, `${args.join(' ')}: one line, got:\n${caught.err}`);
    assert.match(lines[0], /^spotcheck: /);
    assert.match(lines[0], message);
  }
  // And once as a command of its own.
  const r = spawnSync(process.execPath, [...CLI, '--impl', 'reference', '--seed', 'abc'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'spotcheck: --seed abc: needs a whole number\n');
});
