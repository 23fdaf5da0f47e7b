import type { AddressFields } from '@contract/addresses';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses } from './addresses.table';

export type AddressRow = typeof addresses.$inferSelect;

export async function listByUser(db: Executor, userId: string) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export async function findOwned(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

/** Holds until the transaction ends: one address change per user at a time. */
export async function lockUser(db: Executor, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
}

export async function countByUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  return row?.value ?? 0;
}

export async function insert(db: Executor, userId: string, fields: AddressFields) {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...fields })
    .returning();
  return row!;
}

export async function update(db: Executor, userId: string, id: string, fields: AddressFields) {
  const [row] = await db
    .update(addresses)
    .set(fields)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

export async function remove(db: Executor, userId: string, id: string) {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

/** Every address of the user (their account's erasure, through ./index.ts). */
export async function deleteAddressesOf(db: Executor, userId: string) {
  await db.delete(addresses).where(eq(addresses.userId, userId));
}
