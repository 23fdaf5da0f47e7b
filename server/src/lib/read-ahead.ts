import { AsyncLocalStorage } from 'node:async_hooks';

const ahead = new AsyncLocalStorage<true>();

/**
 * Runs `work` as a read ahead of demand (a page rendered while the server is idle,
 * page-warmer.ts): the read caches answer it from what they hold but keep nothing it loads, so
 * a pass over every product page leaves them holding what shoppers read, not the whole
 * catalogue (after such a pass, product answers had pushed listings' products out and the
 * listing rows of the bench fell by half). What the work itself is for is kept by its caller.
 */
export function readingAhead<T>(work: () => Promise<T>): Promise<T> {
  return ahead.run(true, work);
}

/** Whether the code running now is a read ahead of demand. */
export function isReadingAhead() {
  return ahead.getStore() === true;
}
