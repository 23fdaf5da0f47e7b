import { isId } from '@contract/common';
import { fulfilmentHold, type OrderStatus } from '@contract/orders';
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
import type { OrderMailService } from '../email';
import type { OrdersService } from '../orders';
import { fulfilmentFacts, type OrderLine, type OrderRecord } from '../orders';
import type { PaymentsService } from '../payments';
import { PayPalTracking } from './paypal-tracking';
import * as repo from './shipments.repository';

type Deps = {
  orders: OrdersService;
  mail: OrderMailService;
  payments: PaymentsService;
  /** PAYPAL_TRACKING: parcels' tracking goes to PayPal. */
  paypalTracking: boolean;
};

const SHIPPABLE_PAYMENTS = new Set(['paid', 'partially_refunded']);
// A shipment moves the order on, never back (a delivered order stays delivered).
const BEFORE_PROCESS = new Set<OrderStatus>(['pending', 'confirmed']);
const BEFORE_SHIPPING = new Set<OrderStatus>(['pending', 'confirmed', 'inProcess']);

const lineName = (item: OrderLine) =>
  [item.title, item.size && `size ${item.size}`, item.color].filter(Boolean).join(', ');

/**
 * Parcels sent for paid orders, whole or some lines, with the carrier's tracking. Each order's
 * shipments take turns on its locked row, so no line is ever shipped more than was ordered.
 */
