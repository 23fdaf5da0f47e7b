import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { CartService } from '../cart/cart.service';
import type { DiscountsService } from '../discounts/discounts.service';
import type { OrderMailService } from '../email/order-mail.service';
import type { StockService } from '../inventory';
import type { CapturedPayment, PaymentsService } from '../payments/payments.service';
import * as repo from './orders.repository';
import type { OrdersService } from './orders.service';

type Deps = {
  cart: CartService;
  stock: StockService;
  payments: PaymentsService;
  orders: OrdersService;
  mail?: OrderMailService;
  /** Holds, counts and gives back discount-code uses (absent in some tests). */
  discounts?: DiscountsService;
};

export type Settled = 'paid' | 'released' | 'open';

/**
 * The state machine between a pending order and its PayPal order, used by the shopper's
 * capture and cancel, the webhooks and the status job alike. Invariants: money is recorded at
 * most once (conditional updates), stock is released only once PayPal cannot still capture
 * (no capture left unanswered within the guard), and a refusal never blocks a later attempt.
 */
export class PaymentSettlement {
  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
    private readonly guardSeconds: number,
  ) {}

  /**
   * Captures a pending order. PayPal is asked first (GET), so a capture before approval is
   * refused without spending a PayPal-Request-Id, and a payment PayPal completed is recorded.
   */
  async capture(row: repo.OrderRow): Promise<void> {
    const { payments } = this.deps;
    if (!row.paypalOrderId) throw notApproved();
    const state = await payments.paymentState(row.paypalOrderId);
    if (state.status === 'COMPLETED') return this.recordPaid(row, state.payment);
    if (state.status === 'CREATED') throw notApproved();
    if (state.status !== 'APPROVED') {
      throw new AppError(
        'CONFLICT',
        'PayPal no longer knows this payment (it may have expired). Nothing was charged; please check out again',
      );
    }
    const started = await repo.markCaptureStarted(this.db, row.id);
    if (!started?.captureStartedAt) return;
    // One key per attempt once a refusal is final; a timeout's retry replays the same key.
    const requestId = `${row.id}-capture-${started.captureRefusals}`;
    let payment: CapturedPayment;
    try {
      payment = await payments.capturePayment(row.paypalOrderId, requestId);
    } catch (error) {
      // A 4xx refusal is final; a timeout or 5xx may still have captured, so the mark stays.
      if (error instanceof AppError && error.code === 'CONFLICT') {
        await repo.endCaptureAttempt(this.db, row.id, started.captureStartedAt, true);
      }
      throw error;
    }
    await this.recordPaid(row, payment);
  }

  /**
   * Settles a pending order nobody will pay through the return page: PayPal's word decides.
   * COMPLETED is recorded as paid; APPROVED is captured when `captureApproved`; anything else
   * is released when `release` (expiry, cancel), left open otherwise (an early status check).
   */
  async reconcile(
    row: repo.OrderRow,
    options: { captureApproved: boolean; release: boolean; status?: 'cancelled' | 'failed' },
  ): Promise<Settled> {
    if (!row.paypalOrderId) {
      if (!options.release) return 'open';
      return (await this.release(row.id, options.status ?? 'cancelled', 'unasked'))
        ? 'released'
        : 'open';
    }
    const state = await this.deps.payments.paymentState(row.paypalOrderId);
    if (state.status === 'COMPLETED') {
      await this.recordPaid(row, state.payment);
      return 'paid';
    }
    if (state.status === 'APPROVED' && options.captureApproved) {
      await this.capture(row);
      return 'paid';
    }
    if (!options.release) return 'open';
    return (await this.release(row.id, options.status ?? 'cancelled', 'asked'))
      ? 'released'
      : 'open';
  }

  /** pending -> cancelled (or failed) with the stock returned, in one transaction. */
  async release(id: string, paymentStatus: 'cancelled' | 'failed', mode: repo.ReleaseMode) {
    const productIds = await transact(this.db, async (tx) => {
      const row = await repo.markCancelled(tx, id, paymentStatus, mode, this.guardSeconds);
      if (!row) return undefined;
      const items = await repo.findItems(tx, [id]);
      await this.deps.stock.release(tx, items);
      // A code's use held by this checkout is free again.
      await this.deps.discounts?.release(tx, id);
      return items.map((i) => i.productId);
    });
    if (productIds) this.deps.stock.changed(productIds);
    return productIds !== undefined;
  }

  /**
   * pending -> paid; only the call that recorded the payment (capture, webhook or status job,
   * whichever comes first) empties the cart and enqueues the confirmation, in its transaction.
   */
  async recordPaid(row: repo.OrderRow, payment: CapturedPayment) {
    const { cart, orders, mail, discounts } = this.deps;
    await this.db.transaction(async (tx) => {
      const paid = await repo.markPaid(tx, row.id, {
        paymentId: payment.captureId,
        payerId: payment.payerId,
      });
      if (!paid) return;
      await discounts?.paid(tx, row.id);
      // The cart that was checked out: the guest's that opened it, else the shopper's.
      await cart.clear(
        row.guestKey
          ? { kind: 'guest', guestKey: row.guestKey }
          : { kind: 'user', userId: row.userId! },
        tx,
      );
      if (mail) await mail.paid(tx, (await orders.find(row.id, tx))!);
    });
  }
}

const notApproved = () =>
  new AppError(
    'CONFLICT',
    'The payment has not been approved at PayPal yet. Please approve it at PayPal first',
  );
