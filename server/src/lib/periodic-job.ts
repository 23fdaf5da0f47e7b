import type { FastifyBaseLogger } from 'fastify';

export type PeriodicJob = {
  /** No round starts after this; resolves once the round in flight has finished. */
  stop(): Promise<void>;
};

type Options = {
  /** Milliseconds to the next round, counted from the end of the last (or from the start). */
  every: number | ((now: Date) => number);
  /**
   * One round. `signal` aborts when the job stops: finish the piece of work in hand (the mail
   * being sent, the order being settled), leave the rest for the next instance, and return.
   */
  round: (signal: AbortSignal) => Promise<void>;
  log: FastifyBaseLogger;
  /** Logged with the error when a round throws; the next round runs as usual. */
  failure: string;
};

/**
 * A background job of this instance. Invariant: at most one round at a time, and `stop()`
 * returns only when no round is running, so whatever the job uses (the database pool, the
 * mail transport) can be closed right after it. Plugins call `stop()` in their onClose hook;
 * main.ts closes the database once the app has closed.
 */
export function startPeriodicJob({ every, round, log, failure }: Options): PeriodicJob {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(tick, typeof every === 'number' ? every : every(new Date()));
    // A job never keeps the process alive on its own.
    timer.unref();
  };
  const tick = () => {
    running = round(stopping.signal)
      .catch((error: unknown) => log.warn({ err: error }, failure))
      .finally(() => {
        running = undefined;
        schedule();
      });
  };
  schedule();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
