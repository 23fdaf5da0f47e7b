/** The refunds' ledger: amounts reserved and recorded on the order under its row lock. */
import { decimalToCents } from '@contract/money';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { DiscountsService } from '../discounts';
import type { OrderMailService } from '../email';
import type { OrdersService } from '../orders';
import {
  type Checked,
  capturedPaymentOf,
  flagAmount,
  lockOrder,
  type MismatchLog,
  orderIdOfCapture,
  type Reported,
  reserveRefundedCents,
  setRefundPaymentStatus,
  warnMismatch,
} from '../orders';
import { assertCancellable, PAID, paidLeftCents, refundableCents } from './refund-rules';
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
  return transact(db, async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw notFound('Order');
    const row = { ...order, payment: await capturedPaymentOf(tx, order.id) };
    if (request.kind === 'cancel') {
      assertCancellable(row, (await orders.find(row.id, tx))?.shipments.length ?? 0);
    }
    const amountCents = refundableCents(row, request);
    const cancel = request.kind === 'cancel';
    await reserveRefundedCents(tx, row.id, amountCents, cancel ? 'cancelled' : undefined);
    return repo.insertRefund(tx, {
      orderId: row.id,
      paymentId: row.payment!.id,
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
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    const row = { ...order, payment: await capturedPaymentOf(tx, order.id) };
    if (!row.payment || !(PAID.has(row.paymentStatus) || row.paymentStatus === 'refunded')) {
      throw new AppError('CONFLICT', 'Only a paid order can be refunded');
    }
    const remaining = paidLeftCents(row);
    const { amountCents, reason, attach } = await claim(tx, remaining);
    if (amountCents > remaining) throw new AppError('CONFLICT', 'More than was paid');
    if (amountCents <= 0) {
      await attach(tx, null);
      return undefined;
    }
    await reserveRefundedCents(tx, row.id, amountCents);
    const inserted = await repo.insertRefund(tx, {
      orderId: row.id,
      paymentId: row.payment.id,
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
  deps: {
    orders: OrdersService;
    mail: OrderMailService;
    discounts: DiscountsService;
    log: MismatchLog;
  },
  input: { captureId: string; paypalRefundId: string; amount: Reported },
): Promise<boolean | 'flagged'> {
  const recorded = await transact(db, async (tx): Promise<Checked<boolean | 'flagged'>> => {
    const orderId = await orderIdOfCapture(tx, input.captureId);
    if (!orderId) return { outcome: false };
    const order = (await lockOrder(tx, orderId))!;
    const row = { ...order, payment: await capturedPaymentOf(tx, orderId) };
    if (await repo.isRecorded(tx, input.paypalRefundId)) return { outcome: true };
    if (await repo.hasPending(tx, orderId)) {
      throw new AppError('UNAVAILABLE', 'A refund of this order is being recorded; try later');
    }
    if (!PAID.has(row.paymentStatus)) return { outcome: true };
    // Another currency, or more than is left of the payment: flagged, never money returned.
    const left = { cents: paidLeftCents(row), atMost: true };
    const flagged = await flagAmount(tx, orderId, 'refund', input.amount, left);
    if (flagged) return { outcome: 'flagged', flagged };
    const amountCents = decimalToCents(input.amount!.value);
    await reserveRefundedCents(tx, orderId, amountCents);
    await repo.insertRefund(tx, {
      orderId,
      paymentId: row.payment?.id ?? null,
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
    await deps.discounts.refunded(tx, orderId, completed, row.totalCents);
    const updated = (await deps.orders.find(orderId, tx))!;
    await deps.mail.refunded(tx, updated, amountCents, 'Refunded through PayPal');
    return { outcome: true };
  });
  if (recorded.flagged) warnMismatch(deps.log, recorded.flagged);
  return recorded.outcome;
}
