import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { discountRedemptions, discounts } from './discounts.table';

export type DiscountRow = typeof discounts.$inferSelect;
export type DiscountValues = Omit<DiscountRow, 'id' | 'heldUses' | 'createdAt'>;

/** Codes with their paid uses, the revenue of those orders and the discount they gave. */
export async function listWithStats(db: Executor) {
  const paid = sql`${discountRedemptions.status} = 'paid'`;
  return db
    .select({
      discount: discounts,
      uses: sql<number>`count(${discountRedemptions.id}) filter (where ${paid})::int`,
      revenueCents: sql<number>`coalesce(sum(${discountRedemptions.orderTotalCents}) filter (where ${paid}), 0)::int`,
      givenCents: sql<number>`coalesce(sum(${discountRedemptions.amountCents}) filter (where ${paid}), 0)::int`,
    })
    .from(discounts)
    .leftJoin(discountRedemptions, eq(discountRedemptions.discountId, discounts.id))
    .groupBy(discounts.id)
    .orderBy(asc(discounts.code));
}

export async function findByCode(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(discounts)
    .where(sql`lower(${discounts.code}) = lower(${code})`);
  return row;
}

/** Uses of the code by this customer that still count (held by a checkout, or paid). */
export async function customerUses(db: Executor, discountId: string, customer: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountId, discountId),
        eq(discountRedemptions.customer, customer),
        inArray(discountRedemptions.status, ['held', 'paid']),
      ),
    );
  return row?.n ?? 0;
}

/** Takes one use if the limit allows it: a conditional increment, so a race has one winner. */
export async function takeUse(db: Executor, discountId: string) {
  const [row] = await db
    .update(discounts)
    .set({ heldUses: sql`${discounts.heldUses} + 1` })
    .where(
      and(
        eq(discounts.id, discountId),
        or(isNull(discounts.usageLimit), lt(discounts.heldUses, discounts.usageLimit)),
      ),
    )
    .returning({ id: discounts.id });
  return row !== undefined;
}

export async function insertRedemption(
  db: Executor,
  values: typeof discountRedemptions.$inferInsert,
) {
  await db.insert(discountRedemptions).values(values);
}

export async function markPaid(db: Executor, orderId: string) {
  await db
    .update(discountRedemptions)
    .set({ status: 'paid' })
    .where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'held')));
}

/** Gives the order's use back (once): its redemption is released and the count goes down. */
export async function release(db: Executor, orderId: string) {
  const [row] = await db
    .update(discountRedemptions)
    .set({ status: 'released' })
    .where(
      and(
        eq(discountRedemptions.orderId, orderId),
        inArray(discountRedemptions.status, ['held', 'paid']),
      ),
    )
    .returning({ discountId: discountRedemptions.discountId });
  if (!row) return;
  await db
    .update(discounts)
    .set({ heldUses: sql`greatest(${discounts.heldUses} - 1, 0)` })
    .where(eq(discounts.id, row.discountId));
}

export async function insertDiscount(db: Executor, values: DiscountValues) {
  const [row] = await db.insert(discounts).values(values).returning();
  return row!;
}

export async function updateDiscount(db: Executor, id: string, values: DiscountValues) {
  const [row] = await db.update(discounts).set(values).where(eq(discounts.id, id)).returning();
  return row;
}

export async function deleteDiscount(db: Executor, id: string) {
  const [row] = await db
    .delete(discounts)
    .where(eq(discounts.id, id))
    .returning({ id: discounts.id });
  return row;
}
