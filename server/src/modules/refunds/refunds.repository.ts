import type { OrderStatus } from '@contract/orders';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../orders/orders.table';
import { refunds } from './refunds.table';

export type RefundRow = typeof refunds.$inferSelect;

export async function findOrder(db: Executor, id: string) {
  const [row] = await db
    .select({ userId: orders.userId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

/** The order row, locked until the transaction ends: refunds of one order take turns. */
export async function lockOrder(db: Executor, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Reserves `cents` of the order's paid total; the check constraint backs the caller's check. */
export async function reserve(db: Executor, id: string, cents: number, orderStatus?: OrderStatus) {
  await db
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${cents}`,
      orderUpdateDate: sql`now()`,
      ...(orderStatus ? { orderStatus } : {}),
    })
    .where(eq(orders.id, id));
}

export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert) {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

export async function completeRefund(db: Executor, id: string, paypalRefundId: string) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'completed', paypalRefundId, completedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** PayPal refused: the reservation goes back, and a cancelled order its previous status. */
export async function failRefund(db: Executor, refund: RefundRow, error: string) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed', error: error.slice(0, 1000) })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
    .returning();
  if (!row) return;
  await db
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} - ${refund.amountCents}`,
      ...(refund.previousOrderStatus
        ? { orderStatus: refund.previousOrderStatus as OrderStatus }
        : {}),
    })
    .where(eq(orders.id, refund.orderId));
}

export async function completedCents(db: Executor, orderId: string) {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'completed')));
  return Number(row?.cents ?? 0);
}

export async function setPaymentStatus(
  db: Executor,
  id: string,
  paymentStatus: 'refunded' | 'partially_refunded',
) {
  await db
    .update(orders)
    .set({ paymentStatus, orderUpdateDate: sql`now()` })
    .where(eq(orders.id, id));
}

export async function findPending(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

export async function captureIdOf(db: Executor, orderId: string) {
  const [row] = await db
    .select({ paymentId: orders.paymentId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.paymentId;
}

/** The paid order whose PayPal capture this is. */
export async function orderIdOfCapture(db: Executor, captureId: string) {
  if (!captureId) return undefined;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentId, captureId));
  return row?.id;
}

export async function isRecorded(db: Executor, paypalRefundId: string) {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.paypalRefundId, paypalRefundId));
  return row !== undefined;
}

export async function hasPending(db: Executor, orderId: string) {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

export async function statusOf(db: Executor, id: string) {
  const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, id));
  return row?.status;
}
