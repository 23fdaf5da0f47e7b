import { toCents } from '@contract/money';
import type { CaptureBody, CreateOrderBody, GuestOrderDetails, Order } from '@contract/orders';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { type Shopper, shopperKey } from '../../lib/shopper';
import type { AddressesService } from '../addresses/addresses.service';
import type { CartService } from '../cart/cart.service';
import type { DiscountsService } from '../discounts/discounts.service';
import type { OrderMailService } from '../email/order-mail.service';
import type { StockService } from '../inventory';
import type { PaymentsService } from '../payments/payments.service';
import type { PricingService } from '../pricing/pricing.service';
import { type Caller, orderDelivery, ownOrderRow, settleUnanswered } from './checkout-shopper';
import {
  assertPayable,
  breakdownOf,
  discountGiven,
  orderFigures,
  saleLinesOf,
} from './order-pricing';
import * as repo from './orders.repository';
import type { OrdersService } from './orders.service';
import { PaymentSettlement } from './payment-settlement';
import type { QuoteService } from './quote.service';

export type { Caller } from './checkout-shopper';

type Deps = {
  cart: CartService;
  stock: StockService;
  addresses: AddressesService;
  payments: PaymentsService;
  orders: OrdersService;
  pricing: PricingService;
  quotes: QuoteService;
  discounts: DiscountsService;
  /** Sends the order confirmation when a payment is recorded (absent in some tests). */
  mail?: OrderMailService;
};

export type CheckoutOptions = {
  /** Pending orders older than this are expired and their stock released. */
  pendingMinutes?: number;
  /** Pending orders older than this are asked about at PayPal (approved ones are captured). */
  checkAfterMinutes?: number;
  /** A capture attempted this recently blocks cancel and expiry (it may still complete). */
  captureGuardSeconds?: number;
};

/**
 * Orchestrates cart, stock, addresses, orders and payments: create, capture, cancel, expire and
 * the status checks. How an order settles with PayPal lives in payment-settlement.ts.
 */
