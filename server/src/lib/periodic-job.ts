import type { FastifyBaseLogger } from 'fastify';

export type PeriodicJob = {
  stop(): Promise<void>;
};

type Options = {
  /** Counted from the end of the last round, so rounds never overlap. */
  every: number | ((now: Date) => number);
  /** On `signal`, finish the piece in hand and leave the rest for the next instance. */
  round: (signal: AbortSignal) => Promise<void>;
  log: FastifyBaseLogger;
  failure: string;
};

/**
 * Invariant: one round at a time, and `stop()` returns only when none runs, so what the job
 * uses (the pool, the mail transport) can be closed right after it.
 */
export function startPeriodicJob({ every, round, log, failure }: Options): PeriodicJob {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(tick, typeof every === 'number' ? every : every(new Date()));
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
