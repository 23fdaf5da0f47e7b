/**
 * Runs at most `limit` tasks at once; the others wait their turn in the order they came. A task
 * still waiting after `maxWaitMs` is not run at all (`run` answers `skipped`), so the caller can
 * answer without it rather than keep its client waiting longer.
 */
export class TurnQueue {
  private running = 0;
  private readonly waiting: { resolve: (turn: boolean) => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T | typeof skipped> {
    if (this.running < this.limit) this.running += 1;
    else if (!(await this.turn())) return skipped;
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  /** Tasks waiting for their turn. */
  get queued() {
    return this.waiting.length;
  }

  private turn() {
    return new Promise<boolean>((resolve) => {
      const entry = {
        resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          resolve(false);
        }, this.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** A finished task hands its place to the first one waiting. */
  private next() {
    const entry = this.waiting.shift();
    if (entry === undefined) {
      this.running -= 1;
      return;
    }
    clearTimeout(entry.timer);
    // On the next turn of the event loop: handed over at once, one task's end started the next
    // in the same run of promise callbacks, and a queue of renders kept the loop from reading
    // any socket until it was empty (loads waited up to 10 s for their request to be read).
    setImmediate(() => entry.resolve(true));
  }
}

export const skipped = Symbol('skipped');
