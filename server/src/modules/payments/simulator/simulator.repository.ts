import { centsToDecimal, decimalToCents } from '@contract/money';
import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { transact } from '../../../db/transaction';
import { paypalSimOrders, paypalSimReplies, paypalSimTrackers } from './simulator.table';
import type { CaptureOutcome, Reply, SimOrder, SimTracker } from './simulator-state';
import { PENDING_REASON, type SimulatorStore } from './simulator-store';

type Row = typeof paypalSimOrders.$inferSelect;

/** Days a reply, or an order never captured, is kept (paypal-sandbox.plugin.ts prunes hourly). */
export const KEEP_DAYS = 3;

const toOrder = (r: Row): SimOrder => ({
  id: r.id,
  status: r.status,
  referenceId: r.referenceId,
  ...(r.invoiceId ? { invoiceId: r.invoiceId } : {}),
  ...(r.customId ? { customId: r.customId } : {}),
  amount: { currency_code: r.currencyCode, value: centsToDecimal(r.amountCents) },
  items: r.items,
  brandName: r.brandName,
  returnUrl: r.returnUrl,
  cancelUrl: r.cancelUrl,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
  ...(r.payerId ? { payerId: r.payerId } : {}),
  ...(r.captureId ? { captureId: r.captureId } : {}),
  captureOutcome: r.captureOutcome,
  ...(r.captureStatus ? { captureStatus: r.captureStatus } : {}),
  ...(r.captureReason ? { captureReason: r.captureReason } : {}),
  refundedCents: r.refundedCents,
  ...(r.shipping ? { shipping: r.shipping } : {}),
  ...(r.reversedAt ? { reversedAt: r.reversedAt.toISOString() } : {}),
});

/**
 * The simulator's store in the shop's database, shared by every instance. Changes of state are
 * conditional updates (`where status = 'CREATED'`, `where refunded + cents <= amount`), and a
 * request key is claimed by inserting its row in the transaction that does the work, so a
 * concurrent repeat waits on that row and then reads the reply. Replies, and orders never
 * captured, are deleted after KEEP_DAYS by `prune`; captured orders stay, as they can still be
 * refunded.
 */
export class DbSimulatorStore implements SimulatorStore {
  /** `db` is the database itself, or the transaction of the `once` whose `act` this serves. */
  constructor(
    private readonly database: Db,
    private readonly db: Executor = database,
  ) {}

  async findOrder(id: string) {
    const [row] = await this.db.select().from(paypalSimOrders).where(eq(paypalSimOrders.id, id));
    return row && toOrder(row);
  }

  async findOrderByCapture(captureId: string) {
    const [row] = await this.db
      .select()
      .from(paypalSimOrders)
      .where(eq(paypalSimOrders.captureId, captureId));
    return row && toOrder(row);
  }

  async addOrder(order: SimOrder) {
    await this.db.insert(paypalSimOrders).values({
      id: order.id,
      status: order.status,
      referenceId: order.referenceId,
      invoiceId: order.invoiceId ?? null,
      customId: order.customId ?? null,
      currencyCode: order.amount.currency_code,
      amountCents: decimalToCents(order.amount.value),
      items: order.items,
      brandName: order.brandName,
      returnUrl: order.returnUrl,
      cancelUrl: order.cancelUrl,
      createdAt: new Date(order.createTime),
      updatedAt: new Date(order.updateTime),
      shipping: order.shipping ?? null,
    });
  }

  async approve(id: string, payerId: string, at: string, outcome?: CaptureOutcome) {
    const [row] = await this.db
      .update(paypalSimOrders)
      .set({
        status: 'APPROVED',
        payerId,
        updatedAt: new Date(at),
        ...(outcome ? { captureOutcome: outcome } : {}),
      })
      .where(and(eq(paypalSimOrders.id, id), eq(paypalSimOrders.status, 'CREATED')))
      .returning();
    return row && toOrder(row);
  }

  async complete(id: string, captureId: string, at: string) {
    const [row] = await this.db
      .update(paypalSimOrders)
      .set({
        status: 'COMPLETED',
        captureId,
        // The capture answers as the buyer chose on the approval page.
        captureStatus: sql`${paypalSimOrders.captureOutcome}`,
        captureReason: sql`case when ${paypalSimOrders.captureOutcome} = 'PENDING' then ${PENDING_REASON}::text end`,
        updatedAt: new Date(at),
      })
      .where(and(eq(paypalSimOrders.id, id), eq(paypalSimOrders.status, 'APPROVED')))
      .returning();
    return row && toOrder(row);
  }

