import type { CaptureBody, CreateOrderBody, GuestOrderDetails } from '@contract/checkout';

import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Shopper } from '../../lib/shopper';
import type { OrderMailService } from '../email';
import type { MismatchLog } from './amount-check';
import { type Caller, ownOrderRow } from './checkout-shopper';
import * as payRepo from './order-payments.repository';
import type { OrderRecord } from './order-record';
import { PaymentSettlement } from './payment-settlement';
import * as pendingRepo from './pending-checks.repository';
import { type HoldLimits, type PlaceOrderDeps, placeOrder } from './place-order';

export type { Caller } from './checkout-shopper';

type Deps = PlaceOrderDeps & {
  /** Sends the order confirmation when a payment is recorded (absent in some tests). */
  mail?: OrderMailService;
  /** Where PayPal's mismatched amounts are logged (the server's log). */
  log?: MismatchLog;
};

export type CheckoutOptions = {
  /** Pending orders older than this are expired and their stock released. */
  pendingMinutes?: number;
  /** Pending orders older than this are asked about at PayPal (approved ones are captured). */
  checkAfterMinutes?: number;
  /** A capture attempted this recently blocks cancel and expiry (it may still complete). */
  captureGuardSeconds?: number;
  /** Units of one line an unpaid checkout may hold (MAX_HELD_PER_LINE). */
  maxHeldPerLine?: number;
  /** Unpaid checkouts a shopper or an email may open in an hour (MAX_UNPAID_CHECKOUTS). */
  maxUnpaidPerHour?: number;
};

/**
 * Orchestrates cart, stock, addresses, orders and payments: create, capture, cancel, expire and
 * the status checks. Placing an order lives in place-order.ts, how an order settles with PayPal
 * in payment-settlement.ts.
 */
