import { randomBytes } from 'node:crypto';
import { isId } from '@contract/common';
import type { OrdersExportQuery } from '@contract/csv';
import { type AdminOrderStatus, type AdminOrdersQuery, fulfilmentHold } from '@contract/orders';
import { hasUnitsToShip, isWithdrawnBeforeShipping } from '@contract/shipment-constants';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { decoyOrderRow } from './order-decoy';
import * as disputesRepo from './order-disputes.repository';
import * as payRepo from './order-payments.repository';
import { fulfilmentFacts, type OrderParts, type OrderRecord, toRecord } from './order-record';
import * as refundsRepo from './order-refunds.repository';
import * as returnsRepo from './order-returns.repository';
import * as repo from './orders.repository';
import * as adminListRepo from './orders-admin-list.repository';
import * as deliveryRepo from './orders-delivery.repository';
import * as exportRepo from './orders-export.repository';
import * as guestRepo from './orders-guest.repository';
import * as lookupRepo from './orders-lookup.repository';
import * as statsRepo from './orders-stats.repository';

export type OrderPartLoader<K extends keyof OrderParts> = (
  db: Executor,
  orderIds: string[],
) => Promise<Map<string, OrderParts[K]>>;

/** Open orders whose returns are read in one query (a bound on its parameters). */
const TO_FULFIL_BATCH = 1000;
/** A status link's token: 32 random bytes, base64url. */
const ACCESS_TOKEN = /^[\w-]{43}$/;

type StatusListener = (tx: Executor, order: OrderRecord, trackingNumber?: string) => Promise<void>;

/** Reading orders, and the admin's fulfilment status. Payment states belong to checkout. */
export class OrdersService {
  private readonly statusListeners: StatusListener[] = [];
  private readonly partLoaders: { [K in keyof OrderParts]?: OrderPartLoader<K> } = {};

  constructor(
    private readonly db: Db,
    /** HMAC of a token (auth's key): what the database keeps of status links. */
    private readonly hashToken: (token: string) => string,
  ) {}

  /** Runs in the transaction of each fulfilment status change (e.g. to enqueue an email). */
  onStatusChange(listener: StatusListener) {
    this.statusListeners.push(listener);
  }

  /** The module that owns a part of the order answers loads it (services.ts wires them). */
  providePart<K extends keyof OrderParts>(part: K, loader: OrderPartLoader<K>) {
    this.partLoaders[part] = loader as (typeof this.partLoaders)[K];
  }

  private async loadPart<K extends keyof OrderParts>(part: K, db: Executor, ids: string[]) {
    const loader = this.partLoaders[part] as OrderPartLoader<K> | undefined;
    return ids.length > 0 && loader ? loader(db, ids) : new Map<string, OrderParts[K]>();
  }

  /** Orders with their lines and parts: one query per kind for the whole list, never per order. */
  async withItems(rows: repo.OrderRow[], db: Executor = this.db): Promise<OrderRecord[]> {
    const ids = rows.map((r) => r.id);
    // One after another: inside a transaction the queries share one connection.
    const items = await repo.findItems(db, ids);
    const payments = await payRepo.paymentsOf(db, ids);
    const shipments = await this.loadPart('shipments', db, ids);
    const returns = await this.loadPart('returns', db, ids);
    return rows.map((row) =>
      toRecord(
        row,
        items.filter((i) => i.orderId === row.id),
        payments.filter((p) => p.orderId === row.id),
        { shipments: shipments.get(row.id) ?? [], returns: returns.get(row.id) ?? [] },
      ),
    );
  }

  async find(id: string, db: Executor = this.db): Promise<OrderRecord | undefined> {
    const row = isId(id) ? await repo.findOrder(db, id) : undefined;
    return row ? (await this.withItems([row], db))[0] : undefined;
  }

  /**
   * The order, its row locked until the caller's transaction ends (shipments of one order take
   * turns, so two admins cannot together ship more than was ordered).
   */
  async findLocked(id: string, tx: Executor): Promise<OrderRecord | undefined> {
    const row = isId(id) ? await repo.lockOrder(tx, id) : undefined;
    return row ? (await this.withItems([row], tx))[0] : undefined;
  }

  /**
   * Moves a paid order's fulfilment on, in the caller's transaction, without the status
   * listeners: the caller sends its own message (a shipment's "has shipped" email).
   */
  async moveFulfilment(tx: Executor, id: string, status: 'inProcess' | 'inShipping') {
    if (!(await repo.updateStatus(tx, id, status))) throw notFound('Order');
  }

