/** A task still waiting after `maxWaitMs` is skipped, so the caller can answer without it. */
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

  private next() {
    const entry = this.waiting.shift();
    if (entry === undefined) {
      this.running -= 1;
      return;
    }
    clearTimeout(entry.timer);
    // On the next turn: handing over in the same microtask run lets a queue of renders starve
    // the sockets until it is empty.
    setImmediate(() => entry.resolve(true));
  }
}

export const skipped = Symbol('skipped');
