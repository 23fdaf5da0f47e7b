import { performance } from 'node:perf_hooks';

export type LoopTimes = { idle: number; active: number };

/** The event loop's busy share over the last whole window, read on demand (no timer). */
export class LoopLoad {
  private since: LoopTimes;
  private share = 0;

  constructor(
    private readonly windowMs = 500,
    private readonly sample: () => LoopTimes = () => performance.eventLoopUtilization(),
  ) {
    this.since = sample();
  }

  current(): number {
    const now = this.sample();
    const idle = now.idle - this.since.idle;
    const active = now.active - this.since.active;
    if (idle + active >= this.windowMs) {
      this.share = active / (idle + active);
      this.since = now;
    }
    return this.share;
  }
}
