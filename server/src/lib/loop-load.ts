import { performance } from 'node:perf_hooks';

/** What Node's event loop utilization gives: milliseconds idle and active since the start. */
export type LoopTimes = { idle: number; active: number };

/**
 * How busy the event loop has been lately: the share of the last window (at least `windowMs`)
 * it spent running code rather than waiting for I/O (Node's event loop utilization). Read on
 * demand, without a timer: the first read after a quiet hour sees the quiet hour, and the
 * share stays that of the last whole window until the next one has passed.
 */
export class LoopLoad {
  private since: LoopTimes;
  private share = 0;

  constructor(
    private readonly windowMs = 500,
    private readonly sample: () => LoopTimes = () => performance.eventLoopUtilization(),
  ) {
    this.since = sample();
  }

  /** The share, from 0 (idle) to 1 (never waiting). */
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
