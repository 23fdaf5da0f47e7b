/** The refunds' ledger: amounts reserved and recorded on the order under its row lock. */
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { OrderMailService } from '../email/order-mail.service';
import {
  lockOrder,
  orderIdOfCapture,
  reserveRefundedCents,
  setRefundPaymentStatus,
} from '../orders';
import type { OrdersService } from '../orders/orders.service';
import { assertCancellable, PAID, refundableCents } from './refund-rules';
import * as repo from './refunds.repository';

export type RefundRequest = {
  orderId: string;
  by: string;
  kind: 'cancel' | 'admin';
  /** Cents; everything not yet refunded when absent. */
  amountCents?: number | undefined;
  reason: string;
};

/** What a return's refund asks (returns module), decided under the order's lock. */
export type ReturnRefundClaim = {
  /** At most the `remainingCents` it was given: paid and not yet refunded. */
  amountCents: number;
  reason: string;
  /** Records the refund on the return: its id, or null when nothing was left to refund. */
  attach: (tx: Executor, refundId: string | null) => Promise<void>;
};

/** Checks the rules and reserves the amount, in one transaction holding the order's row. */
export async function reserveRefund(db: Db, orders: OrdersService, request: RefundRequest) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, request.orderId);
    if (!row) throw notFound('Order');
    if (request.kind === 'cancel') {
      assertCancellable(row, (await orders.find(row.id, tx))?.shipments.length ?? 0);
    }
    const amountCents = refundableCents(row, request);
    const cancel = request.kind === 'cancel';
    await reserveRefundedCents(tx, row.id, amountCents, cancel ? 'cancelled' : undefined);
    return repo.insertRefund(tx, {
      orderId: row.id,
      amountCents,
      kind: request.kind,
      reason: request.reason,
      createdBy: request.by,
      previousOrderStatus: cancel ? row.orderStatus : null,
    });
  });
}

/** A received return's refund reserved under the order's lock (RefundsService.refundReturn). */
export async function reserveReturnRefund(
  db: Db,
  adminId: string,
  orderId: string,
  claim: (tx: Executor, remainingCents: number) => Promise<ReturnRefundClaim>,
) {
  return transact(db, async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (!row) throw notFound('Order');
    if (!row.paymentId || !(PAID.has(row.paymentStatus) || row.paymentStatus === 'refunded')) {
      throw new AppError('CONFLICT', 'Only a paid order can be refunded');
    }
    const remaining = Math.max(0, row.totalCents - row.refundedCents);
    const { amountCents, reason, attach } = await claim(tx, remaining);
    if (amountCents > remaining) throw new AppError('CONFLICT', 'More than was paid');
    if (amountCents <= 0) {
      await attach(tx, null);
      return undefined;
    }
    await reserveRefundedCents(tx, row.id, amountCents);
    const inserted = await repo.insertRefund(tx, {
      orderId: row.id,
      amountCents,
      kind: 'return',
      reason,
      createdBy: adminId,
    });
    await attach(tx, inserted.id);
    return inserted;
  });
}

/**
 * A refund PayPal announced (PAYMENT.CAPTURE.REFUNDED): one made in PayPal's dashboard, or
 * one of ours. A PayPal refund id already recorded changes nothing. While a refund of ours is
 * still pending on the order, the event may be that very refund: it answers UNAVAILABLE, so
 * PayPal delivers it again later, rather than count the money twice.
 */
export async function recordPayPalRefund(
  db: Db,
  deps: { orders: OrdersService; mail: OrderMailService },
  input: { captureId: string; paypalRefundId: string; amountCents: number },
) {
  return db.transaction(async (tx) => {
    const orderId = await orderIdOfCapture(tx, input.captureId);
    if (!orderId) return false;
    const row = (await lockOrder(tx, orderId))!;
    if (await repo.isRecorded(tx, input.paypalRefundId)) return true;
    if (await repo.hasPending(tx, orderId)) {
      throw new AppError('UNAVAILABLE', 'A refund of this order is being recorded; try later');
    }
    const amountCents = Math.min(input.amountCents, row.totalCents - row.refundedCents);
    if (amountCents <= 0 || !PAID.has(row.paymentStatus)) return true;
    await reserveRefundedCents(tx, orderId, amountCents);
    await repo.insertRefund(tx, {
      orderId,
      amountCents,
      kind: 'paypal',
      reason: 'Refunded through PayPal',
      status: 'completed',
      paypalRefundId: input.paypalRefundId,
      completedAt: new Date(),
    });
    const completed = await repo.completedCents(tx, orderId);
    await setRefundPaymentStatus(
      tx,
      orderId,
      completed >= row.totalCents ? 'refunded' : 'partially_refunded',
    );
    const updated = (await deps.orders.find(orderId, tx))!;
    await deps.mail.refunded(tx, updated, amountCents, 'Refunded through PayPal');
    return true;
  });
}
