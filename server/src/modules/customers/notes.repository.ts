import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerNotes, orderNotes } from './notes.table';

export type NoteRow = typeof customerNotes.$inferSelect | typeof orderNotes.$inferSelect;
type Author = { id: string; userName: string };

export async function listForCustomer(db: Executor, userId: string) {
  return db
    .select()
    .from(customerNotes)
    .where(eq(customerNotes.userId, userId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
}

export async function listForOrder(db: Executor, orderId: string) {
  return db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
}

export async function insertCustomerNote(
  db: Executor,
  userId: string,
  author: Author,
  body: string,
) {
  const [row] = await db
    .insert(customerNotes)
    .values({ userId, authorId: author.id, authorName: author.userName, body })
    .returning();
  return row!;
}

export async function insertOrderNote(db: Executor, orderId: string, author: Author, body: string) {
  const [row] = await db
    .insert(orderNotes)
    .values({ orderId, authorId: author.id, authorName: author.userName, body })
    .returning();
  return row!;
}

// A person's data download and erasure (the privacy module, through ./index.ts): the notes'
// bodies and dates, oldest first, without their authors (the staff member's data, not theirs).

export function customerNotesOf(db: Executor, userId: string) {
  return db
    .select({ body: customerNotes.body, createdAt: customerNotes.createdAt })
    .from(customerNotes)
    .where(eq(customerNotes.userId, userId))
    .orderBy(asc(customerNotes.createdAt));
}

export function orderNotesOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: orderNotes.orderId, body: orderNotes.body, createdAt: orderNotes.createdAt })
    .from(orderNotes)
    .where(inArray(orderNotes.orderId, orderIds))
    .orderBy(asc(orderNotes.createdAt));
}

/** The notes on a customer go with their account; the notes on their orders stay with them. */
export async function deleteCustomerNotesOf(db: Executor, userId: string) {
  await db.delete(customerNotes).where(eq(customerNotes.userId, userId));
}
