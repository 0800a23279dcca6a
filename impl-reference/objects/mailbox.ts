// An object's mailbox: one message at a time, in order. While the object is activating the mailbox
// is closed (messages wait); the stored first message is put at its head before it opens. Before
// each message it waits until the node is owner-eligible, so nothing is processed without a lease.

import type { Letter, WorkResult } from '../kernel/work.ts';

export type { Letter } from '../kernel/work.ts';

interface Posted extends Letter {
  resolve(r: WorkResult | undefined): void;
}

export class Mailbox {
  private readonly items: Posted[] = [];
  private running = false;
  private closed = false;

  constructor(
    private readonly run: (letter: Letter) => Promise<WorkResult>,
    private readonly eligible: () => Promise<void>,
    private isOpen: boolean,
  ) {}

  post(letter: Letter): Promise<WorkResult | undefined> {
    return new Promise((resolve) => {
      this.items.push({ ...letter, resolve });
      void this.pump();
    });
  }

  /** Put a letter at the head of the queue, before everything already waiting. */
  postFirst(letter: Letter): Promise<WorkResult | undefined> {
    return new Promise((resolve) => {
      this.items.unshift({ ...letter, resolve });
      void this.pump();
    });
  }

  /** Take every letter still waiting (not yet run), with its resolver. */
  drain(): Array<Letter & { resolve(r: WorkResult | undefined): void }> {
    return this.items.splice(0);
  }

  open(): void {
    this.isOpen = true;
    void this.pump();
  }

  /** Start nothing more (what runs finishes); letters wait until open() or drain(). */
  hold(): void {
    this.isOpen = false;
  }

  /** The instance is gone: waiting letters get no result from here. */
  close(): void {
    this.closed = true;
    for (const item of this.items.splice(0)) item.resolve(undefined);
  }

  private async pump(): Promise<void> {
    if (this.running || !this.isOpen) return;
    this.running = true;
    while (this.items.length > 0 && !this.closed && this.isOpen) {
      await this.eligible();
      if (this.closed || !this.isOpen) break;
      const item = this.items.shift()!;
      item.resolve(await this.run(item));
    }
    this.running = false;
  }
}
