import type { ReturnReason, ReturnStatus } from '@contract/returns';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderLinesOf, orderNumbersOf } from '../orders';
import { returnLines, returns } from './returns.table';

export type ReturnRow = typeof returns.$inferSelect;
export type NewReturn = typeof returns.$inferInsert;
export type NewReturnLine = Omit<typeof returnLines.$inferInsert, 'returnId'>;

// Reads show the order's number and its lines' titles: the orders module gives them for a list's
// orders and lines in one query each (a second query per list, by primary key).
export type ReturnWithNumber = { row: ReturnRow; orderNumber: number };
export type ReturnLineView = {
  returnId: string;
  lineId: string;
  quantity: number;
  reason: ReturnReason;
  restocked: boolean | null;
  title: string;
  size: string;
  color: string;
};

export async function insertReturn(db: Executor, values: NewReturn, lines: NewReturnLine[]) {
  const [row] = await db.insert(returns).values(values).returning();
  await db.insert(returnLines).values(lines.map((l) => ({ ...l, returnId: row!.id })));
  return row!;
}

/** The returns with their order's number (every return has its order: a foreign key). */
async function withNumbers(db: Executor, rows: ReturnRow[]): Promise<ReturnWithNumber[]> {
  const numbers = await orderNumbersOf(db, [...new Set(rows.map((r) => r.orderId))]);
  return rows.flatMap((row) => {
    const orderNumber = numbers.get(row.orderId);
    return orderNumber === undefined ? [] : [{ row, orderNumber }];
  });
}

export async function findForOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(returns)
    .where(inArray(returns.orderId, orderIds))
    .orderBy(asc(returns.createdAt), asc(returns.id));
  return withNumbers(db, rows);
}

export async function findById(db: Executor, id: string) {
  const [row] = await withNumbers(db, await db.select().from(returns).where(eq(returns.id, id)));
  return row;
}

/** The returns' lines, by their order line's title (ties by its id). */
export async function findLines(db: Executor, returnIds: string[]): Promise<ReturnLineView[]> {
  if (returnIds.length === 0) return [];
  const lines = await db.select().from(returnLines).where(inArray(returnLines.returnId, returnIds));
  const byItem = new Map<string, (typeof lines)[number][]>();
  for (const l of lines) byItem.set(l.orderItemId, [...(byItem.get(l.orderItemId) ?? []), l]);
  const items = await orderLinesOf(db, [...byItem.keys()]);
  return items.flatMap((item) =>
    (byItem.get(item.id) ?? []).map((l) => ({
      returnId: l.returnId,
      lineId: l.orderItemId,
      quantity: l.quantity,
      reason: l.reason,
      restocked: l.restocked,
      title: item.title,
      size: item.size,
      color: item.color,
    })),
  );
}

/** Statuses whose refund is still to be made. */
const OPEN: ReturnStatus[] = ['requested', 'approved', 'received'];

/**
 * The admin's queue: returns whose refund is overdue first, the longest overdue first, then
 * newest first (returns_status_created_idx serves a status filter).
 */
export async function listPage(
  db: Executor,
  status: ReturnStatus | undefined,
  limit: number,
  offset: number,
  now: Date,
) {
  const where = status ? eq(returns.status, status) : undefined;
  const overdueSince = sql`case when ${inArray(returns.status, OPEN)} and ${returns.refundDueAt} < ${now.toISOString()}::timestamptz then ${returns.refundDueAt} end`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(returns)
      .where(where)
      .orderBy(sql`${overdueSince} asc nulls last`, desc(returns.createdAt), desc(returns.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(returns).where(where),
  ]);
  return { rows: await withNumbers(db, rows), total: total?.value ?? 0 };
}

/**
 * Moves a return from one step to the next, only if it is still at `from`: of two racing
 * clicks one updates the row, the other gets undefined.
 */
export async function advance(
  db: Executor,
  id: string,
  from: ReturnStatus | readonly ReturnStatus[],
  values: Partial<NewReturn> & { status: ReturnStatus },
) {
  const froms = typeof from === 'string' ? [from] : [...from];
  const [row] = await db
    .update(returns)
    .set(values)
    .where(and(eq(returns.id, id), inArray(returns.status, froms)))
    .returning();
  return row;
}

export async function setRestocked(db: Executor, returnId: string, lineId: string, is: boolean) {
  await db
    .update(returnLines)
    .set({ restocked: is })
    .where(and(eq(returnLines.returnId, returnId), eq(returnLines.orderItemId, lineId)));
}

/** A refund PayPal refused: the return is back at "received", to be refunded again. */
export async function undoRefund(db: Executor, id: string, refundId: string) {
  await db
    .update(returns)
    .set({
      status: 'received',
      refundId: null,
      refundCents: 0,
      shippingRefundCents: 0,
      refundedAt: null,
    })
    .where(and(eq(returns.id, id), eq(returns.refundId, refundId)));
}

/** Sets the refund of a return found "refunded" whose earlier refund PayPal refused. */
export async function retryRefund(db: Executor, id: string, failedRefundId: string) {
  const [row] = await db
    .update(returns)
    .set({ status: 'received', refundId: null })
    .where(
      and(eq(returns.id, id), eq(returns.status, 'refunded'), eq(returns.refundId, failedRefundId)),
    )
    .returning();
  return row;
}

/** Puts `email` in place of the contact email of these orders' returns (an account's erasure). */
export async function eraseReturnsEmail(db: Executor, orderIds: string[], email: string) {
  if (orderIds.length === 0) return;
  await db.update(returns).set({ email }).where(inArray(returns.orderId, orderIds));
}
