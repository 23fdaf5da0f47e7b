/** Placing an order: the cart's stock reserved and its figures snapshotted, then PayPal asked. */

import type { CreateOrderBody, GuestOrderDetails } from '@contract/checkout';
import { toCents } from '@contract/money';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { type Shopper, shopperKey } from '../../lib/shopper';
import type { AddressesService } from '../addresses/addresses.service';
import type { CartService } from '../cart/cart.service';
import type { DiscountsService } from '../discounts/discounts.service';
import type { StockService } from '../inventory';
import type { PaymentsService } from '../payments/payments.service';
import type { PricingService } from '../pricing/pricing.service';
import { orderDelivery, settleUnanswered } from './checkout-shopper';
import {
  assertPayable,
  breakdownOf,
  discountGiven,
  orderFigures,
  saleLinesOf,
} from './order-pricing';
import * as repo from './orders.repository';
import type { OrdersService } from './orders.service';
import type { PaymentSettlement } from './payment-settlement';
import type { QuoteService } from './quote.service';

/** What placing an order needs of the checkout's collaborators. */
export type PlaceOrderDeps = {
  cart: CartService;
  stock: StockService;
  addresses: AddressesService;
  payments: PaymentsService;
  orders: OrdersService;
  pricing: PricingService;
  quotes: QuoteService;
  discounts: DiscountsService;
};

/**
 * Reserves the cart's stock and snapshots lines, prices and address in one transaction, then
 * opens a PayPal order. The client's prices, total and statuses are never read. One open
 * checkout per shopper (a user, or a guest's cookie): the transaction holds the shopper's
 * lock, replaces the earlier pending order (its stock comes back first) and answers 409
 * while one is being opened. A guest brings its email and address (`guest`).
 */
export async function placeOrder(
  db: Db,
  deps: PlaceOrderDeps,
  settlement: PaymentSettlement,
  guardSeconds: number,
  shopper: Shopper,
  body: CreateOrderBody,
  guest?: GuestOrderDetails,
) {
  const { cart, stock, payments, pricing, discounts } = deps;
  const { _id: cartId, items } = await cart.get(shopper);
  if (items.length === 0) {
    throw new AppError('INVALID_INPUT', 'Your cart is empty. Please add items to proceed');
  }
  const delivery = await orderDelivery(deps, shopper, body, guest);
  // Per-customer code limits count a guest by its email.
  const customer =
    shopper.kind === 'user' ? shopper.userId : (delivery.guestEmail ?? '').toLowerCase();

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
  });
  const { order, released } = await transact(db, async (tx) => {
    await repo.lockShopper(tx, shopperKey(shopper));
    const replaced = await repo.cancelReplaceablePending(tx, shopper, guardSeconds);
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

  const orderLines = await deps.orders.find(order.id);
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
    await repo.setPayPalOrderId(db, order.id, paypalOrderId);
    return { approvalURL: approvalUrl, orderId: order.id };
  } catch (error) {
    // No payment was opened: the order is void and its stock goes back at once.
    await settlement.release(order.id, 'failed', 'unasked');
    throw error;
  }
}

const alreadyOpening = () =>
  new AppError(
    'CONFLICT',
    'Your checkout is already being opened or paid in another tab. Please wait a moment and check your orders',
  );