  async settleCapture(captureId: string, status: 'COMPLETED' | 'DECLINED', at: string) {
    const [row] = await this.db
      .update(paypalSimOrders)
      .set({ captureStatus: status, captureReason: null, updatedAt: new Date(at) })
      .where(
        and(eq(paypalSimOrders.captureId, captureId), eq(paypalSimOrders.captureStatus, 'PENDING')),
      )
      .returning();
    return row && toOrder(row);
  }

  async addRefund(captureId: string, amount: number) {
    const rows = await this.db
      .update(paypalSimOrders)
      .set({ refundedCents: sql`${paypalSimOrders.refundedCents} + ${amount}` })
      .where(
        and(
          eq(paypalSimOrders.captureId, captureId),
          sql`${paypalSimOrders.refundedCents} + ${amount} <= ${paypalSimOrders.amountCents}`,
        ),
      )
      .returning({ id: paypalSimOrders.id });
    return rows.length > 0;
  }

  async reverse(captureId: string, at: string) {
    const [row] = await this.db
      .update(paypalSimOrders)
      .set({ reversedAt: new Date(at), updatedAt: new Date(at) })
      .where(
        and(
          eq(paypalSimOrders.captureId, captureId),
          isNull(paypalSimOrders.reversedAt),
          or(isNull(paypalSimOrders.captureStatus), eq(paypalSimOrders.captureStatus, 'COMPLETED')),
        ),
      )
      .returning();
    return row && toOrder(row);
  }

  async addTracker(orderId: string, tracker: SimTracker) {
    const rows = await this.db
      .insert(paypalSimTrackers)
      .values({
        id: tracker.id,
        orderId,
        captureId: tracker.captureId,
        trackingNumber: tracker.trackingNumber,
        tracker,
        createdAt: new Date(tracker.createTime),
      })
      .onConflictDoNothing()
      .returning({ id: paypalSimTrackers.id });
    return rows.length > 0;
  }

  async trackersOf(orderId: string) {
    const rows = await this.db
      .select({ tracker: paypalSimTrackers.tracker })
      .from(paypalSimTrackers)
      .where(eq(paypalSimTrackers.orderId, orderId))
      .orderBy(asc(paypalSimTrackers.createdAt));
    return rows.map((r) => r.tracker);
  }

  async once(
    key: string,
    act: (store: SimulatorStore) => Promise<Reply>,
    keep: (reply: Reply) => boolean,
  ) {
    return transact(this.database, async (tx) => {
      // A concurrent transaction holding the same key makes this insert wait for its end.
      const [claimed] = await tx
        .insert(paypalSimReplies)
        .values({ key })
        .onConflictDoNothing()
        .returning({ key: paypalSimReplies.key });
      if (!claimed) {
        const [stored] = await tx
          .select()
          .from(paypalSimReplies)
          .where(eq(paypalSimReplies.key, key));
        if (stored?.status == null) throw new Error(`no reply stored for request ${key}`);
        return { reply: { status: stored.status, body: stored.body }, isReplay: true };
      }
      const reply = await act(new DbSimulatorStore(this.database, tx));
      const row = eq(paypalSimReplies.key, key);
      if (keep(reply)) {
        await tx
          .update(paypalSimReplies)
          .set({ status: reply.status, body: reply.body })
          .where(row);
      } else {
        await tx.delete(paypalSimReplies).where(row);
      }
      return { reply, isReplay: false };
    });
  }

  /**
   * Deletes replies, and orders never captured, made before `cutoff`. Safe on any number of
   * instances: deleting a row twice deletes it once.
   */
  async prune(cutoff: Date) {
    await this.db.delete(paypalSimReplies).where(lt(paypalSimReplies.createdAt, cutoff));
    await this.db
      .delete(paypalSimOrders)
      .where(and(ne(paypalSimOrders.status, 'COMPLETED'), lt(paypalSimOrders.createdAt, cutoff)));
  }
}