export class CheckoutService {
  readonly pendingMinutes: number;
  readonly checkAfterMinutes: number;
  private readonly guardSeconds: number;
  /** Shared with the webhooks: the order x PayPal state machine. */
  readonly settlement: PaymentSettlement;

  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
    options: CheckoutOptions = {},
  ) {
    this.pendingMinutes = options.pendingMinutes ?? 30;
    this.checkAfterMinutes = options.checkAfterMinutes ?? 5;
    this.guardSeconds = options.captureGuardSeconds ?? 120;
    this.settlement = new PaymentSettlement(db, deps, this.guardSeconds);
  }

  /**
   * Reserves the cart's stock and snapshots lines, prices and address in one transaction, then
   * opens a PayPal order. The client's prices, total and statuses are never read. One open
   * checkout per shopper (a user, or a guest's cookie): the transaction holds the shopper's
   * lock, replaces the earlier pending order (its stock comes back first) and answers 409
   * while one is being opened. A guest brings its email and address (`guest`).
   */
  async createOrder(shopper: Shopper, body: CreateOrderBody, guest?: GuestOrderDetails) {
    const { cart, stock, payments, pricing, discounts } = this.deps;
    const { _id: cartId, items } = await cart.get(shopper);
    if (items.length === 0) {
      throw new AppError('INVALID_INPUT', 'Your cart is empty. Please add items to proceed');
    }
    const delivery = await orderDelivery(this.deps, shopper, body, guest);
    // Per-customer code limits count a guest by its email.
    const customer =
      shopper.kind === 'user' ? shopper.userId : (delivery.guestEmail ?? '').toLowerCase();

    // An earlier order whose capture went unanswered is settled with PayPal first.
    await settleUnanswered(this.db, this.settlement, shopper);

    const lines = items.map(({ productId, variantId, quantity }) => ({
      productId,
      variantId,
      quantity,
    }));
    const images = new Map(items.map((i) => [`${i.productId}/${i.variantId}`, i.image]));
    // Shipping, tax and the code are settings: read before the row locks are taken.
    const rules = await pricing.rules({
      lines: await this.deps.quotes.saleLines(items),
      destination: { country: delivery.country, region: delivery.region },
      discountCode: body.discountCode,
      customer,
    });
    const { order, released } = await transact(this.db, async (tx) => {
      await repo.lockShopper(tx, shopperKey(shopper));
      const replaced = await repo.cancelReplaceablePending(tx, shopper, this.guardSeconds);
      const old = await repo.findItems(
        tx,
        replaced.map((r) => r.id),
      );
      // The earlier order's rows and the new ones are locked together, in the global order.
      await stock.lock(tx, [...old, ...lines]);
      await stock.release(tx, old);
      if ((await repo.findPendingByShopper(tx, shopper)).length > 0) {
        throw alreadyOpening();
      }
      const reserved = await stock.reserve(tx, lines);
      // Priced from the rows just locked: what the shopper was quoted, if nothing changed.
      const priced = pricing.priceWith(rules, saleLinesOf(reserved), body.shippingMethodId);
      assertPayable(priced);
      const { values, items: snapshot } = orderFigures(priced, reserved, (p, v) =>
        images.get(`${p}/${v}`),
      );
      const inserted = await repo.insertOrder(
        tx,
        {
          userId: shopper.kind === 'user' ? shopper.userId : null,
          guestKey: shopper.kind === 'guest' ? shopper.guestKey : null,
          cartId,
          ...delivery,
          ...values,
        },
        snapshot,
      );
      const rule = priced.code?.rule;
      if (rule) {
        await discounts.hold(tx, {
          discountId: rule.id,
          orderId: inserted.id,
          customer,
          amountCents: discountGiven(priced),
          orderTotalCents: priced.totalCents,
        });
      }
      return { order: inserted, released: old.map((i) => i.productId) };
    }).catch((error: unknown) => {
      // The partial unique index is the backstop of the lock: never a 500 for a race.
      if (isUniqueViolation(error)) throw alreadyOpening();
      throw error;
    });
    stock.changed([...released, ...lines.map((l) => l.productId)]);

    const orderLines = await this.deps.orders.find(order.id);
    try {
      const { paypalOrderId, approvalUrl } = await payments.startPayment(
        order.id,
        order.orderNumber,
        order.totalCents,
        breakdownOf(order),
        (orderLines?.cartItems ?? []).map((i) => ({
          title: i.title,
          quantity: i.quantity,
          unitCents: toCents(i.price),
        })),
      );
      await repo.setPayPalOrderId(this.db, order.id, paypalOrderId);
      return { approvalURL: approvalUrl, orderId: order.id };
    } catch (error) {
      // No payment was opened: the order is void and its stock goes back at once.
      await this.settlement.release(order.id, 'failed', 'unasked');
      throw error;
    }
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
        if (now?.paymentStatus === 'paid') return now;
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
    if (row.paymentStatus === 'pending') {
      // PayPal is asked only if a capture went unanswered: only then can it be paid.
      const outcome = row.captureStartedAt
        ? await this.settlement.reconcile(row, { captureApproved: false, release: true })
        : (await this.settlement.release(row.id, 'cancelled', 'unasked'))
          ? 'released'
          : 'open';
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
    for (const row of await repo.findStalePending(this.db, cutoff, 200)) {
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
    for (const row of await repo.findPendingToCheck(this.db, ago, ago, 50)) {
      await repo.markChecked(this.db, row.id, now);
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
    const row = await repo.findByPayPalOrderId(this.db, paypalOrderId);
    if (row?.paymentStatus !== 'pending') return;
    if (event === 'denied') {
      await this.settlement.release(row.id, 'failed', 'final');
      return;
    }
    await this.settlement.reconcile(row, { captureApproved: event === 'approved', release: false });
  }

  /** The order after settling: paid is success, still pending is in progress, else closed. */
  private async settled(id: string): Promise<Order> {
    const order = (await this.deps.orders.find(id))!;
    if (order.paymentStatus === 'paid') return order;
    if (order.paymentStatus === 'pending') {
      throw new AppError('CONFLICT', 'A payment for this order is in progress; try again shortly');
    }
    throw closedOrder();
  }
}

const alreadyOpening = () =>
  new AppError(
    'CONFLICT',
    'Your checkout is already being opened or paid in another tab. Please wait a moment and check your orders',
  );

const closedOrder = () =>
  new AppError(
    'CONFLICT',
    'This order was cancelled and its items released; nothing was charged. Please check out again',
  );
