import { AsyncLocalStorage } from 'node:async_hooks';

const ahead = new AsyncLocalStorage<true>();
let underWay = 0;

// Read caches keep nothing `work` loads, so a warming pass leaves them holding what shoppers
// read. Disabled when idle: on Node 20 an active AsyncLocalStorage hooks every promise.
export async function readingAhead<T>(work: () => Promise<T>): Promise<T> {
  underWay += 1;
  try {
    return await ahead.run(true, work);
  } finally {
    underWay -= 1;
    if (underWay === 0) ahead.disable();
  }
}

export function isReadingAhead() {
  return ahead.getStore() === true;
}
