/** Placing an order: the cart's stock reserved and its figures snapshotted, then PayPal asked. */

import type { CreateOrderBody, GuestOrderDetails } from '@contract/checkout';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { type Shopper, shopperKey } from '../../lib/shopper';
import type { AddressesService } from '../addresses';
import type { AuthService } from '../auth';
import type { CartService } from '../cart';
import type { DiscountsService } from '../discounts';
import type { StockService } from '../inventory';
import type { PaymentProvider } from '../payments';
import type { PricingService } from '../pricing';
import { orderDelivery, settleUnanswered } from './checkout-shopper';
import * as payRepo from './order-payments.repository';
import {
  assertExpectedTotal,
  assertPayable,
  breakdownOf,
  discountGiven,
  orderFigures,
  saleLinesOf,
} from './order-pricing';
import type { OrderRow } from './orders.repository';
import * as repo from './orders.repository';
import type { OrdersService } from './orders.service';
import type { PaymentSettlement } from './payment-settlement';
import { shippingAddressOf } from './paypal-shipping';
import type { QuoteService } from './quote.service';

/** What placing an order needs of the checkout's collaborators. */
export type PlaceOrderDeps = {
  cart: CartService;
  stock: StockService;
  addresses: AddressesService;
  /** A shopper's name (the order's recipient) and email (its unpaid checkouts count by it). */
  auth: Pick<AuthService, 'contact'>;
  payments: PaymentProvider;
  orders: OrdersService;
  /** The shop's public URL: a free order's answer links to its page there. */
  shopUrl?: string;
  pricing: PricingService;
  quotes: QuoteService;
  discounts: DiscountsService;
};

/** What one unpaid checkout may hold (config: MAX_HELD_PER_LINE, MAX_UNPAID_CHECKOUTS). */
export type HoldLimits = {
  /** A capture attempted this recently blocks replacing the order (it may still complete). */
  guardSeconds: number;
  maxHeldPerLine: number;
  maxUnpaidPerHour: number;
};

/**
 * Reserves the cart's stock and snapshots lines, prices and address in one transaction, then
 * opens a PayPal order. The client's prices, total and statuses are never read; its
 * `expectedTotal`, when sent, must be the server's total (409 otherwise, nothing made). One
 * open checkout per shopper (a user, or a guest's cookie): the transaction holds the shopper's
 * lock, replaces the earlier pending order (its stock comes back first) and answers 409
 * while one is being opened. A checkout holds at most `maxHeldPerLine` of a line, and a
 * shopper or an email opens at most `maxUnpaidPerHour` unpaid ones an hour (429). A guest
 * brings its email, name and address (`guest`).
 */
