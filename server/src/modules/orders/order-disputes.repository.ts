import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderPayments } from './order-payments.table';
import { type AmountMismatch, orders } from './orders.table';

// An order's chargebacks, disputes, "Ship anyway" and PayPal's mismatched amounts (through
// ./index.ts, for the disputes and refunds modules): each change is one conditional update.

/** Keeps what PayPal reported that did not match the order (the admin sees the latest). */
export async function flagAmountMismatch(db: Executor, id: string, mismatch: AmountMismatch) {
  await db.update(orders).set({ amountMismatch: mismatch }).where(eq(orders.id, id));
}

/**
 * Adds a chargeback's cents unless refunds and chargebacks would pass the total (the check
 * constraint backs it); an earlier "Ship anyway" no longer holds. The row, or undefined.
 */
export async function addReversedCents(db: Executor, id: string, cents: number) {
  const [row] = await db
    .update(orders)
    .set({
      reversedCents: sql`${orders.reversedCents} + ${cents}`,
      shipOverrideBy: null,
      shipOverrideAt: null,
      orderUpdateDate: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, id),
        sql`${orders.refundedCents} + ${orders.reversedCents} + ${cents} <= ${orders.totalCents}`,
      ),
    )
    .returning({ id: orders.id });
  return row;
}

/**
 * The dispute on this capture is open. A dispute newly opened (another id, or none before)
 * clears an earlier "Ship anyway"; one already resolved is never reopened by a late update.
 */
export async function openDispute(db: Executor, captureId: string, disputeId: string) {
  if (!captureId) return false;
  const isSame = and(eq(orders.disputeId, disputeId), eq(orders.disputeStatus, 'open'));
  const rows = await db
    .update(orders)
    .set({
      disputeStatus: 'open',
      disputeId,
      disputeOutcome: '',
      shipOverrideBy: sql`case when ${isSame} then ${orders.shipOverrideBy} end`,
      shipOverrideAt: sql`case when ${isSame} then ${orders.shipOverrideAt} end`,
    })
    .where(
      and(
        inArray(orders.id, ordersOfCapture(db, captureId)),
        sql`not (${orders.disputeId} is not distinct from ${disputeId} and ${orders.disputeStatus} = 'resolved')`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** The dispute is resolved with PayPal's outcome_code (the money moves by its own events). */
export async function resolveDispute(
  db: Executor,
  captureId: string,
  disputeId: string,
  outcome: string,
) {
  if (!captureId) return false;
  const rows = await db
    .update(orders)
    .set({ disputeStatus: 'resolved', disputeId, disputeOutcome: outcome })
    .where(
      and(
        inArray(orders.id, ordersOfCapture(db, captureId)),
        or(isNull(orders.disputeId), eq(orders.disputeId, disputeId)),
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** An admin's "Ship anyway": only while a dispute is open or a chargeback recorded. */
export async function setShipOverride(db: Executor, id: string, adminId: string) {
  const [row] = await db
    .update(orders)
    .set({ shipOverrideBy: adminId, shipOverrideAt: sql`now()`, orderUpdateDate: sql`now()` })
    .where(
      and(
        eq(orders.id, id),
        isNull(orders.shipOverrideAt),
        or(eq(orders.disputeStatus, 'open'), sql`${orders.reversedCents} > 0`),
      ),
    )
    .returning({ id: orders.id });
  return row;
}

/** The order paid by this capture (a subquery). */
const ordersOfCapture = (db: Executor, captureId: string) =>
  db
    .select({ id: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.captureId, captureId));

/** The PayPal order and capture of an order, for its parcels' tracking (shipments module). */
export async function paypalRefsOf(db: Executor, id: string) {
  const [row] = await db
    .select({ paypalOrderId: orderPayments.providerOrderId, captureId: orderPayments.captureId })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, id), eq(orderPayments.provider, 'paypal')));
  return row;
}
