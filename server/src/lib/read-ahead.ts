import { AsyncLocalStorage } from 'node:async_hooks';

const ahead = new AsyncLocalStorage<true>();
let underWay = 0;

/**
 * Runs `work` as a read ahead of demand (a page rendered while the server is idle,
 * page-warmer.ts): the read caches answer it from what they hold but keep nothing it loads, so
 * a pass over every product page leaves them holding what shoppers read, not the whole
 * catalogue (after such a pass, product answers had pushed listings' products out and the
 * listing rows of the bench fell by half). What the work itself is for is kept by its caller.
 * The storage is disabled again once no read ahead is under way: on Node 20 an
 * AsyncLocalStorage in use hooks every promise of the process, which cost the API's hot reads a
 * quarter of their speed (docs/performance.md); the warmer reads ahead only while idle.
 */
export async function readingAhead<T>(work: () => Promise<T>): Promise<T> {
  underWay += 1;
  try {
    return await ahead.run(true, work);
  } finally {
    underWay -= 1;
    if (underWay === 0) ahead.disable();
  }
}

/** Whether the code running now is a read ahead of demand. */
export function isReadingAhead() {
  return ahead.getStore() === true;
}