export class CheckoutService {
  readonly pendingMinutes: number;
  readonly checkAfterMinutes: number;
  private readonly guardSeconds: number;
  private readonly limits: HoldLimits;
  /** Shared with the webhooks: the order x PayPal state machine. */
  readonly settlement: PaymentSettlement;

  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
    options: CheckoutOptions = {},
  ) {
    this.pendingMinutes = options.pendingMinutes ?? 15;
    this.checkAfterMinutes = options.checkAfterMinutes ?? 5;
    this.guardSeconds = options.captureGuardSeconds ?? 120;
    this.limits = {
      guardSeconds: this.guardSeconds,
      maxHeldPerLine: options.maxHeldPerLine ?? 10,
      maxUnpaidPerHour: options.maxUnpaidPerHour ?? 3,
    };
    this.settlement = new PaymentSettlement(db, deps, this.guardSeconds);
  }

  /** Places an order for the shopper (place-order.ts): stock reserved, then PayPal asked. */
  createOrder(shopper: Shopper, body: CreateOrderBody, guest?: GuestOrderDetails) {
    return placeOrder(this.db, this.deps, this.settlement, this.limits, shopper, body, guest);
  }

  /**
   * Captures the approved payment of the shopper's order, found by our id or by PayPal's token
   * (the return URL alone is enough). Idempotent: a paid order is returned as it is; PayPal is
   * asked first, so an attempt before approval never blocks one after it.
   */
  async capture(caller: Caller, input: CaptureBody) {
    const row = await ownOrderRow(this.db, caller, input);
    if (row.paymentStatus === 'pending') {
      try {
        await this.settlement.capture(row);
      } catch (error) {
        // A webhook or another tab may have captured it meanwhile: that is success too.
        const now = await this.deps.orders.find(row.id);
        if (now?.paymentStatus === 'paid' || now?.paymentStatus === 'pending_capture') return now;
        throw error;
      }
    }
    return this.settled(row.id);
  }

  /** The shopper cancelled at PayPal: the order is cancelled and its stock released. */
  async cancel(
    caller: Caller,
    input: { orderId?: string | undefined; paymentId?: string | undefined },
  ) {
    const row = await ownOrderRow(this.db, caller, input);
    if (row.paymentStatus === 'pending_capture') throw heldByPayPal();
    if (row.paymentStatus === 'pending') {
      // PayPal is asked only if a capture went unanswered: only then can it be paid.
      const outcome = row.payment?.captureStartedAt
        ? await this.settlement.reconcile(row, { captureApproved: false, release: true })
        : (await this.settlement.release(row.id, 'cancelled', 'unasked'))
          ? 'released'
          : 'open';
      if (outcome === 'pending_capture') throw heldByPayPal();
      if (outcome === 'open') {
        throw new AppError(
          'CONFLICT',
          'A payment for this order is in progress; try again shortly',
        );
      }
    }
    return (await this.deps.orders.find(row.id))!;
  }

  /**
   * Expires pending orders older than the limit, after asking PayPal: an approved one is
   * captured, a completed one recorded as paid. Returns how many were cancelled.
   */
  async expireStale(now = new Date()) {
    const cutoff = new Date(now.getTime() - this.pendingMinutes * 60_000);
    let expired = 0;
    for (const row of await pendingRepo.findStalePending(this.db, cutoff, 200)) {
      const outcome = await this.settlement
        .reconcile(row, { captureApproved: true, release: true })
        .catch(() => 'open' as const);
      if (outcome === 'released') expired += 1;
    }
    return expired;
  }

  /**
   * Asks PayPal about pending orders older than `checkAfterMinutes` (each at most once per
   * that period) and captures the approved ones: a shopper who approved and never came back
   * still gets the order. Returns how many were paid.
   */
  async checkPending(now = new Date()) {
    const ago = new Date(now.getTime() - this.checkAfterMinutes * 60_000);
    let paid = 0;
    for (const row of await pendingRepo.findPendingToCheck(this.db, ago, ago, 50)) {
      await pendingRepo.markChecked(this.db, row.id, now);
      const outcome = await this.settlement
        .reconcile(row, { captureApproved: true, release: false })
        .catch(() => 'open' as const);
      if (outcome === 'paid') paid += 1;
    }
    return paid;
  }

  /**
   * A verified PayPal event about one of our orders. The event only says when to look: PayPal's
   * own status decides (approved is captured, completed recorded, denied releases the stock).
   */
  async settleFromPayPal(paypalOrderId: string, event: 'approved' | 'completed' | 'denied') {
    const row = await payRepo.findByProviderOrderId(this.db, paypalOrderId);
    // A capture PayPal held: its capture's own status now decides, whatever the event said.
    if (row?.paymentStatus === 'pending_capture') {
      await this.settlement.settlePendingCapture(row);
      return;
    }
    if (row?.paymentStatus !== 'pending') return;
    if (event === 'denied') {
      await this.settlement.release(row.id, 'failed', 'final');
      return;
    }
    await this.settlement.reconcile(row, { captureApproved: event === 'approved', release: false });
  }

  /**
   * Asks PayPal about orders whose capture it held (pending_capture), hourly for a week, then
   * daily: a missed webhook never leaves one stuck. Never expired by age: PayPal may still
   * complete it, so only its answer settles it. Returns how many were settled either way.
   */
  async checkPendingCaptures(now = new Date()) {
    let settled = 0;
    for (const row of await pendingRepo.findPendingCapturesToCheck(this.db, now, 50)) {
      await pendingRepo.markChecked(this.db, row.id, now);
      const outcome = await this.settlement.settlePendingCapture(row).catch(() => 'open' as const);
      if (outcome !== 'open') settled += 1;
    }
    return settled;
  }

  /**
   * The order after settling: paid is success, and so is pending_capture (its answer says it
   * waits for PayPal); still pending is in progress; failed or cancelled are closed.
   */
  private async settled(id: string): Promise<OrderRecord> {
    const order = (await this.deps.orders.find(id))!;
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'pending_capture') return order;
    if (order.paymentStatus === 'pending') {
      throw new AppError('CONFLICT', 'A payment for this order is in progress; try again shortly');
    }
    if (order.paymentStatus === 'failed' && order.amountMismatch?.kind === 'capture') {
      throw mismatchedOrder();
    }
    if (order.paymentStatus === 'failed') throw declinedOrder();
    throw closedOrder();
  }
}

const heldByPayPal = () =>
  new AppError(
    'CONFLICT',
    'Payment pending at PayPal: the order cannot be cancelled until PayPal completes or declines the payment',
  );

const mismatchedOrder = () =>
  new AppError(
    'CONFLICT',
    'PayPal reported a payment that does not match this order, so the order was cancelled. Any amount PayPal took will be refunded; please check out again',
  );

const declinedOrder = () =>
  new AppError(
    'CONFLICT',
    'PayPal declined the payment. Nothing was charged; the order was cancelled and its items released. Please check out again',
  );

const closedOrder = () =>
  new AppError(
    'CONFLICT',
    'This order was cancelled and its items released; nothing was charged. Please check out again',
  );
