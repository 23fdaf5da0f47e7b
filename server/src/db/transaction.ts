import { sql } from 'drizzle-orm';
import { busy, isLockTimeout, isSerializationFailure } from '../lib/db-errors';
import type { Db, Executor } from './client';

export type TransactOptions = {
  /** Tries in all; a deadlock or serialization failure is run again from the start. */
  attempts?: number;
  /** Longest wait for one row lock; past it the work gives up with a clear 409. */
  lockTimeoutMs?: number;
};

/** What `transact` hands its work: an executor that can also roll its transaction back. */
export type Transaction = Executor & { rollback(): never };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one way to open a transaction (tests/unit/one-transaction-helper.test.ts keeps it so).
 * Locks are taken in one global order (see StockService.lock), so deadlocks should not happen;
 * if one still does, or a serialization failure, the whole callback runs again, so it must have
 * no effects outside the database: it logs, mails or clears caches after it returns. Lock waits
 * are bounded: a shopper gets an answer within seconds, never a 500. A `tx.transaction` inside
 * it is a savepoint.
 */
export async function transact<T>(
  db: Db,
  work: (tx: Transaction) => Promise<T>,
  { attempts = 4, lockTimeoutMs = 5_000 }: TransactOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = ${Math.trunc(lockTimeoutMs)}`));
        return work(tx);
      });
    } catch (error) {
      if (isSerializationFailure(error) && attempt < attempts) {
        // Jittered backoff, so the transactions that collided do not collide again.
        await sleep(10 * attempt + Math.random() * 40 * attempt);
        continue;
      }
      if (isSerializationFailure(error) || isLockTimeout(error)) throw busy();
      throw error;
    }
  }
}
