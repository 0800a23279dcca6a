// What identifies the installed kit: its name and version, the git commit it was checked out at
// (when it is a git checkout of its own), and sha256 hashes of the spec chapter, of the feature
// files and of the wire schema. A certificate records them; `spotcheck verify` compares them with
// the kit it runs in.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { KIT_ROOT } from '../run/kit-root.ts';

export const KIT = JSON.parse(readFileSync(join(KIT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** Where the spec chapter is: SPOTCHECK_SPEC_FILE, else ../shared/spec/ beside the kit. */
export function specFile(): string {
  return resolve(process.env.SPOTCHECK_SPEC_FILE ?? join(KIT_ROOT, '..', 'shared', 'spec', 'failure-handling-and-failover-scope.txt'));
}

export interface Hash {
  sha256: string | null;
  /** How many files the hash covers (folders). */
  files?: number;
  /** Why there is no hash. */
  note?: string;
}

export interface KitHashes {
  spec: Hash;
  features: Hash;
  schema: Hash;
}

export interface KitIdentity {
  name: string;
  version: string;
  /** `git rev-parse HEAD` when the kit is a git checkout of its own, else null. */
  commit: string | null;
  /** Whether the checkout had changes not committed (null when not a checkout). */
  dirty: boolean | null;
}

export function kitIdentity(): KitIdentity {
  const git = (...args: string[]) => execFileSync('git', ['-C', KIT_ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  try {
    // A kit installed inside another project's checkout is not a checkout of its own.
    if (realpathSync(git('rev-parse', '--show-toplevel')) !== realpathSync(KIT_ROOT)) throw new Error('not the kit');
    const commit = git('rev-parse', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'features', 'step-definitions', 'adapters', 'impl-reference', 'schema', 'package.json').length > 0;
    return { name: KIT.name, version: KIT.version, commit, dirty };
  } catch {
    return { name: KIT.name, version: KIT.version, commit: null, dirty: null };
  }
}

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && keep(p)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** One sha256 over files sorted by their path from the kit root: path, NUL, content, NUL each. */
export function hashFiles(paths: string[]): string {
  const entries = paths.map((p) => ({ rel: relative(KIT_ROOT, p).split(sep).join('/'), p })).sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const h = createHash('sha256');
  for (const { rel, p } of entries) {
    h.update(rel);
    h.update('\0');
    h.update(readFileSync(p));
    h.update('\0');
  }
  return h.digest('hex');
}

export function kitHashes(): KitHashes {
  const spec = specFile();
  const specHash: Hash = existsSync(spec)
    ? { sha256: createHash('sha256').update(readFileSync(spec)).digest('hex') }
    : { sha256: null, note: `no spec file at ${spec} (set SPOTCHECK_SPEC_FILE)` };
  const features = filesUnder(join(KIT_ROOT, 'features'), (p) => p.endsWith('.feature'));
  const schemaDir = join(KIT_ROOT, 'schema');
  let schema: Hash;
  if (existsSync(schemaDir) && statSync(schemaDir).isDirectory()) {
    const files = filesUnder(schemaDir, () => true);
    schema = { sha256: hashFiles(files), files: files.length };
  } else {
    schema = { sha256: null, note: 'this kit has no schema/ folder' };
  }
  return { spec: specHash, features: { sha256: hashFiles(features), files: features.length }, schema };
}

/** The hashes a certificate needs, or one line naming the first that cannot be made (certify exits 2). */
export function certificateHashes(): KitHashes {
  const hashes = kitHashes();
  for (const h of ['spec', 'features', 'schema'] as const) {
    if (hashes[h].sha256 === null) throw new MissingHashError(`no certificate without the ${h} hash: ${hashes[h].note ?? 'it cannot be made'}`);
  }
  return hashes;
}

export class MissingHashError extends Error {}