export class ShipmentsService {
  /** Each parcel's tracking sent to PayPal (paypal-tracking.ts; the tracking job retries). */
  readonly tracking: PayPalTracking;

  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
  ) {
    this.tracking = new PayPalTracking(db, deps.payments, deps.orders, deps.paypalTracking);
  }

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
          deliveredAt: row.deliveredAt?.toISOString() ?? null,
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
  async create(adminId: string, orderId: string, body: CreateShipmentBody): Promise<OrderRecord> {
    const trackingUrl = resolveTrackingUrl(body);
    const seen = new Set<string>();
    for (const { lineId } of body.lines) {
      if (seen.has(lineId)) throw invalid(`lines names line ${lineId} twice`);
      seen.add(lineId);
    }
    const { updated, shipmentId } = await transact(this.db, async (tx) => {
      const order = await this.deps.orders.findLocked(orderId, tx);
      if (!order) throw notFound('Order');
      assertShippable(order);
      const left = leftToShip(fulfilmentFacts(order));
      for (const { lineId, quantity } of body.lines) {
        const item = order.lines.find((i) => i.lineId === lineId);
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
      const shipment = await repo.insertShipment(
        tx,
        {
          orderId: order.id,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          trackingUrl,
          createdBy: adminId,
          paypalTracking: this.tracking.initialState,
        },
        body.lines.map((l) => ({ orderItemId: l.lineId, quantity: l.quantity })),
      );
      const isComplete = [...left.values()].every((n) => n === 0);
      const next = isComplete
        ? BEFORE_SHIPPING.has(order.orderStatus) && 'inShipping'
        : BEFORE_PROCESS.has(order.orderStatus) && 'inProcess';
      if (next) await this.deps.orders.moveFulfilment(tx, order.id, next);
      const updated = (await this.deps.orders.find(order.id, tx))!;
      await this.deps.mail.shipped(tx, updated, { isComplete });
      return { updated, shipmentId: shipment.id };
    });
    // After the commit: the parcel is recorded whatever PayPal answers (failures are retried).
    if (this.tracking.isEnabled) await this.tracking.send(shipmentId);
    return updated;
  }

  /**
   * A parcel arrived (`at`, else now; a date set before stays). The order is delivered when its
   * last parcel is and nothing is left to ship, its delivered_at that parcel's (art. 9(2)(b):
   * the withdrawal period runs from the last good's delivery). Idempotent.
   */
  async deliverParcel(orderId: string, shipmentId: string, at?: Date): Promise<OrderRecord> {
    const now = new Date();
    if (at && at.getTime() > now.getTime() + 60_000) {
      throw invalid('deliveredAt: must not be in the future');
    }
    return transact(this.db, async (tx) => {
      const order = isId(orderId) ? await this.deps.orders.findLocked(orderId, tx) : undefined;
      if (!order) throw notFound('Order');
      const parcel = order.shipments.find((s) => s._id === shipmentId);
      if (!parcel) throw notFound('Shipment');
      const when = at ?? now;
      if (!parcel.deliveredAt && when < new Date(parcel.createdAt)) {
        throw invalid('deliveredAt: must not be before the parcel was sent');
      }
      await repo.markDelivered(tx, order.id, [parcel._id], when);
      return this.deliverOrderIfDone(tx, order.id);
    });
  }

  /**
   * The admin's "delivered" status (PUT /api/admin/orders/update/{id}): every parcel not marked
   * yet arrived now. Refused (409) for an order with no parcel or with items left to ship: an
   * order is delivered when its parcels are.
   */
  async deliverAll(orderId: string): Promise<OrderRecord> {
    return transact(this.db, async (tx) => {
      const order = isId(orderId) ? await this.deps.orders.findLocked(orderId, tx) : undefined;
      if (!order) throw notFound('Order');
      if (order.shipments.length === 0) {
        throw new AppError(
          'CONFLICT',
          'This order has no parcel yet: ship its items first; it is delivered when its parcels are',
        );
      }
      const left = countLeft(order);
      if (left > 0) {
        throw new AppError(
          'CONFLICT',
          `${left} ${left === 1 ? 'item of this order is' : 'items of this order are'} still to ship: an order is delivered when every parcel is`,
        );
      }
      const pending = order.shipments.filter((s) => !s.deliveredAt).map((s) => s._id);
      await repo.markDelivered(tx, order.id, pending, new Date());
      return this.deliverOrderIfDone(tx, order.id);
    });
  }

  /** Moves the order to delivered once every parcel is and nothing is left to ship. */
  private async deliverOrderIfDone(tx: Executor, orderId: string): Promise<OrderRecord> {
    const order = (await this.deps.orders.find(orderId, tx))!;
    const dates = order.shipments.map((s) => s.deliveredAt);
    if (dates.some((d) => d === null) || countLeft(order) > 0) return order;
    const last = new Date(Math.max(...dates.map((d) => Date.parse(d!))));
    const delivered = await this.deps.orders.markDelivered(tx, orderId, last);
    if (!delivered) {
      throw new AppError('CONFLICT', 'This order was cancelled and cannot be fulfilled');
    }
    return delivered;
  }
}

const invalid = (message: string) => new AppError('INVALID_INPUT', message);

const countLeft = (order: OrderRecord) =>
  [...leftToShip(fulfilmentFacts(order)).values()].reduce((s, n) => s + n, 0);

/** "other" needs the admin's link; a named carrier's is built from its pattern unless given. */
function resolveTrackingUrl(body: CreateShipmentBody) {
  if (body.trackingUrl) return body.trackingUrl;
  const built = trackingUrlFor(body.carrier, body.trackingNumber);
  if (!built) throw invalid('trackingUrl is required when the carrier is "other"');
  return built;
}

function assertShippable(order: OrderRecord) {
  if (order.orderStatus === 'cancelled' || order.orderStatus === 'rejected') {
    throw new AppError('CONFLICT', `This order was ${order.orderStatus} and cannot be shipped`);
  }
  const hold = fulfilmentHold(fulfilmentFacts(order));
  if (hold) throw new AppError('CONFLICT', hold);
  if (!SHIPPABLE_PAYMENTS.has(order.paymentStatus)) {
    throw new AppError(
      'CONFLICT',
      order.paymentStatus === 'refunded'
        ? 'This order was refunded in full and cannot be shipped'
        : 'Only a paid order can be shipped',
    );
  }
}
