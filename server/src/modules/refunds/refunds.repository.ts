import type { OrderStatus } from '@contract/orders';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { releaseRefundedCents } from '../orders';
import { refunds } from './refunds.table';

export type RefundRow = typeof refunds.$inferSelect;

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
  await releaseRefundedCents(
    db,
    refund.orderId,
    refund.amountCents,
    (refund.previousOrderStatus as OrderStatus | null) ?? undefined,
  );
}

/**
 * PayPal refunded another amount than asked: the refund is failed and its reservation freed
 * (nothing recorded as returned), and PayPal's refund id kept, so its webhook changes nothing.
 */
export async function failMismatchedRefund(
  db: Executor,
  refund: RefundRow,
  paypalRefundId: string,
) {
  await failRefund(db, refund, 'PayPal refunded another amount or currency than asked');
  await db.update(refunds).set({ paypalRefundId }).where(eq(refunds.id, refund.id));
}

export async function completedCents(db: Executor, orderId: string) {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'completed')));
  return Number(row?.cents ?? 0);
}

export async function findPending(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
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
