import { isId } from '@contract/common';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { DiscountsService } from '../discounts';
import type { OrderMailService } from '../email';
import type { StockService } from '../inventory';
import type { OrdersService } from '../orders';
import {
  capturedPaymentOf,
  checkAmount,
  lockOrder,
  type MismatchLog,
  type OrderRecord,
  type Reported,
  setRefundPaymentStatus,
} from '../orders';
import { type PaymentProvider, RefundRefused } from '../payments';
import {
  type RefundRequest,
  type ReturnRefundClaim,
  recordPayPalRefund,
  reserveRefund,
  reserveReturnRefund,
} from './refund-ledger';
import * as repo from './refunds.repository';

export type { ReturnRefundClaim } from './refund-ledger';

type Deps = {
  /** The provider the order was paid through: refunds go back the way the money came. */
  payments: PaymentProvider;
  stock: StockService;
  orders: OrdersService;
  mail: OrderMailService;
  /** A refund takes its part of the order's revenue off the code; a full one its use too. */
  discounts: DiscountsService;
  /** Where PayPal's mismatched amounts are logged (the server's log). */
  log: MismatchLog;
};

/**
 * Refunds through PayPal. Each refund first reserves its amount on the order under a row lock
 * (so racing refunds can never together pass the paid total), then asks PayPal with the refund's
 * id as PayPal-Request-Id, then records the outcome: completed, or failed with the amount freed.
 */