  /**
   * The order's last parcel arrived (the shipments module decides when), in the caller's
   * transaction: delivered, its delivered_at that parcel's; the status listeners run (the
   * "Delivered" email) when the status changes. Undefined for an unpaid or cancelled order.
   */
  async markDelivered(tx: Executor, id: string, deliveredAt: Date) {
    const before = await repo.findOrder(tx, id);
    const row = await deliveryRepo.markDelivered(tx, id, deliveredAt);
    if (!row) return undefined;
    const order = (await this.withItems([row], tx))[0]!;
    if (before?.orderStatus !== 'delivered') {
      for (const listener of this.statusListeners) await listener(tx, order, undefined);
    }
    return order;
  }

  /**
   * A new link to a guest order's status page, in the caller's transaction: 256 random bits,
   * stored as their HMAC. Each message gets its own; earlier links keep working.
   */
  async issueAccessToken(orderId: string, tx: Executor = this.db) {
    const token = randomBytes(32).toString('base64url');
    await guestRepo.insertAccessToken(tx, orderId, this.hashToken(token));
    return token;
  }

  /** The order behind a status link; 404 for any other token, well-formed or not. */
  async findByAccessToken(token: string) {
    const row = ACCESS_TOKEN.test(token)
      ? await guestRepo.findByAccessToken(this.db, this.hashToken(token))
      : undefined;
    if (!row) throw notFound('Order');
    return (await this.withItems([row]))[0]!;
  }

  /**
   * The order with its lines and parts, its row locked until the caller's transaction ends:
   * returns and refunds of one order take turns on it. Undefined for an unknown id.
   */
  async lock(id: string, tx: Executor) {
    const row = isId(id) ? await repo.lockOrder(tx, id) : undefined;
    return row ? (await this.withItems([row], tx))[0] : undefined;
  }

  /**
   * The order with this number, its row locked until the caller's transaction ends, or a decoy
   * (`isReal` false) read with the same queries: the caller does the same work either way.
   */
  async lockByNumber(orderNumber: number, email: string, tx: Executor) {
    const row = await lookupRepo.lockByNumber(tx, orderNumber);
    const [order] = await this.withItems([row ?? decoyOrderRow(orderNumber, email)], tx);
    return { order: order!, isReal: row !== undefined };
  }

  /** The order with this human number (#100042), if any. */
  async findByNumber(orderNumber: number, db: Executor = this.db) {
    const row = await lookupRepo.findByNumber(db, orderNumber);
    return row ? (await this.withItems([row], db))[0] : undefined;
  }

  async listForUser(userId: string) {
    return this.withItems(await repo.listByUser(this.db, userId));
  }

  /** The guest orders placed with this email (any case) that no account has claimed. */
  async listGuestOrdersOf(email: string) {
    return this.withItems(await guestRepo.listUnclaimedGuestOrders(this.db, email));
  }

  /** The owner's order: 404 when it does not exist, 403 when it is someone else's. */
  async detailsForUser(userId: string, id: string) {
    const order = await this.find(id);
    if (!order) throw notFound('Order');
    if (order.userId !== userId)
      throw new AppError('FORBIDDEN', 'You can only see your own orders');
    return order;
  }

  /** The admin's list: one page of the orders the query's filters keep, and how many they keep. */
  async listAll(query: AdminOrdersQuery) {
    const { page, limit } = query;
    const [rows, total] = await Promise.all([
      adminListRepo.listAdminPage(this.db, query),
      adminListRepo.countAdmin(this.db, query),
    ]);
    return {
      orders: await this.withItems(rows),
      pagination: { page, limit, total, pages: Math.ceil(total / limit) },
    };
  }

  async details(id: string) {
    const order = await this.find(id);
    if (!order) throw notFound('Order');
    return order;
  }

  /** Fulfilment statuses apply to paid orders; unpaid ones are settled by the payment flow. */
  async updateStatus(id: string, status: AdminOrderStatus, trackingNumber?: string) {
    const updated = !isId(id)
      ? undefined
      : await transact(this.db, async (tx) => {
          const before = await repo.findOrder(tx, id);
          // The same holds as for a shipment (a payment PayPal has not completed, ...): 409.
          // A dispute or chargeback holds its shipping as it holds a parcel (a shipment).
          const hold =
            before &&
            fulfilmentHold(
              status === 'inShipping'
                ? {
                    paymentStatus: before.paymentStatus,
                    reversedAmount: before.reversedCents,
                    dispute: { status: before.disputeStatus },
                    shipOverride: before.shipOverrideAt && {
                      at: before.shipOverrideAt.toISOString(),
                    },
                  }
                : before,
            );
          if (hold) throw new AppError('CONFLICT', hold);
          const row = await repo.updateStatus(tx, id, status);
          if (!row) return undefined;
          const order = (await this.withItems([row], tx))[0]!;
          // The same status again tells the shopper nothing, unless it brings a tracking number.
          if (before?.orderStatus === status && !trackingNumber) return order;
          for (const listener of this.statusListeners) await listener(tx, order, trackingNumber);
          return order;
        });
    if (updated) return updated;
    const order = await this.find(id);
    if (!order) throw notFound('Order');
    throw new AppError(
      'CONFLICT',
      order.paymentStatus === 'pending'
        ? 'This order is not paid yet; its status changes once the payment completes'
        : 'This order was cancelled and cannot be fulfilled',
    );
  }

