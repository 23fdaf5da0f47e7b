import { TransactionRollbackError } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Runs `work` in a savepoint of `tx`, kept when `keep`, else rolled back: the same statements
 * run either way, and nothing of them stays unless asked. Returns whether it was kept.
 */
export async function undoUnless(
  keep: boolean,
  tx: Executor,
  work: (savepoint: Executor) => Promise<unknown>,
): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await work(savepoint);
      if (!keep) savepoint.rollback();
    });
    return keep;
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}
