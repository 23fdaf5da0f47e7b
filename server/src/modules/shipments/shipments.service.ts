import type { Order, OrderStatus } from '@contract/orders';
import {
  type Carrier,
  type CreateShipmentBody,
  leftToShip,
  type Shipment,
  trackingUrlFor,
} from '@contract/shipments';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { OrderMailService } from '../email/order-mail.service';
import type { OrdersService } from '../orders/orders.service';
import * as repo from './shipments.repository';

type Deps = { orders: OrdersService; mail: OrderMailService };

const SHIPPABLE_PAYMENTS = new Set(['paid', 'partially_refunded']);
// A shipment moves the order on, never back (a delivered order stays delivered).
const BEFORE_PROCESS = new Set<OrderStatus>(['pending', 'confirmed']);
const BEFORE_SHIPPING = new Set<OrderStatus>(['pending', 'confirmed', 'inProcess']);

const lineName = (item: Order['cartItems'][number]) =>
  [item.title, item.size && `size ${item.size}`, item.color].filter(Boolean).join(', ');

/**
 * Parcels sent for paid orders, whole or some lines, with the carrier's tracking. Each order's
 * shipments take turns on its locked row, so no line is ever shipped more than was ordered.
 */
export class ShipmentsService {
  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
  ) {}

  /** The shipments of these orders, oldest first (orders' answers carry them). */
  async byOrders(db: Executor, orderIds: string[]) {
    const rows = await repo.listByOrders(db, orderIds);
    const byOrder = new Map<string, Shipment[]>();
    const byId = new Map<string, Shipment>();
    for (const row of rows) {
      let shipment = byId.get(row.id);
      if (!shipment) {
        shipment = {
          _id: row.id,
          carrier: row.carrier as Carrier,
          trackingNumber: row.trackingNumber,
          trackingUrl: row.trackingUrl,
          lines: [],
          createdAt: row.createdAt.toISOString(),
        };
        byId.set(row.id, shipment);
        byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), shipment]);
      }
      shipment.lines.push({ lineId: row.orderItemId, quantity: row.quantity });
    }
    return byOrder;
  }

  /**
   * The admin ships lines of a paid order. The body is checked whole before anything is
   * written; the quantities against what is left to ship under the order's row lock. Every
   * line shipped moves the order to inShipping, a first partial parcel to inProcess; the
   * shopper gets the "has shipped" message (not the generic status one) in the same transaction.
   */
  async create(adminId: string, orderId: string, body: CreateShipmentBody): Promise<Order> {
    const trackingUrl = resolveTrackingUrl(body);
    const seen = new Set<string>();
    for (const { lineId } of body.lines) {
      if (seen.has(lineId)) throw invalid(`lines names line ${lineId} twice`);
      seen.add(lineId);
    }
    return transact(this.db, async (tx) => {
      const order = await this.deps.orders.findLocked(orderId, tx);
      if (!order) throw notFound('Order');
      assertShippable(order);
      const left = leftToShip(order);
      for (const { lineId, quantity } of body.lines) {
        const item = order.cartItems.find((i) => i.lineId === lineId);
        if (!item) throw invalid(`lines: line ${lineId} is not in this order`);
        const remaining = left.get(lineId) ?? 0;
        if (quantity > remaining) {
          throw new AppError(
            'CONFLICT',
            remaining === 0
              ? `Nothing of ${lineName(item)} is left to ship (shipped or withdrawn)`
              : `Only ${remaining} of ${lineName(item)} ${remaining === 1 ? 'is' : 'are'} left to ship`,
          );
        }
        left.set(lineId, remaining - quantity);
      }
      await repo.insertShipment(
        tx,
        {
          orderId: order._id,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          trackingUrl,
          createdBy: adminId,
        },
        body.lines.map((l) => ({ orderItemId: l.lineId, quantity: l.quantity })),
      );
      const isComplete = [...left.values()].every((n) => n === 0);
      const next = isComplete
        ? BEFORE_SHIPPING.has(order.orderStatus) && 'inShipping'
        : BEFORE_PROCESS.has(order.orderStatus) && 'inProcess';
      if (next) await this.deps.orders.moveFulfilment(tx, order._id, next);
      const updated = (await this.deps.orders.find(order._id, tx))!;
      await this.deps.mail.shipped(tx, updated, { isComplete });
      return updated;
    });
  }
}

const invalid = (message: string) => new AppError('INVALID_INPUT', message);

/** "other" needs the admin's link; a named carrier's is built from its pattern unless given. */
function resolveTrackingUrl(body: CreateShipmentBody) {
  if (body.trackingUrl) return body.trackingUrl;
  const built = trackingUrlFor(body.carrier, body.trackingNumber);
  if (!built) throw invalid('trackingUrl is required when the carrier is "other"');
  return built;
}

function assertShippable(order: Order) {
  if (order.orderStatus === 'cancelled' || order.orderStatus === 'rejected') {
    throw new AppError('CONFLICT', `This order was ${order.orderStatus} and cannot be shipped`);
  }
  if (!SHIPPABLE_PAYMENTS.has(order.paymentStatus)) {
    throw new AppError(
      'CONFLICT',
      order.paymentStatus === 'refunded'
        ? 'This order was refunded in full and cannot be shipped'
        : 'Only a paid order can be shipped',
    );
  }
}
