// The kit's rooms and the arrows between them, read from the code: the map in
// docs/architecture.md is generated from this (`npm run architecture`), and
// test/architecture.test.ts fails when the map is stale or when an import goes up a floor that is
// not a known debt. A room is a set of folders with one job; a floor says who may import whom:
// a room imports only rooms on lower floors, except the arrows listed in DEBT (each with the
// reason it is still there), which may only shrink. The kit (src/ below the CLI) lies under the
// reference and the adapters: nothing in it should need a particular runtime or backend.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface Room {
  name: string;
  /** Path prefixes (from the repository root) of the room's files; the first room that matches wins. */
  paths: string[];
  floor: number;
  what: string;
}

// Most specific prefixes first (impl-reference/harness/ before impl-reference/).
export const ROOMS: Room[] = [
  { name: 'driver', paths: ['src/driver/'], floor: 0, what: 'the Driver contract: types, schema, the kit clock and world seams; imports nothing of the kit' },
  { name: 'requirements', paths: ['src/requirements/', 'features/'], floor: 1, what: 'requirement IDs, levels, the suite\'s scenarios by tag; the clauses, each in a file beside the feature that checks it (features/**/*.clauses.ts)' },
  { name: 'checker', paths: ['src/checker/', 'src/checks/'], floor: 1, what: 'pure functions over a history: one invariant per file' },
  { name: 'test bed', paths: ['src/harness/', 'src/servers/'], floor: 1, what: 'what the kit does from outside: relays, freeze, process groups, Redis and NATS servers' },
  { name: 'runtime', paths: ['impl-reference/'], floor: 5, what: 'the reference runtime: nodes, channels, objects, relocation, Sessions, Store clients, transports' },
  { name: 'mutants', paths: ['impl-reference/mutants/'], floor: 6, what: 'the kit\'s own bugs of the reference, each naming the clauses it breaks' },
  { name: 'lint', paths: ['src/lint/'], floor: 3, what: 'the feature lint, assumptions, this map' },
  { name: 'mutation', paths: ['src/mutation/'], floor: 3, what: 'StrykerJS over the runtime: areas, equivalents, summaries' },
  { name: 'sim', paths: ['src/sim/'], floor: 4, what: 'virtual time: the seeded scheduler of the simulated world and its seeded IDs (the reference\'s network and Store in it: impl-reference/harness/sim-*.ts)' },
  { name: 'reference harness', paths: ['impl-reference/harness/', 'impl-reference/node/main.ts', 'impl-reference/node/program.ts', 'impl-reference/node/program-node.ts', 'impl-reference/node/program-stdio.ts'], floor: 7, what: 'serves the Driver over the reference: embedded, Redis, process and simulated clusters (the simulated network, Store and world: sim-*.ts); and the entries of a node process (node/main.ts, node/program*.ts), which start a NodeRuntime with the rules of a run' },
  { name: 'run', paths: ['src/run/'], floor: 2, what: 'running the suite: Cucumber, workers, results, shards, the kit\'s mutants' },
  { name: 'steps', paths: ['step-definitions/'], floor: 3, what: 'step definitions and their support: speak only to the Driver' },
  { name: 'reports', paths: ['src/report/', 'src/certify/'], floor: 3, what: 'compliance.json, certificates, verify' },
  { name: 'nemesis', paths: ['src/nemesis/'], floor: 3, what: 'the fault campaign: workload, schedule, aimed faults, search, shrinking' },
  { name: 'site', paths: ['src/site/', 'src/trace/'], floor: 4, what: 'the site and `trace`: pages from runs, clauses, features and mutants' },
  { name: 'adapters', paths: ['adapters/'], floor: 9, what: 'the plug-in point: the records of every way to reach a runtime (records.ts), each implementation a module loaded when first opened (embedded, process, sim, exec:, node:, do-nothing)' },
  { name: 'cli', paths: ['src/cli/', 'src/site/cli.ts', 'src/trace/cli.ts'], floor: 10, what: 'the commands' },
  { name: 'bench', paths: ['bench/'], floor: 11, what: 'the benchmarks (`npm run bench`)' },
];

// Sorted so that the most specific prefix is tried first.
const BY_PREFIX = ROOMS.flatMap((r) => r.paths.map((p) => ({ p, r }))).sort((a, b) => b.p.length - a.p.length);

/**
 * Arrows that go up a floor today, with why they are still there (issue 24: "the plug-in point is
 * upside down", "bugs are woven into the runtime"). The map test fails on a new one, and on one
 * listed here that is gone (take it out: the list only shrinks).
 */
export const DEBT: Record<string, string> = {
};

export function roomOf(path: string): Room | undefined {
  return BY_PREFIX.find(({ p }) => path.startsWith(p))?.r;
}

/** The folders of the kit's TypeScript, and every .ts file under one (node_modules left out). */
export const SOURCE_FOLDERS = ['src', 'impl-reference', 'adapters', 'step-definitions', 'bench', 'features'];

export function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : tsFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Room-to-room arrows of the code under `root`, each with the files that make it. */
export function arrows(root: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of SOURCE_FOLDERS.flatMap((f) => tsFiles(join(root, f)))) {
    const from = roomOf(relative(root, file));
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
      const to = roomOf(relative(root, resolve(dirname(file), m[1])));
      if (!from || !to || from === to) continue;
      const key = `${from.name} -> ${to.name}`;
      const list = out.get(key) ?? [];
      if (!list.includes(relative(root, file))) list.push(relative(root, file));
      out.set(key, list);
    }
  }
  return out;
}

/** Whether an arrow goes up (or across) a floor: the importer's floor is not above the imported one's. */
export function goesUp(arrow: string): boolean {
  const [from, to] = arrow.split(' -> ').map((n) => ROOMS.find((r) => r.name === n)!);
  return from.floor <= to.floor;
}

/** The generated block of docs/architecture.md: every room, its floor, what it is and what it imports. */
export function mapBlock(root: string): string {
  const all = arrows(root);
  const rows = [...ROOMS].sort((a, b) => a.floor - b.floor || a.name.localeCompare(b.name)).map((r) => {
    const imports = [...all.keys()].filter((k) => k.startsWith(`${r.name} -> `)).map((k) => k.slice(r.name.length + 4)).sort();
    const shown = imports.map((to) => (goesUp(`${r.name} -> ${to}`) ? `**${to}** (up)` : to));
    return `| ${r.floor} | ${r.name} | ${r.paths.map((p) => `\`${p}\``).join(' ')} | ${r.what} | ${shown.join(', ') || '(nothing of the kit)'} |`;
  });
  return ['| floor | room | folders | what it is | imports |', '|---|---|---|---|---|', ...rows].join('\n');
}