export class RefundsService {
  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
  ) {}

  /** The admin refunds all or part of a paid order; a partial refund leaves it open. */
  async refund(adminId: string, orderId: string, input: { amountCents?: number; reason: string }) {
    if (!isId(orderId)) throw notFound('Order');
    return this.run({ orderId, by: adminId, kind: 'admin', ...input });
  }

  /**
   * The shopper cancels a paid order that has not shipped: everything still paid is refunded,
   * the stock returns. Undefined when the order is not paid (the checkout's cancel handles it).
   */
  async cancelPaid(userId: string, orderId: string): Promise<OrderRecord | undefined> {
    // One light read: pending orders (the usual cancel, at PayPal's Cancel) go on at once.
    const order = isId(orderId) ? await this.deps.orders.findPayer(orderId) : undefined;
    if (!order || order.userId !== userId) return undefined;
    if (['pending', 'cancelled', 'failed'].includes(order.paymentStatus)) return undefined;
    return this.run({ orderId, by: userId, kind: 'cancel', reason: 'Cancelled by the shopper' });
  }

  /**
   * A received return's refund. `claim` runs in the transaction holding the order's lock, so
   * racing clicks take turns: it checks the return's step and says how much (never past what is
   * left, checked again here); the amount is reserved there, then PayPal is asked as for any
   * refund. Returns the refund (undefined when nothing was left to pay back).
   */
  async refundReturn(
    adminId: string,
    orderId: string,
    claim: (tx: Executor, remainingCents: number) => Promise<ReturnRefundClaim>,
  ) {
    const refund = await reserveReturnRefund(this.db, adminId, orderId, claim);
    if (refund) await this.execute(refund, { throwOnFailure: true });
    return refund;
  }

  /** Whether PayPal refused this refund (its amount was freed): it may be asked again. */
  async hasFailed(refundId: string, db: Executor = this.db) {
    return (await repo.statusOf(db, refundId)) === 'failed';
  }

  /** A refund PayPal announced (PAYMENT.CAPTURE.REFUNDED), recorded once (refund-ledger.ts). */
  async recordFromPayPal(input: { captureId: string; paypalRefundId: string; amount: Reported }) {
    return recordPayPalRefund(this.db, this.deps, input);
  }

  private async run(request: RefundRequest) {
    const refund = await reserveRefund(this.db, this.deps.orders, request);
    await this.execute(refund, { throwOnFailure: true });
    return (await this.deps.orders.find(refund.orderId))!;
  }

  /**
   * Refunds left pending (PayPal did not answer, or the instance stopped mid-way) are asked
   * again with the same PayPal-Request-Id: PayPal answers with the refund it made, or makes
   * it now. Returns how many were settled either way.
   */
  async settlePending(now = new Date(), olderThanMs = 5 * 60_000) {
    const rows = await repo.findPending(this.db, new Date(now.getTime() - olderThanMs), 50);
    let settled = 0;
    for (const refund of rows) {
      if (await this.execute(refund, { throwOnFailure: false })) settled += 1;
    }
    return settled;
  }

  /** Asks PayPal, then records the outcome; true when the refund is no longer pending. */
  private async execute(refund: repo.RefundRow, { throwOnFailure }: { throwOnFailure: boolean }) {
    // A refund written before payments were rows names none: it returns money to the capture.
    const payment = refund.paymentId
      ? await this.deps.orders.findPayment(refund.paymentId)
      : await capturedPaymentOf(this.db, refund.orderId);
    const { captureId = '', currency = 'USD' } = payment ?? {};
    let paypalRefundId: string;
    try {
      const result = await this.deps.payments.refund({
        captureId,
        amountCents: refund.amountCents,
        currency,
        note: refund.reason,
        requestId: refund.id,
      });
      paypalRefundId = result.refundId;
      if (!(await this.isAskedAmount(refund, result.amount))) {
        await transact(this.db, (tx) => repo.failMismatchedRefund(tx, refund, paypalRefundId));
        if (throwOnFailure) throw mismatchedRefund();
        return true;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const failure = await this.failed(refund, error);
      if (throwOnFailure) throw failure.error;
      return failure.settled;
    }
    const productIds = await transact(this.db, async (tx) => {
      // Only the run that completes the row records its effects (a retry may race it).
      if (!(await repo.completeRefund(tx, refund.id, paypalRefundId))) return [];
      const row = await lockOrder(tx, refund.orderId);
      const completed = await repo.completedCents(tx, refund.orderId);
      await setRefundPaymentStatus(
        tx,
        refund.orderId,
        completed >= row!.totalCents ? 'refunded' : 'partially_refunded',
      );
      await this.deps.discounts.refunded(tx, refund.orderId, completed, row!.totalCents);
      const updated = (await this.deps.orders.find(refund.orderId, tx))!;
      if (refund.kind === 'cancel') {
        // A cancelled order gives its code's use back, whatever was refunded before.
        await this.deps.discounts.release(tx, refund.orderId);
        // Each size goes back to its own variant's stock, as checkout's release does.
        const items = updated.lines.map((i) => ({
          productId: i.productId,
          variantId: i.variantId,
          quantity: i.quantity,
        }));
        const productIds = await this.deps.stock.release(tx, items);
        await this.deps.mail.cancelled(tx, updated, refund.amountCents);
        return productIds;
      }
      await this.deps.mail.refunded(tx, updated, refund.amountCents, refund.reason);
      return [];
    });
    this.deps.stock.changed(productIds);
    return true;
  }

  /** PayPal's answer refunds what was asked, in the shop's currency (else flagged, logged). */
  private isAskedAmount(refund: repo.RefundRow, reported: Reported) {
    return checkAmount(this.db, this.deps.log, refund.orderId, 'refund', reported, {
      cents: refund.amountCents,
    });
  }

  /**
   * PayPal refused: the reservation is freed. If PayPal's answer is unknown (timeout, outage),
   * the refund stays pending with its amount reserved: it may have happened, and no later
   * refund may pass the total because of it. The settling job asks again later.
   */
  private async failed(refund: repo.RefundRow, error: unknown) {
    if (error instanceof RefundRefused) {
      await transact(this.db, (tx) => repo.failRefund(tx, refund, error.message));
      return {
        settled: true,
        error: new AppError('CONFLICT', `PayPal refused the refund: ${error.message}`),
      };
    }
    return {
      settled: false,
      error: new AppError(
        'PAYMENT_FAILED',
        'PayPal did not confirm the refund yet. It stays pending and is retried automatically',
      ),
    };
  }
}

const mismatchedRefund = () =>
  new AppError(
    'CONFLICT',
    'PayPal answered with another amount or currency than the refund asked for: nothing was recorded and the order is flagged. Check the payment in PayPal',
  );