  // Figures for the dashboard.
  paidRevenue() {
    return statsRepo.paidRevenue(this.db);
  }

  countByStatus() {
    return statsRepo.countByStatus(this.db);
  }

  /**
   * Orders to fulfil: confirmed or in process with a unit left to ship. Withdrawn units never
   * ship (leftToShip), so only the open orders with a withdrawal are read whole, a batch at a time.
   * `withdrawn` counts, by their orderStatus, those wholly withdrawn before any unit shipped: the
   * dashboard shows them as Withdrawn, not under Confirmed.
   */
  async countToFulfil() {
    const open = await statsRepo.openOrders(this.db);
    let nothingToShip = 0;
    const withdrawn = new Map<string, number>();
    for (let at = 0; at < open.length; at += TO_FULFIL_BATCH) {
      const batch = open.slice(at, at + TO_FULFIL_BATCH).map((o) => o.id);
      const returns = await this.loadPart('returns', this.db, batch);
      const withdrawing = batch.filter((id) =>
        returns.get(id)?.some((r) => r.kind === 'withdrawal'),
      );
      const orders = await this.withItems(await statsRepo.findOrders(this.db, withdrawing));
      for (const order of orders) {
        if (hasUnitsToShip(fulfilmentFacts(order))) continue;
        nothingToShip += 1;
        if (isWithdrawnBeforeShipping(fulfilmentFacts(order))) {
          withdrawn.set(order.orderStatus, (withdrawn.get(order.orderStatus) ?? 0) + 1);
        }
      }
    }
    return { toFulfil: open.length - nothingToShip, withdrawn };
  }

  paidByDay(from: Date) {
    return statsRepo.paidByDay(this.db, from);
  }

  /** Units sold of these products since `from`, by size (the returns report's denominator). */
  unitsSoldBySize(from: Date, productIds: string[]) {
    return returnsRepo.unitsSoldBySize(this.db, from, productIds);
  }

  /** One page of orders by number with their lines, for the CSV export. */
  exportPage(query: OrdersExportQuery, afterNumber: number | null, limit: number) {
    return exportRepo.pageOfOrdersToExport(this.db, query, afterNumber, limit);
  }

  /** Each shopper's order count and spend, for the CSV export's customers. */
  figuresOf(userIds: string[]) {
    return exportRepo.orderFiguresOf(this.db, userIds);
  }

  // Reads and writes other modules make of one order (refunds, shipments, privacy, disputes).
  /** Who may cancel the order and where its payment stands (the shopper's cancel of a paid one). */
  findPayer(id: string) {
    return refundsRepo.findOrderPayer(this.db, id);
  }

  findPayment(paymentId: string) {
    return payRepo.findPayment(this.db, paymentId);
  }

  /** The PayPal order and capture of an order, for its parcels' tracking. */
  paypalRefsOf(id: string) {
    return disputesRepo.paypalRefsOf(this.db, id);
  }

  /** A guest's privacy request names an order by number and email, as the lookup does. */
  findGuestOrder(orderNumber: number, email: string) {
    return guestRepo.findGuestOrder(this.db, orderNumber, email);
  }

  /** The dispute on this capture is open (a late update never reopens a resolved one). */
  openDispute(captureId: string, disputeId: string) {
    return disputesRepo.openDispute(this.db, captureId, disputeId);
  }

  /** The dispute is resolved with PayPal's outcome_code; false when no order of ours has it. */
  resolveDispute(captureId: string, disputeId: string, outcome: string) {
    return disputesRepo.resolveDispute(this.db, captureId, disputeId, outcome);
  }

  /** The admin's "Ship anyway"; undefined when no dispute or chargeback holds the order. */
  setShipOverride(id: string, adminId: string) {
    return disputesRepo.setShipOverride(this.db, id, adminId);
  }
}
