import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentReversals } from './disputes.table';

export async function isReversalRecorded(db: Executor, id: string) {
  const [row] = await db
    .select({ id: paymentReversals.id })
    .from(paymentReversals)
    .where(eq(paymentReversals.id, id));
  return row !== undefined;
}

export async function insertReversal(db: Executor, values: typeof paymentReversals.$inferInsert) {
  await db.insert(paymentReversals).values(values);
}