export async function placeOrder(
  db: Db,
  deps: PlaceOrderDeps,
  settlement: PaymentSettlement,
  limits: HoldLimits,
  shopper: Shopper,
  body: CreateOrderBody,
  guest?: GuestOrderDetails,
) {
  const { cart, stock, payments, pricing, discounts } = deps;
  const { _id: cartId, items } = await cart.get(shopper);
  if (items.length === 0) {
    throw new AppError('INVALID_INPUT', 'Your cart is empty. Please add items to proceed');
  }
  assertHoldable(items, limits.maxHeldPerLine);
  const account = shopper.kind === 'user' ? await deps.auth.contact(shopper.userId) : undefined;
  const delivery = await orderDelivery(deps, shopper, body, guest, account?.userName ?? '');
  // Per-customer code limits count an account by its email, a guest by the one it gave.
  const customer =
    shopper.kind === 'user' ? { userId: shopper.userId } : { email: delivery.guestEmail };
  const email = (account?.email ?? delivery.guestEmail ?? '').toLowerCase();

  // An earlier order whose capture went unanswered is settled with PayPal first.
  await settleUnanswered(db, settlement, shopper);

  const lines = items.map(({ productId, variantId, quantity }) => ({
    productId,
    variantId,
    quantity,
  }));
  const images = new Map(items.map((i) => [`${i.productId}/${i.variantId}`, i.image]));
  // Shipping, tax and the code are settings: read before the row locks are taken.
  const rules = await pricing.rules({
    lines: await deps.quotes.saleLines(items),
    destination: { country: delivery.country, region: delivery.region },
    discountCode: body.discountCode,
    customer,
    shopper: shopperKey(shopper),
  });
  pricing.assertTaxable(rules);
  const { order, released } = await transact(db, async (tx) => {
    await repo.lockShopper(tx, shopperKey(shopper));
    // Always after the shopper's own lock: two checkouts never wait for each other's.
    if (email) await repo.lockShopper(tx, `email:${email}`);
    await assertUnderUnpaidLimit(tx, shopper, email, limits.maxUnpaidPerHour);
    const code = rules.code?.rule;
    // Before any row lock: one customer's checkouts with the code take turns (hold counts).
    if (code) await discounts.lockUses(tx, code.id, rules.customerKey ?? '');
    const replaced = await payRepo.cancelReplaceablePending(tx, shopper, limits.guardSeconds);
    const old = await repo.findItems(
      tx,
      replaced.map((r) => r.id),
    );
    // The earlier order's rows and the new ones are locked together, in the global order.
    await stock.lock(tx, [...old, ...lines]);
    const released = await stock.release(tx, old);
    // The replaced checkouts' code uses are free again (this one may take its own back).
    for (const { id } of replaced) await discounts.release(tx, id);
    if ((await payRepo.findPendingByShopper(tx, shopper)).length > 0) {
      throw alreadyOpening();
    }
    const reserved = await stock.reserve(tx, lines);
    // Priced from the rows just locked: what the shopper was quoted, if nothing changed.
    const priced = pricing.priceWith(rules, saleLinesOf(reserved), body.shippingMethodId);
    assertPayable(priced);
    assertExpectedTotal(priced, body.expectedTotal);
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
        ...(priced.totalCents === 0 ? { paymentMethod: 'none' } : {}),
      },
      snapshot,
    );
    if (inserted.totalCents > 0) {
      const { id: orderId, totalCents: amountCents, currency } = inserted;
      await payRepo.insertPayment(tx, { orderId, amountCents, currency });
    }
    const rule = priced.code?.rule;
    if (rule) {
      await discounts.hold(tx, {
        discountId: rule.id,
        orderId: inserted.id,
        customer: rules.customerKey ?? '',
        shopper: shopperKey(shopper),
        amountCents: discountGiven(priced),
        orderTotalCents: priced.totalCents,
      });
    }
    return { order: inserted, released };
  }).catch((error: unknown) => {
    // The partial unique index is the backstop of the lock: never a 500 for a race.
    if (isUniqueViolation(error)) throw alreadyOpening();
    throw error;
  });
  stock.changed([...released, ...lines.map((l) => l.productId)]);

  if (order.totalCents === 0) return placeFree(deps, settlement, order);
  const orderLines = await deps.orders.find(order.id);
  try {
    const { providerOrderId, approvalUrl } = await payments.create({
      orderId: order.id,
      orderNumber: order.orderNumber,
      currency: order.currency,
      totalCents: order.totalCents,
      breakdown: breakdownOf(order),
      lines: (orderLines?.lines ?? []).map((i) => ({
        title: i.title,
        quantity: i.quantity,
        unitCents: i.unitCents,
      })),
      shipping: shippingAddressOf(order),
    });
    await payRepo.setProviderOrderId(db, order.id, providerOrderId);
    return { approvalURL: approvalUrl, orderId: order.id };
  } catch (error) {
    // No payment was opened: the order is void and its stock goes back at once.
    await settlement.release(order.id, 'failed', 'unasked');
    throw error;
  }
}

/**
 * A total of 0 (a 100% code with free shipping) is paid as it is placed, with no provider
 * asked: confirmed, the cart emptied, the confirmation sent. Its answer links to the page the
 * provider's return would have led to.
 */
async function placeFree(deps: PlaceOrderDeps, settlement: PaymentSettlement, order: OrderRow) {
  await settlement.recordPaid(order, {
    captureId: '',
    payerId: '',
    status: 'COMPLETED',
    reason: '',
  });
  const page = order.userId
    ? `/shop/payment-success?order=${encodeURIComponent(order.id)}`
    : `/shop/order/${encodeURIComponent(await deps.orders.issueAccessToken(order.id))}?paid=1`;
  return { approvalURL: `${deps.shopUrl ?? ''}${page}`, orderId: order.id };
}

/** A line above what one checkout may hold is refused before anything is locked. */
function assertHoldable(
  items: { title: string; size: string; color: string; quantity: number }[],
  max: number,
) {
  const over = items.find((i) => i.quantity > max);
  if (!over) return;
  const options = [over.size, over.color].filter(Boolean).join(', ');
  const name = options ? `${over.title} (${options})` : over.title;
  throw new AppError(
    'INVALID_INPUT',
    `One order can hold at most ${max} of each item: please lower ${name} to ${max} to check out`,
  );
}

/** A shopper (account or guest cookie) or an email with too many unpaid checkouts this hour. */
async function assertUnderUnpaidLimit(tx: Executor, shopper: Shopper, email: string, max: number) {
  const since = new Date(Date.now() - 60 * 60_000);
  const { byShopper, byEmail } = await repo.countUnpaidSince(tx, shopper, email, since);
  if (byShopper < max && byEmail < max) return;
  throw new AppError(
    'RATE_LIMITED',
    `You have opened ${max} checkouts in the last hour without paying. Please pay for your order, or try again in an hour`,
  );
}

const alreadyOpening = () =>
  new AppError(
    'CONFLICT',
    'Your checkout is already being opened or paid in another tab. Please wait a moment and check your orders',
  );
