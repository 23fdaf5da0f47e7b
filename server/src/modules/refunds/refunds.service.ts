import { idSchema } from '@contract/common';
import { centsToDecimal } from '@contract/money';
import type { Order } from '@contract/orders';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { OrderMailService } from '../email/order-mail.service';
import type { StockService } from '../inventory';
import type { OrdersService } from '../orders/orders.service';
import type { PaymentsService } from '../payments/payments.service';
import { PayPalError } from '../payments/paypal-client';
import { assertCancellable, PAID, refundableCents } from './refund-rules';
import * as repo from './refunds.repository';

type Deps = {
  payments: PaymentsService;
  stock: StockService;
  orders: OrdersService;
  mail: OrderMailService;
};

type Request = {
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
    if (!idSchema.safeParse(orderId).success) throw notFound('Order');
    return this.run({ orderId, by: adminId, kind: 'admin', ...input });
  }

  /**
   * The shopper cancels a paid order that has not shipped: everything still paid is refunded,
   * the stock returns. Undefined when the order is not paid (the checkout's cancel handles it).
   */
  async cancelPaid(userId: string, orderId: string): Promise<Order | undefined> {
    // One light read: pending orders (the usual cancel, at PayPal's Cancel) go on at once.
    const order = idSchema.safeParse(orderId).success
      ? await repo.findOrder(this.db, orderId)
      : undefined;
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
    const refund = await transact(this.db, async (tx) => {
      const row = await repo.lockOrder(tx, orderId);
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
      await repo.reserve(tx, row.id, amountCents);
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
    if (refund) await this.execute(refund, { throwOnFailure: true });
    return refund;
  }

  /** Whether PayPal refused this refund (its amount was freed): it may be asked again. */
  async hasFailed(refundId: string, db: Executor = this.db) {
    return (await repo.statusOf(db, refundId)) === 'failed';
  }

  /**
   * A refund PayPal announced (PAYMENT.CAPTURE.REFUNDED): one made in PayPal's dashboard, or
   * one of ours. A PayPal refund id already recorded changes nothing. While a refund of ours is
   * still pending on the order, the event may be that very refund: it answers UNAVAILABLE, so
   * PayPal delivers it again later, rather than count the money twice.
   */
  async recordFromPayPal(input: {
    captureId: string;
    paypalRefundId: string;
    amountCents: number;
  }) {
    return this.db.transaction(async (tx) => {
      const orderId = await repo.orderIdOfCapture(tx, input.captureId);
      if (!orderId) return false;
      const row = (await repo.lockOrder(tx, orderId))!;
      if (await repo.isRecorded(tx, input.paypalRefundId)) return true;
      if (await repo.hasPending(tx, orderId)) {
        throw new AppError('UNAVAILABLE', 'A refund of this order is being recorded; try later');
      }
      const amountCents = Math.min(input.amountCents, row.totalCents - row.refundedCents);
      if (amountCents <= 0 || !PAID.has(row.paymentStatus)) return true;
      await repo.reserve(tx, orderId, amountCents);
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
      await repo.setPaymentStatus(
        tx,
        orderId,
        completed >= row.totalCents ? 'refunded' : 'partially_refunded',
      );
      const updated = (await this.deps.orders.find(orderId, tx))!;
      await this.deps.mail.refunded(tx, updated, amountCents, 'Refunded through PayPal');
      return true;
    });
  }

  private async run(request: Request) {
    const refund = await this.reserve(request);
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
    const captureId = await repo.captureIdOf(this.db, refund.orderId);
    let paypalRefundId: string;
    try {
      const result = await this.deps.payments.client.refundCapture(
        captureId ?? '',
        {
          amount: { currency_code: 'USD', value: centsToDecimal(refund.amountCents) },
          note: refund.reason,
        },
        refund.id,
      );
      paypalRefundId = result.id;
    } catch (error) {
      const failure = await this.failed(refund, error);
      if (throwOnFailure) throw failure.error;
      return failure.settled;
    }
    const productIds = await transact(this.db, async (tx) => {
      // Only the run that completes the row records its effects (a retry may race it).
      if (!(await repo.completeRefund(tx, refund.id, paypalRefundId))) return [];
      const row = await repo.lockOrder(tx, refund.orderId);
      const completed = await repo.completedCents(tx, refund.orderId);
      await repo.setPaymentStatus(
        tx,
        refund.orderId,
        completed >= row!.totalCents ? 'refunded' : 'partially_refunded',
      );
      const updated = (await this.deps.orders.find(refund.orderId, tx))!;
      if (refund.kind === 'cancel') {
        // Each size goes back to its own variant's stock, as checkout's release does.
        const items = updated.cartItems.map((i) => ({
          productId: i.productId,
          variantId: i.variantId,
          quantity: i.quantity,
        }));
        await this.deps.stock.release(tx, items);
        await this.deps.mail.cancelled(tx, updated, refund.amountCents);
        return items.map((i) => i.productId);
      }
      await this.deps.mail.refunded(tx, updated, refund.amountCents, refund.reason);
      return [];
    });
    this.deps.stock.changed(productIds);
    return true;
  }

  /** Checks the rules and reserves the amount, in one transaction holding the order's row. */
  private async reserve(request: Request) {
    return this.db.transaction(async (tx) => {
      const row = await repo.lockOrder(tx, request.orderId);
      if (!row) throw notFound('Order');
      if (request.kind === 'cancel') {
        assertCancellable(row, (await this.deps.orders.find(row.id, tx))?.shipments.length ?? 0);
      }
      const amountCents = refundableCents(row, request);
      const cancel = request.kind === 'cancel';
      await repo.reserve(tx, row.id, amountCents, cancel ? 'cancelled' : undefined);
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

  /**
   * PayPal refused: the reservation is freed. If PayPal's answer is unknown (timeout, outage),
   * the refund stays pending with its amount reserved: it may have happened, and no later
   * refund may pass the total because of it. The settling job asks again later.
   */
  private async failed(refund: repo.RefundRow, error: unknown) {
    const definite =
      error instanceof PayPalError &&
      ['unprocessable', 'invalid', 'not_found'].includes(error.kind);
    if (definite) {
      await this.db.transaction((tx) => repo.failRefund(tx, refund, (error as Error).message));
      return {
        settled: true,
        error: new AppError('CONFLICT', `PayPal refused the refund: ${(error as Error).message}`),
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
