// `spotcheck verify` (a certificate against this kit) and `spotcheck merge` (the shards of a run).

import { Command } from 'commander';
import { join } from 'node:path';
import { UsageError } from '../driver/target.ts';
import { levelLine, meets } from '../requirements/levels.ts';
import { ensureOutDir } from './out-dir.ts';
import type { Compliance } from '../report/compliance.ts';
import { MergeRefused, ReportInputError, mergeShards, readReport } from '../report/merge.ts';
import type { Certificate } from '../certify/certificate.ts';
import { CertificateInputError, readCertificate, verifyCertificate } from '../certify/verify.ts';
import { writeJsonAtomic } from '../certify/write.ts';
import { KIT } from './kit.ts';

function verifyCommand(file: string): number {
  let cert: Certificate;
  try {
    cert = readCertificate(file);
  } catch (e) {
    if (e instanceof CertificateInputError) throw new UsageError(e.message);
    throw e;
  }
  const problems = verifyCertificate(cert);
  for (const p of problems) process.stdout.write(`${p}\n`);
  if (problems.length > 0) {
    process.stdout.write(`${file}: ${problems.length} mismatch${problems.length > 1 ? 'es' : ''} with this kit (${KIT.name} ${KIT.version})\n`);
    return 1;
  }
  process.stdout.write(`${file}: matches this kit (${KIT.name} ${KIT.version}): ${cert.implementation.name} ${cert.implementation.version} (${cert.backend.name}), level ${cert.level.requested} ${meets(cert.level.met, cert.level.requested) ? 'met' : 'not met'}\n`);
  return 0;
}

function mergeCommand(files: string[], opts: { out: string }): number {
  let merged: Compliance;
  try {
    merged = mergeShards(files.map((f) => readReport(f)));
  } catch (e) {
    if (e instanceof ReportInputError || e instanceof MergeRefused) throw new UsageError(e.message);
    throw e;
  }
  const dir = ensureOutDir(opts.out);
  writeJsonAtomic(join(dir, 'compliance.json'), merged);
  const run = merged.run!;
  process.stdout.write(
    `merged ${files.length} shard(s) of ${merged.implementation.name} ${merged.implementation.version} (${merged.implementation.backend}): ${run.scenarios.length} scenarios; ` +
      `${levelLine({ requested: merged.level.requested, met: merged.level.met, reasons: merged.level.why })}; ${join(opts.out, 'compliance.json')}\n`,
  );
  return 0;
}

/** `verify`. */
export function verifyCommandOf(program: Command, setCode: (code: number) => void): void {
  program
    .command('verify')
    .description('check a certificate against this kit (hashes, version, level) and itself (statuses, counts)')
    .argument('<certificate>', 'certificate.json')
    .action((file: string) => {
      setCode(verifyCommand(file));
    });
}

/** `merge`. */
export function mergeCommandOf(program: Command, setCode: (code: number) => void): void {
  program
    .command('merge')
    .description('combine the compliance.json of every shard of a run (run --shard i/n) into one')
    .argument('<files...>', 'compliance.json of each shard')
    .requiredOption('--out <dir>', 'folder for the merged compliance.json')
    .action((files: string[], opts: { out: string }) => {
      setCode(mergeCommand(files, opts));
    });
}
