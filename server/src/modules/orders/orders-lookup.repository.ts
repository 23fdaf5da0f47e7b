import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from './orders.table';

// Reads for the modules that act on an order after its sale (returns and withdrawals).

export async function lockByNumber(db: Executor, orderNumber: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .for('update');
  return row;
}

export async function findByNumber(db: Executor, orderNumber: number) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row;
}
