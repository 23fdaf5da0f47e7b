import type { OrderStatus } from '@contract/orders';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from './orders.table';

// The refunds module's reads and writes of an order (through ./index.ts): its payer and
// refunded_cents, which the refunds' ledger moves only while it holds that lock.

export async function findOrderPayer(db: Executor, id: string) {
  const [row] = await db
    .select({ userId: orders.userId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

/** Reserves `cents` of the order's paid total; the check constraint backs the caller's check. */
export async function reserveRefundedCents(
  db: Executor,
  id: string,
  cents: number,
  orderStatus?: OrderStatus,
) {
  await db
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${cents}`,
      orderUpdateDate: sql`now()`,
      ...(orderStatus ? { orderStatus } : {}),
    })
    .where(eq(orders.id, id));
}

/** Gives back a refused refund's reservation, and a cancelled order its previous status. */
export async function releaseRefundedCents(
  db: Executor,
  id: string,
  cents: number,
  previousStatus?: OrderStatus,
) {
  await db
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} - ${cents}`,
      ...(previousStatus ? { orderStatus: previousStatus } : {}),
    })
    .where(eq(orders.id, id));
}

export async function setRefundPaymentStatus(
  db: Executor,
  id: string,
  paymentStatus: 'refunded' | 'partially_refunded',
) {
  await db
    .update(orders)
    .set({ paymentStatus, orderUpdateDate: sql`now()` })
    .where(eq(orders.id, id));
}
