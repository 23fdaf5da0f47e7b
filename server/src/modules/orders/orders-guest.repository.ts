import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderAccessTokens, orderClaimTokens, orders } from './orders.table';

// Guest orders: status links, the lookup, and claims by an account.

/**
 * A status link for the order; for an id that names no order (the lookup's decoy) the same
 * statement inserts nothing.
 */
export async function insertAccessToken(db: Executor, orderId: string, tokenHash: string) {
  await db.execute(
    sql`insert into ${orderAccessTokens} (token_hash, order_id) select ${tokenHash}, ${orders.id} from ${orders} where ${orders.id} = ${orderId}`,
  );
}

export async function findByAccessToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ order: orders })
    .from(orderAccessTokens)
    .innerJoin(orders, eq(orders.id, orderAccessTokens.orderId))
    .where(eq(orderAccessTokens.tokenHash, tokenHash));
  return row?.order;
}

/** The guest order with this number placed with this email (any case), if any. */
export async function findGuestOrder(db: Executor, orderNumber: number, email: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.orderNumber, orderNumber), sql`lower(${orders.guestEmail}) = lower(${email})`),
    );
  return row;
}

/** The unclaimed guest orders placed with this email (any case), newest first. */
export async function listUnclaimedGuestOrders(db: Executor, email: string) {
  return db
    .select()
    .from(orders)
    .where(and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = lower(${email})`))
    .orderBy(desc(orders.orderDate), desc(orders.id));
}

/** Whether guest orders placed with this email wait for an account to claim them. */
export async function hasUnclaimedGuestOrders(db: Executor, email: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = lower(${email})`))
    .limit(1);
  return row !== undefined;
}

/** Moves the unclaimed guest orders of `email` into the account; returns their ids. */
export async function claimGuestOrders(db: Executor, userId: string, email: string) {
  return db
    .update(orders)
    .set({ userId, orderUpdateDate: sql`now()` })
    .where(and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = lower(${email})`))
    .returning({ id: orders.id });
}

/** A new claim link replaces the account's earlier ones. */
export async function replaceClaimToken(
  db: Executor,
  values: typeof orderClaimTokens.$inferInsert,
) {
  await db.delete(orderClaimTokens).where(eq(orderClaimTokens.userId, values.userId));
  await db.insert(orderClaimTokens).values(values);
}

/** The account's live claim token, deleted as it is read: a link works once. */
export async function takeClaimToken(db: Executor, tokenHash: string, userId: string, now: Date) {
  const [row] = await db
    .delete(orderClaimTokens)
    .where(and(eq(orderClaimTokens.tokenHash, tokenHash), eq(orderClaimTokens.userId, userId)))
    .returning();
  return row && row.expiresAt > now ? row : undefined;
}
