// Reads the evidence files node processes append to (node/runtime.ts), incrementally: each read
// takes only the bytes written since the last one. The kit re-reads evidence every few
// milliseconds while it watches a "never" window; parsing every file from its start each time cost
// the harness about 3.5 ms per read after 10 s of three idle nodes (300 Store lines), most of a
// core during every wait, on a backend that is CPU-bound.

import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import type { JournalEntry, StoreLogEntry } from '../../src/driver/types.ts';
import type { EvidenceLine } from '../node/parts.ts';

interface Source {
  path: string;
  offset: number;
  /** Bytes after the last newline: a line still being written, or one a SIGKILL cut short. */
  tail: Buffer;
}

export class EvidenceReader {
  private readonly sources: Source[] = [];
  private lines: EvidenceLine[] = [];
  private merged?: { journal: JournalEntry[]; storeLog: StoreLogEntry[] };

  add(path: string): void {
    this.sources.push({ path, offset: 0, tail: Buffer.alloc(0) });
  }

  get files(): string[] {
    return this.sources.map((s) => s.path);
  }

  /** Every journal entry so far, in the order the lines were written, numbered from 1. */
  journal(): JournalEntry[] {
    return this.read().journal.slice();
  }

  /** Every Store call so far, in the order the lines were written, numbered from 1. */
  storeLog(): StoreLogEntry[] {
    return this.read().storeLog.slice();
  }

  private read(): { journal: JournalEntry[]; storeLog: StoreLogEntry[] } {
    let fresh = false;
    for (const source of this.sources) fresh = this.readNew(source) || fresh;
    if (fresh || !this.merged) {
      // Lines of different nodes interleave by their clock: merged again whenever lines came.
      this.lines.sort((a, b) => a.t - b.t);
      this.merged = {
        journal: this.lines.flatMap((l) => ('journal' in l ? [l.journal] : [])).map((e, i) => ({ ...e, seq: i + 1 }) as JournalEntry),
        storeLog: this.lines.flatMap((l) => ('store' in l ? [l.store] : [])).map((e, i) => ({ ...e, seq: i + 1 })),
      };
    }
    return this.merged;
  }

  /** Take the complete lines written since the last read; true when there were any. */
  private readNew(source: Source): boolean {
    if (!existsSync(source.path)) return false;
    const fd = openSync(source.path, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size <= source.offset) return false;
      const chunk = Buffer.alloc(size - source.offset);
      const got = readSync(fd, chunk, 0, chunk.length, source.offset);
      source.offset += got;
      const text = Buffer.concat([source.tail, chunk.subarray(0, got)]);
      const end = text.lastIndexOf(0x0a);
      source.tail = end < 0 ? text : text.subarray(end + 1);
      if (end < 0) return false;
      let added = false;
      for (const line of text.subarray(0, end).toString('utf8').split('\n')) {
        if (!line) continue;
        try {
          this.lines.push(JSON.parse(line) as EvidenceLine);
          added = true;
        } catch {
          // Not a whole line: never recorded, so the run it names did not go on.
        }
      }
      return added;
    } finally {
      closeSync(fd);
    }
  }
}
