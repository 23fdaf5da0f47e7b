import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { CartService } from '../cart';
import type { DiscountsService } from '../discounts';
import type { OrderMailService } from '../email';
import type { StockService } from '../inventory';
import type { CapturedPayment, PaymentProvider } from '../payments';
import { checkAmount, type MismatchLog } from './amount-check';
import type { PayableOrder } from './order-payments.repository';
import * as payRepo from './order-payments.repository';
import * as repo from './orders.repository';
import type { OrdersService } from './orders.service';

type Deps = {
  cart: CartService;
  stock: StockService;
  payments: PaymentProvider;
  orders: OrdersService;
  mail?: OrderMailService;
  /** Holds, counts and gives back discount-code uses (absent in some tests). */
  discounts?: DiscountsService;
  /** Where PayPal's mismatched amounts are logged (the server's log). */
  log?: MismatchLog;
};

const silent: MismatchLog = { warn: () => {} };

export type Settled = 'paid' | 'pending_capture' | 'released' | 'open';

/**
 * The state machine between a pending order and its PayPal order, used by the shopper's
 * capture and cancel, the webhooks and the status job alike. Invariants: money is recorded at
 * most once (conditional updates), only a capture whose own status is COMPLETED is paid (a
 * PENDING one waits as pending_capture, a DECLINED one fails), stock is released only once
 * PayPal cannot still capture (no capture left unanswered within the guard), and a refusal
 * never blocks a later attempt.
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
  async capture(row: PayableOrder): Promise<void> {
    const { payments } = this.deps;
    const providerOrderId = row.payment?.providerOrderId;
    if (!providerOrderId) throw notApproved();
    const state = await payments.paymentState(providerOrderId);
    if (state.status === 'COMPLETED') {
      await this.recordCapture(row, state.payment);
      return;
    }
    if (state.status === 'CREATED') throw notApproved();
    if (state.status !== 'APPROVED') {
      throw new AppError(
        'CONFLICT',
        'PayPal no longer knows this payment (it may have expired). Nothing was charged; please check out again',
      );
    }
    const started = await transact(this.db, (tx) => payRepo.markCaptureStarted(tx, row.id));
    if (!started?.captureStartedAt) return;
    // One key per attempt once a refusal is final; a timeout's retry replays the same key.
    const requestId = `${row.id}-capture-${started.captureRefusals}`;
    let payment: CapturedPayment;
    try {
      payment = await payments.capture(providerOrderId, requestId);
    } catch (error) {
      // A 4xx refusal is final; a timeout or 5xx may still have captured, so the mark stays.
      if (error instanceof AppError && error.code === 'CONFLICT') {
        const { captureStartedAt } = started;
        await transact(this.db, (tx) =>
          payRepo.endCaptureAttempt(tx, row.id, captureStartedAt, true),
        );
      }
      throw error;
    }
    await this.recordCapture(row, payment);
  }

  /**
   * A pending order PayPal captured: the capture's own status decides (COMPLETED is paid,
   * PENDING waits for PayPal as pending_capture, DECLINED or FAILED fails the order).
   */
  async recordCapture(row: PayableOrder, payment: CapturedPayment): Promise<Settled> {
    if (payment.status !== 'DECLINED' && !(await this.isOrderAmount(row, payment))) {
      return (await this.release(row.id, 'failed', 'final')) ? 'released' : 'open';
    }
    if (payment.status === 'COMPLETED') {
      await this.recordPaid(row, payment);
      return 'paid';
    }
    if (payment.status === 'PENDING') {
      await this.recordPendingCapture(row, payment);
      return 'pending_capture';
    }
    return (await this.fail(row.id, 'pending')) ? 'released' : 'open';
  }

  /**
   * Settles a pending order nobody will pay through the return page: PayPal's word decides.
   * COMPLETED is recorded as paid; APPROVED is captured when `captureApproved`; anything else
   * is released when `release` (expiry, cancel), left open otherwise (an early status check).
   */
  async reconcile(
    row: PayableOrder,
    options: { captureApproved: boolean; release: boolean; status?: 'cancelled' | 'failed' },
  ): Promise<Settled> {
    const providerOrderId = row.payment?.providerOrderId;
    if (!providerOrderId) {
      if (!options.release) return 'open';
      return (await this.release(row.id, options.status ?? 'cancelled', 'unasked'))
        ? 'released'
        : 'open';
    }
    const state = await this.deps.payments.paymentState(providerOrderId);
    if (state.status === 'COMPLETED') return this.recordCapture(row, state.payment);
    if (state.status === 'APPROVED' && options.captureApproved) {
      await this.capture(row);
      return this.outcome(row.id);
    }
    if (!options.release) return 'open';
    return (await this.release(row.id, options.status ?? 'cancelled', 'asked'))
      ? 'released'
      : 'open';
  }

  /**
   * A capture (COMPLETED or PENDING) of another currency or amount than the order's total is
   * never money received: logged, flagged for the admin (who refunds it at PayPal), and the
   * order fails with its stock back, as a denied capture does (amount-check.ts).
   */
  private isOrderAmount(row: PayableOrder, payment: CapturedPayment) {
    const log = this.deps.log ?? silent;
    return checkAmount(this.db, log, row.id, 'capture', payment.amount, { cents: row.totalCents });
  }

  /** pending -> cancelled (or failed) with the stock returned, in one transaction. */
  async release(id: string, paymentStatus: 'cancelled' | 'failed', mode: payRepo.ReleaseMode) {
    const productIds = await transact(this.db, async (tx) => {
      const row = await payRepo.markCancelled(tx, id, paymentStatus, mode, this.guardSeconds);
      if (!row) return undefined;
      return this.releaseHolds(tx, id);
    });
    if (productIds) this.deps.stock.changed(productIds);
    return productIds !== undefined;
  }

  /**
   * A pending_capture order, after asking PayPal about its capture
   * (GET /v2/payments/captures/{id}): COMPLETED is paid, DECLINED or FAILED fails it, PENDING
   * stays. Webhooks and the status job call it; the event itself is never trusted.
   */
  async settlePendingCapture(row: PayableOrder): Promise<Settled> {
    const { captureId = '', payerId = '' } = row.payment ?? {};
    const capture = await this.deps.payments.captureState(captureId);
    if (capture?.status === 'COMPLETED') {
      const payment = { captureId, payerId, ...capture };
      return (await this.recordPaid(row, payment, 'pending_capture')) ? 'paid' : 'open';
    }
    if (capture?.status === 'DECLINED') {
      return (await this.fail(row.id, 'pending_capture')) ? 'released' : 'open';
    }
    return 'open';
  }

  /**
   * pending (or pending_capture) -> paid; only the call that recorded the payment (capture,
   * webhook or status job, whichever comes first) enqueues the confirmation, in its transaction.
   * The cart is emptied when a pending order is paid (a pending_capture one emptied it already,
   * and the shopper may have filled it again since).
   */
  async recordPaid(
    row: repo.OrderRow,
    payment: CapturedPayment,
    from: 'pending' | 'pending_capture' = 'pending',
  ) {
    const { orders, mail, discounts } = this.deps;
    return transact(this.db, async (tx) => {
      const paid = await payRepo.markPaid(
        tx,
        row.id,
        { captureId: payment.captureId, payerId: payment.payerId },
        from,
      );
      if (!paid) return false;
      await discounts?.paid(tx, row.id);
      if (from === 'pending') await this.clearCart(tx, row);
      if (mail) await mail.paid(tx, (await orders.find(row.id, tx))!);
      return true;
    });
  }

  /**
   * pending -> pending_capture: PayPal captured but holds the money (its review, an eCheck).
   * Not paid: no confirmation, no shipment. The stock and the code's use stay held, the cart is
   * emptied as for a paid order, and the shopper is told the payment waits for PayPal.
   */
  private async recordPendingCapture(row: PayableOrder, payment: CapturedPayment) {
    const { orders, mail } = this.deps;
    await transact(this.db, async (tx) => {
      const held = await payRepo.markPendingCapture(tx, row.id, {
        captureId: payment.captureId,
        payerId: payment.payerId,
        reason: payment.reason,
      });
      if (!held) return;
      await this.clearCart(tx, row);
      if (mail) await mail.paymentPending(tx, (await orders.find(row.id, tx))!);
    });
  }

  /**
   * PayPal declined or denied the capture: the order fails, its stock and its code's use come
   * back, and the shopper is told, in one transaction; only the call that failed it does so.
   */
  private async fail(id: string, from: 'pending' | 'pending_capture') {
    const { orders, mail, stock } = this.deps;
    const productIds = await transact(this.db, async (tx) => {
      const row = await payRepo.markCaptureFailed(tx, id, from);
      if (!row) return undefined;
      const productIds = await this.releaseHolds(tx, id);
      if (mail) await mail.paymentFailed(tx, (await orders.find(id, tx))!);
      return productIds;
    });
    if (productIds) stock.changed(productIds);
    return productIds !== undefined;
  }

  /**
   * An order that will not be paid gives back what its checkout held: its lines' stock and its
   * code's use. Answers the products to announce once the caller's transaction commits.
   */
  private async releaseHolds(tx: Executor, id: string) {
    const productIds = await this.deps.stock.release(tx, await repo.findItems(tx, [id]));
    await this.deps.discounts?.release(tx, id);
    return productIds;
  }

  /** The cart that was checked out: the guest's that opened it, else the shopper's. */
  private clearCart(tx: Executor, row: repo.OrderRow) {
    return this.deps.cart.clear(
      row.guestKey
        ? { kind: 'guest', guestKey: row.guestKey }
        : { kind: 'user', userId: row.userId! },
      tx,
    );
  }

  /** What a settlement left the order as (after a capture, which answers nothing). */
  private async outcome(id: string): Promise<Settled> {
    const status = (await repo.findOrder(this.db, id))?.paymentStatus;
    if (status === 'paid') return 'paid';
    if (status === 'pending_capture') return 'pending_capture';
    return status === 'pending' ? 'open' : 'released';
  }
}

const notApproved = () =>
  new AppError(
    'CONFLICT',
    'The payment has not been approved at PayPal yet. Please approve it at PayPal first',
  );
