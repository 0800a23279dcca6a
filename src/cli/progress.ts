// Progress for long runs: one updating line on a terminal, plain lines in CI or a pipe.

import type { ScenarioResult } from '../run/results.ts';

const MARK: Record<ScenarioResult['status'], string> = { passed: 'passed', failed: 'FAILED', 'not-applicable': 'n/a' };

export class Progress {
  private readonly live: boolean;
  private pending = false;

  constructor(private readonly out: NodeJS.WriteStream) {
    this.live = Boolean(out.isTTY) && !process.env.CI;
  }

  scenario(r: ScenarioResult, done: number, total: number): void {
    const text = `[${done}/${total}] ${MARK[r.status].padEnd(6)} ${r.uri}:${r.line} ${r.name}`;
    if (this.live) {
      const width = (this.out.columns ?? 100) - 1;
      this.out.write(`\r\x1b[K${text.slice(0, width)}`);
      this.pending = true;
      if (r.status === 'failed') this.line(`  ${r.message}`);
    } else {
      this.out.write(`${text}\n`);
      if (r.status === 'failed') this.out.write(`  ${r.message}\n`);
    }
  }

  /** End the updating line so that the next output starts on its own line. */
  done(): void {
    if (this.pending) this.out.write('\n');
    this.pending = false;
  }

  line(text: string): void {
    this.done();
    this.out.write(`${text}\n`);
  }
}
