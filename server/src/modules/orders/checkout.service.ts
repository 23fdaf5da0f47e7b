import { payPrice } from '../../../../contract/money';
import type { CreateOrderBody, Order } from '../../../../contract/orders';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AddressesService } from '../addresses/addresses.service';
import type { CartService } from '../cart/cart.service';
import type { StockService } from '../catalog/stock.service';
import type { OrderMailService } from '../email/order-mail.service';
import type { PaymentsService } from '../payments/payments.service';
import * as repo from './orders.repository';
import type { OrdersService } from './orders.service';

type Deps = {
  cart: CartService;
  stock: StockService;
  addresses: AddressesService;
  payments: PaymentsService;
  orders: OrdersService;
  mail?: OrderMailService;
};

export type CheckoutOptions = {
  /** Pending orders older than this are expired and their stock released. */
  pendingMinutes?: number;
  /** A capture attempted this recently blocks cancel and expiry (it may still complete). */
  captureGuardSeconds?: number;
};

// PayPal takes integer-cent amounts up to ten digits; keep well inside an int column.
const MAX_TOTAL_CENTS = 99_999_999;

/** Orchestrates cart, stock, addresses, orders and payments: create, capture, cancel, expire. */
export class CheckoutService {
  readonly pendingMinutes: number;
  private readonly guardSeconds: number;

  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
    options: CheckoutOptions = {},
  ) {
    this.pendingMinutes = options.pendingMinutes ?? 30;
    this.guardSeconds = options.captureGuardSeconds ?? 120;
  }

  /**
   * Reserves the cart's stock and snapshots lines, prices and address in one transaction, then
   * opens a PayPal order. The client's prices, total and statuses are never read.
   */
  async createOrder(userId: string, body: CreateOrderBody) {
    const { cart, addresses, stock, payments } = this.deps;
    const { _id: cartId, items } = await cart.get(userId);
    if (items.length === 0) {
      throw new AppError('INVALID_INPUT', 'Your cart is empty. Please add items to proceed');
    }
    const addressId = body.addressInfo?.addressId ?? '';
    const address = addressId ? await addresses.findOwned(userId, addressId) : undefined;
    if (!address) throw new AppError('INVALID_INPUT', 'Please select one address to proceed.');

    // One open checkout per shopper: an abandoned earlier attempt gives its stock back first.
    await this.cancelAbandoned(userId);

    const lines = items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
    const order = await this.db.transaction(async (tx) => {
      const reserved = await stock.reserve(tx, lines);
      const snapshot = reserved.map((p) => ({
        productId: p.id,
        title: p.title,
        image: p.image,
        unitPriceCents: payPrice({ price: p.priceCents, salePrice: p.salePriceCents }),
        quantity: lines.find((l) => l.productId === p.id)!.quantity,
      }));
      const totalCents = snapshot.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      if (totalCents > MAX_TOTAL_CENTS) {
        throw new AppError('INVALID_INPUT', 'The order total is above what can be paid at once');
      }
      const { _id, userId: _owner, ...fields } = address;
      return repo.insertOrder(
        tx,
        { userId, cartId, addressId: _id, ...fields, totalCents },
        snapshot,
      );
    });
    stock.changed(lines.map((l) => l.productId));

    const orderLines = await this.deps.orders.find(order.id);
    try {
      const { paypalOrderId, approvalUrl } = await payments.startPayment(
        order.id,
        order.totalCents,
        (orderLines?.cartItems ?? []).map((i) => ({
          title: i.title,
          quantity: i.quantity,
          unitCents: Math.round(i.price * 100),
        })),
      );
      await repo.setPayPalOrderId(this.db, order.id, paypalOrderId);
      return { approvalURL: approvalUrl, orderId: order.id };
    } catch (error) {
      // No payment was opened: the order is void and its stock goes back at once.
      await this.release(order.id, 'failed');
      throw error;
    }
  }

  /**
   * Captures the approved payment. Idempotent: a paid order is returned as it is, and racing
   * calls send the same PayPal-Request-Id, so PayPal captures once and the first to record wins.
   */
  async capture(userId: string, input: { orderId: string; paymentId?: string | undefined }) {
    const order = await this.ownOrder(userId, input.orderId);
    if (order.paymentStatus === 'paid') return order;
    if (order.paymentStatus !== 'pending') throw closedOrder();
    const paypalOrderId = await this.paypalOrderId(order._id);
    if (!paypalOrderId || (input.paymentId && input.paymentId !== paypalOrderId)) {
      throw new AppError('INVALID_INPUT', 'This payment does not belong to this order');
    }
    if (!(await repo.markCaptureAttempt(this.db, order._id))) {
      return this.settled(userId, order._id);
    }
    const payment = await this.deps.payments.capturePayment(paypalOrderId, order._id);
    return this.recordPaid(order._id, userId, payment);
  }

  /** The shopper cancelled at PayPal: the order is cancelled and its stock released. */
  async cancel(userId: string, input: { orderId: string; paymentId?: string | undefined }) {
    const order = await this.ownOrder(userId, input.orderId);
    if (order.paymentStatus !== 'pending') return order;
    const paypalOrderId = await this.paypalOrderId(order._id);
    if (input.paymentId && paypalOrderId && input.paymentId !== paypalOrderId) {
      throw new AppError('INVALID_INPUT', 'This payment does not belong to this order');
    }
    const outcome = await this.settleOrRelease(order._id);
    if (outcome === 'busy') {
      throw new AppError('CONFLICT', 'A payment for this order is in progress; try again shortly');
    }
    return (await this.deps.orders.find(order._id))!;
  }

  /** Expires pending orders older than the limit; returns how many were cancelled. */
  async expireStale(now = new Date()) {
    const cutoff = new Date(now.getTime() - this.pendingMinutes * 60_000);
    let expired = 0;
    for (const row of await repo.findStalePending(this.db, cutoff, 200)) {
      const outcome = await this.settleOrRelease(row.id).catch(() => 'busy' as const);
      if (outcome === 'released') expired += 1;
    }
    return expired;
  }

  /**
   * Releases a pending order, unless PayPal reports it paid (a capture whose answer was lost):
   * then it is recorded as paid instead. PayPal is asked only if a capture was ever attempted.
   */
  private async settleOrRelease(id: string): Promise<'released' | 'paid' | 'busy'> {
    const row = await repo.findOrder(this.db, id);
    if (row?.paymentStatus !== 'pending') return 'busy';
    const attempted = row.orderUpdateDate.getTime() > row.orderDate.getTime();
    if (attempted && row.paypalOrderId) {
      const payment = await this.deps.payments.completedPayment(row.paypalOrderId);
      if (payment) {
        await this.recordPaid(id, row.userId, payment);
        return 'paid';
      }
    }
    return (await this.release(id, 'cancelled')) ? 'released' : 'busy';
  }

  /** pending -> cancelled with the stock returned, in one transaction. */
  private async release(id: string, paymentStatus: 'cancelled' | 'failed') {
    const productIds = await this.db.transaction(async (tx) => {
      const row = await repo.markCancelled(tx, id, paymentStatus, this.guardSeconds);
      if (!row) return undefined;
      const items = await repo.findItems(tx, [id]);
      await this.deps.stock.release(tx, items);
      return items.map((i) => i.productId);
    });
    if (productIds) this.deps.stock.changed(productIds);
    return productIds !== undefined;
  }

  private async recordPaid(
    id: string,
    userId: string,
    payment: { captureId: string; payerId: string },
  ) {
    await this.db.transaction(async (tx) => {
      const row = await repo.markPaid(tx, id, {
        paymentId: payment.captureId,
        payerId: payment.payerId,
      });
      // Only the call that recorded the payment empties the cart and sends the confirmation.
      if (!row) return;
      await this.deps.cart.clear(userId, tx);
      if (this.deps.mail) await this.deps.mail.paid(tx, (await this.deps.orders.find(id, tx))!);
    });
    return this.settled(userId, id);
  }

  /** The order after someone else settled it: paid is success, anything else is closed. */
  private async settled(userId: string, id: string): Promise<Order> {
    const order = await this.ownOrder(userId, id);
    if (order.paymentStatus === 'paid') return order;
    if (order.paymentStatus === 'pending') {
      throw new AppError('CONFLICT', 'A payment for this order is in progress; try again shortly');
    }
    throw closedOrder();
  }

  private async cancelAbandoned(userId: string) {
    for (const row of await repo.findPendingByUser(this.db, userId)) {
      await this.settleOrRelease(row.id).catch(() => undefined);
    }
  }

  private async ownOrder(userId: string, id: string, db: Executor = this.db) {
    const order = await this.deps.orders.find(id, db);
    if (!order) throw notFound('Order');
    if (order.userId !== userId)
      throw new AppError('FORBIDDEN', 'You can only pay for your own orders');
    return order;
  }

  private async paypalOrderId(id: string) {
    return (await repo.findOrder(this.db, id))?.paypalOrderId ?? undefined;
  }
}

const closedOrder = () =>
  new AppError(
    'CONFLICT',
    'This order was cancelled and its items released; nothing was charged. Please check out again',
  );
