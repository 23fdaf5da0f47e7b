import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { discountRedemptions, discounts } from './discounts.table';

export type DiscountRow = typeof discounts.$inferSelect;
export type DiscountValues = Omit<DiscountRow, 'id' | 'heldUses' | 'createdAt'>;

/** Codes with their paid uses, the revenue of those orders (less refunds) and the discount given. */
export async function listWithStats(db: Executor) {
  const paid = sql`${discountRedemptions.status} = 'paid'`;
  const net = sql`${discountRedemptions.orderTotalCents} - ${discountRedemptions.refundedCents}`;
  return db
    .select({
      discount: discounts,
      uses: sql<number>`count(${discountRedemptions.id}) filter (where ${paid})::int`,
      revenueCents: sql<number>`coalesce(sum(${net}) filter (where ${paid}), 0)::int`,
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

export async function findById(db: Executor, id: string) {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  return row;
}

const counting = inArray(discountRedemptions.status, ['held', 'paid']);

/** Uses of the code by this customer that still count (held by a checkout, or paid). */
export async function customerUses(db: Executor, discountId: string, customer: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountId, discountId),
        eq(discountRedemptions.customer, customer),
        counting,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The code's uses held by this shopper's open checkouts (its next checkout replaces them), and
 * the customer's uses besides those.
 */
export async function usesSeenBy(
  db: Executor,
  discountId: string,
  shopper: string,
  customer: string | null,
) {
  const own = sql`${discountRedemptions.status} = 'held' and ${discountRedemptions.shopper} = ${shopper}`;
  const [row] = await db
    .select({
      ownHeld: sql<number>`count(*) filter (where ${own})::int`,
      customer: sql<number>`count(*) filter (where ${discountRedemptions.customer} = ${customer} and not coalesce(${own}, false))::int`,
    })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountId, discountId), counting));
  return { ownHeld: row?.ownHeld ?? 0, customer: row?.customer ?? 0 };
}

/**
 * Makes one customer's checkouts with this code take turns until the transaction ends, so the
 * count of its uses and the new one are one step (PostgreSQL and PGlite alike).
 */
export async function lockCustomerUses(db: Executor, discountId: string, customer: string) {
  // Namespace 9: apart from the shoppers' checkout lock (8) and the migration lock.
  await db.execute(sql`select pg_advisory_xact_lock(9, hashtext(${`${discountId}/${customer}`}))`);
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
    .where(and(eq(discountRedemptions.orderId, orderId), counting))
    .returning({ discountId: discountRedemptions.discountId });
  if (!row) return;
  await db
    .update(discounts)
    .set({ heldUses: sql`greatest(${discounts.heldUses} - 1, 0)` })
    .where(eq(discounts.id, row.discountId));
}

/** What of a paid order's total was refunded so far (the code's revenue leaves with it). */
export async function setRefunded(db: Executor, orderId: string, refundedCents: number) {
  await db
    .update(discountRedemptions)
    .set({ refundedCents })
    .where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'paid')));
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
